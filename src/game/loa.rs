//! Lines of Action on 8×8 and 7×7 as Ludii plays it (the PN-MCTS paper's games, its §V and
//! Figures 3–4; RULES.md), on two 64-bit bitboards.
//!
//! # Rules (Ludii's `Lines of Action.lud`, `board/space/group`)
//!
//! The lines followed, from the game description:
//!
//! * `(board (square 8))`, `(place "Disc1" (difference (union (sites Top) (sites Bottom))
//!   (sites Corners)))`, `(place "Disc2" (difference (union (sites Right) (sites Left)) (sites
//!   Corners)))`: the first player (Black, `B`) has six discs on each of the top and bottom
//!   rows, the second (White, `W`) six on each of the left and right files, corners empty.
//!   Black moves first.
//! * `(move Hop … (between (exact (- #2 1)) if:(not (is Enemy (who at:(between))))) (to
//!   if:(not (is Friend (who at:(to)))) (apply (if (is Enemy (who at:(to))) (remove
//!   (to))))))` with `#2` the `"DistInColumn"`, `"DistInRow"`, `"DistInNESW"`, `"DistInNWSE"`
//!   counts: a disc moves in one of the 8 directions exactly as many cells as there are discs
//!   of either colour on that whole line (both ways, itself included); it may pass over its
//!   own discs but not over enemy discs, and lands on an empty cell or on an enemy disc, which
//!   is captured.
//! * `(end { (if (and (= 1 (count Groups if:(= (who at:(to)) P1))) (= 1 (count Groups if:(=
//!   (who at:(to)) P2)))) (result Mover <End:result>)) (if (= 1 (count Groups … P1)) (result P1
//!   Win)) (if (= 1 (count Groups … P2)) (result P2 Win)) })`, checked after every move: when
//!   both sides' discs each form one 8-connected group, the result is the option's — a **draw**
//!   by default ("Simultaneous Group = Draw"), or a win for the mover with the option
//!   "Simultaneous Group = Mover Win" (the variant `loa:mover-wins`); otherwise a side whose
//!   discs form one group wins. So a move can make the *opponent* win (a capture that leaves
//!   the opponent's discs connected), and a single disc is a group.
//!   The usual (tournament) rule gives the simultaneous case to the mover: that is the variant.
//! * 7×7 (`loa:7x7`) is not a Ludii option: the same description on a 7×7 board, five discs
//!   per edge (RULES.md).
//!
//! Ludii's engine-wide rules (RULES.md) apply too: a player with no legal move passes, and the
//! pass is a real move (perft counts it); two passes in a row end the game as a draw; the game
//! is a draw after 1,250 turns per player (2,500 moves, passes included) unless a group rule
//! fires first. Ludii has no repetition rule, so boards repeat until that limit.
//!
//! # Repetition, keys and the proof-number searches
//!
//! As in Awari (src/game/awari.rs), the number of moves played and the passes in a row are part
//! of the position and of its exact [key](Game::key): two positions with equal keys have equal
//! futures, no position occurs twice in one game, and the family declares `repeats: false`
//! honestly, so the proof-number searches prove exactly what the rules say, with no
//! graph-history interaction. Boards repeated at another move count are other positions.
//!
//! # Bitboards
//!
//! Bit `8 · row + column` is the cell of row `row` from the top and column `column` from the
//! left, on both board sizes (7×7 leaves row 7 and column 7 empty). A move's distance is the
//! number of discs on its column, row or diagonal, counted once per position; the cells it
//! passes over are the part of a precomputed ray before the target. Groups are found by flood fill with
//! shifts (the king-move spread of a bitboard).
//!
//! # Notation
//!
//! Cells are named as in chess (Ludii draws LOA on a chess board): files `a`… from the left,
//! ranks `1`… from the bottom. A move is `from-to` (`b1-b3`; `b1b3` and `b1xb3` are accepted
//! too), or `pass`. A position is either
//!
//! * the board, top row first, one character a cell (`B`, `W`, `-`), rows separated by `/`,
//!   then the side to move (`B` or `W`), then the number of moves played if any, then
//!   `passed` (or `passed twice`) after passes; or
//! * the moves played from the start, separated by blanks: `b1-b3 a2-c2`.
//!
//! The 8×8 start is `-BBBBBB-/W------W/W------W/W------W/W------W/W------W/W------W/-BBBBBB- B`.
//!
//! # Perft
//!
//! From the start, 8×8: 36, 1,244, 44,952 (Ludii's counts, RULES.md), then 1,563,208,
//! 55,963,132 and 1,938,494,632; 7×7: 30, 848, 25,012 (Ludii's), then 698,880, 19,914,620
//! and 543,682,200. `tests/games/loa.rs` checks depths 1–3 against Ludii's counts, and depth 4 from
//! the start and from two mid-game positions of each size against a second, naive
//! implementation written separately on a 2-D array.
//!
//! ```
//! use pnplay::game::{Game, Outcome, Player, loa::{Loa, Rules}, perft};
//! let rules = Rules::default();
//! let start = Loa::start(&rules);
//! assert_eq!(perft::perft(&start, 2), 1_244);
//! let pos = Loa::parse_position(&rules, "b1-b3 a2-c2").unwrap();
//! assert_eq!(pos.format_move(pos.parse_move("d1d3").unwrap()), "d1-d3");
//! // c8 moves one cell (it is alone on its diagonal) beside a8: Black is one group and wins.
//! let text = "B-B-----/--------/--------/--------/----W---/--------/------W-/-------- B";
//! let mut pos = Loa::parse_position(&rules, text).unwrap();
//! pos.play(pos.parse_move("c8-b7").unwrap());
//! assert_eq!(pos.outcome(Player::First), Some(Outcome::Win));
//! ```

