//! Knightthrough on 8×8 as Ludii plays it (the PN-MCTS paper's games, its §V; RULES.md), on
//! two 64-bit bitboards.
//!
//! # Rules (Ludii's `Knightthrough.lud`, `board/race/reach`)
//!
//! The lines followed, from the game description:
//!
//! * `(players {(player N) (player S)})`, `(board (square 8))`: the first player (here White,
//!   `W`) moves north from the bottom, the second (Black, `B`) south from the top.
//! * `(place "Knight1" (expand (sites Bottom)))`, `(place "Knight2" (expand (sites Top)))`:
//!   16 knights each on their two home rows.
//! * `(move Leap "KnightWalk" forward:True (to if:(not (is Friend (who at:(to)))) (apply
//!   (remove (to)))))`: only the four *forward* knight leaps (two rows forward and one file
//!   aside, or one row forward and two files aside), onto an empty cell or an enemy knight,
//!   which is captured.
//! * `(regions P1 (sites Top))`, `(regions P2 (sites Bottom))`, `(end (if (is In (last To)
//!   (sites Mover)) (result Mover Win)))`: a player wins as soon as one of its knights lands
//!   on the far row.
//!
//! Ludii's engine-wide rules (RULES.md) apply too: a player with no legal move passes, and
//! the pass is a real move; two passes in a row end the game as a draw. Only a player without
//! knights passes (the most advanced knight of a side always has a leap onto a cell no knight
//! of its side stands on). The description has no rule for
//! a player who has lost every knight, so that player simply passes. Ludii's draw after 1,250
//! turns per player can never fire: every move but a pass takes a knight at least one row
//! forward, a knight reaching the far row ends the game, and a pass is followed by a move or
//! ends the game, so a game has at most 2 · (16 · 6 + 1) · 2 moves; nothing is tracked for it.
//! The usual (Breakthrough-like) rules of Knightthrough are the same, so there is no variant.
//!
//! # Notation
//!
//! Cells are named as in chess: files `a`–`h` from the left, ranks `1`–`8` from White's
//! side (the bottom). A move is `from-to` (`b1-c3`; `b1c3` and `b1xc3` are accepted too), or
//! `pass`. A position is either
//!
//! * the board, rank 8 first, eight cells a rank (`W`, `B`, `-`), ranks separated by `/`
//!   (optional), then the side to move (`W` or `B`), then `passed` if the last move was a
//!   pass (which matters: a second pass would end the game); or
//! * the moves played from the start, separated by blanks: `b1-c3 g8-f6`.
//!
//! The start is `BBBBBBBB/BBBBBBBB/--------/--------/--------/--------/WWWWWWWW/WWWWWWWW W`.
//!
//! # Perft
//!
//! From the start: 40, 1,600, 63,520 (Ludii's counts in RULES.md), then 2,521,306 and
//! 99,598,454 (`tests/games/knightthrough.rs` checks depth 4, and depths 1–3 from mid-game
//! positions, against a second, naive implementation written separately on a 2-D array).
//!
//! ```
//! use pnplay::game::{Game, Outcome, Player, knightthrough::Knightthrough, perft};
//! let start = Knightthrough::start(&());
//! assert_eq!(perft::perft(&start, 2), 1_600);
//! let pos = Knightthrough::parse_position(&(), "b1-c3 g8-f6").unwrap();
//! assert_eq!(pos.format_move(pos.parse_move("c3-d5").unwrap()), "c3-d5");
//! // A white knight on the seventh rank leaps onto the eighth and wins.
//! let text = "-------B/--W-----/--------/--------/--------/--------/--------/-------- W";
//! let mut pos = Knightthrough::parse_position(&(), text).unwrap();
//! pos.play(pos.parse_move("c7-a8").unwrap());
//! assert_eq!(pos.outcome(Player::First), Some(Outcome::Win));
//! ```

pub use super::fromto::Move;
use super::family::{
    Catalogued, Example, Facts, Family, LegendEntry, Listed, Presentation,
};
use super::fromto;
use super::rows::{self, Rows, Separators};
use super::move_text;
use super::{Game, MoveList, Outcome, ParseError, Player, Turn};

