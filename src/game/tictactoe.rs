//! Tic-tac-toe on 3×3: the smallest game, used to check every search against a full solve.
//!
//! Notation (SPEC.md §2): cells are digits `1`..`9`, row-major from the top left; a
//! position is the digits played from the empty board, first player (`X`) first. The
//! empty board is the empty string.
//!
//! ```
//! use pnplay::game::{Game, Outcome, Player, tictactoe::TicTacToe};
//! let pos = TicTacToe::parse_position(&(), "15293").unwrap(); // X takes 1, 2 and 3
//! assert_eq!(pos.outcome(Player::First), Some(Outcome::Win));
//! assert!(TicTacToe::parse_position(&(), "11").is_err());
//! ```

use super::family::{Catalogued, Example, Facts, Family, LegendEntry, Listed, Presentation};
use super::knowledge::{Knowledge, NoOrdering};
use super::move_text;
use super::{Game, MoveList, Outcome, ParseError, Player, Turn};

/// The eight lines of three, as bit masks over cells 0..9.
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];
const FULL: u16 = 0b111_111_111;

/// A tic-tac-toe position: one bit mask per player plus the moves played, in order, so the
/// position text (a move list) can be written back exactly.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    cells: [u16; 2],
    history: arrayvec::ArrayVec<u8, 9>,
}

impl TicTacToe {
    fn to_move(&self) -> Player {
        if self.history.len() % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn has_line(mask: u16) -> bool {
        LINES.into_iter().any(|line| mask & line == line)
    }

    fn winner(&self) -> Option<Player> {
        if Self::has_line(self.cells[0]) {
            Some(Player::First)
        } else if Self::has_line(self.cells[1]) {
            Some(Player::Second)
        } else {
            None
        }
    }

    fn is_over(&self) -> bool {
        self.winner().is_some() || (self.cells[0] | self.cells[1]) == FULL
    }

    fn cell_from_char(c: char) -> Option<u8> {
        c.to_digit(10)
            .filter(|d| (1..=9).contains(d))
            .map(|d| d as u8 - 1)
    }
}

impl Game for TicTacToe {
    /// At most 9 moves: one move per cell.
    type List<T: super::ListItem> = arrayvec::ArrayVec<T, 9>;
    /// A cell 0..9, row-major from the top left.
    type Move = u8;
    /// Both players' cells packed: first player in bits 0..9, second in bits 9..18.
    type Key = u32;
    type Variant = ();

    fn start(_: &()) -> Self {
        TicTacToe {
            cells: [0, 0],
            history: arrayvec::ArrayVec::new(),
        }
    }

    fn variant(&self) {}

    fn turn(&self) -> Turn {
        Turn::unless_over(self.is_over(), self.to_move())
    }

    fn legal_moves(&self, out: &mut MoveList<Self>) {
        super::moves_unless_over(self, out, |out| {
            let empty = !(self.cells[0] | self.cells[1]) & FULL;
            out.extend((0..9).filter(|&c| empty & (1 << c) != 0));
        });
    }

    fn play(&mut self, mv: u8) {
        let side = self.to_move().index();
        self.cells[side] |= 1 << mv;
        self.history.push(mv);
    }

    fn outcome(&self, player: Player) -> Option<Outcome> {
        Outcome::for_player(self.winner(), self.is_over(), player)
    }

    fn key(&self) -> u32 {
        u32::from(self.cells[0]) | (u32::from(self.cells[1]) << 9)
    }

    fn parse_position(_: &(), text: &str) -> Result<Self, ParseError> {
        let cells = text.trim().chars().map(String::from);
        move_text::play_words(Self::start(&()), cells, |word| {
            move_text::single_char(word).and_then(Self::cell_from_char)
        })
    }

    fn format_position(&self) -> String {
        self.history.iter().map(|&c| self.format_move(c)).collect()
    }

    fn parse_move(&self, text: &str) -> Result<u8, ParseError> {
        move_text::read_one(self, text, |word| {
            move_text::single_char(word).and_then(Self::cell_from_char)
        })
    }

    fn format_move(&self, mv: u8) -> String {
        char::from(b'1' + mv).to_string()
    }
}

impl super::board::Board for TicTacToe {
    fn rows(&self) -> usize {
        3
    }

    fn cols(&self) -> usize {
        3
    }

    fn cell(&self, index: usize) -> super::board::Cell {
        let bit = 1 << index;
        super::board::Cell::owned_where(|player| self.cells[player.index()] & bit != 0)
    }

    fn move_cells(&self, mv: u8) -> super::board::MoveCells {
        super::board::MoveCells::at(usize::from(mv))
    }
}

impl Knowledge for TicTacToe {
    type Ordering = NoOrdering;
}

impl Catalogued for TicTacToe {
    const FAMILY: Family = Family {
        id: "tictactoe",
        title: "Tic-tac-toe",
        grammar: "tictactoe",
        listed: &[Listed::new("tictactoe", "Tic-tac-toe", &[1, 2, 4, 6])],
        facts: Facts::two_player(9),
        presentation: Presentation {
            players: &["X", "O"],
            legend: &LegendEntry::sides("X", "O"),
            board: "marks",
            notation: "the cells played, 1-9 row by row, like 159",
            ..Presentation::BOARD
        },
        examples: &[Example {
            name: "A fork: O to move cannot stop both threats",
            game: "tictactoe",
            text: "15937",
            source: "made for this page: X holds 1, 7 and 9 and threatens 4 and 8; \
                     every search shows the first player (X) wins",
        }],
    };
}