pub use super::fromto::Move;
use super::fromto;
use super::rows::{self, Rows};
use super::family::{
    Catalogued, Example, Facts, Family, LegendEntry, Listed, Presentation,
};
use super::knowledge::{Knowledge, NoOrdering};
use super::move_text;
use super::{Game, MoveList, Outcome, ParseError, Player, Rng, Turn};

/// Moves (passes included) after which the game is a draw: 1,250 turns per player.
pub const MOVE_LIMIT: u16 = 2_500;
/// The most legal moves of any position: at most 12 discs a side (a side never gains discs),
/// each with at most 8 directions.
pub const MAX_MOVES: usize = 96;

/// The eight directions as (row step, column step), in pairs along the four lines: the
/// column (north, south), the row (west, east), the rising diagonal (north-east, south-west)
/// and the falling one (north-west, south-east).
const DIRECTIONS: [(i32, i32); 8] = [
    (-1, 0),
    (1, 0),
    (0, -1),
    (0, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
    (1, 1),
];

/// The cells from `square` (excluded) in direction `d` to the edge of the 8×8 grid.
const fn ray(square: usize, d: usize) -> u64 {
    let (dr, dc) = DIRECTIONS[d];
    let (mut r, mut c) = ((square / 8) as i32 + dr, (square % 8) as i32 + dc);
    let mut mask = 0;
    while r >= 0 && r < 8 && c >= 0 && c < 8 {
        mask |= 1u64 << (8 * r + c);
        r += dr;
        c += dc;
    }
    mask
}

const fn ray_table() -> [[u64; 64]; 8] {
    let mut table = [[0; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut square = 0;
        while square < 64 {
            table[d][square] = ray(square, d);
            square += 1;
        }
        d += 1;
    }
    table
}

/// `RAYS[d][square]`: [`ray`] for every direction and cell.
static RAYS: [[u64; 64]; 8] = ray_table();

/// The bit distance of one step along each line of [`DIRECTIONS`] (column, row, rising and
/// falling diagonal): direction `2 · line` moves that many bits down, `2 · line + 1` up.
const STEPS: [u32; 4] = [8, 1, 7, 9];

/// The row and column of bit `square`.
const fn line_indices(square: u32) -> (usize, usize) {
    ((square / 8) as usize, (square % 8) as usize)
}

/// Cells not in the leftmost column, and not in the rightmost column of the 8-wide grid.
const NOT_LEFT: u64 = !0x0101_0101_0101_0101;
const NOT_RIGHT: u64 = !0x8080_8080_8080_8080;

/// The cells of `set` and their eight neighbours.
const fn spread(set: u64) -> u64 {
    let wide = set | ((set << 1) & NOT_LEFT) | ((set >> 1) & NOT_RIGHT);
    wide | (wide << 8) | (wide >> 8)
}

/// Whether the discs of `set` form exactly one 8-connected group (none is no group).
const fn one_group(set: u64) -> bool {
    if set == 0 {
        return false;
    }
    let mut group = set & set.wrapping_neg();
    loop {
        let next = spread(group) & set;
        if next == group {
            return group == set;
        }
        group = next;
    }
}

/// A variant: the board side (8 or 7) and the result when one move connects both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Cells a side: 8 (Ludii's board) or 7.
    pub size: u8,
    /// Whether a move that leaves both sides connected wins for the mover (Ludii's option
    /// "Simultaneous Group = Mover Win") instead of drawing (its default).
    pub mover_wins: bool,
}

impl Default for Rules {
    /// Ludii's game: 8×8, a simultaneous group draws.
    fn default() -> Self {
        Rules {
            size: 8,
            mover_wins: false,
        }
    }
}

impl Rules {
    /// Cells a side.
    const fn side(self) -> usize {
        self.size as usize
    }

    /// The cells of the board: rows and columns below `size`.
    const fn board(self) -> u64 {
        let row = (1u64 << self.size) - 1;
        let mut board = 0;
        let mut r = 0;
        while r < self.size {
            board |= row << (8 * r);
            r += 1;
        }
        board
    }

    /// Discs each side starts with (and can have at most): six or five on each of two edges.
    const fn discs(self) -> u32 {
        2 * (self.size as u32 - 2)
    }

    /// The board text of this size.
    const fn rows(self) -> Rows {
        Rows::square(self.size as usize, "-BW", "B, W or -")
    }
}

/// How a game stands: going on, won, or drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Status {
    Going,
    Won(Player),
    Drawn,
}

