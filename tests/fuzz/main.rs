//! Fuzz targets of every parser, and of searches under small limits, run for a bounded time
//! by `cargo test --test fuzz` (`FUZZ_SECONDS` for all targets together, default 60; 0 replays
//! the committed corpus only) and by `scripts/test`. How it works: [`driver`]; why a
//! mutational driver on stable Rust and not cargo-fuzz or proptest, and the log of what it
//! found: tests/fuzz/README.md.

mod driver;
mod files;
mod messages;
mod searches;
mod texts;

use driver::{Check, Target, fuzz};
use pnplay::game::Rng;
use pnplay::game::catalogue::FAMILIES;

/// A target whose failing inputs are shrunk.
fn shrunk(
    name: &'static str,
    weight: f64,
    dictionary: &[&str],
    generate: &dyn Fn(&mut Rng) -> Vec<u8>,
    check: &Check,
) {
    fuzz(&Target {
        name,
        weight,
        dictionary,
        generate,
        check,
        shrink: true,
    });
}

/// A target of texts in the games' notation (its words are the dictionary), shrunk.
fn notation(
    name: &'static str,
    weight: f64,
    generate: &dyn Fn(&mut Rng) -> Vec<u8>,
    check: &Check,
) {
    shrunk(name, weight, texts::NOTATION, generate, check);
}

/// The position target of one family: its texts and its variants' names.
fn positions(id: &'static str, name: &'static str) {
    let family = texts::family(id);
    notation(
        name,
        0.9,
        &|rng| texts::generate_position(family, rng),
        &|input| texts::check_position(family, input),
    );
}

#[test]
fn every_family_has_a_position_target() {
    let ids: Vec<&str> = FAMILIES.iter().map(|f| f.id).collect();
    assert_eq!(
        ids,
        [
            "othello",
            "connect4",
            "tictactoe",
            "2048",
            "tree",
            "knightthrough",
            "awari",
            "gomoku",
            "loa",
            "minishogi",
            "nim"
        ],
        "a new family needs its positions_* test below"
    );
}

#[test]
fn positions_nim() {
    positions("nim", "positions-nim");
}

#[test]
fn positions_othello() {
    positions("othello", "positions-othello");
}

#[test]
fn positions_connect4() {
    positions("connect4", "positions-connect4");
}

#[test]
fn positions_tictactoe() {
    positions("tictactoe", "positions-tictactoe");
}

#[test]
fn positions_2048() {
    positions("2048", "positions-2048");
}

#[test]
fn textbook_trees() {
    positions("tree", "positions-tree");
}

#[test]
fn positions_knightthrough() {
    positions("knightthrough", "positions-knightthrough");
}

#[test]
fn positions_awari() {
    positions("awari", "positions-awari");
}

#[test]
fn positions_gomoku() {
    positions("gomoku", "positions-gomoku");
}

#[test]
fn positions_loa() {
    positions("loa", "positions-loa");
}

#[test]
fn minishogi_sfen_and_usi() {
    positions("minishogi", "positions-minishogi");
}

#[test]
fn game_names() {
    notation("names", 1.0, &texts::generate_name, &texts::check_name);
}

#[test]
fn moves() {
    notation("moves", 2.0, &texts::generate_move, &texts::check_move);
}

#[test]
fn search_parameters() {
    shrunk(
        "params",
        1.0,
        &[
            "nodes",
            "time",
            "seed",
            "theta",
            "pr",
            "playouts",
            "goal",
            "search",
            "json",
            "not-lose",
            "win",
            "off",
            "null",
            "NaN",
            "inf",
            "-inf",
            "1e309",
            "-0",
            "0x10",
            "1e-320",
            "pns,ppns",
            "mcts",
            "{\"nodes\":",
            "}",
            "\"",
            "18446744073709551616",
        ],
        &files::generate_param,
        &files::check_param,
    );
}

#[test]
fn results_files() {
    let lines = files::results_lines();
    shrunk(
        "results",
        1.0,
        &[
            "{",
            "}",
            "\"a_result\":\"win\",",
            "\"stage\":",
            "\"algo\":\"pns\"",
            "null",
            "1e999",
            "-1",
            "\"verdict\":\"out\"",
            "[",
            "]",
            ",",
            ":",
            "\"",
            "\\u0000",
        ],
        &|rng| files::generate_results(&lines, rng),
        &files::check_results,
    );
}

#[test]
fn shards_and_plans() {
    shrunk(
        "shards",
        1.0,
        &[
            "/",
            "--shard",
            "--shard=",
            "--out",
            "--out=",
            "--quiet",
            "{\"command\":[",
            "\"shard\":\"",
            "0",
            "18446744073709551616",
        ],
        &files::generate_shard,
        &files::check_shard,
    );
}

#[test]
fn searches_within_limits() {
    fuzz(&Target {
        name: "searches",
        weight: 5.0,
        dictionary: &[],
        generate: &searches::generate_search,
        check: &searches::check_search,
        shrink: false,
    });
}
