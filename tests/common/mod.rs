//! Helpers shared by the integration tests: running the `pnplay` binary (its arguments, a
//! success, a one-line error), independent reference solvers (plain full-width minimax, no
//! pruning, no ordering) and the checks built on them, position generators and random games,
//! random text edits and round trips for parser property tests, and the shared data
//! directory.
#![allow(dead_code)] // each test file uses a different part of this module

use std::collections::HashMap;
use std::ops::Range;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use pnplay::game::knowledge::MoveOrdering;
use pnplay::game::othello::{Othello, Size};
use pnplay::game::{Game, MoveList, ParseError, Player, Rng, Turn};
use pnplay::search::catalogue::{Family, SEARCHES};
use pnplay::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};
use pnplay::search::exact::dfpn::{DfPn, DfPnConfig};
use pnplay::search::{Clock, Goal, Limits, Question, Verdict};

/// `assert!(matches!(value, pattern))` that shows the value when it does not match.
#[allow(unused_macros)] // the test crates without such assertions
macro_rules! assert_matches {
    ($value:expr, $pattern:pat $(if $guard:expr)?) => {
        match $value {
            $pattern $(if $guard)? => {}
            ref other => panic!("{other:?} does not match {}", stringify!($pattern)),
        }
    };
}

/// Runs the `pnplay` binary with `args`.
pub fn pnplay(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_pnplay"))
        .args(args)
        .output()
        .unwrap()
}

/// Runs the `pnplay` binary with `args` and checks that it succeeded (showing its stderr if not).
pub fn pnplay_ok(args: &[&str]) -> std::process::Output {
    let output = pnplay(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// A command line written as one string: its words, split on whitespace, with `''` for an
/// empty argument (`words("solve --game tictactoe --pos ''")`).
pub fn words(line: &str) -> Vec<&str> {
    line.split_whitespace()
        .map(|word| if word == "''" { "" } else { word })
        .collect()
}

/// The words of `line` (as [`words`] reads them) followed by `more`: the arguments that may
/// hold white space, such as paths.
pub fn words_with<'a>(line: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let mut args = words(line);
    args.extend_from_slice(more);
    args
}

/// Runs the `pnplay` binary with `args`, checks that it failed with one line on stderr, and
/// returns that line.
pub fn pnplay_error(args: &[&str]) -> String {
    let output = pnplay(args);
    assert!(!output.status.success(), "{args:?} succeeded");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    stderr
}

/// A file of the shared benchmark data, which lives beside the repository in `../shared/data`.
pub fn data_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(relative)
}

/// The Connect Four positions of `c4_public.txt` with `plies` moves, as their moves, and
/// their scores for the side to move (Pons' solver).
pub fn c4_public(plies: usize) -> Vec<(String, i32)> {
    let text = std::fs::read_to_string(data_path("connect4/c4_public.txt")).unwrap();
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_once(' '))
        .filter(|(moves, _)| moves.len() == plies)
        .map(|(moves, score)| (moves.to_string(), score.parse().unwrap()))
        .collect()
}

/// Applies random edits to `text` for parser property tests: each `(at, kind, c)` inserts
/// (kind 0), deletes (kind 1) or replaces (otherwise) the character at `at` (wrapped to the
/// text's length; past the end, `c` is appended). Texts are ASCII.
pub fn apply_edits(text: &mut String, edits: &[(usize, u8, char)]) {
    for &(at, kind, c) in edits {
        let at = at % (text.len() + 1);
        match kind {
            0 => text.insert(at, c),
            1 if at < text.len() => {
                text.remove(at);
            }
            _ if at < text.len() => text.replace_range(at..=at, &c.to_string()),
            _ => text.push(c),
        }
    }
}

/// A fresh temporary folder for one test, named for the test crate, the process, a count of
/// the folders this process made (tests of two modules of one crate may pick the same `name`
/// and run at once) and `name`.
pub fn temp_folder(name: &str) -> PathBuf {
    static MADE: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "pnplay-{}-{}-{}-{name}",
        env!("CARGO_CRATE_NAME"),
        std::process::id(),
        MADE.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Each line of JSON Lines `text` (a command's output or a records file), parsed.
pub fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

/// The arguments of `pnplay match` between two random tic-tac-toe players for `games` games,
/// followed by `more`: the cheapest match there is, for the tests of files and runs.
pub fn random_match<'a>(games: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "match",
        "--game",
        "tictactoe",
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        games,
    ];
    args.extend_from_slice(more);
    args
}