/// A Lines of Action position: each side's discs, who moves, moves played, passes in a row,
/// and the variant. It is its own exact key (the status is a function of the rest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Loa {
    /// Discs by owner, first player's (Black's) first.
    discs: [u64; 2],
    to_move: Player,
    /// Moves played, passes included (the game is drawn at [`MOVE_LIMIT`]).
    moves: u16,
    /// Passes in a row just before this position (two end the game).
    passes: u8,
    rules: Rules,
    status: Status,
}

impl Loa {
    /// The discs of `player`, bit `8 · row + column` with row 0 the top.
    #[must_use]
    pub const fn discs(&self, player: Player) -> u64 {
        self.discs[player.index()]
    }

    /// The side to move (the game may be over).
    #[must_use]
    pub const fn side_to_move(&self) -> Player {
        self.to_move
    }

    /// Moves played so far, passes included.
    #[must_use]
    pub const fn moves_played(&self) -> u16 {
        self.moves
    }

    /// The status the rules give this board, side to move, move count and passes: the group
    /// rules first (with the mover the side that just moved), then the move limit and passes.
    fn judge(&self) -> Status {
        let first = one_group(self.discs[0]);
        let second = one_group(self.discs[1]);
        match (first, second) {
            (true, true) if self.rules.mover_wins => Status::Won(self.to_move.opponent()),
            (true, true) => Status::Drawn,
            (true, false) => Status::Won(Player::First),
            (false, true) => Status::Won(Player::Second),
            (false, false) if self.passes >= 2 || self.moves >= MOVE_LIMIT => Status::Drawn,
            (false, false) => Status::Going,
        }
    }

    fn winner(&self) -> Option<Player> {
        match self.status {
            Status::Won(player) => Some(player),
            _ => None,
        }
    }

