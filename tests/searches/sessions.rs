//! Every search of the catalogue (`pnplay::search::catalogue::SEARCHES`) as the page, the CLI
//! and the experiments drive it: a `Session` started by name. On a handful of small positions
//! (tic-tac-toe, 4×4 Othello, 5×4 Connect Four), for both goals, each session's exact verdicts
//! equal alpha-beta's (`engine::solve(.., "alphabeta", ..)`) and its proving moves prove;
//! stepping in small budgets reaches the verdict one run reaches; sessions that keep a tree
//! show it and others show none; and bad parameters, finished positions and games whose
//! positions repeat (for searches that assume they never do) are refused with the error that
//! names what is wrong.

use pnplay::engine::{self, GameSpec};
use pnplay::error::Error;
use pnplay::game::Outcome;
use pnplay::game::view::TurnView;
use pnplay::search::catalogue::{self, Family, SEARCHES, SearchInfo};
use pnplay::search::params::{NODES, PLAYOUTS, PR, ParamSpec, Params, RUN_PARAMS, THETA, TIME};
use pnplay::search::session::{Budget, Session};
use pnplay::search::tree::ROOT;
use pnplay::search::{Goal, Stats, Verdict};

const GOALS: [Goal; 2] = [Goal::Win, Goal::NotLose];

fn spec(name: &str) -> GameSpec {
    name.parse().unwrap()
}

/// The small positions every search is run on: (game, position text), none finished.
fn positions() -> Vec<(GameSpec, String)> {
    let mut out = Vec::new();
    for (game, texts) in [
        // The empty board, a centre opening, a corner pair, X to move with 1-2 against 5-7
        // (a win), and a quiet middle game.
        ("tictactoe", &["", "5", "19", "1527", "5129"][..]),
        ("connect4:5x4", &["3333", "1234", "3232", "113355"][..]),
    ] {
        let spec = spec(game);
        for text in texts {
            out.push((spec, engine::describe(&spec, Some(text)).unwrap().text));
        }
    }
    // 4×4 Othello: the start, and the positions after one and after three moves (each time
    // the first legal move).
    let othello4 = spec("othello4");
    let mut view = engine::describe(&othello4, None).unwrap();
    for plies in 0..=3 {
        if plies != 2 {
            out.push((othello4, view.text.clone()));
        }
        view = engine::play(&othello4, &view.text, &view.moves[0].text).unwrap();
    }
    for (spec, pos) in &out {
        let view = engine::describe(spec, Some(pos)).unwrap();
        assert_ne!(view.turn, TurnView::Over, "{spec} {pos:?}");
    }
    out
}

fn params(goal: Goal) -> Params {
    Params::default().with_goal(goal)
}

/// Alpha-beta's verdict, which must be exact.
fn truth(spec: &GameSpec, pos: &str, goal: Goal) -> Verdict {
    let report = engine::solve(spec, pos, "alphabeta", &params(goal)).unwrap();
    assert!(report.verdict.is_exact(), "{spec} {pos:?} {goal:?}");
    report.verdict
}

/// Whether playing `mv` at `pos` keeps `goal` for the player to move there: the finished
/// game meets it, or the opponent (to move after it) cannot reach the opposite goal.
fn keeps_goal(spec: &GameSpec, pos: &str, mv: &str, goal: Goal) -> bool {
    let mover = engine::describe(spec, Some(pos)).unwrap().turn;
    let child = engine::play(spec, pos, mv).unwrap();
    if child.turn == TurnView::Over {
        let first = child.outcome.unwrap();
        let outcome = match (mover, first) {
            (TurnView::First, outcome) => outcome,
            (_, Outcome::Win) => Outcome::Loss,
            (_, Outcome::Loss) => Outcome::Win,
            (_, Outcome::Draw) => Outcome::Draw,
        };
        return goal.is_proven(outcome);
    }
    assert_ne!(
        child.turn, mover,
        "two-player games alternate (a pass is a move)"
    );
    let opposite = match goal {
        Goal::Win => Goal::NotLose,
        Goal::NotLose => Goal::Win,
    };
    truth(spec, &child.text, opposite) == Verdict::Disproved
}