/// A move of a test's game written as its number (`0`, `1`, …).
pub fn numbered_move(text: &str) -> Result<u8, ParseError> {
    text.parse().map_err(|_| ParseError::UnknownMove {
        index: 0,
        text: text.to_string(),
    })
}

/// Limits of `iterations` iterations and nothing else.
pub fn iteration_limit(iterations: u64) -> Limits {
    Limits {
        max_iterations: Some(iterations),
        ..Limits::default()
    }
}

/// For parser property tests: where `text` is a position of `variant`, its canonical text
/// reads back as the same position and every legal move's name reads back as that move.
pub fn check_reparse<G: Game + PartialEq>(variant: &G::Variant, text: &str) {
    if let Ok(pos) = G::parse_position(variant, text) {
        let canonical = pos.format_position();
        assert_eq!(G::parse_position(variant, &canonical), Ok(pos.clone()));
        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        for &mv in moves.iter() {
            assert_eq!(pos.parse_move(&pos.format_move(mv)), Ok(mv));
        }
    }
}

/// The searches of the catalogue that grow a tree the inspector shows, in catalogue order:
/// the best-first family's (but `pns-dag`, which keeps a graph) and the MCTS family's.
pub fn tree_searches() -> Vec<&'static str> {
    SEARCHES
        .iter()
        .filter(|s| matches!(s.family, Family::BestFirst | Family::Mcts) && s.id != "pns-dag")
        .map(|s| s.id)
        .collect()
}

/// The player whose view a score is in: the player to move, or the first player where
/// chance acts or the game is over.
pub fn view_of<G: Game>(pos: &G) -> Player {
    match pos.turn() {
        Turn::Player(player) => player,
        Turn::Chance | Turn::Over => Player::First,
    }
}

/// The eight steps to a cell's neighbours (row, column), in reading order: the directions
/// of the naive implementations' lines.
pub const KING_STEPS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// Perft of a test's naive second implementation of a game: the lines of `depth` plies
/// from `pos` (1 at depth 0), where `moves` lists a position's moves (none once it is over)
/// and `play` makes one.
pub fn naive_perft<P: Clone, M>(
    pos: &P,
    depth: u32,
    moves: &impl Fn(&P) -> Vec<M>,
    play: &impl Fn(&mut P, M),
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let list = moves(pos);
    if depth == 1 {
        return list.len() as u64;
    }
    list.into_iter()
        .map(|mv| {
            let mut next = pos.clone();
            play(&mut next, mv);
            naive_perft(&next, depth - 1, moves, play)
        })
        .sum()
}

/// Full-width minimax from `root`'s view: `root` maximises, its opponent and chance
/// minimise (chance is the root player's adversary: the AND/OR reading of SPEC.md §3).
/// `leaf` scores a finished game from `root`'s view. Memoised by key (the root is fixed
/// per memo).
pub fn minimax<G: Game>(
    pos: &G,
    root: Player,
    leaf: &dyn Fn(&G) -> i32,
    memo: &mut HashMap<G::Key, i32>,
) -> i32 {
    if let Some(&v) = memo.get(&pos.key()) {
        return v;
    }
    let values = pos
        .children()
        .iter()
        .map(|(_, child)| minimax(child, root, leaf, memo))
        .collect::<Vec<_>>();
    let value = match pos.turn() {
        Turn::Over => leaf(pos),
        Turn::Player(p) if p == root => *values.iter().max().unwrap(),
        _ => *values.iter().min().unwrap(),
    };
    memo.insert(pos.key(), value);
    value
}

/// The exact value of `pos` from `root`'s view by plain minimax.
pub fn reference_value<G: Game>(pos: &G, root: Player, memo: &mut HashMap<G::Key, i32>) -> i32 {
    minimax(pos, root, &|p: &G| p.terminal_value(root).unwrap(), memo)
}