/// The board text: ranks 8 to 1, files a to h, `/` between ranks optional.
const ROWS: Rows = Rows {
    separators: Separators::Optional,
    ..Rows::square(SIDE, "-WB", "W, B or -")
};

/// Cells a side; the board is `SIDE × SIDE`.
const SIDE: usize = 8;
/// The top row (Black's home, White's goal): bits 0..8, since bit `8 · r + f` is the cell of
/// row `r` from the top and file `f` from the left (the page's cell index).
const TOP_ROW: u64 = 0xff;
/// The bottom row (White's home, Black's goal).
const BOTTOM_ROW: u64 = 0xff << 56;
/// The most legal moves of any position: a target cell is reached from at most four cells,
/// and with `n` knights to move there are at most `4n` leaps onto at most `64 − n` cells, so
/// at most `4 · 32 = 128`.
pub const MAX_MOVES: usize = 128;

/// The cells a knight of `player` on cell `square` may leap to (the four forward leaps that
/// stay on the board), whatever is there.
const fn leaps(player: Player, square: usize) -> u64 {
    let (row, file) = ((square / SIDE) as i32, (square % SIDE) as i32);
    let forward = match player {
        Player::First => -1,
        Player::Second => 1,
    };
    let steps = [(2, 1), (2, -1), (1, 2), (1, -2)];
    let mut targets = 0;
    let mut i = 0;
    while i < steps.len() {
        let (r, f) = (row + forward * steps[i].0, file + steps[i].1);
        if r >= 0 && r < SIDE as i32 && f >= 0 && f < SIDE as i32 {
            targets |= 1 << (r as usize * SIDE + f as usize);
        }
        i += 1;
    }
    targets
}

const fn leap_table(player: Player) -> [u64; 64] {
    let mut table = [0; 64];
    let mut square = 0;
    while square < 64 {
        table[square] = leaps(player, square);
        square += 1;
    }
    table
}

/// `LEAPS[player][square]`: [`leaps`] for every cell.
static LEAPS: [[u64; 64]; 2] = [leap_table(Player::First), leap_table(Player::Second)];

/// A Knightthrough position: each side's knights, who moves, and whether the last move was a
/// pass. It is its own exact key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Knightthrough {
    /// Knights by owner, first player's first.
    knights: [u64; 2],
    to_move: Player,
    /// Whether the last move was a pass (a second one ends the game in a draw).
    passed: bool,
}

impl Knightthrough {
    /// The knights of `player`, bit `8 · row + file` with row 0 the top.
    #[must_use]
    pub const fn knights(&self, player: Player) -> u64 {
        self.knights[player.index()]
    }

    /// The side to move (the game may be over).
    #[must_use]
    pub const fn side_to_move(&self) -> Player {
        self.to_move
    }

    /// The row `player` wins on.
    const fn goal(player: Player) -> u64 {
        match player {
            Player::First => TOP_ROW,
            Player::Second => BOTTOM_ROW,
        }
    }

    /// The winner: the player who just moved, if a knight of theirs stands on their goal row.
    fn winner(&self) -> Option<Player> {
        let last = self.to_move.opponent();
        (self.knights(last) & Self::goal(last) != 0).then_some(last)
    }

    /// Whether the side to move has a leap.
    fn can_leap(&self) -> bool {
        let own = self.knights(self.to_move);
        let table = &LEAPS[self.to_move.index()];
        let mut rest = own;
        while rest != 0 {
            if table[rest.trailing_zeros() as usize] & !own != 0 {
                return true;
            }
            rest &= rest - 1;
        }
        false
    }

    /// Over: a win, or two passes in a row.
    fn is_over(&self) -> bool {
        self.winner().is_some() || (self.passed && !self.can_leap())
    }

