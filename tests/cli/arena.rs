//! The arena against independent truth: random play's exact tic-tac-toe odds, perfect play
//! never losing, determinism across runs and threads, and resuming a cut-off file.

use crate::common;

use std::path::PathBuf;

use common::{json_lines, pnplay, pnplay_error, pnplay_ok, random_match, words, words_with};
use pnplay::arena::{GameRecord, MatchConfig, play_game};
use pnplay::experiment::matches::run_match;
use pnplay::game::tictactoe::TicTacToe;
use pnplay::game::{Game, Outcome, Player, Turn};

/// The exact probabilities (first player wins, draw, second player wins) of a tic-tac-toe
/// game from `pos` when both players pick uniformly among the legal moves.
fn random_odds(pos: &TicTacToe) -> [f64; 3] {
    if pos.turn() == Turn::Over {
        return match pos.outcome(Player::First).unwrap() {
            Outcome::Win => [1.0, 0.0, 0.0],
            Outcome::Draw => [0.0, 1.0, 0.0],
            Outcome::Loss => [0.0, 0.0, 1.0],
        };
    }
    let children = pos.children();
    let mut odds = [0.0; 3];
    for (_, child) in &children {
        for (total, p) in odds.iter_mut().zip(random_odds(child)) {
            *total += p / children.len() as f64;
        }
    }
    odds
}

fn temp_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pnplay-arena-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// The file's records with the per-move seconds zeroed (the only field runs differ in).
fn records_of(path: &PathBuf) -> Vec<GameRecord> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| {
            serde_json::from_str::<GameRecord>(line)
                .unwrap()
                .without_seconds()
        })
        .collect()
}

#[test]
fn random_play_of_tictactoe_matches_its_exact_odds() {
    // Exact odds by enumeration of all 255,168 games weighted by their probability under
    // uniform play, and the values commonly quoted for them (first player 58.5 %, draw
    // 12.7 %, second player 28.8 %), here to the four decimals the enumeration gives.
    let exact = random_odds(&TicTacToe::start(&()));
    for (p, quoted) in exact.iter().zip([0.5849, 0.1270, 0.2881]) {
        assert!((p - quoted).abs() < 1e-4, "{exact:?}");
    }
    let config = MatchConfig::new("tictactoe", "random", "random", "", 11).unwrap();
    let games = 6000;
    let summary = &run_match(std::slice::from_ref(&config), games, 2, None, |_| {}).unwrap()[0];
    assert_eq!(summary.score.games, games);
    // The first player's results, whoever played first.
    let mut first = [0u64; 3];
    for index in 0..games {
        let record = play_game(&config, index).unwrap();
        let at = match record.result {
            Outcome::Win => 0,
            Outcome::Draw => 1,
            Outcome::Loss => 2,
        };
        first[at] += 1;
    }
    for (count, p) in first.iter().zip(exact) {
        let rate = *count as f64 / games as f64;
        let sigma = (p * (1.0 - p) / games as f64).sqrt();
        assert!((rate - p).abs() < 4.0 * sigma, "{first:?} vs {exact:?}");
    }
    // A and B are the same agent: A's rate is ½ within its interval.
    assert!(summary.score.rate.normal.0 < 0.5 && 0.5 < summary.score.rate.normal.1);
    assert_eq!(summary.score.draws, first[1]);
}

#[test]
fn perfect_play_never_loses_to_random_and_always_draws_itself() {
    let perfect = "alphabeta:iterations=1000000";
    let config = MatchConfig::new("tictactoe", perfect, "random", "", 5).unwrap();
    let summary = &run_match(&[config], 200, 2, None, |record| {
        assert_ne!(record.a_result, Outcome::Loss, "{record:?}");
        assert_eq!(record.fallbacks.a, 0);
    })
    .unwrap()[0];
    assert_eq!(summary.score.losses, 0);
    assert!(
        summary.score.wins > 150,
        "random blunders into losses: {summary:?}"
    );

    for b in [perfect, "dfpn:nodes=1000000", "pns:iterations=100000"] {
        let config = MatchConfig::new("tictactoe", perfect, b, "", 5).unwrap();
        let summary = &run_match(&[config], 6, 1, None, |_| {}).unwrap()[0];
        assert_eq!(summary.score.draws, 6, "{b}: {summary:?}");
    }
}