/// Whether `question` holds at `pos` by plain minimax over proven (1) / disproven (0).
pub fn reference_goal<G: Game>(
    pos: &G,
    question: Question,
    memo: &mut HashMap<G::Key, i32>,
) -> bool {
    let leaf = |p: &G| i32::from(question.proven_by(p.outcome(question.root_player).unwrap()));
    minimax(pos, question.root_player, &leaf, memo) == 1
}

/// Every position reachable from `start` (itself included), in a deterministic order.
pub fn reachable<G: Game>(start: &G) -> Vec<G> {
    let mut seen = HashMap::new();
    let mut order = vec![start.clone()];
    seen.insert(start.key(), ());
    let mut next = 0;
    while next < order.len() {
        for (_, child) in order[next].children() {
            if seen.insert(child.key(), ()).is_none() {
                order.push(child);
            }
        }
        next += 1;
    }
    order
}

/// Plays `games` games of uniformly random legal moves from `start` (seeded) and shows
/// `visit` every position of them, the last included, with its legal moves.
pub fn visit_random_games<G: Game>(
    start: &G,
    games: usize,
    seed: u64,
    mut visit: impl FnMut(&G, &MoveList<G>),
) {
    let mut rng = Rng::new(seed);
    let mut moves = MoveList::<G>::default();
    for _ in 0..games {
        let mut pos = start.clone();
        loop {
            pos.legal_moves(&mut moves);
            visit(&pos, &moves);
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.below(moves.len() as u32) as usize]);
        }
    }
}

/// A position after `plies` uniformly random legal moves (chance by its probabilities)
/// from `start`, or `None` if the game ended first or is over there.
pub fn random_position<G: Game>(start: &G, plies: u32, rng: &mut Rng) -> Option<G> {
    let mut pos = start.clone();
    let mut moves = MoveList::<G>::default();
    for _ in 0..plies {
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let mv = match pos.turn() {
            Turn::Chance => pnplay::game::pick_by_probability(&pos, &moves, rng),
            _ => moves[rng.below(moves.len() as u32) as usize],
        };
        pos.play(mv);
    }
    (pos.turn() != Turn::Over).then_some(pos)
}

/// Checks `search.score` on every position against plain minimax: the value, and that the
/// best move's child has that value.
pub fn check_scores<G: Game, O: MoveOrdering<G>>(search: &mut AlphaBeta<G, O>, positions: &[G]) {
    let mut memos = [HashMap::new(), HashMap::new()];
    for pos in positions {
        let view = view_of(pos);
        let memo = &mut memos[view.index()];
        let truth = reference_value(pos, view, memo);
        let score = search.score(pos, &Limits::default()).unwrap();
        assert_eq!(score.value, truth, "value of {}", pos.format_position());
        match score.best_move {
            None => assert_eq!(pos.turn(), Turn::Over),
            Some(mv) => {
                let mut child = pos.clone();
                child.play(mv);
                let child_value = reference_value(&child, view, memo);
                assert_eq!(
                    child_value,
                    truth,
                    "best move {} of {}",
                    pos.format_move(mv),
                    pos.format_position()
                );
            }
        }
    }
}

/// Checks that alpha-beta ordering moves as `G`'s knowledge does gives plain minimax's values
/// on `positions` ([`check_scores`]): the ordering changes no value.
pub fn check_knowledge_scores<G: pnplay::game::knowledge::Knowledge>(positions: &[G]) {
    check_scores(
        &mut AlphaBeta::<G, _>::with_knowledge(AlphaBetaConfig::default()),
        positions,
    );
}

/// The four questions about a position: both root players, both goals.
pub fn questions() -> [Question; 4] {
    [Player::First, Player::Second]
        .map(|root_player| Question {
            root_player,
            goal: Goal::Win,
        })
        .into_iter()
        .chain([Player::First, Player::Second].map(|root_player| Question {
            root_player,
            goal: Goal::NotLose,
        }))
        .collect::<Vec<_>>()
        .try_into()
        .unwrap()
}

fn verdict_of(holds: bool) -> Verdict {
    if holds {
        Verdict::Proved
    } else {
        Verdict::Disproved
    }
}

