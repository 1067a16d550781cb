//! Awari (2 × 6 pits, 4 seeds each) as the Ludii game "Awari" plays it: the game of the
//! PN-MCTS paper's Table I and II (issue 12), whose experiments ran in Ludii.
//!
//! # Rules followed (shared/RULES.md, facts found by running Ludii; not Ludii's "Oware")
//!
//! * "Four seeds in each of the 12 pits; sowing counter-clockwise; no stores on the board,
//!   captures go to the mover's hand."
//! * "A move sows all seeds of a non-empty pit on the mover's side, skipping the origin pit when
//!   it has 12 or more seeds. If the last seed lands in an opponent pit that then holds 2 or 3,
//!   those seeds are captured, and so are the preceding pits' seeds while they are opponent
//!   pits with 2 or 3."
//! * "A move is legal only if the opponent still has at least one seed on its side afterwards:
//!   this forces feeding an empty opponent and makes a move that would capture everything
//!   illegal." Where Ludii differs from the usual (Oware tournament) rules: a grand slam is not
//!   played as a move that captures nothing, it is not a move at all; there is no 25-seed
//!   early win; seeds left on the board at the end go to nobody.
//! * "The game ends when every pit holds 0 or 1 seeds; more captured seeds wins (seeds left on
//!   the board are not counted); equal is a draw. A player who cannot move passes; two passes
//!   in a row end the game as a draw whatever the captures."
//! * Engine-wide (RULES.md): a pass is a real move, and the game is a draw after 1,250 turns
//!   per player (2,500 moves, passes included) unless the end rule above fires first. Ludii
//!   has no repetition rule, so boards do repeat until that limit.
//!
//! Perft from the start matches Ludii's 6 / 36 / 190 (RULES.md; `tests/games/awari.rs`, which also
//! checks deeper counts against a separately written naive implementation).
//!
//! # Repetition, keys and the proof-number searches
//!
//! The number of moves played decides results (the 2,500-move draw), and so does whether the
//! last move was a pass (a second pass ends the game). Both are part of the position and of
//! its [`key`](Game::key), with the pits and the captures: two positions with equal keys have
//! equal futures. With the move count in the position no position can occur twice in one
//! game, every game is a path in a finite acyclic graph, and the family declares
//! `repeats: false` honestly: the proof-number searches, df-pn and MCTS-Solver prove exactly
//! what the rules say, with no graph-history interaction (a board that repeats at another move
//! count is another position to them). The price is fewer transpositions: boards reached at
//! different move counts are searched apart, and a proof may have to follow a cycle of boards
//! up to the move limit.
//!
//! # Notation
//!
//! Pits are named as usual in the Awari literature, in sowing order: `A`–`F` for the first
//! player (South, bottom row, left to right) and `a`–`f` for the second player (North, top row,
//! right to left as South sees it). Ludii numbers the same pits 0–11 in the same order.
//! A move is a pit name, or `pass` when no pit can be played.
//!
//! A position is four fields separated by `/`: South's seeds in `A`–`F`, North's seeds in
//! `a`–`f`, the seeds South and North have captured, and the side to move (`S` or `N`),
//! optionally followed by the number of moves played (default 0) and `passed` when the last
//! move was a pass (`passed twice`: two passes ended the game). Numbers are separated by spaces or commas. The 48 seeds must all
//! be on the board or captured.
//!
//! ```
//! use pnplay::game::{Game, Outcome, Player, awari::Awari};
//!
//! let mut pos = Awari::start(&());
//! assert_eq!(pos.format_position(), "4 4 4 4 4 4 / 4 4 4 4 4 4 / 0 0 / S");
//! pos.play(pos.parse_move("F").unwrap()); // F's four seeds go to a, b, c, d
//! assert_eq!(pos.format_position(), "4 4 4 4 4 0 / 5 5 5 5 4 4 / 0 0 / N 1");
//! let end = Awari::parse_position(&(), "1 0 0 0 0 0 / 0 0 0 0 0 1 / 30 16 / S 40").unwrap();
//! assert_eq!(end.outcome(Player::First), Some(Outcome::Win)); // every pit holds 0 or 1
//! assert_eq!(end.terminal_value(Player::First), Some(14));
//! assert!(Awari::parse_position(&(), "4 4 4 / 4 4 4 4 4 4 / 0 0 / S").is_err());
//! ```


