//! The search × game × limits target: each input's bytes choose (as `arbitrary` would) a search
//! of the catalogue, a game, a position reached by random moves, a node limit of at most
//! [`MAX_NODES`] and a time limit of at most [`MAX_SECONDS`]; the search must end within its
//! limits with a verdict or `out`, or be refused up front with a message.

use std::time::Instant;

use pnplay::engine::GameSpec;
use pnplay::game::{Game, MoveList, Rng, Turn};
use pnplay::search::catalogue::SEARCHES;
use pnplay::search::params::Params;
use pnplay::search::{Goal, Limits};
use pnplay::with_game;

use crate::driver::Verdict;
use crate::texts::all_names;

/// The largest node limit drawn.
pub const MAX_NODES: u64 = 3_000;
/// The memory limit of every case (the catalogue test uses the same).
pub const MAX_BYTES: u64 = 64 << 20;
/// The longest time limit drawn, in seconds.
pub const MAX_SECONDS: f64 = 0.2;
/// How far past its time limit a search may end: 1.5 times the limit plus this (for a
/// machine shared with other builds).
pub const SLACK_SECONDS: f64 = 0.25;

/// The input's bytes read one by one as choices; 0 once they run out.
struct Choices<'a>(std::slice::Iter<'a, u8>);

impl Choices<'_> {
    fn byte(&mut self) -> u32 {
        u32::from(self.0.next().copied().unwrap_or(0))
    }

    fn below(&mut self, n: usize) -> usize {
        let wide = self.byte() << 8 | self.byte();
        wide as usize % n
    }
}

/// One case: what the input chose.
#[derive(Debug)]
pub struct Case {
    search: &'static str,
    game: &'static str,
    pos: String,
    limits: Limits,
    seed: u64,
    goal: Goal,
}

/// The case an input chooses.
pub fn case(input: &[u8]) -> Case {
    let mut choices = Choices(input.iter());
    let names = all_names();
    let search = SEARCHES[choices.below(SEARCHES.len())].id;
    let game = names[choices.below(names.len())];
    let plies = choices.below(24);
    let mut rng = Rng::new(u64::from(choices.byte()));
    let spec: GameSpec = game.parse().unwrap();
    let pos = with_game!(spec, G, variant => before_the_end::<G>(variant, plies, &mut rng));
    let nodes = 1 + choices.below(MAX_NODES as usize) as u64;
    let seconds = MAX_SECONDS * (1 + choices.below(20)) as f64 / 20.0;
    Case {
        search,
        game,
        pos,
        limits: Limits {
            max_nodes: Some(nodes),
            max_seconds: Some(seconds),
            max_bytes: Some(MAX_BYTES),
            max_iterations: None,
        },
        seed: u64::from(choices.byte()),
        goal: if choices.byte() % 2 == 0 {
            Goal::Win
        } else {
            Goal::NotLose
        },
    }
}

/// The stack each case runs on (a thread's default, 2 MB, overflowed in one case; the
/// CLI's main thread has 8 MB).
const STACK_BYTES: usize = 8 << 20;

/// How long a case may run before the target gives up on it as hung: it is abandoned (the
/// thread is left running until the test ends) and reported.
const HUNG_FACTOR: f64 = 10.0;

/// The text of a position `plies` random moves from the start, stopping one move before the
/// end (a finished game is refused, not searched).
fn before_the_end<G: Game>(variant: &G::Variant, plies: usize, rng: &mut Rng) -> String {
    let mut pos = G::start(variant);
    let mut moves = MoveList::<G>::default();
    for _ in 0..plies {
        pos.legal_moves(&mut moves);
        let mut next = pos.clone();
        next.play(match pos.turn() {
            Turn::Over => break,
            Turn::Chance => pnplay::game::pick_by_probability(&pos, &moves, rng),
            Turn::Player(_) => moves[rng.below(moves.len() as u32) as usize],
        });
        if next.turn() == Turn::Over {
            break;
        }
        pos = next;
    }
    pos.format_position()
}

/// Runs the case in a thread: refused with a message, or ended within its limits.
pub fn check_search(input: &[u8]) -> Result<Verdict, String> {
    let case = case(input);
    let (max_nodes, max_seconds) = (
        case.limits.max_nodes.unwrap(),
        case.limits.max_seconds.unwrap(),
    );
    let allowed = 1.5 * max_seconds + SLACK_SECONDS;
    let (send, receive) = std::sync::mpsc::channel();
    let (search, game, pos, limits, seed, goal) = (
        case.search,
        case.game,
        case.pos.clone(),
        case.limits,
        case.seed,
        case.goal,
    );
    // The stack of a command line's main thread: depth-first searches recurse as deep as the
    // game is long.
    let builder = std::thread::Builder::new().stack_size(STACK_BYTES);
    let spawned = builder.spawn(move || {
        let spec: GameSpec = game.parse().unwrap();
        let params = Params::default()
            .with_seed(seed)
            .with_goal(goal)
            .with_limits(limits);
        let started = Instant::now();
        let ended = pnplay::engine::start(&spec, &pos, search, &params).map(|mut session| {
            let verdict = session.run();
            let nodes = session.info().nodes(&session.stats());
            (verdict, nodes, started.elapsed().as_secs_f64())
        });
        // The receiver is gone if the case was given up as hung.
        let _ = send.send(ended.map_err(|e| e.to_string()));
    });
    spawned.map_err(|e| format!("cannot start a thread: {e}"))?;
    let ended = receive
        .recv_timeout(std::time::Duration::from_secs_f64(HUNG_FACTOR * allowed))
        .map_err(|_| {
            format!(
                "{case:?}: still running after {:.1} s",
                HUNG_FACTOR * allowed
            )
        })?;
    let (verdict, nodes, wall) = match ended {
        Ok(ended) => ended,
        Err(message) => return Ok(Verdict::Refused(message)),
    };
    if wall > allowed {
        return Err(format!(
            "{case:?}: {verdict} after {wall:.3} s (allowed {allowed:.3} s)"
        ));
    }
    if nodes > max_nodes {
        return Err(format!(
            "{case:?}: {verdict} with {nodes} nodes (limit {max_nodes})"
        ));
    }
    Ok(Verdict::Accepted)
}

/// Random bytes: a random case.
pub fn generate_search(rng: &mut Rng) -> Vec<u8> {
    (0..12).map(|_| rng.below(256) as u8).collect()
}