#[test]
fn the_same_seed_gives_the_same_games_on_one_or_two_threads() {
    let config = MatchConfig::new(
        "connect4:5x4",
        "pns:iterations=300",
        "ppns:iterations=30,playouts=4",
        "random:4",
        9,
    )
    .unwrap();
    let one = temp_file("one.jsonl");
    let two = temp_file("two.jsonl");
    run_match(std::slice::from_ref(&config), 8, 1, Some(&one), |_| {}).unwrap();
    run_match(std::slice::from_ref(&config), 8, 2, Some(&two), |_| {}).unwrap();
    let (a, b) = (records_of(&one), records_of(&two));
    assert_eq!(a, b);
    assert_eq!(a.len(), 8);
    assert!(a.iter().all(|r| r.opening.len() == 4));
    let openings: std::collections::HashSet<_> = a.iter().map(|r| r.opening.clone()).collect();
    assert!(openings.len() > 4, "openings differ between games");
    // Another seed gives other games.
    let other = MatchConfig { seed: 10, ..config };
    assert_ne!(play_game(&other, 0).unwrap().opening, a[0].opening);
}

#[test]
fn a_cut_off_run_resumes_to_the_same_file() {
    let config =
        MatchConfig::new("othello4", "pns:iterations=50", "random", "random:2", 3).unwrap();
    let whole = temp_file("whole.jsonl");
    let summary = run_match(std::slice::from_ref(&config), 10, 2, Some(&whole), |_| {}).unwrap();
    let cut = temp_file("cut.jsonl");
    run_match(std::slice::from_ref(&config), 4, 1, Some(&cut), |_| {}).unwrap();
    // Killed while writing game 4: half a line.
    let line = std::fs::read_to_string(&whole).unwrap();
    let fifth = line.lines().nth(4).unwrap();
    let mut text = std::fs::read_to_string(&cut).unwrap();
    text.push_str(&fifth[..fifth.len() / 2]);
    std::fs::write(&cut, &text).unwrap();
    let played = std::sync::atomic::AtomicU64::new(0);
    let resumed = run_match(std::slice::from_ref(&config), 10, 2, Some(&cut), |_| {
        played.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    })
    .unwrap();
    assert_eq!(played.into_inner(), 6, "games 0-3 are skipped");
    assert_eq!(records_of(&cut), records_of(&whole));
    assert_eq!(resumed[0].score.wins, summary[0].score.wins);
    assert_eq!(resumed[0].score.games, 10);

    // A file of another match is refused, naming --out.
    let other = MatchConfig::new("othello4", "pns:iterations=60", "random", "random:2", 3).unwrap();
    let error = run_match(std::slice::from_ref(&other), 10, 1, Some(&cut), |_| {}).unwrap_err();
    assert_eq!(error.field(), Some("out"), "{error}");
    assert_eq!(std::fs::read_to_string(&cut).unwrap().lines().count(), 10);
    // A game outside the plan (index 10 of a 10-game match) is refused, the file unchanged.
    let before = std::fs::read_to_string(&cut).unwrap();
    let error = run_match(std::slice::from_ref(&config), 9, 1, Some(&cut), |_| {}).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("not part of this plan of 9 games"),
        "{error}"
    );
    assert_eq!(std::fs::read_to_string(&cut).unwrap(), before);
}

#[test]
fn passes_are_played_and_a_finished_game_is_refused() {
    let config =
        MatchConfig::new("othello4", "pns:iterations=100", "random", "random:2", 1).unwrap();
    let records: Vec<GameRecord> = (0..20).map(|i| play_game(&config, i).unwrap()).collect();
    let passes: Vec<_> = records
        .iter()
        .flat_map(|r| &r.moves)
        .filter(|ply| ply.mv == "pass")
        .collect();
    assert!(!passes.is_empty(), "4×4 Othello games pass");
    // A pass is forced: no search, no fallback.
    assert!(
        passes
            .iter()
            .all(|ply| ply.iterations == 0 && !ply.fallback)
    );
    for record in &records {
        let end = pnplay::engine::describe(&"othello4".parse().unwrap(), Some(&record.final_pos));
        assert!(end.unwrap().outcome.is_some(), "{}", record.final_pos);
    }

    let agent: pnplay::agent::Agent = "pns:iterations=10".parse().unwrap();
    let over = TicTacToe::parse_position(&(), "14253").unwrap(); // X: 1, 2, 3
    assert_eq!(over.turn(), Turn::Over);
    assert_eq!(agent.choose(&over, 1).unwrap_err().kind(), "game-over");
}

