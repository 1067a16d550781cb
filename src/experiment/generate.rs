//! Where an experiment's positions come from: random play from the start, a positions file,
//! or the openings chance deals.
//!
//! **Random positions** ([`random_position`], [`random_positions`]) follow SPEC.md §9: from
//! the start position, play exactly `moves` moves, each uniformly random among the legal
//! moves at a player's turn (a forced pass is the one legal move, so it is played and
//! counts as one of the `moves`; every game reaches us with the pass as an ordinary move) and
//! drawn by its probability at a chance node (a 2048 spawn, also counted). If the game ends
//! before or at the last move, the whole sequence is discarded and a new one is drawn from
//! the *same* generator stream (as the Connect Four reference data in `data/connect4` was
//! made), so every position has exactly `moves` moves behind it and is not over.
//!
//! Position `i` of a stage of `m` moves uses its own generator, seeded by
//! [`derive_seed`]`(seed, [m, i])`, so a position depends only on (seed, m, i): not on the
//! number of threads, not on the other positions, and the same on native and wasm builds
//! (the generator is our own [`Rng`]; no hash-map order is involved anywhere).
//!
//! **Positions files** ([`read_positions`]): one position per line in the game's position
//! notation (SPEC.md §2: Othello OBF or a move list, Connect Four column digits, …), with an
//! optional annotation after it (the FFO files' `; G8:+18; …`, the Connect Four data's
//! `4453 3` score column). Blank lines and lines starting with `#` are skipped. A line is
//! read as the first of these that parses: the whole line, the text before its first `;`,
//! its first whitespace-separated word. A line that parses in none of these ways, or whose
//! game is already over, is an error naming the line.
//!
//! **Chance openings** ([`chance_openings`]): the distinct positions where a player first
//! acts, after every sequence of chance outcomes from the start (2048's two opening spawns):
//! all of them, or only those reached through the most likely outcome at every chance node
//! (for 2048: two 2-tiles, the dissertation's six 2×2 starts).
//!
//! ```
//! use pnplay::experiment::generate::{random_positions, chance_openings};
//! let spec = "othello".parse().unwrap();
//! let a = random_positions(&spec, 20, 3, 1).unwrap();
//! assert_eq!(a, random_positions(&spec, 20, 3, 1).unwrap());
//! assert_eq!(a.len(), 3);
//! let spec = "2048:2x2".parse().unwrap();
//! assert_eq!(chance_openings(&spec, true).unwrap().len(), 6);
//! assert_eq!(chance_openings(&spec, false).unwrap().len(), 24);
//! ```

use std::collections::HashSet;

use super::derive_seed;
use crate::engine::GameSpec;
use crate::error::Error;
use crate::game::any::{AnyPosition, Visit};
use crate::game::catalogue::Catalogued;
use crate::game::{Game, MoveList, ParseError, Rng, Turn, pick_by_probability};

/// Attempts [`random_position`] makes before giving up: a game that ends this often before
/// `moves` moves cannot give such positions in practice.
pub const MAX_ATTEMPTS: u32 = 100_000;

/// A position after exactly `moves` random moves from the start of `variant` whose game is
/// not over, drawing every choice from `rng` (see the module documentation). An error if
/// [`MAX_ATTEMPTS`] sequences in a row end the game.
pub fn random_position<G: Game>(
    variant: &G::Variant,
    moves: u32,
    rng: &mut Rng,
) -> Result<G, Error> {
    let mut legal = MoveList::<G>::default();
    'attempt: for _ in 0..MAX_ATTEMPTS {
        let mut pos = G::start(variant);
        for _ in 0..moves {
            let turn = pos.turn();
            if turn == Turn::Over {
                continue 'attempt;
            }
            pos.legal_moves(&mut legal);
            let mv = if turn == Turn::Chance {
                pick_by_probability(&pos, &legal, rng)
            } else {
                legal[rng.below(legal.len() as u32) as usize]
            };
            pos.play(mv);
        }
        if pos.turn() != Turn::Over {
            return Ok(pos);
        }
    }
    Err(Error::BadParameter {
        name: "stages".to_string(),
        message: format!(
            "no game lasted more than {moves} random moves in {MAX_ATTEMPTS} attempts"
        ),
    })
}

