//! Subtraction Nim: one heap of `n` stones; a move takes 1 to `k` of them, and the player who
//! takes the last stone wins. The book's worked example of adding a game
//! (`docs/src/adding-a-game.md`): this file and one line of the catalogue.
//!
//! Its theory is a closed form (Berlekamp, Conway and Guy, *Winning Ways*, ch. 4, subtraction
//! games; Bouton's analysis for one heap): the player to move loses exactly when the heap is a
//! multiple of `k + 1`, since any take from such a heap leaves a non-multiple, and from a
//! non-multiple taking the remainder leaves a multiple. The tests check every search against it.
//!
//! Names: `nim` (21 stones, take 1–3), `nim:N` (N stones, take 1–3), `nim:N:K` (N from 1 to
//! 1000, K from 1 to 9). Notation: the takes played from the start, one digit each, first
//! player first; the start is the empty string (`312`: the first player took 3, the second
//! 1, the first 2).
//!
//! ```
//! use pnplay::game::{Game, Outcome, Player, nim::{Nim, NimRules}};
//! let rules = NimRules { heap: 5, take: 3 };
//! let pos = Nim::parse_position(&rules, "23").unwrap(); // 2 and 3 taken: the second player took the last
//! assert_eq!(pos.outcome(Player::Second), Some(Outcome::Win));
//! assert!(Nim::parse_position(&rules, "4").is_err()); // at most 3 at a time
//! ```

use super::family::{Catalogued, Facts, Family, LegendEntry, Listed, MoveStyle, Presentation};
use super::knowledge::{Knowledge, NoOrdering};
use super::move_text;
use super::{Game, MoveList, Outcome, ParseError, Player, Turn};

/// The most stones a heap may start with.
pub const MAX_HEAP: u16 = 1000;

/// A variant: the heap's size at the start and the most stones one move takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NimRules {
    /// Stones at the start, 1 to [`MAX_HEAP`].
    pub heap: u16,
    /// The most stones one move takes, 1 to 9.
    pub take: u8,
}

impl Default for NimRules {
    /// 21 stones, take 1 to 3: the classic "21 game".
    fn default() -> Self {
        NimRules { heap: 21, take: 3 }
    }
}

impl std::str::FromStr for NimRules {
    type Err = ParseError;

    /// `N` or `N:K` (the part of a name after `nim:`).
    fn from_str(text: &str) -> Result<NimRules, ParseError> {
        let unknown = || ParseError::UnknownGame {
            name: format!("nim:{text}"),
        };
        let mut parts = text.split(':');
        let heap: u16 = parts.next().and_then(|n| n.parse().ok()).ok_or_else(unknown)?;
        let take: u8 = match parts.next() {
            None => NimRules::default().take,
            Some(k) => k.parse().map_err(|_| unknown())?,
        };
        if parts.next().is_some() || !(1..=MAX_HEAP).contains(&heap) || !(1..=9).contains(&take) {
            return Err(unknown());
        }
        Ok(NimRules { heap, take })
    }
}

/// A position: the rules, the stones left and the takes played (the position text).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    rules: NimRules,
    left: u16,
    takes: Vec<u8>,
}

impl Nim {
    fn to_move(&self) -> Player {
        if self.takes.len() % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The stones left on the heap.
    #[must_use]
    pub fn left(&self) -> u16 {
        self.left
    }
}

impl Game for Nim {
    /// At most 9 moves: take 1 to 9.
    type List<T: super::ListItem> = arrayvec::ArrayVec<T, 9>;
    /// The stones taken.
    type Move = u8;
    /// The stones left, and who moves in the lowest bit.
    type Key = u32;
    type Variant = NimRules;

    fn start(rules: &NimRules) -> Self {
        Nim {
            rules: *rules,
            left: rules.heap,
            takes: Vec::new(),
        }
    }

    fn variant(&self) -> NimRules {
        self.rules
    }

    fn turn(&self) -> Turn {
        Turn::unless_over(self.left == 0, self.to_move())
    }

    fn legal_moves(&self, out: &mut MoveList<Self>) {
        out.clear();
        let most = u16::from(self.rules.take).min(self.left) as u8;
        out.extend(1..=most);
    }

    fn play(&mut self, take: u8) {
        self.left -= u16::from(take);
        self.takes.push(take);
    }

    fn outcome(&self, player: Player) -> Option<Outcome> {
        // Whoever took the last stone, the player not to move, won.
        let over = self.left == 0;
        Outcome::for_player(over.then(|| self.to_move().opponent()), over, player)
    }

    fn key(&self) -> u32 {
        (u32::from(self.left) << 1) | self.to_move().index() as u32
    }

    fn parse_position(rules: &NimRules, text: &str) -> Result<Self, ParseError> {
        let takes = text.trim().chars().map(String::from);
        move_text::play_words(Self::start(rules), takes, |word| {
            let take = move_text::single_char(word)?.to_digit(10)?;
            (take >= 1).then_some(take as u8)
        })
    }

    fn format_position(&self) -> String {
        self.takes.iter().map(|&t| self.format_move(t)).collect()
    }

    fn parse_move(&self, text: &str) -> Result<u8, ParseError> {
        move_text::read_one(self, text, |word| word.parse().ok())
    }

    fn format_move(&self, take: u8) -> String {
        take.to_string()
    }
}

impl super::board::Board for Nim {
    fn rows(&self) -> usize {
        1
    }

    fn cols(&self) -> usize {
        1
    }

    /// The heap, drawn as one pit with the stones left in it, held by the player to move, or
    /// once it is empty by the winner (who took the last stone).
    fn cell(&self, _: usize) -> super::board::Cell {
        let holder = if self.left == 0 {
            self.to_move().opponent()
        } else {
            self.to_move()
        };
        super::board::Cell {
            owner: Some(holder),
            piece: 1,
            count: u32::from(self.left),
        }
    }

    /// A take has no cell: the page shows the takes as buttons.
    fn move_cells(&self, _: u8) -> super::board::MoveCells {
        super::board::MoveCells::default()
    }
}

impl Knowledge for Nim {
    type Ordering = NoOrdering;
}

impl Catalogued for Nim {
    const FAMILY: Family = Family {
        id: "nim",
        title: "Subtraction Nim",
        grammar: "nim[:N][:K]",
        listed: &[Listed::new(
            "nim",
            "Subtraction Nim (21 stones, take 1-3)",
            &[1, 4, 8, 12],
        )],
        facts: Facts {
            values: "+1 win, -1 loss (whoever takes the last stone wins)",
            ..Facts::two_player(9)
        },
        presentation: Presentation {
            players: &["First", "Second"],
            legend: &LegendEntry::sides(
                "the heap, First to move (or won)",
                "the heap, Second to move (or won)",
            ),
            board: "pits",
            moves: MoveStyle::Button,
            notation: "the takes played, one digit each, like 312",
            ..Presentation::BOARD
        },
        examples: &[],
    };

    fn parse_name(name: &str) -> Option<Result<NimRules, ParseError>> {
        match name {
            "nim" => Some(Ok(NimRules::default())),
            _ => name.strip_prefix("nim:").map(str::parse),
        }
    }

    fn name(rules: &NimRules) -> String {
        let default = NimRules::default();
        if *rules == default {
            "nim".to_string()
        } else if rules.take == default.take {
            format!("nim:{}", rules.heap)
        } else {
            format!("nim:{}:{}", rules.heap, rules.take)
        }
    }
}