use super::board::{Board, Cell, MoveCells};
use super::family::{Catalogued, CellNames, Example, Facts, Family, LegendEntry, Listed, Presentation};
use super::move_text;
use super::{Game, MoveList, Outcome, ParseError, Player, Turn};

/// Pits per side.
const SIDE: usize = 6;
/// Pits on the board.
const PITS: usize = 2 * SIDE;
/// Seeds in the game.
const SEEDS: u32 = 48;
/// Moves (passes included) after which the game is a draw: 1,250 turns per player.
pub const MOVE_LIMIT: u16 = 2_500;
/// The pass move.
pub const PASS: u8 = PITS as u8;

/// An Awari position: the seeds in the twelve pits (`0..6` South's `A`–`F`, `6..12` North's
/// `a`–`f`, in sowing order), the seeds each player has captured, who moves, how many moves
/// have been played and how many of the last ones were passes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Awari {
    pits: [u8; PITS],
    captured: [u8; 2],
    to_move: Player,
    moves: u16,
    /// Passes in a row just before this position (two end the game).
    passes: u8,
}

/// The first pit of `player`'s side.
const fn first_pit(player: Player) -> usize {
    player.index() * SIDE
}

/// Whose side pit `pit` is on.
const fn owner_of(pit: usize) -> Player {
    if pit < SIDE {
        Player::First
    } else {
        Player::Second
    }
}

impl Awari {
    /// The seeds in pit `pit` (0–11 in sowing order: `A`–`F`, then `a`–`f`).
    #[must_use]
    pub fn seeds(&self, pit: usize) -> u8 {
        self.pits[pit]
    }

    /// The seeds `player` has captured.
    #[must_use]
    pub fn captured(&self, player: Player) -> u8 {
        self.captured[player.index()]
    }

    /// The side to move (the game may be over).
    #[must_use]
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Moves played so far, passes included.
    #[must_use]
    pub fn moves_played(&self) -> u16 {
        self.moves
    }

    /// The end rule of the game itself: every pit holds 0 or 1 seeds.
    fn board_finished(&self) -> bool {
        self.pits.iter().all(|&s| s <= 1)
    }

    fn is_over(&self) -> bool {
        self.board_finished() || self.passes >= 2 || self.moves >= MOVE_LIMIT
    }