/// `count` random positions of `moves` moves (see the module documentation), in the game's
/// canonical notation; position `i` is seeded by `derive_seed(seed, [moves, i])`.
pub fn random_positions(
    spec: &GameSpec,
    moves: u32,
    count: usize,
    seed: u64,
) -> Result<Vec<String>, Error> {
    struct RandomPositions {
        moves: u32,
        count: usize,
        seed: u64,
    }
    impl Visit for RandomPositions {
        type Output = Result<Vec<String>, Error>;
        fn visit<G: Catalogued>(self, start: &G) -> Self::Output {
            let variant = start.variant();
            (0..self.count)
                .map(|index| {
                    let seed = derive_seed(self.seed, &[u64::from(self.moves), index as u64]);
                    random_position::<G>(&variant, self.moves, &mut Rng::new(seed))
                        .map(|pos| pos.format_position())
                })
                .collect()
        }
    }
    AnyPosition::start(spec)?.visit(RandomPositions { moves, count, seed })
}

/// The positions of a positions file (see the module documentation), in canonical notation,
/// in file order. Errors name the line (counted from 1).
pub fn read_positions(spec: &GameSpec, text: &str) -> Result<Vec<String>, Error> {
    struct ReadPositions<'a> {
        text: &'a str,
    }
    impl Visit for ReadPositions<'_> {
        type Output = Result<Vec<String>, Error>;
        fn visit<G: Catalogued>(self, start: &G) -> Self::Output {
            let variant = start.variant();
            let mut positions = Vec::new();
            for (number, line) in self.text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let pos: G = parse_line(&variant, line)
                    .map_err(|e| Error::position(e).at(format!("line {}", number + 1)))?;
                if pos.turn() == Turn::Over {
                    return Err(Error::GameOver.at(format!("line {}", number + 1)));
                }
                positions.push(pos.format_position());
            }
            Ok(positions)
        }
    }
    AnyPosition::start(spec)?.visit(ReadPositions { text })
}

/// One positions-file line: the whole line, else before its first `;`, else its first word.
/// The error is the whole line's.
fn parse_line<G: Game>(variant: &G::Variant, line: &str) -> Result<G, ParseError> {
    let whole = G::parse_position(variant, line);
    let mut fallbacks = [
        line.split_once(';').map(|(before, _)| before.trim()),
        line.split_whitespace().next(),
    ]
    .into_iter()
    .flatten();
    match whole {
        Ok(pos) => Ok(pos),
        Err(error) => fallbacks
            .find_map(|text| G::parse_position(variant, text).ok())
            .ok_or(error),
    }
}

/// The distinct positions where a player first acts after chance's opening outcomes (all of
/// them, or only through the most likely outcome at each chance node), in canonical notation
/// and in the order a depth-first walk in move order first meets them. The start itself if a
/// player acts there.
///
/// # Errors
/// [`Error::Elsewhere`]: this build leaves the game out.
pub fn chance_openings(spec: &GameSpec, most_likely_only: bool) -> Result<Vec<String>, Error> {
    struct ChanceOpenings {
        most_likely_only: bool,
    }
    impl Visit for ChanceOpenings {
        type Output = Vec<String>;
        fn visit<G: Catalogued>(self, start: &G) -> Vec<String> {
            let mut found = Vec::new();
            let mut seen = HashSet::new();
            collect_openings(start, self.most_likely_only, &mut seen, &mut found);
            found
        }
    }
    Ok(AnyPosition::start(spec)?.visit(ChanceOpenings { most_likely_only }))
}

fn collect_openings<G: Game>(
    pos: &G,
    most_likely_only: bool,
    seen: &mut HashSet<G::Key>,
    found: &mut Vec<String>,
) {
    if pos.turn() != Turn::Chance {
        if seen.insert(pos.key()) {
            found.push(pos.format_position());
        }
        return;
    }
    let mut moves = MoveList::<G>::default();
    pos.legal_moves(&mut moves);
    let likeliest = moves
        .iter()
        .map(|&mv| pos.chance_probability(mv))
        .fold(0.0, f64::max);
    for &mv in moves.iter() {
        if most_likely_only && pos.chance_probability(mv) < likeliest * (1.0 - 1e-9) {
            continue;
        }
        let mut child = pos.clone();
        child.play(mv);
        collect_openings(&child, most_likely_only, seen, found);
    }
}