#[test]
fn chance_moves_are_sampled_by_the_arena() {
    let config = MatchConfig::new("2048:2x2:16", "pns:iterations=50", "random", "", 4).unwrap();
    for index in 0..4 {
        let record = play_game(&config, index).unwrap();
        assert!(record.moves.iter().take(2).all(|ply| ply.by == "chance"));
        let mover = if index % 2 == 0 { "a" } else { "b" };
        assert!(
            record
                .moves
                .iter()
                .all(|p| p.by == "chance" || p.by == mover)
        );
        assert_eq!(
            play_game(&config, index).unwrap().without_seconds(),
            record.without_seconds()
        );
    }
}

#[test]
fn the_cli_plays_a_match_sweeps_and_resumes() {
    let out = temp_file("cli.jsonl");
    let out_text = out.to_str().unwrap();
    let args = [
        "match",
        "--game",
        "tictactoe",
        "--a",
        "pns:iterations=20",
        "--b",
        "random",
        "--games",
        "6",
        "--seed",
        "2",
        "--jobs",
        "2",
        "--out",
        out_text,
        "--sweep",
        "iterations=5,50",
        "--json",
        "--quiet",
    ];
    let output = pnplay_ok(&args);
    let rows = json_lines(&String::from_utf8_lossy(&output.stdout));
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["a"], "pns:iterations=5");
    assert_eq!(rows[1]["a"], "pns:iterations=50");
    for row in &rows {
        assert_eq!(row["games"], 6);
        let sum = ["wins", "draws", "losses"].map(|k| row[k].as_u64().unwrap());
        assert_eq!(sum.iter().sum::<u64>(), 6);
    }
    assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 12);
    // Again: everything is in the file, nothing is played, the same rows come out.
    let again = pnplay_ok(&args);
    assert_eq!(again.stdout, output.stdout);

    let text = pnplay_ok(&random_match("10", &["--quiet"]));
    let line = String::from_utf8_lossy(&text.stdout);
    assert!(
        line.contains("10 games, W ") && line.contains("95 %, normal"),
        "{line}"
    );
}

#[test]
fn bad_agent_text_is_one_line_naming_the_field() {
    for (a, field) in [
        ("pns:iterations=100,theta=5", "theta"),
        ("ppns:iterations=100,theta=5", "theta"),
        ("pns", "iterations"),
        ("pns:iterations=10,cpn=1", "cpn"),
        ("chess:iterations=10", "chess"),
        ("random:iterations=10", "iterations"),
    ] {
        let output = pnplay(&["match", "--game", "tictactoe", "--a", a, "--b", "random"]);
        assert!(!output.status.success(), "{a}");
        assert_eq!(output.status.code(), Some(1), "{a}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{a}: {stderr}");
        assert!(stderr.starts_with("pnplay: a: "), "{a}: {stderr}");
        assert!(stderr.contains(field), "{a}: {stderr}");
    }
    for args in [
        &["--openings", "book"][..],
        &["--sweep", "theta"][..],
        &["--sweep", "theta=0.1,9"][..],
    ] {
        pnplay_error(&words_with(
            "match --game tictactoe --a ppns:iterations=5 --b random",
            args,
        ));
    }
}