    /// The winner under the end rule (more captures); `None` for a draw or a game not over.
    fn winner(&self) -> Option<Player> {
        if !self.board_finished() {
            return None;
        }
        match self.captured[0].cmp(&self.captured[1]) {
            std::cmp::Ordering::Greater => Some(Player::First),
            std::cmp::Ordering::Less => Some(Player::Second),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Sows pit `pit` of the side to move and captures; returns the pits and captures after
    /// it (without checking legality).
    fn sow(&self, pit: usize) -> ([u8; PITS], u8) {
        let mut pits = self.pits;
        let seeds = usize::from(pits[pit]);
        pits[pit] = 0;
        // The other eleven pits each get one seed a round, and the first `extra` of them
        // one more; the last seed falls in the `seeds`-th pit after the origin, counting
        // round without it (the eleventh when `extra` is 0).
        let (rounds, extra) = ((seeds / (PITS - 1)) as u8, seeds % (PITS - 1));
        for k in 1..PITS {
            pits[(pit + k) % PITS] += rounds + u8::from(k <= extra);
        }
        let mut at = (pit + if extra == 0 { PITS - 1 } else { extra }) % PITS;
        let mover = self.to_move;
        let mut taken = 0;
        while owner_of(at) != mover && (pits[at] == 2 || pits[at] == 3) {
            taken += pits[at];
            pits[at] = 0;
            if at % SIDE == 0 {
                break;
            }
            at -= 1;
        }
        (pits, taken)
    }

    /// Whether pit `pit` of the side to move may be played: it has seeds, and sowing it
    /// leaves the opponent a seed. Sown fully only when that can fail: when the last seed may
    /// capture on the opponent's side (sowings of fewer than eleven seeds that end elsewhere
    /// either leave the opponent's pits as they are or put a seed there that stays).
    fn playable(&self, pit: usize) -> bool {
        let seeds = usize::from(self.pits[pit]);
        if seeds == 0 {
            return false;
        }
        let first = first_pit(self.to_move.opponent());
        if seeds < PITS - 1 {
            let at = (pit + seeds) % PITS;
            let reaches = seeds >= (first + PITS - pit) % PITS;
            let captures = owner_of(at) != self.to_move && matches!(self.pits[at], 1 | 2);
            if !captures {
                return reaches || self.pits[first..first + SIDE].iter().any(|&s| s > 0);
            }
        }
        self.feeds(&self.sow(pit).0)
    }

    /// Whether sowing `pit` leaves the opponent at least one seed.
    fn feeds(&self, pits: &[u8; PITS]) -> bool {
        let first = first_pit(self.to_move.opponent());
        pits[first..first + SIDE].iter().any(|&s| s > 0)
    }

    fn pit_name(pit: u8) -> String {
        match pit {
            0..=5 => char::from(b'A' + pit).to_string(),
            6..=11 => char::from(b'a' + pit - 6).to_string(),
            _ => "pass".to_string(),
        }
    }

    fn pit_from_name(text: &str) -> Option<u8> {
        if text.eq_ignore_ascii_case("pass") {
            return Some(PASS);
        }
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c @ 'A'..='F'), None) => Some(c as u8 - b'A'),
            (Some(c @ 'a'..='f'), None) => Some(c as u8 - b'a' + 6),
            _ => None,
        }
    }

    /// Parses `count` numbers of field `field` starting at character `offset`: `what` is one
    /// of them in words, `plural` all of them.
    fn parse_numbers(
        field: &str,
        offset: usize,
        count: usize,
        (what, plural): (&'static str, &'static str),
    ) -> Result<Vec<u8>, ParseError> {
        let mut numbers = Vec::with_capacity(count);
        let mut current: Option<u32> = None;
        let push = |current: &mut Option<u32>, numbers: &mut Vec<u8>, index| {
            if let Some(n) = current.take() {
                let n = u8::try_from(n)
                    .ok()
                    .filter(|&n| u32::from(n) <= SEEDS)
                    .ok_or(ParseError::TooLarge {
                        index,
                        what: "seeds in one place",
                        limit: SEEDS as usize,
                    })?;
                numbers.push(n);
            }
            Ok(())
        };
        for (i, c) in field.char_indices() {
            let index = offset + field[..i].chars().count();
            match c {
                '0'..='9' => {
                    let digit = u32::from(c as u8 - b'0');
                    current = Some((current.unwrap_or(0) * 10 + digit).min(1000));
                }
                ' ' | ',' | '\t' => push(&mut current, &mut numbers, index)?,
                _ => {
                    return Err(ParseError::UnexpectedChar {
                        index,
                        found: c,
                        expected: what,
                    });
                }
            }
        }
        push(
            &mut current,
            &mut numbers,
            offset + field.chars().count(),
        )?;
        if numbers.len() != count {
            return Err(ParseError::WrongLength {
                what: plural,
                expected: count,
                found: numbers.len(),
            });
        }
        Ok(numbers)
    }

    /// Parses the last field: side, optional move count, optional `passed` or `passed twice`.
    fn parse_turn(field: &str, offset: usize) -> Result<(Player, u16, u8), ParseError> {
        let mut words = field.split_whitespace();
        let side = match words.next() {
            Some("S" | "s") => Player::First,
            Some("N" | "n") => Player::Second,
            Some(word) => {
                return Err(ParseError::UnexpectedChar {
                    index: offset + field.find(word).unwrap_or(0),
                    found: word.chars().next().unwrap_or(' '),
                    expected: "S or N, the side to move",
                });
            }
            None => {
                return Err(ParseError::Missing {
                    index: offset + field.chars().count(),
                    expected: "the side to move, S or N",
                });
            }
        };
        // Each word's own place (searching the field for it again took time quadratic in the
        // number of words: 22 s for a 900 KB text the fuzzer made).
        let (mut bytes, mut chars) = (0, 0);
        let rest: Vec<(usize, &str)> = words
            .map(|word| {
                let at = word.as_ptr() as usize - field.as_ptr() as usize;
                chars += field[bytes..at].chars().count();
                bytes = at;
                (offset + chars, word)
            })
            .collect();
        let (moves, passes) = super::rows::moves_and_passes(&rest, MOVE_LIMIT)?;
        Ok((side, moves, passes))
    }
}

impl Game for Awari {
    /// At most 6 moves: one per pit of the mover's side (a pass only when none is legal).
    type List<T: super::ListItem> = arrayvec::ArrayVec<T, 6>;
    /// A pit, 0–11 in sowing order (`A`–`F`, `a`–`f`), or [`PASS`].
    type Move = u8;
    /// Every field of the position: 12 pits of 6 bits, South's captures (North's follow from
    /// the 48 seeds), the side to move, the passes in a row and the move count.
    type Key = u128;
    type Variant = ();