    /// Writes every disc move of the side to move into `moves`, by the disc's cell, then in
    /// the order of [`DIRECTIONS`], and returns how many there are. Branch-free: each
    /// candidate is written and counted only if legal (the random play-outs spend their time
    /// here).
    fn disc_moves(&self, moves: &mut [Move; MAX_MOVES]) -> usize {
        let own = self.discs[self.to_move.index()];
        let enemy = self.discs[1 - self.to_move.index()];
        let board = self.rules.board();
        // Discs on each column, row, rising diagonal (row + column) and falling diagonal
        // (row − column + 7): a move's distance.
        let mut counts = [[0u32; 15]; 4];
        let mut rest = own | enemy;
        while rest != 0 {
            let (row, column) = line_indices(rest.trailing_zeros());
            rest &= rest - 1;
            counts[0][column] += 1;
            counts[1][row] += 1;
            counts[2][row + column] += 1;
            counts[3][row + 7 - column] += 1;
        }
        let mut n = 0;
        let mut rest = own;
        while rest != 0 {
            let from = rest.trailing_zeros();
            rest &= rest - 1;
            let (row, column) = line_indices(from);
            let bit = 1u64 << from;
            let lines = [column, row, row + column, row + 7 - column];
            for (line, (&step, &index)) in STEPS.iter().zip(&lines).enumerate() {
                // The target is the disc moved `count` steps, kept only if it stays on the
                // ray (so on the grid) and on the board. Direction 2·line goes to lower bits
                // and passes over the ray's cells above the target; 2·line + 1 goes to higher
                // bits and passes over those below it.
                let shift = counts[line][index] * step;
                let (back, forth) = (RAYS[2 * line][from as usize], RAYS[2 * line + 1][from as usize]);
                let target = bit.checked_shr(shift).unwrap_or(0) & back & board & !own;
                let passed = back & !(target | target.wrapping_sub(1));
                moves[n] = Move::new(from as u8, target.trailing_zeros() as u8);
                n += usize::from(target != 0 && enemy & passed == 0);
                let target = bit.checked_shl(shift).unwrap_or(0) & forth & board & !own;
                let passed = forth & target.wrapping_sub(1);
                moves[n] = Move::new(from as u8, target.trailing_zeros() as u8);
                n += usize::from(target != 0 && enemy & passed == 0);
            }
        }
        n
    }

    /// Whether the side to move has a disc move.
    fn can_move(&self) -> bool {
        self.disc_moves(&mut [Move::PASS; MAX_MOVES]) > 0
    }

    /// The bit of page cell `index` (row-major on the `size × size` board).
    fn bit_of_index(&self, index: usize) -> u64 {
        let side = self.rules.side();
        if index >= side * side {
            return 0;
        }
        1u64 << (8 * (index / side) + index % side)
    }

    /// Parses the board form (see the module docs).
    fn parse_board(rules: Rules, text: &str) -> Result<Loa, ParseError> {
        let board = rules.rows().parse(text)?;
        let side = rules.side();
        let mut discs = [0u64; 2];
        for (cell, &value) in board.cells.iter().enumerate() {
            if value > 0 {
                discs[usize::from(value - 1)] |= 1 << (8 * (cell / side) + cell % side);
            }
        }
        let to_move = rows::side_to_move(
            board.words.first(),
            ["B", "W"],
            false,
            ("the side to move (B or W) after the board", board.end),
        )?;
        let (moves, passes) = rows::moves_and_passes(&board.words[1..], MOVE_LIMIT)?;
        let mut pos = Loa {
            discs,
            to_move,
            moves,
            passes,
            rules,
            status: Status::Going,
        };
        pos.check()?;
        Ok(pos)
    }

    /// Rules a board must keep, and its status: each side has one to 12 (7×7: 10) discs,
    /// passes are made only by sides without a disc move and never after the game ended.
    fn check(&mut self) -> Result<(), ParseError> {
        let invalid = |reason: String| Err(ParseError::InvalidPosition { reason });
        for (player, name) in [(Player::First, "Black"), (Player::Second, "White")] {
            let count = self.discs(player).count_ones();
            if count == 0 || count > self.rules.discs() {
                return invalid(format!(
                    "{name} has {count} discs; a side has 1 to {} in a game",
                    self.rules.discs()
                ));
            }
        }
        if u16::from(self.passes) > self.moves {
            return invalid("more passes in a row than moves played".to_string());
        }
        self.status = self.judge();
        if self.passes > 0 {
            let connected = one_group(self.discs[0]) || one_group(self.discs[1]);
            let passer = Loa {
                to_move: self.to_move.opponent(),
                ..*self
            };
            let both = self.passes >= 2 && self.can_move();
            if connected || passer.can_move() || both {
                return invalid("a pass by a side that had a disc move, or after the end".into());
            }
        }
        Ok(())
    }

}

impl Game for Loa {
    type List<T: super::ListItem> = arrayvec::ArrayVec<T, MAX_MOVES>;
    type Move = Move;
    /// The position itself (two bitboards, side to move, moves played, passes, variant): exact.
    type Key = Loa;
    type Variant = Rules;