/// Whether `info` solves `spec`'s positions in a test's time: minimax (no pruning, no table)
/// takes up to 40 s a position of 5×4 Connect Four natively, and OM search (no table either)
/// 125 s for "1234" (930 million positions), so they are checked here on tic-tac-toe and 4×4
/// Othello (and against `ab` on Othello in tests/searches/heuristics.rs, OM against minimax
/// in tests/searches/om.rs).
fn quick(info: &SearchInfo, spec: &GameSpec) -> bool {
    !(matches!(info.id, "minimax" | "expectimax" | "negamax" | "om")
        && matches!(spec, GameSpec::Connect4(_)))
}

fn start(spec: &GameSpec, pos: &str, info: &SearchInfo, params: &Params) -> Box<dyn Session> {
    engine::start(spec, pos, info.id, params)
        .unwrap_or_else(|e| panic!("{} on {spec} {pos:?}: {e}", info.id))
}

#[test]
fn the_catalogue_lists_its_searches_by_family() {
    let ids: Vec<&str> = SEARCHES.iter().map(|s| s.id).collect();
    assert_eq!(
        ids,
        [
            "pns",
            "ppns",
            "ppns-precise",
            "mcpns",
            "pp",
            "mcts",
            "pnmcts",
            "dfpn",
            "alphabeta",
            "minimax",
            "ab",
            "abid",
            "mvpns",
            "dfppns",
            "cns",
            "om",
            "expectimax",
            "dfpn-k",
            "pns-dag",
            "dfpn-jobs",
            "negamax"
        ]
    );
    for info in SEARCHES {
        let exact_family = matches!(
            info.id,
            "dfpn" | "alphabeta" | "mvpns" | "dfppns" | "dfpn-k" | "dfpn-jobs" | "negamax"
        );
        assert_eq!(info.family == Family::Exact, exact_family, "{}", info.id);
        let mcts_family = matches!(info.id, "mcts" | "pnmcts");
        assert_eq!(info.family == Family::Mcts, mcts_family, "{}", info.id);
        let heuristic_family = matches!(info.id, "minimax" | "ab" | "abid" | "om");
        assert_eq!(
            info.family == Family::Heuristic,
            heuristic_family,
            "{}",
            info.id
        );
        assert_eq!(
            info.capabilities.plays,
            mcts_family || heuristic_family || matches!(info.id, "cns" | "expectimax"),
            "{}",
            info.id
        );
        assert_eq!(catalogue::find(info.id), Ok(info));
    }
}

#[test]
fn every_search_agrees_with_alpha_beta_on_small_positions() {
    let mut proved = 0;
    let mut disproved = 0;
    for (spec, pos) in positions() {
        for goal in GOALS {
            let exact = truth(&spec, &pos, goal);
            for info in SEARCHES.iter().filter(|info| quick(info, &spec)) {
                let at = format!("{} {goal:?} on {spec} {pos:?}", info.id);
                let mut session = start(&spec, &pos, info, &params(goal));
                assert_eq!(session.info().id, info.id, "{at}");
                assert!(!session.is_finished(), "{at}");
                assert_eq!(session.verdict(), Verdict::Out, "{at}");
                let verdict = session.run();
                assert!(session.is_finished(), "{at}");
                assert_eq!(session.verdict(), verdict, "{at}");
                assert_ne!(verdict, Verdict::Out, "{at}: no limit was set");
                if info.capabilities.exact {
                    assert!(verdict.is_exact(), "{at}: {verdict}");
                }
                if verdict.is_exact() {
                    assert_eq!(verdict, exact, "{at}");
                }
                assert!(session.stats().iterations > 0, "{at}");
                // Multi-valued PNS charts its current threshold run, CNS its value on the
                // score range: neither charts the question's verdict.
                // (MCTS, the depth-limited players and expectimax chart values, not verdicts.)
                let charts_verdict = matches!(info.family, Family::BestFirst | Family::Exact)
                    && !matches!(info.id, "mvpns" | "cns");
                if let Some(values) = session.root_value().filter(|_| charts_verdict) {
                    // A decided root charts 1 (proved) or 0 (disproved). (MCTS charts its
                    // root's mean result, (1 + v)/2, proved or not; the depth-limited
                    // players their value, ½ for a draw.)
                    match verdict {
                        Verdict::Proved => assert_eq!(values.chart(), 1.0, "{at}: {values:?}"),
                        Verdict::Disproved => assert_eq!(values.chart(), 0.0, "{at}: {values:?}"),
                        _ => {}
                    }
                }
                if verdict == Verdict::Proved {
                    let mv = session
                        .best_move()
                        .unwrap_or_else(|| panic!("{at}: no move"));
                    assert!(
                        keeps_goal(&spec, &pos, &mv, goal),
                        "{at}: {mv} does not prove"
                    );
                }
                // A finished session stays finished.
                assert_eq!(session.step(Budget::iterations(1)), Some(verdict), "{at}");
            }
            match exact {
                Verdict::Proved => proved += 1,
                _ => disproved += 1,
            }
        }
    }
    assert!(
        proved > 3 && disproved > 3,
        "{proved} proved, {disproved} disproved"
    );
}