    /// Parses the board form (see the module docs).
    fn parse_board(text: &str) -> Result<Knightthrough, ParseError> {
        let board = ROWS.parse(text)?;
        let mut knights = [0u64; 2];
        for (cell, &value) in board.cells.iter().enumerate() {
            if value > 0 {
                knights[usize::from(value - 1)] |= 1 << cell;
            }
        }
        let mut words = board.words.iter();
        let to_move = rows::side_to_move(
            words.next(),
            ["W", "B"],
            false,
            ("the side to move (W or B) after the board", board.end),
        )?;
        let passed = match words.next() {
            None => false,
            Some((_, "passed")) => true,
            Some(&(index, word)) => {
                return Err(ParseError::UnexpectedChar {
                    index,
                    found: word.chars().next().unwrap_or(' '),
                    expected: "the end of the position, or `passed`",
                });
            }
        };
        if let Some(&(index, word)) = words.next() {
            return Err(ParseError::UnexpectedChar {
                index,
                found: word.chars().next().unwrap_or(' '),
                expected: "the end of the position",
            });
        }
        let pos = Knightthrough {
            knights,
            to_move,
            passed,
        };
        pos.check()?;
        Ok(pos)
    }

    /// Rules a board must keep: only the player who just moved may stand on its goal row
    /// (the game ends when a knight arrives there), and a position after a pass must have
    /// the passer unable to leap.
    fn check(&self) -> Result<(), ParseError> {
        let mover = self.to_move;
        if self.knights(mover) & Self::goal(mover) != 0 {
            return Err(ParseError::InvalidPosition {
                reason: format!(
                    "{} to move has a knight on its goal row: the game would already be over",
                    if mover == Player::First { "W" } else { "B" }
                ),
            });
        }
        let passer = Knightthrough {
            to_move: mover.opponent(),
            passed: false,
            ..*self
        };
        if self.passed && (self.winner().is_some() || passer.can_leap()) {
            return Err(ParseError::InvalidPosition {
                reason: "`passed`, but the side that passed had a leap".to_string(),
            });
        }
        Ok(())
    }

}

impl Game for Knightthrough {
    type List<T: super::ListItem> = arrayvec::ArrayVec<T, MAX_MOVES>;
    type Move = Move;
    /// The position itself (two bitboards, side to move, the pass flag): exact.
    type Key = Knightthrough;
    /// One board, no variants.
    type Variant = ();

    fn start(_: &()) -> Self {
        Knightthrough {
            knights: [0xffff << 48, 0xffff],
            to_move: Player::First,
            passed: false,
        }
    }

    fn variant(&self) {}

    fn turn(&self) -> Turn {
        Turn::unless_over(self.is_over(), self.to_move)
    }

    /// Leaps by the knight's cell (row-major from the top left), then in the fixed order of
    /// its targets; the pass alone when there is none.
    fn legal_moves(&self, out: &mut MoveList<Self>) {
        out.clear();
        if self.winner().is_some() {
            return;
        }
        let own = self.knights(self.to_move);
        let table = &LEAPS[self.to_move.index()];
        let mut rest = own;
        while rest != 0 {
            let from = rest.trailing_zeros();
            rest &= rest - 1;
            let mut targets = table[from as usize] & !own;
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                out.push(Move::new(from as u8, to as u8));
            }
        }
        if out.is_empty() && !self.passed {
            out.push(Move::PASS);
        }
    }

    fn play(&mut self, mv: Move) {
        let mover = self.to_move.index();
        self.passed = mv.is_pass();
        if let Some((from, to)) = mv.cells() {
            let (from, to) = (1u64 << from, 1u64 << to);
            self.knights[mover] ^= from | to;
            self.knights[1 - mover] &= !to;
        }
        self.to_move = self.to_move.opponent();
    }

    fn outcome(&self, player: Player) -> Option<Outcome> {
        Outcome::for_player(self.winner(), self.is_over(), player)
    }

    fn key(&self) -> Knightthrough {
        *self
    }

    fn parse_position(_: &(), text: &str) -> Result<Self, ParseError> {
        let mut chars = text.trim_start().chars();
        match (chars.next(), chars.next()) {
            (Some('W' | 'B' | '-'), second) if !second.is_some_and(|c| c.is_ascii_digit()) => {
                Self::parse_board(text)
            }
            _ => move_text::play_words(Self::start(&()), text.split_whitespace(), |word| {
                fromto::parse_word(word, SIDE)
            }),
        }
    }

    fn format_position(&self) -> String {
        let mut text = ROWS.format(|cell| {
            let bit = 1u64 << cell;
            if self.knights[0] & bit != 0 {
                1
            } else if self.knights[1] & bit != 0 {
                2
            } else {
                0
            }
        });
        text.push_str(match self.to_move {
            Player::First => " W",
            Player::Second => " B",
        });
        if self.passed {
            text.push_str(" passed");
        }
        text
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        move_text::read_one(self, text, |word| fromto::parse_word(word, SIDE))
    }

    fn format_move(&self, mv: Move) -> String {
        fromto::format(mv, SIDE)
    }
}