    fn start(rules: &Rules) -> Self {
        let side = rules.side();
        let edge_row = ((1u64 << (side - 1)) - 1) & !1; // columns 1 … side − 2
        let black = edge_row | (edge_row << (8 * (side - 1)));
        let mut white = 0;
        for row in 1..side - 1 {
            white |= (1u64 | (1 << (side - 1))) << (8 * row);
        }
        Loa {
            discs: [black, white],
            to_move: Player::First,
            moves: 0,
            passes: 0,
            rules: *rules,
            status: Status::Going,
        }
    }

    fn variant(&self) -> Rules {
        self.rules
    }

    fn turn(&self) -> Turn {
        match self.status {
            Status::Going => Turn::Player(self.to_move),
            _ => Turn::Over,
        }
    }

    /// Disc moves by the disc's cell (row-major from the top left), then in the order north,
    /// south, west, east, north-east, south-west, north-west, south-east; the pass alone when
    /// there is none.
    fn legal_moves(&self, out: &mut MoveList<Self>) {
        out.clear();
        if self.status != Status::Going {
            return;
        }
        let mut moves = [Move::PASS; MAX_MOVES];
        let n = self.disc_moves(&mut moves);
        out.extend(moves.into_iter().take(n));
        if n == 0 {
            out.push(Move::PASS);
        }
    }

    fn play(&mut self, mv: Move) {
        let mover = self.to_move.index();
        if let Some((from, to)) = mv.cells() {
            let (from, to) = (1u64 << from, 1u64 << to);
            self.discs[mover] ^= from | to;
            self.discs[1 - mover] &= !to;
            self.passes = 0;
        } else {
            self.passes += 1;
        }
        self.moves += 1;
        self.to_move = self.to_move.opponent();
        self.status = self.judge();
    }

    fn outcome(&self, player: Player) -> Option<Outcome> {
        Outcome::for_player(self.winner(), self.status != Status::Going, player)
    }

    fn key(&self) -> Loa {
        *self
    }

    fn parse_position(rules: &Rules, text: &str) -> Result<Self, ParseError> {
        if text.contains('/') {
            Self::parse_board(*rules, text)
        } else {
            let side = rules.side();
            move_text::play_words(Self::start(rules), text.split_whitespace(), |word| {
                fromto::parse_word(word, side)
            })
        }
    }

    fn format_position(&self) -> String {
        let mut text = self
            .rules
            .rows()
            .format(|cell| match self.bit_of_index(cell) {
                bit if self.discs[0] & bit != 0 => 1,
                bit if self.discs[1] & bit != 0 => 2,
                _ => 0,
            });
        text.push_str(match self.to_move {
            Player::First => " B",
            Player::Second => " W",
        });
        text.push_str(&rows::format_moves_and_passes(self.moves, self.passes));
        text
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        move_text::read_one(self, text, |word| fromto::parse_word(word, self.rules.side()))
    }

    fn format_move(&self, mv: Move) -> String {
        fromto::format(mv, self.rules.side())
    }

    /// The generic play-out without a move list: one `below(n)` over the disc moves in
    /// [`Game::legal_moves`] order (`below(1)` for a pass), as the default.
    fn random_playout_within(&self, rng: &mut Rng, limit: u32) -> Self {
        let mut pos = *self;
        let mut moves = [Move::PASS; MAX_MOVES];
        for _ in 0..limit {
            if pos.status != Status::Going {
                break;
            }
            let mv = match pos.disc_moves(&mut moves) as u32 {
                0 => {
                    rng.below(1);
                    Move::PASS
                }
                n => moves[rng.below(n) as usize],
            };
            pos.play(mv);
        }
        pos
    }
}

impl super::board::Board for Loa {
    fn rows(&self) -> usize {
        self.rules.side()
    }

    fn cols(&self) -> usize {
        self.rules.side()
    }

    fn cell(&self, index: usize) -> super::board::Cell {
        let bit = self.bit_of_index(index);
        super::board::Cell::owned_where(|player| self.discs[player.index()] & bit != 0)
    }

    fn move_cells(&self, mv: Move) -> super::board::MoveCells {
        super::fromto::move_cells(mv, self.rules.side())
    }