/// Checks that alpha-beta's goal search and df-pn agree with each other on `questions` about
/// every position (and with plain minimax when `with_reference`); returns how many
/// questions were checked and how many of them were proved.
pub fn check_goals<G: Game, O: MoveOrdering<G>>(
    search: &mut AlphaBeta<G, O>,
    dfpn: DfPnConfig,
    positions: &[G],
    questions: &[Question],
    with_reference: bool,
) -> (usize, usize) {
    let mut memos: HashMap<(Player, Goal), HashMap<G::Key, i32>> = HashMap::new();
    let (mut checked, mut proved) = (0, 0);
    for pos in positions {
        for &question in questions {
            let by_alphabeta = search.solve(pos, question, &Limits::default());
            let (by_dfpn, _) = DfPn::new(pos, question, dfpn).solve(&Limits::default());
            assert_eq!(
                by_dfpn,
                by_alphabeta,
                "{question:?} at {}",
                pos.format_position()
            );
            if with_reference {
                let memo = memos
                    .entry((question.root_player, question.goal))
                    .or_default();
                let truth = verdict_of(reference_goal(pos, question, memo));
                assert_eq!(
                    by_alphabeta,
                    truth,
                    "{question:?} at {}",
                    pos.format_position()
                );
            }
            if by_alphabeta == Verdict::Proved && pos.turn() == Turn::Player(question.root_player) {
                let mv = search.best_move(pos).expect("a proving move");
                let mut child = pos.clone();
                child.play(mv);
                assert_eq!(
                    search.solve(&child, question, &Limits::default()),
                    Verdict::Proved,
                    "proving move {} of {}",
                    pos.format_move(mv),
                    pos.format_position()
                );
            }
            checked += 1;
            proved += usize::from(by_alphabeta == Verdict::Proved);
        }
    }
    (checked, proved)
}

/// The two questions for the player to move at `pos`.
pub fn mover_questions<G: Game>(pos: &G) -> [Question; 2] {
    [Goal::Win, Goal::NotLose].map(|goal| Question {
        root_player: view_of(pos),
        goal,
    })
}

/// For two-player games whose values are zero-sum with a draw at 0: checks that the
/// exact score's sign and the goal verdicts of the same search agree at every position
/// (win ⇔ score > 0, not lose ⇔ score ≥ 0).
pub fn check_scores_match_goals<G: Game, O: MoveOrdering<G>>(
    search: &mut AlphaBeta<G, O>,
    positions: &[G],
) {
    for pos in positions {
        let value = search.score(pos, &Limits::default()).unwrap().value;
        let [win, not_lose] = mover_questions(pos);
        let limits = Limits::default();
        assert_eq!(search.solve(pos, win, &limits), verdict_of(value > 0));
        assert_eq!(search.solve(pos, not_lose, &limits), verdict_of(value >= 0));
    }
}

/// Checks that df-pn and alpha-beta agree on both goals of the player to move at every
/// position, and that both answers occur.
pub fn check_mover_goals<G: Game, O: MoveOrdering<G>>(
    search: &mut AlphaBeta<G, O>,
    positions: &[G],
) {
    let dfpn = DfPnConfig {
        table_bytes: 1 << 20,
        ..DfPnConfig::default()
    };
    let mut proved = 0;
    for pos in positions {
        let questions = mover_questions(pos);
        proved += check_goals(search, dfpn, std::slice::from_ref(pos), &questions, false).1;
    }
    assert!(
        0 < proved && proved < 2 * positions.len(),
        "{proved} proved"
    );
}

/// [`check_mover_goals`] (timed, under `label`) and [`check_scores_match_goals`] on
/// `positions`.
pub fn check_goals_and_scores<G: Game, O: MoveOrdering<G>>(
    label: &str,
    search: &mut AlphaBeta<G, O>,
    positions: &[G],
) {
    let clock = Clock::start();
    check_mover_goals(search, positions);
    eprintln!(
        "{label}: {} positions in {:.2} s",
        positions.len(),
        clock.seconds()
    );
    check_scores_match_goals(search, positions);
}

/// `count` distinct unfinished positions from random play out of `start` (seeded), each
/// after a number of plies drawn uniformly from `plies`; fewer if 100 draws per position do
/// not find them (a game with few positions).
pub fn random_positions<G: Game>(start: &G, count: usize, seed: u64, plies: Range<u32>) -> Vec<G> {
    random_positions_where(start, count, seed, plies, |_| true)
}