/// The value of `pos` (not over) for the player to move under play where the winner hurries
/// and the loser delays: the outcome and the number of plies to the end of the game. Plain
/// minimax over the whole tic-tac-toe tree, independent of `agent::resist`.
fn delay_value(pos: &TicTacToe) -> (Outcome, u32) {
    let Turn::Player(mover) = pos.turn() else {
        panic!("the game is over");
    };
    // Win fast > draw > lose slowly.
    let key = |(outcome, plies): (Outcome, u32)| match outcome {
        Outcome::Win => 100 - plies as i32,
        Outcome::Draw => 0,
        Outcome::Loss => plies as i32 - 100,
    };
    pos.children()
        .into_iter()
        .map(|(_, child)| match child.outcome(mover) {
            Some(outcome) => (outcome, 1),
            None => {
                let (theirs, plies) = delay_value(&child);
                (theirs.flipped(), plies + 1)
            }
        })
        .max_by_key(|&value| key(value))
        .unwrap()
}

/// Every position reachable in tic-tac-toe (not over), once each.
fn all_positions(
    pos: &TicTacToe,
    seen: &mut std::collections::HashSet<String>,
    out: &mut Vec<TicTacToe>,
) {
    if pos.turn() == Turn::Over || !seen.insert(pos.format_position()) {
        return;
    }
    out.push(pos.clone());
    for (_, child) in pos.children() {
        all_positions(&child, seen, out);
    }
}

#[test]
fn a_lost_agent_plays_the_longest_resisting_move() {
    use pnplay::agent::resist::longest_resisting;
    // Every lost tic-tac-toe position: the move found makes the opponent need as many plies
    // as plain minimax says the loser can hold out, and no move holds out longer.
    let mut positions = Vec::new();
    all_positions(
        &TicTacToe::start(&()),
        &mut Default::default(),
        &mut positions,
    );
    let mut lost = 0;
    let mut choices = 0;
    for pos in &positions {
        let (outcome, plies) = delay_value(pos);
        if outcome != Outcome::Loss {
            continue;
        }
        lost += 1;
        let (mv, resist) = longest_resisting(pos, &[]).unwrap();
        assert_eq!(resist + 1, plies, "{}", pos.format_position());
        let mut child = pos.clone();
        child.play(mv);
        assert_eq!(
            delay_value(&child),
            (Outcome::Win, resist),
            "{}",
            pos.format_position()
        );
        // A preferred move is kept when it resists as long, dropped when it does not.
        for (other, child) in pos.children() {
            let holds = child.outcome(Player::First).is_none()
                && delay_value(&child) == (Outcome::Win, resist);
            let (picked, _) = longest_resisting(pos, &[other]).unwrap();
            assert_eq!(
                picked == other,
                holds,
                "{} {}",
                pos.format_position(),
                pos.format_move(other)
            );
            choices += usize::from(holds);
        }
    }
    assert!(lost > 100, "{lost} lost positions");
    assert!(
        choices > lost,
        "some positions have several longest resisters"
    );

    // O to move after X 1, O 2, X 5 is lost (X threatens 1-5-9, then forks). Blocking at 9
    // holds out 3 plies; anything else loses at once. Every exact agent blocks, and the move
    // is a choice, not a fallback.
    let pos = TicTacToe::parse_position(&(), "125").unwrap();
    for text in [
        "alphabeta:iterations=1000000",
        "pns:iterations=100000",
        "dfpn:nodes=1000000",
        "mcts:iterations=100000",
        "pnmcts:iterations=100000",
    ] {
        let agent: pnplay::agent::Agent = text.parse().unwrap();
        let choice = agent.choose(&pos, 3).unwrap();
        assert_eq!(pos.format_move(choice.mv), "9", "{text}");
        assert!(!choice.fallback, "{text}");
    }
}