    fn start((): &()) -> Self {
        Awari {
            pits: [4; PITS],
            captured: [0; 2],
            to_move: Player::First,
            moves: 0,
            passes: 0,
        }
    }

    fn variant(&self) {}

    fn turn(&self) -> Turn {
        Turn::unless_over(self.is_over(), self.to_move)
    }

    fn legal_moves(&self, out: &mut MoveList<Self>) {
        super::moves_unless_over(self, out, |out| {
            let first = first_pit(self.to_move);
            for pit in first..first + SIDE {
                if self.playable(pit) {
                    out.push(pit as u8);
                }
            }
            if out.is_empty() {
                out.push(PASS);
            }
        });
    }

    fn play(&mut self, mv: u8) {
        if mv == PASS {
            self.passes += 1;
        } else {
            let (pits, taken) = self.sow(usize::from(mv));
            self.pits = pits;
            self.captured[self.to_move.index()] += taken;
            self.passes = 0;
        }
        self.to_move = self.to_move.opponent();
        self.moves += 1;
    }

    fn outcome(&self, player: Player) -> Option<Outcome> {
        Outcome::for_player(self.winner(), self.is_over(), player)
    }

    /// The captured seeds' difference, `player`'s minus the opponent's, when the end rule
    /// finished the game; 0 for a draw by two passes or by the move limit.
    fn terminal_value(&self, player: Player) -> Option<i32> {
        if !self.is_over() {
            return None;
        }
        if !self.board_finished() {
            return Some(0);
        }
        let mine = i32::from(self.captured[player.index()]);
        let theirs = i32::from(self.captured[player.opponent().index()]);
        Some(mine - theirs)
    }

    fn key(&self) -> u128 {
        let pits = self
            .pits
            .iter()
            .fold(0u128, |key, &s| (key << 6) | u128::from(s));
        let key = (pits << 6) | u128::from(self.captured[0]);
        let key = (key << 1) | u128::from(self.to_move == Player::Second);
        let key = (key << 2) | u128::from(self.passes);
        (key << 12) | u128::from(self.moves)
    }

    fn parse_position((): &(), text: &str) -> Result<Self, ParseError> {
        if text.trim().is_empty() {
            return Err(ParseError::Empty {
                expected: "pits A–F / pits a–f / captures / side to move",
            });
        }
        let fields: Vec<&str> = text.split('/').collect();
        if fields.len() != 4 {
            return Err(ParseError::WrongLength {
                what: "fields separated by / (pits A–F / pits a–f / captures / side to move)",
                expected: 4,
                found: fields.len(),
            });
        }
        let mut offsets = [0; 4];
        for i in 1..4 {
            offsets[i] = offsets[i - 1] + fields[i - 1].chars().count() + 1;
        }
        let south = Self::parse_numbers(
            fields[0],
            offsets[0],
            SIDE,
            ("a seed count of A–F", "seed counts of pits A–F"),
        )?;
        let north = Self::parse_numbers(
            fields[1],
            offsets[1],
            SIDE,
            ("a seed count of a–f", "seed counts of pits a–f"),
        )?;
        let captures = Self::parse_numbers(
            fields[2],
            offsets[2],
            2,
            ("the captures of S and N", "captures (S's, then N's)"),
        )?;
        let (to_move, moves, passes) = Self::parse_turn(fields[3], offsets[3])?;
        let total: u32 = south
            .iter()
            .chain(&north)
            .chain(&captures)
            .map(|&s| u32::from(s))
            .sum();
        if total != SEEDS {
            return Err(ParseError::InvalidPosition {
                reason: format!(
                    "the pits and captures hold {total} seeds; Awari has {SEEDS}"
                ),
            });
        }
        if u16::from(passes) > moves {
            return Err(ParseError::InvalidPosition {
                reason: "the last move was a pass, but no move has been played".to_string(),
            });
        }
        let mut pits = [0; PITS];
        pits[..SIDE].copy_from_slice(&south);
        pits[SIDE..].copy_from_slice(&north);
        Ok(Awari {
            pits,
            captured: [captures[0], captures[1]],
            to_move,
            moves,
            passes,
        })
    }