impl super::board::Board for Knightthrough {
    fn rows(&self) -> usize {
        SIDE
    }

    fn cols(&self) -> usize {
        SIDE
    }

    fn cell(&self, index: usize) -> super::board::Cell {
        let bit = 1u64 << (index % 64);
        super::board::Cell::owned_where(|player| self.knights[player.index()] & bit != 0)
    }

    fn move_cells(&self, mv: Move) -> super::board::MoveCells {
        super::fromto::move_cells(mv, 8)
    }

    /// Empty → W → B → empty; `None` where the result breaks a rule (a knight of the side to
    /// move on its goal row).
    fn cycle_cell(&self, index: usize) -> Option<Self> {
        if index >= 64 {
            return None;
        }
        let bit = 1u64 << index;
        let mut next = Knightthrough {
            passed: false,
            ..*self
        };
        if next.knights[0] & bit != 0 {
            next.knights[0] &= !bit;
            next.knights[1] |= bit;
        } else if next.knights[1] & bit != 0 {
            next.knights[1] &= !bit;
        } else {
            next.knights[0] |= bit;
        }
        next.check().is_ok().then_some(next)
    }

    fn toggle_turn(&self) -> Option<Self> {
        let next = Knightthrough {
            to_move: self.to_move.opponent(),
            passed: false,
            ..*self
        };
        next.check().is_ok().then_some(next)
    }
}

impl super::knowledge::Knowledge for Knightthrough {
    type Ordering = ForwardFirst;
}

/// Knightthrough's move ordering for the exact searches: a leap onto the far row (a win)
/// first, then the others by how far forward they land, a capture counting as eight rows
/// more; ties in the game's order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ForwardFirst;

impl super::knowledge::MoveOrdering<Knightthrough> for ForwardFirst {
    fn score_moves(&mut self, pos: &Knightthrough, moves: &[Move], scores: &mut [i32]) {
        let theirs = pos.knights[pos.to_move.opponent().index()];
        for (mv, score) in moves.iter().zip(scores.iter_mut()) {
            let Some((_, to)) = mv.cells() else { continue };
            let row = (to / 8) as i32;
            let forward = if pos.to_move == Player::First { 7 - row } else { row };
            let capture = theirs >> to & 1 != 0;
            *score = if forward == 7 { 100 } else { forward + 8 * i32::from(capture) };
        }
    }
}

impl Catalogued for Knightthrough {
    const FAMILY: Family = Family {
        id: "knightthrough",
        title: "Knightthrough",
        grammar: "knightthrough",
        listed: &[Listed::new("knightthrough", "Knightthrough 8×8", &[8, 16, 24, 32, 40])],
        facts: Facts::two_player(MAX_MOVES),
        presentation: Presentation {
            players: &["White (W, moves up)", "Black (B, moves down)"],
            legend: &LegendEntry::sides("white knight", "black knight"),
            board: "knights",
            notation: "8 ranks of W, B, - (rank 8 first, / between) and the side to move, \
                       or moves like b1-c3 g8-f6",
            ..Presentation::CHESSBOARD
        },
        examples: &[Example {
            name: "Endgame: White wins in 2 moves",
            game: "knightthrough",
            text: "--------/--------/-B------/--------/--B--W--/--------/--------/-------- W",
            source: "Constructed for the proof-number searches: White's knight on f4 \
                     reaches rank 8 in two leaps (f4-e6 or f4-g6, then rank 8), one move before \
                     Black's c4 knight reaches rank 1, and Black's knights only leap down",
        }],
    };
}