/// Stats without the time, which differs between runs.
fn timeless(stats: Stats) -> Stats {
    Stats {
        seconds: 0.0,
        ..stats
    }
}

#[test]
fn stepping_in_small_budgets_reaches_the_verdict_of_one_run() {
    let mut most_steps = 0;
    for (spec, pos) in positions() {
        for goal in GOALS {
            // OM search and expectimax run their whole depth in one step: they keep no table
            // to resume from, so an iteration budget does not cut them.
            let resumable = |info: &&SearchInfo| !matches!(info.id, "om" | "expectimax");
            for info in SEARCHES
                .iter()
                .filter(|info| quick(info, &spec))
                .filter(resumable)
            {
                let at = format!("{} {goal:?} on {spec} {pos:?}", info.id);
                let mut whole = start(&spec, &pos, info, &params(goal));
                let verdict = whole.run();
                let mut stepped = start(&spec, &pos, info, &params(goal));
                let mut steps = 0;
                let stepped_verdict = loop {
                    let before = stepped.stats().iterations;
                    let done = stepped.step(Budget::iterations(50));
                    steps += 1;
                    let spent = stepped.stats().iterations - before;
                    assert!(spent <= 50, "{at}: {spent} iterations in one step");
                    if let Some(verdict) = done {
                        break verdict;
                    }
                    assert!(!stepped.is_finished(), "{at}");
                    assert_eq!(stepped.verdict(), Verdict::Out, "{at}");
                    assert!(steps < 100_000, "{at}: no progress");
                };
                assert_eq!(stepped_verdict, verdict, "{at}");
                assert!(stepped.is_finished(), "{at}");
                let restarts = matches!(info.family, Family::Exact | Family::Heuristic);
                if !restarts {
                    // Best-first and MCTS searches build exactly the same tree.
                    assert_eq!(timeless(stepped.stats()), timeless(whole.stats()), "{at}");
                    assert_eq!(stepped.best_move(), whole.best_move(), "{at}");
                }
                if info.family != Family::Exact {
                    // The depth-limited players search again from the root after a step
                    // cut short (their table keeps the work): the same value.
                    assert_eq!(stepped.root_value(), whole.root_value(), "{at}");
                }
                if restarts {
                    most_steps = most_steps.max(steps);
                }
            }
        }
    }
    assert!(
        most_steps > 2,
        "the exact searches were stepped ({most_steps} steps at most)"
    );
}

#[test]
fn sessions_with_a_tree_show_it_and_others_show_none() {
    // A node limit ends the step of the searches that run their whole depth in one (OM
    // search took 121 s on 5×4 Connect Four "1234" without it).
    let limited = params(Goal::Win).with(&NODES, Some(10_000.0));
    for (spec, pos) in positions() {
        for info in SEARCHES {
            let at = format!("{} on {spec} {pos:?}", info.id);
            let mut session = start(&spec, &pos, info, &limited);
            session.step(Budget::iterations(5));
            assert_eq!(session.tree().is_some(), info.capabilities.tree, "{at}");
            let Some(tree) = session.tree() else {
                continue;
            };
            assert_eq!(tree.node_position(ROOT).unwrap().text, pos, "{at}");
            assert!(tree.node_position(u32::MAX).is_none(), "{at}");
            let path = tree.last_path();
            assert_eq!(path[0].id, ROOT, "{at}");
            assert_eq!(path[0].mv, None, "{at}");
            if !session.is_finished() {
                assert!(
                    path.len() >= 2,
                    "{at}: the path reaches the node just expanded"
                );
            }
            // The path's moves lead from the root to its last node's position.
            let mut replay = pos.clone();
            for node in &path[1..] {
                replay = engine::play(&spec, &replay, node.mv.as_ref().unwrap())
                    .unwrap()
                    .text;
            }
            let last = path.last().unwrap();
            assert_eq!(tree.node_position(last.id).unwrap().text, replay, "{at}");
            let snapshot = tree.snapshot(2, 50, None);
            assert_eq!(snapshot.algo, info.id, "{at}");
            assert_eq!(snapshot.root.node.id, ROOT, "{at}");
            assert_eq!(
                snapshot.path,
                path.iter().map(|n| n.id).collect::<Vec<_>>(),
                "{at}"
            );
        }
    }
}