    fn format_position(&self) -> String {
        let row = |pits: &[u8]| {
            pits.iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut text = format!(
            "{} / {} / {} {} / {}",
            row(&self.pits[..SIDE]),
            row(&self.pits[SIDE..]),
            self.captured[0],
            self.captured[1],
            if self.to_move == Player::First { "S" } else { "N" },
        );
        text.push_str(&super::rows::format_moves_and_passes(self.moves, self.passes));
        text
    }

    fn parse_move(&self, text: &str) -> Result<u8, ParseError> {
        move_text::read_one(self, text, Self::pit_from_name)
    }

    fn format_move(&self, mv: u8) -> String {
        Self::pit_name(mv)
    }
}

/// The board as the page draws it: two rows of eight cells. The top row is North's captures
/// then its pits `f`…`a`; the bottom row is South's pits `A`…`F` then its captures, so seeds
/// travel counter-clockwise as drawn. The two unused corners are empty.
impl Board for Awari {
    fn rows(&self) -> usize {
        2
    }

    fn cols(&self) -> usize {
        SIDE + 2
    }

    /// A pit is piece 1 of its side with its seeds as count (an empty pit too: count 0);
    /// captures are piece 2 of their player.
    fn cell(&self, index: usize) -> Cell {
        let (row, col) = (index / self.cols(), index % self.cols());
        let store = |player: Player| Cell {
            owner: Some(player),
            piece: 2,
            count: u32::from(self.captured[player.index()]),
        };
        let pit = |pit: usize| Cell {
            owner: Some(owner_of(pit)),
            piece: 1,
            count: u32::from(self.pits[pit]),
        };
        match (row, col) {
            (0, 0) => store(Player::Second),
            (1, 7) => store(Player::First),
            (0, 1..=6) => pit(PITS - col),
            (1, 1..=6) => pit(col - 1),
            _ => Cell::EMPTY,
        }
    }

    fn move_cells(&self, mv: u8) -> MoveCells {
        match usize::from(mv) {
            pit @ 0..SIDE => MoveCells::at(self.cols() + 1 + pit),
            pit @ SIDE..PITS => MoveCells::at(PITS - pit),
            _ => MoveCells::default(),
        }
    }
}

impl super::knowledge::Knowledge for Awari {
    type Ordering = CapturesFirst;
}

/// Awari's move ordering for the exact searches: moves by the seeds they capture, most first;
/// ties in the game's order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CapturesFirst;

impl super::knowledge::MoveOrdering<Awari> for CapturesFirst {
    fn score_moves(&mut self, pos: &Awari, moves: &[u8], scores: &mut [i32]) {
        let before = pos.captured(pos.to_move);
        for (&mv, score) in moves.iter().zip(scores.iter_mut()) {
            let mut next = pos.clone();
            next.play(mv);
            *score = i32::from(next.captured(pos.to_move) - before);
        }
    }
}

impl Catalogued for Awari {
    const FAMILY: Family = Family {
        id: "awari",
        title: "Awari",
        grammar: "awari",
        listed: &[Listed::new("awari", "Awari (Ludii)", &[10, 50, 80, 120, 160])],
        // Boards repeat, positions do not: the move count is part of the position (it decides
        // the 2,500-move draw); see the module documentation.
        facts: Facts {
            values: "captured seeds, the player's minus the opponent's (0 for a draw by passes or by the move limit)",
            ..Facts::two_player(SIDE)
        },
        presentation: Presentation {
            players: &["South (first)", "North (second)"],
            legend: &[
                LegendEntry::EMPTY,
                LegendEntry::of(Player::First, 1, "South's pit"),
                LegendEntry::of(Player::Second, 1, "North's pit"),
                LegendEntry::of(Player::First, 2, "captured by South"),
                LegendEntry::of(Player::Second, 2, "captured by North"),
            ],
            board: "pits",
            cell_names: CellNames::Pits,
            notation: "seeds in A–F / seeds in a–f / captures of S and N / side to move, \
                       moves played, like 4 4 4 4 4 4 / 4 4 4 4 4 4 / 0 0 / S",
            ..Presentation::BOARD
        },
        examples: &[Example {
            name: "Endgame, 8 seeds left (South wins)",
            game: "awari",
            text: "0 0 0 2 1 1 / 1 0 0 0 2 1 / 20 20 / S",
            source: "made for this page: 20 captures each and 8 seeds on the board; \
                     South to move can force a win (PNS proves it in 39 iterations)",
        }],
    };
}
