//! wasm-side tests, run by wasm-bindgen-test under Node (`scripts/test` runs them): the
//! engine behaves in wasm32 exactly as natively. Natively this file compiles to nothing.
#![cfg(target_arch = "wasm32")]

use pnplay::game::othello::{Othello, Size};
use pnplay::game::{Game, perft};
use wasm_bindgen_test::wasm_bindgen_test;

#[path = "fixtures/playouts.rs"]
mod fixture;

#[path = "fixtures/arena.rs"]
mod arena_fixture;

#[path = "fixtures/compare.rs"]
mod compare_fixture;

#[path = "fixtures/chain.rs"]
mod chain;

#[path = "fixtures/nim.rs"]
mod nim;

#[path = "fixtures/othello_reference.rs"]
mod othello_reference;

/// The Othello endgame solver's pattern weights, a data file the module does not carry,
/// installed as the page's worker installs them ([`pnplay::game::family::Asset`]); without
/// them the solver gives the same answers with more positions searched.
fn install_othello_weights() {
    let asset = pnplay::game::othello::patterns::ASSET;
    (asset.install)(include_bytes!("../src/game/othello/patterns.weights")).unwrap();
    assert!((asset.installed)());
}

/// Othello's rules in wasm against the square-by-square reference over random games on
/// every board size, and perft from the 8×8 start against the published counts (natively:
/// tests/games/othello.rs). Built with `simd128`, as scripts/test builds these tests, this
/// checks the threaded package's SIMD legal squares and flips (src/game/othello/simd.rs).
#[wasm_bindgen_test]
fn othello_rules_agree_with_the_reference_and_the_published_perft() {
    othello_reference::random_games_against_reference(0..20, &mut |_, _| {}, &mut |_, _, _| {});
    let start = Othello::start(&Size::Eight.into());
    for (depth, &expected) in (1..=9).zip(othello_reference::PERFT_8X8.iter()) {
        assert_eq!(perft::perft(&start, depth), expected, "depth {depth}");
    }
}

/// Subtraction Nim (a game added as its module and one catalogue line) in wasm: every exact
/// search of the catalogue, through the engine, agrees with the closed form on every heap up
/// to 12 (tests/searches/nim.rs checks the same natively, up to 16).
#[wasm_bindgen_test]
fn every_exact_search_agrees_with_the_closed_form_of_nim() {
    let (compared, wrong) = nim::disagreements(12);
    assert!(compared >= 5 * nim::TAKES.len() * 12, "{compared}");
    assert_eq!(wrong, Vec::<String>::new());
}

/// df-pn, df-PPNS and MVPNS follow a line to `MAX_PLIES` in wasm without overflowing its
/// stack, and end `out` for their depth there, as natively (tests/searches/depth_cap.rs).
#[wasm_bindgen_test]
fn the_recursive_exact_searches_stop_at_the_deepest_line_within_the_wasm_stack() {
    for (search, verdict, stopped_by, nodes) in chain::runs() {
        assert_eq!(verdict, pnplay::search::Verdict::Out, "{search}");
        assert_eq!(stopped_by, Some(pnplay::search::Limit::Depth), "{search}");
        assert_eq!(nodes, u64::from(pnplay::search::MAX_PLIES), "{search}");
    }
}

/// Plain minimax (a search added as its module and one catalogue line) in wasm: alpha-beta's
/// verdicts on tic-tac-toe after each first move, and from the start every unfinished
/// position of the game tree, as natively (tests/searches/negamax.rs).
#[wasm_bindgen_test]
fn plain_minimax_gives_alpha_betas_verdicts_and_walks_the_native_positions() {
    use pnplay::engine::{GameSpec, solve};
    use pnplay::search::params::Params;
    let spec: GameSpec = "tictactoe".parse().unwrap();
    let params = Params::default();
    for first in 1..=9 {
        let pos = first.to_string();
        let plain = solve(&spec, &pos, "negamax", &params).unwrap();
        let truth = solve(&spec, &pos, "alphabeta", &params).unwrap();
        assert_eq!(plain.verdict, truth.verdict, "{pos}");
    }
    let whole = solve(&spec, "", "negamax", &params).unwrap();
    assert_eq!(whole.nodes, 549_946 - 255_168);
}

