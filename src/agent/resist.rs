//! The longest-resisting move of a lost position: what an agent plays once its exact search
//! has proved that it loses whatever it does (the agent's `goal=not-lose` question
//! disproved). Any move loses against perfect play, so the proof names none; the agent then
//! plays the move after which the opponent needs the **most plies** to force its win, so
//! that an imperfect opponent has the most chances to go wrong (the usual "longest
//! resistance" of endgame play, e.g. the longest distance to mate of chess tablebases).
//!
//! The distance is found by iterative deepening on a plain AND/OR search with a ply limit:
//! for `d = 0, 1, 2, …`, which moves still avoid a forced win of the opponent within `d`
//! plies after them? When none does, the moves that survived `d − 1` are the longest
//! resisting: each makes the opponent need exactly `d` plies. The search counts the positions
//! it visits and stops at [`RESIST_POSITIONS`] (a count, so the choice is the same on every
//! machine); stopped early, it keeps the moves that survived the deepest finished test
//! (those it already cleared at the test under way, if any). Two-player games without chance
//! only (the agent never calls it otherwise).
//!
//! ```
//! use pnplay::agent::resist::longest_resisting;
//! use pnplay::game::{Game, tictactoe::TicTacToe};
//! // X has 1 and 5, O has 2; O to move is lost: X threatens 1-5-9, and after O blocks at
//! // 9, X forks with 4 (or 7). Any other move loses at once (X plays 9: 1 ply); the block
//! // makes X need 3 plies.
//! let pos = TicTacToe::parse_position(&(), "125").unwrap();
//! let (mv, plies) = longest_resisting(&pos, &[]).unwrap();
//! assert_eq!((pos.format_move(mv).as_str(), plies), ("9", 3));
//! ```

use crate::game::{Game, MoveList, Outcome, Player, Turn};

/// Most positions one longest-resistance search visits.
pub const RESIST_POSITIONS: u64 = 1_000_000;

/// Whether `winner` forces a win within `plies` plies from `pos` (`None`: the position
/// budget ran out). The other player's moves are all tried; `winner`'s need one that works.
fn forces_win<G: Game>(pos: &G, winner: Player, plies: u32, budget: &mut u64) -> Option<bool> {
    if let Some(outcome) = pos.outcome(winner) {
        return Some(outcome == Outcome::Win);
    }
    if plies == 0 {
        return Some(false);
    }
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    let Turn::Player(mover) = pos.turn() else {
        return Some(false);
    };
    let mut moves = MoveList::<G>::default();
    pos.legal_moves(&mut moves);
    let wins_for_winner = mover == winner;
    for &mv in moves.iter() {
        let mut child = pos.clone();
        child.play(mv);
        let forced = forces_win(&child, winner, plies - 1, budget)?;
        if forced == wins_for_winner {
            // The winner found a winning move, or the defender an escape.
            return Some(forced);
        }
    }
    Some(!wins_for_winner)
}

/// The longest-resisting move of `pos` (a player to move, believed lost) and the number of
/// plies after it within which the opponent can force its win (as far as the search got:
/// at least that many). Among equally long resisters, the first of `preferred` that is one
/// (the search's own favourite), else the first in move order. `None` if `pos` has no move
/// for a player.
#[must_use]
pub fn longest_resisting<G: Game>(pos: &G, preferred: &[G::Move]) -> Option<(G::Move, u32)> {
    let Turn::Player(defender) = pos.turn() else {
        return None;
    };
    let winner = defender.opponent();
    let children = pos.children();
    // The indices of the moves that survived every test so far, and the deepest test they all
    // passed (`None`: not even the test of 0 plies, i.e. whether the move itself loses).
    let mut alive: Vec<usize> = (0..children.len()).collect();
    let mut passed: Option<u32> = None;
    let mut budget = RESIST_POSITIONS;
    let mut plies = 0;
    let survivors = loop {
        let mut cleared = Vec::new();
        let mut stopped = false;
        for &i in &alive {
            match forces_win(&children[i].1, winner, plies, &mut budget) {
                Some(false) => cleared.push(i),
                Some(true) => {}
                None => {
                    stopped = true;
                    break;
                }
            }
        }
        if stopped {
            if !cleared.is_empty() {
                passed = Some(plies);
                alive = cleared;
            }
            break alive;
        }
        if cleared.is_empty() {
            break alive;
        }
        passed = Some(plies);
        alive = cleared;
        plies += 1;
    };
    let pick = preferred
        .iter()
        .find_map(|mv| survivors.iter().find(|&&i| children[i].0 == *mv))
        .or_else(|| survivors.first())
        .copied()?;
    Some((children[pick].0, passed.map_or(0, |p| p + 1)))
}