/// [`random_positions`] that `keep` accepts.
pub fn random_positions_where<G: Game>(
    start: &G,
    count: usize,
    seed: u64,
    plies: Range<u32>,
    keep: impl Fn(&G) -> bool,
) -> Vec<G> {
    drawn_positions(
        start,
        count,
        seed,
        |rng| plies.start + rng.below(plies.end - plies.start),
        keep,
    )
}

/// [`random_positions_where`] with the number of plies drawn by `plies`.
fn drawn_positions<G: Game>(
    start: &G,
    count: usize,
    seed: u64,
    mut plies: impl FnMut(&mut Rng) -> u32,
    keep: impl Fn(&G) -> bool,
) -> Vec<G> {
    let mut rng = Rng::new(seed);
    let mut seen = HashMap::new();
    let mut positions = Vec::new();
    for _ in 0..100 * count {
        if positions.len() == count {
            break;
        }
        let n = plies(&mut rng);
        if let Some(pos) = random_position(start, n, &mut rng).filter(&keep) {
            if seen.insert(pos.key(), ()).is_none() {
                positions.push(pos);
            }
        }
    }
    positions
}

/// Seeded random 8×8 Othello positions, a player's turn, with `low..=high` empty squares.
pub fn othello_positions(count: usize, seed: u64, low: u32, high: u32) -> Vec<Othello> {
    drawn_positions(
        &Othello::start(&Size::Eight.into()),
        count,
        seed,
        |rng| 60 - low - rng.below(high - low + 1),
        |_| true,
    )
}

/// The moves of `pos` (a player's turn) as its game's knowledge orders them for the exact
/// searches, best first (ties in the game's order), as text.
pub fn ordered_moves<G: pnplay::game::knowledge::Knowledge>(pos: &G) -> Vec<String> {
    let mut moves = MoveList::<G>::default();
    pos.legal_moves(&mut moves);
    let mut scores = vec![0; moves.len()];
    G::Ordering::default().score_moves(pos, &moves, &mut scores);
    let mut order: Vec<usize> = (0..moves.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(scores[i]));
    order
        .into_iter()
        .map(|i| pos.format_move(moves[i]))
        .collect()
}

/// Checks that `G`'s knowledge orders the moves of `pos` with `first` first, and that the
/// ordering changes no value on `positions` ([`check_knowledge_scores`]).
pub fn check_ordering<G: pnplay::game::knowledge::Knowledge>(
    pos: &G,
    first: &[&str],
    positions: &[G],
) {
    let order = ordered_moves(pos);
    assert_eq!(&order[..first.len()], first, "{order:?}");
    check_knowledge_scores(positions);
}

/// One FFO position: the board, its exact score and the moves that achieve it.
pub struct Ffo {
    pub number: usize,
    pub pos: Othello,
    pub score: i32,
    pub best_moves: Vec<String>,
    /// Every listed move (lower case) with its score, best first.
    pub scored: Vec<(String, i32)>,
}

impl Ffo {
    /// Checks a search's `score` and best move against the published ones.
    pub fn check(&self, score: i32, best: &str) {
        assert_eq!(score, self.score, "FFO #{}", self.number);
        assert!(
            self.best_moves.iter().any(|m| m == best),
            "FFO #{}: {best} is not among {:?}",
            self.number,
            self.best_moves
        );
    }
}

/// Reads an OBF file: `<board> <side>; MOVE:+score; ...`, moves listed best first.
pub fn read_ffo(file: &str, first_number: usize) -> Vec<Ffo> {
    let text = std::fs::read_to_string(data_path(file)).unwrap();
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .enumerate()
        .map(|(i, line)| {
            let mut parts = line.split(';').map(str::trim).filter(|p| !p.is_empty());
            let pos = Othello::parse_position(&Size::Eight.into(), parts.next().unwrap()).unwrap();
            let scored: Vec<(String, i32)> = parts
                .map(|p| {
                    let (mv, score) = p.split_once(':').unwrap();
                    (mv.to_lowercase(), score.parse().unwrap())
                })
                .collect();
            let score = scored[0].1;
            let best_moves = scored
                .iter()
                .filter(|(_, s)| *s == score)
                .map(|(m, _)| m.clone())
                .collect();
            Ffo {
                number: first_number + i,
                pos,
                score,
                best_moves,
                scored,
            }
        })
        .collect()
}