/// The arena game `arenaPlayGame` returns (it wraps `play_game`) is the native one.
#[wasm_bindgen_test]
fn a_seeded_arena_game_matches_native() {
    assert_eq!(arena_fixture::fingerprint(), arena_fixture::PINNED);
}

/// The quick `--compare` sets (what `benchCompare` runs) search exactly the native nodes.
#[wasm_bindgen_test]
fn the_quick_compare_sets_do_the_native_work() {
    install_othello_weights();
    compare_fixture::check_quick_work();
}

/// The seeded playouts, the generator's stream, the PPNS run and the MCTS runs give the
/// native results (tests/games/playouts.rs pins them).
#[wasm_bindgen_test]
fn seeded_runs_match_native() {
    fixture::check_pinned();
}

#[wasm_bindgen_test]
fn hello_lists_games_and_searches() {
    let hello = pnplay::engine::hello();
    assert_eq!(hello.version, env!("CARGO_PKG_VERSION"));
    assert!(hello.games.iter().any(|g| g.id == "connect4"));
    assert!(hello.searches.iter().any(|s| s.id == "ppns"));
    // Only iterative deepening spends its time in one step; only 8×8 Othello is evaluated.
    let timed: Vec<_> = hello
        .searches
        .iter()
        .filter(|s| s.capabilities.timed)
        .map(|s| s.id)
        .collect();
    assert_eq!(timed, ["abid"]);
    assert_eq!(hello.evaluated, ["othello"]);
}

/// The module's allocator leaves only fresh pages unwritten in a large zeroed allocation
/// (src/wasm/zeroed_pages.rs): memory written and freed before, which the next large
/// allocation reuses, still comes back zeroed, and so does one that grows the memory (whose
/// bytes below the old memory's end may be old too).
#[wasm_bindgen_test]
fn large_zeroed_allocations_are_zero_whether_fresh_or_reused() {
    const SIZE: usize = 3 << 20;
    let dirty = vec![0xa5_u8; SIZE];
    let dirty_at = dirty.as_ptr() as usize;
    drop(dirty);
    let reused = vec![0_u8; SIZE];
    assert_eq!(
        reused.as_ptr() as usize,
        dirty_at,
        "the freed block is reused"
    );
    assert!(reused.iter().all(|&byte| byte == 0));
    // Larger than the whole memory now, so it cannot fit in what earlier tests freed.
    let pages = core::arch::wasm32::memory_size(0);
    let fresh = vec![0_u8; pages * 65_536];
    assert!(
        core::arch::wasm32::memory_size(0) > pages,
        "the allocation grew the memory"
    );
    assert!(fresh.iter().all(|&word| word == 0));
    drop((reused, fresh));
}

/// A worker's Connect Four and Othello scores reuse the solvers' tables: the second score
/// of the same position searches as many positions as the first (an empty table each
/// time) and gives the same answer.
#[wasm_bindgen_test]
fn solver_tables_are_reused_empty_from_one_score_to_the_next() {
    use pnplay::core::limits::Limits;
    install_othello_weights();
    let ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    for (game, pos, score) in [("connect4", "2214434557", 12), ("othello", ffo1, 18)] {
        let spec: pnplay::engine::GameSpec = game.parse().unwrap();
        let first = pnplay::engine::score(&spec, pos, Limits::default(), 1)
            .unwrap()
            .unwrap();
        let second = pnplay::engine::score(&spec, pos, Limits::default(), 1)
            .unwrap()
            .unwrap();
        assert_eq!(first.score, score, "{game}");
        assert_eq!(
            (second.score, second.nodes),
            (first.score, first.nodes),
            "{game}"
        );
    }
}