#[test]
fn bad_parameters_are_refused_naming_the_parameter() {
    let tictactoe = spec("tictactoe");
    let cases: [(&ParamSpec, Option<f64>); 6] = [
        (&THETA, Some(2.0)),
        (&PR, Some(0.7)),
        (&PLAYOUTS, Some(0.0)),
        (&THETA, None),
        (&NODES, Some(0.0)),
        (&TIME, Some(-1.0)),
    ];
    for (spec, value) in cases {
        let params = Params::default().with(spec, value);
        let mut readers = 0;
        for info in SEARCHES {
            let at = format!("{} with {} = {value:?}", info.id, spec.key);
            let reads = info
                .params
                .iter()
                .chain(RUN_PARAMS)
                .any(|p| p.key == spec.key);
            let started = engine::start(&tictactoe, "", info.id, &params);
            if !reads {
                // A parameter the search does not read is not its business.
                assert!(started.is_ok(), "{at}");
                continue;
            }
            readers += 1;
            let error = started.err().unwrap_or_else(|| panic!("{at}: started"));
            assert!(
                matches!(error, Error::BadParameter { .. }),
                "{at}: {error:?}"
            );
            assert_eq!(error.field(), Some(spec.key), "{at}");
            assert_eq!(error.kind(), "bad-parameter", "{at}");
            assert_eq!(params.check(info.params), Err(error.clone()), "{at}");
            let report = engine::solve(&tictactoe, "", info.id, &params).unwrap_err();
            assert_eq!(report, error, "{at}");
        }
        assert!(readers > 0, "some search reads {}", spec.key);
    }
    // The good defaults start every search.
    for info in SEARCHES {
        assert_eq!(Params::default().check(info.params), Ok(()), "{}", info.id);
    }
    let error = engine::start(&tictactoe, "", "chess", &Params::default()).err();
    assert_eq!(error.as_ref().and_then(Error::field), Some("search"));
}

#[test]
fn a_finished_position_is_refused_as_game_over() {
    // Each game played out with its first legal move every time.
    for game in ["tictactoe", "othello4", "connect4:5x4"] {
        let spec = spec(game);
        let mut view = engine::describe(&spec, None).unwrap();
        while view.turn != TurnView::Over {
            view = engine::play(&spec, &view.text, &view.moves[0].text).unwrap();
        }
        for info in SEARCHES {
            for goal in GOALS {
                let at = format!("{} {goal:?} on {game} {:?}", info.id, view.text);
                let error = engine::start(&spec, &view.text, info.id, &params(goal)).err();
                assert_eq!(error, Some(Error::GameOver), "{at}");
                assert_eq!(error.as_ref().and_then(Error::field), Some("pos"), "{at}");
                let error = engine::solve(&spec, &view.text, info.id, &params(goal)).unwrap_err();
                assert_eq!(error, Error::GameOver, "{at}");
            }
        }
    }
}

#[test]
fn every_seed_runs_and_the_default_seed_is_one() {
    assert_eq!(Params::default().seed(), 1);
    let tictactoe = spec("tictactoe");
    // Experiments derive their playout seeds over all of u64 (`experiment::derive_seed`).
    for seed in [
        0,
        1,
        (1 << 53) + 1,
        pnplay::experiment::derive_seed(7, &[1]),
        u64::MAX,
    ] {
        let params = Params::default().with_seed(seed).with(&PLAYOUTS, Some(4.0));
        assert_eq!(params.seed(), seed);
        for info in SEARCHES {
            let at = format!("{} with seed {seed}", info.id);
            assert_eq!(params.check(info.params), Ok(()), "{at}");
            let report = engine::solve(&tictactoe, "5", info.id, &params)
                .unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(report.seed, seed, "{at}");
            assert_eq!(report.verdict, Verdict::Disproved, "{at}: 5 is a draw");
        }
    }
    let mut params = Params::default();
    params.set_text("seed", "18446744073709551615").unwrap();
    assert_eq!(params.seed(), u64::MAX);
}