#[test]
fn the_budget_flag_gives_both_agents_a_budget_unless_they_set_one() {
    let out = temp_file("budget.jsonl");
    let output = pnplay_ok(&[
        "match",
        "--game",
        "tictactoe",
        "--a",
        "pnmcts:cpn=0.5",
        "--b",
        "mcts:iterations=30",
        "--budget",
        "iterations=20",
        "--games",
        "4",
        "--json",
        "--quiet",
        "--sweep",
        "iterations=10,40",
        "--sweep-both",
        "--out",
        out.to_str().unwrap(),
        "--plot",
    ]);
    let rows = json_lines(&String::from_utf8_lossy(&output.stdout));
    assert_eq!(rows[0]["a"], "pnmcts:cpn=0.5,iterations=10");
    assert_eq!(rows[0]["b"], "mcts:iterations=10");
    assert_eq!(rows[1]["b"], "mcts:iterations=40");
    // Every search move ran the budget once, or twice when it asked a second question
    // (win disproved, then not-lose); forced moves ran none.
    let mut exact = 0;
    for record in records_of(&out) {
        let budget = if record.a.ends_with("=10") { 10 } else { 40 };
        for ply in &record.moves {
            assert!(ply.iterations <= 2 * budget, "{record:?}");
            exact += usize::from(ply.iterations == budget);
        }
    }
    assert!(exact > 10);
    let csv = std::fs::read_to_string(out.with_extension("csv")).unwrap();
    assert_eq!(csv.lines().count(), 3, "{csv}");
    assert!(csv.lines().nth(2).unwrap().contains(",40,4,"), "{csv}");
    let svg = std::fs::read_to_string(out.with_extension("svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains(">40<"), "{svg}");

    // Without --sweep: an agent's own budget wins, random takes none.
    let output = pnplay_ok(&words(
        "match --game tictactoe --a mcts:seconds=0.01 --b random --budget iterations=20 --games 2 --json --quiet",
    ));
    let row: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        (row["a"].as_str(), row["b"].as_str()),
        (Some("mcts:seconds=0.01"), Some("random"))
    );

    for budget in [
        "iterations=0",
        "depth=3",
        "iterations",
        "seconds=-1",
        "nodes=x",
        "iterations=5,iterations=6",
        "",
    ] {
        let output = pnplay(&[
            "match",
            "--game",
            "tictactoe",
            "--a",
            "mcts",
            "--b",
            "mcts",
            "--budget",
            budget,
        ]);
        assert_eq!(output.status.code(), Some(1), "{budget}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{budget}: {stderr}");
        assert!(stderr.starts_with("pnplay: budget: "), "{budget}: {stderr}");
    }
    // No budget anywhere: the agent's error says how to give one.
    let output = pnplay(&words("match --game tictactoe --a mcts --b random"));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--budget"));
}

#[path = "../fixtures/arena.rs"]
mod fixture;

#[test]
fn a_pinned_game_is_the_same_natively_and_in_wasm() {
    assert_eq!(fixture::fingerprint(), fixture::PINNED);
}

#[test]
fn a_paired_sweep_gives_each_agent_its_own_budget_and_plots_the_papers_rates() {
    let out = temp_file("paired.jsonl");
    let sweep = |more: &[&'static str]| {
        let line = "match --game tictactoe --a pnmcts --b mcts --budget iterations=5 --games 2 \
                    --sweep iterations=10/12,30/36 --plot --out";
        words_with(line, &[&[out.to_str().unwrap()][..], more].concat())
    };
    let output = pnplay_ok(&sweep(&[
        "--json",
        "--quiet",
        "--sweep-labels",
        "0.1 s,0.3 s",
        "--paper",
        "61.2,49.8",
    ]));
    let rows = json_lines(&String::from_utf8_lossy(&output.stdout));
    assert_eq!(rows[0]["a"], "pnmcts:iterations=10");
    assert_eq!(rows[0]["b"], "mcts:iterations=12");
    assert_eq!(rows[1]["b"], "mcts:iterations=36");
    let csv = std::fs::read_to_string(out.with_extension("csv")).unwrap();
    assert!(
        csv.lines().next().unwrap().ends_with(",paper_rate"),
        "{csv}"
    );
    assert!(csv.lines().nth(1).unwrap().contains(",0.1 s,"), "{csv}");
    assert!(csv.lines().nth(2).unwrap().ends_with(",0.498"), "{csv}");
    let svg = std::fs::read_to_string(out.with_extension("svg")).unwrap();
    assert!(
        svg.contains(">0.3 s<") && svg.contains("the paper"),
        "{svg}"
    );
    // One entry per value, or one line naming the field.
    for (flag, value) in [("--sweep-labels", "only one"), ("--paper", "50,x")] {
        let stderr = pnplay_error(&sweep(&[flag, value]));
        assert!(stderr.contains(&flag[2..]), "{stderr}");
    }
}