    /// Empty → B → W → empty, skipping a content that breaks a rule (too many or no discs of
    /// a side); `None` when neither other content is allowed.
    fn cycle_cell(&self, index: usize) -> Option<Self> {
        let bit = self.bit_of_index(index);
        if bit == 0 {
            return None;
        }
        let contents = |owner: Option<usize>| {
            let mut next = Loa {
                passes: 0,
                ..*self
            };
            next.discs[0] &= !bit;
            next.discs[1] &= !bit;
            if let Some(owner) = owner {
                next.discs[owner] |= bit;
            }
            next.check().is_ok().then_some(next)
        };
        let cycle = [None, Some(0), Some(1)];
        let now = if self.discs[0] & bit != 0 {
            1
        } else if self.discs[1] & bit != 0 {
            2
        } else {
            0
        };
        (1..3).find_map(|step| contents(cycle[(now + step) % 3]))
    }

    fn toggle_turn(&self) -> Option<Self> {
        let mut next = Loa {
            to_move: self.to_move.opponent(),
            passes: 0,
            ..*self
        };
        next.check().is_ok().then_some(next)
    }
}

impl Knowledge for Loa {
    type Ordering = NoOrdering;
}

/// The stages experiment's stages on 8×8 (measured: docs/src/experiments.md).
const LOA_STAGES: [u32; 5] = [10, 30, 50, 70, 90];

impl Catalogued for Loa {
    const FAMILY: Family = Family {
        id: "loa",
        title: "Lines of Action",
        grammar: "loa[:7x7][:mover-wins]",
        listed: &[
            Listed::new("loa", "Lines of Action 8×8", &LOA_STAGES),
            Listed::new("loa:7x7", "Lines of Action 7×7", &[10, 30, 50]),
            Listed::new(
                "loa:mover-wins",
                "Lines of Action 8×8, a double group wins for the mover",
                &LOA_STAGES,
            ),
        ],
        facts: Facts::two_player(MAX_MOVES),
        presentation: Presentation {
            players: &["Black (B)", "White (W)"],
            legend: &LegendEntry::sides("black disc", "white disc"),
            board: "checkers",
            notation: "rows of B, W, - (top row first, / between) and the side to move, \
                       or moves like b1-b3 a2-c2",
            ..Presentation::CHESSBOARD
        },
        examples: EXAMPLES,
    };

    fn parse_name(name: &str) -> Option<Result<Rules, ParseError>> {
        let rest = name.strip_prefix("loa")?;
        if !(rest.is_empty() || rest.starts_with(':')) {
            return None;
        }
        let mut rules = Rules::default();
        let mut seen = (false, false);
        for part in rest.split(':').skip(1) {
            match part {
                "8x8" | "7x7" if !seen.0 => {
                    rules.size = if part == "7x7" { 7 } else { 8 };
                    seen.0 = true;
                }
                "mover-wins" if !seen.1 => {
                    rules.mover_wins = true;
                    seen.1 = true;
                }
                _ => {
                    return Some(Err(ParseError::UnknownGame {
                        name: name.to_string(),
                    }));
                }
            }
        }
        Some(Ok(rules))
    }

    fn name(rules: &Rules) -> String {
        let mut name = "loa".to_string();
        if rules.size == 7 {
            name.push_str(":7x7");
        }
        if rules.mover_wins {
            name.push_str(":mover-wins");
        }
        name
    }
}

/// Example positions for the page's Example select.
const EXAMPLES: &[Example] = &[
    Example {
        name: "7×7: Black to move connects first",
        game: "loa:7x7",
        text: "b7-d5 a6-a1 d7-d4 g6-g1 f7-c4 a2-a7 e7-e5 a7-a2 c7-f4 a2-a7",
        source: "Constructed (tests/browser/loa.test.mjs plays on from here to Black's group): \
                 PNS and df-pn prove it a Black win, best move e5-e3",
    },
    Example {
        name: "Both groups at once: d7xb7 wins only with mover-wins",
        game: "loa:mover-wins",
        text: "B-------/-W-B----/--------/--------/--------/--------/--------/-------W B",
        source: "Constructed for Ludii's option \"Simultaneous Group = Mover Win\": capturing b7 \
                 joins Black's two discs and leaves White's h1 alone, one group each; by default \
                 (loa) that is a draw",
    },
];