/// Tic-tac-toe declared as a game whose positions can repeat (as Awari's and MiniShogi's
/// can): every search that assumes an acyclic game must refuse it up front, naming itself.
mod repeating {
    use pnplay::game::board::{Board, Cell, MoveCells};
    use pnplay::game::catalogue::{Catalogued, Facts, Family};
    use pnplay::game::knowledge::{Knowledge, NoOrdering};
    use pnplay::game::tictactoe::TicTacToe;
    use pnplay::game::{Game, MoveList, Outcome, ParseError, Player, Turn};

    #[derive(Clone, Debug)]
    pub struct Repeating(pub TicTacToe);

    impl Game for Repeating {
        type List<T: pnplay::game::ListItem> = arrayvec::ArrayVec<T, 9>;
        type Move = u8;
        type Key = u32;
        type Variant = ();
        fn start(variant: &()) -> Self {
            Repeating(TicTacToe::start(variant))
        }
        fn variant(&self) {}
        fn turn(&self) -> Turn {
            self.0.turn()
        }
        fn legal_moves(&self, out: &mut MoveList<Self>) {
            let mut moves = MoveList::<TicTacToe>::default();
            self.0.legal_moves(&mut moves);
            out.clear();
            out.extend(moves.iter().copied());
        }
        fn chance_probability(&self, mv: u8) -> f64 {
            self.0.chance_probability(mv)
        }
        fn play(&mut self, mv: u8) {
            self.0.play(mv);
        }
        fn outcome(&self, player: Player) -> Option<Outcome> {
            self.0.outcome(player)
        }
        fn terminal_value(&self, player: Player) -> Option<i32> {
            self.0.terminal_value(player)
        }
        fn key(&self) -> u32 {
            self.0.key()
        }
        fn parse_position(variant: &(), text: &str) -> Result<Self, ParseError> {
            TicTacToe::parse_position(variant, text).map(Repeating)
        }
        fn format_position(&self) -> String {
            self.0.format_position()
        }
        fn parse_move(&self, text: &str) -> Result<u8, ParseError> {
            self.0.parse_move(text)
        }
        fn format_move(&self, mv: u8) -> String {
            self.0.format_move(mv)
        }
    }

    impl Board for Repeating {
        fn rows(&self) -> usize {
            3
        }
        fn cols(&self) -> usize {
            3
        }
        fn cell(&self, index: usize) -> Cell {
            self.0.cell(index)
        }
        fn move_cells(&self, mv: u8) -> MoveCells {
            self.0.move_cells(mv)
        }
    }

    impl Knowledge for Repeating {
        type Ordering = NoOrdering;
    }

    impl Catalogued for Repeating {
        const FAMILY: Family = Family {
            id: "repeating-tictactoe",
            facts: Facts {
                repeats: true,
                ..<TicTacToe as Catalogued>::FAMILY.facts
            },
            ..<TicTacToe as Catalogued>::FAMILY
        };
        fn parse_name(name: &str) -> Option<Result<(), ParseError>> {
            (name == "repeating-tictactoe").then_some(Ok(()))
        }
        fn name((): &()) -> String {
            "repeating-tictactoe".to_string()
        }
    }
}

#[test]
fn searches_that_assume_an_acyclic_game_refuse_one_whose_positions_repeat() {
    use pnplay::game::Game;
    use repeating::Repeating;
    let root = Repeating(pnplay::game::tictactoe::TicTacToe::parse_position(&(), "5").unwrap());
    for info in SEARCHES {
        let result = catalogue::start(info.id, root.clone(), &Params::default());
        if info.capabilities.acyclic_only {
            let Err(error) = result else {
                panic!("{} started on a game whose positions repeat", info.id)
            };
            assert!(
                matches!(error, Error::Unsupported { search, .. } if search == info.id),
                "{error}"
            );
            assert_eq!(error.field(), Some("search"));
            assert!(error.to_string().contains("repeat"), "{error}");
        } else {
            assert!(result.is_ok(), "{}", info.id);
        }
    }
}
