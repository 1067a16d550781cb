//! MiniShogi (5×5 shogi) as Ludii plays it (the PN-MCTS paper's games, its §V; RULES.md), on
//! 32-bit bitboards (one bit a square) with a mailbox beside them for what stands where.
//!
//! # Rules (Ludii's `Minishogi.lud`, `board/war/replacement/checkmate/shogi`)
//!
//! The lines followed, from the game description:
//!
//! * `(board (square 5))`, `("TwoPlayersNorthSouth")` and the `start` places: the first
//!   player (Sente, `b` in SFEN, uppercase) has king, gold, silver, bishop and rook on the
//!   bottom rank (`5e`–`1e`) and a pawn in front of the king (`5d`); the second (Gote, `w`,
//!   lowercase) the same turned round on the top rank (`rbsgk/4p/5/P4/KGSBR`).
//! * `(piece "Fuhyo" Each ("StepMove" Forward "ForcePromote"))`: a pawn steps forward and
//!   promotes when it arrives in the zone; `(piece "Ginsho" Each ("StepMove" (directions
//!   {Forward BL BR FL FR}) "CanPromote"))`: the silver; `"ShogiGold"` for gold, tokin and
//!   promoted silver; rook and bishop slide (`"SlideMove" Orthogonal` / `Diagonal`); the
//!   promoted rook (`Ryuo`) slides orthogonally or steps diagonally, the promoted bishop
//!   (`Ryuma`) slides diagonally or steps orthogonally.
//! * `(regions "Promotion" P1 (sites Top))`: the promotion zone is the far rank only.
//!   `"CanPromote"` — `(if (or ("InPromotionZone" (last To)) ("InPromotionZone" (last From)))
//!   (moveAgain))` then `(or ("Promote") (move Pass))`: a silver, bishop or rook that moves
//!   into or out of the zone may promote, as a second decision of the same turn. Here the
//!   two versions are two moves (`2b1a` and `2b1a+`, as shogi programs count them). Ludii
//!   offers the promoted version even when the unpromoted move already mates (a probe of
//!   ~500 random Ludii games found no game ending between a move and its promotion choice),
//!   so both versions are legal here too.
//! * `"CapturePiece"` with the maps `"Captured"` and `"Where"`: a captured piece goes,
//!   unpromoted and turned, to the captor's hand. Drops: `(move (from (sites Occupied
//!   by:Mover container:"Hand" ...)) (to (sites Empty)))` for gold, silver, bishop, rook;
//!   a pawn `(to (difference (sites Empty) (sites Mover "Promotion")) if:("OnePawnPerColumn"
//!   Mover))` — not on the last rank, not in a file where the dropper has an unpromoted pawn
//!   — and `ifAfterwards:(not (and ("IsInCheck" "Osho" Next) ("NextCannotMove")))`: not a
//!   drop that mates (a pawn drop that checks but does not mate is legal).
//! * `ifAfterwards:(not ("IsInCheck" "Osho" Mover))`: no move may leave one's own king in check.
//! * `(end {(if (and ("IsInCheck" "Osho" Next) ("NextCannotMove")) (result Mover Win))
//!   ("BlockWin")})`: checkmate wins, and a player left with no legal move at all loses
//!   (stalemate is a loss, unlike chess).
//!
//! Ludii differs from the usual rules of MiniShogi in two places, and this module follows
//! Ludii: there is **no repetition rule** (no sennichite, no perpetual-check loss), and the
//! engine-wide limit of 1,250 turns per player (RULES.md) ends a game as a draw. Here that is
//! 2,500 moves ([`MOVE_LIMIT`]): a promotion choice is part of its move. One more quirk of
//! the description is *not* copied: its `"NextCannotMove"` skips the defender's pawn drops
//! that would give check back, so Ludii can call a position mate where the only defence is
//! such a pawn drop; here any legal move is a defence.
//!
//! # Repetition and graph-history interaction
//!
//! Positions (board, hands, side to move) repeat in MiniShogi, and a repeated position ends
//! nothing: play goes on until a mate or the move limit (then a draw). The move number is
//! part of the position and of its [`key`](Game::key), because the limit makes it matter:
//! so keys are exact and equal keys have equal futures. The family still declares
//! `repeats: true` (`Facts::repeats`), because a search that proves or disproves through a
//! transposition table would have to run every cycle out to the 2,500-move limit, and
//! would, by recursion that deep, overflow the page's stack; the exact searches (df-pn,
//! alpha-beta) and the best-first proof-number searches therefore refuse MiniShogi with a
//! message saying so. MCTS, MCTS-Solver, PN-MCTS and the depth-limited players play it: the
//! Monte-Carlo searches keep a tree of move sequences in which each node holds its own
//! position (so a proof there is a proof of that line, whatever repeats), and the
//! depth-limited players stop at their depth and value positions with the material
//! [`Evaluator`] below.
//!
//! # Notation
//!
//! Squares are named as in shogi: files `5`–`1` from Sente's left to right, ranks `a`–`e`
//! from the top (Gote's side). A position is SFEN: the ranks top first (`+` before a
//! promoted piece, digits for empty squares, `/` between ranks), the side to move (`b` or
//! `w`), the pieces in hand (`-` for none, else e.g. `Rb2p`: Sente's first, each in the order
//! R B G S P, a count before a piece held twice) and the move number (from 1; optional).
//! `startpos`, an SFEN, or nothing may be followed by `moves` and USI moves; a text of USI
//! moves alone plays them from the start. Moves are USI: `5e4d` (from, to), `2b1a+` with
//! promotion, `P*3c` for a drop.
//!
//! # Perft
//!
//! From the start: 14, 181, 2,512, 35,401, 533,203, 8,276,188, 132,680,617, 2,214,667,304, a
//! promotion and its refusal counted as two moves. Ludii's 14, 181, 2,512 (RULES.md) are these
//! counts (merged, depth 3 would be 2,484); depth 5 is the shogi programs' published 533,203,
//! which counts the 38 promotions that follow an unpromoted mate (Ludii offers them too).
//! `tests/games/minishogi.rs` checks them, and mid-game counts, against a second, naive
//! implementation written separately.
//!
//! ```
//! use pnplay::game::{Game, Outcome, Player, minishogi::MiniShogi, perft};
//! let start = MiniShogi::start(&());
//! assert_eq!(start.format_position(), "rbsgk/4p/5/P4/KGSBR b - 1");
//! assert_eq!(perft::perft(&start, 2), 181);
//! // Sente drops a gold in front of Gote's king, guarded by a tokin: mate.
//! let mut pos = MiniShogi::parse_position(&(), "4k/5/3+P1/5/K4 b G 1").unwrap();
//! pos.play(pos.parse_move("G*1b").unwrap());
//! assert_eq!(pos.outcome(Player::First), Some(Outcome::Win));
//! ```

use super::board::{Board, Cell, MoveCells};
use super::family::{
    Catalogued, CellNames, Example, Facts, Family, LegendEntry, Listed, MoveStyle, Presentation,
};
use super::knowledge::{EvalWeights, Evaluator, Knowledge, NoOrdering};
use super::move_text;
use super::{Game, MoveList, Outcome, ParseError, Player, Turn};

/// Squares a side; square `5 · row + col` is row `row` from the top (rank `a` + row) and
/// column `col` from Sente's left (file `5 − col`), the page's cell index.
const SIDE: usize = 5;
/// Squares on the board.
const SQUARES: usize = SIDE * SIDE;
/// Every square.
const FULL: u32 = (1 << SQUARES) - 1;
/// Moves after which the game is a draw: Ludii's 1,250 turns per player.
pub const MOVE_LIMIT: u16 = 2_500;
/// The most legal moves of any position. A side with pieces of `h` kinds in hand has at most
/// `10 − h` pieces besides its king on the board, each with at most 16 moves (8 targets, each
/// with and without promotion; the promoted rook and bishop have 12), the king 8, and at most
/// 23 squares for each kind it drops: `23h + 16(10 − h) + 8 ≤ 203`.
pub const MAX_MOVES: usize = 203;

// Kinds of piece (the legend's piece numbers); hand kinds are 1..=5.
const PAWN: u8 = 1;
const SILVER: u8 = 2;
const GOLD: u8 = 3;
const BISHOP: u8 = 4;
const ROOK: u8 = 5;
const KING: u8 = 6;
const TOKIN: u8 = 7;
const NARIGIN: u8 = 8;
const HORSE: u8 = 9;
const DRAGON: u8 = 10;
/// Kinds, the empty 0 included.
const KINDS: usize = 11;
/// Kinds a hand holds: pawn, silver, gold, bishop, rook.
const HAND_KINDS: usize = 5;
/// SFEN letters of the kinds (promoted kinds as their unpromoted letter after `+`).
const LETTERS: [char; KINDS] = ['.', 'P', 'S', 'G', 'B', 'R', 'K', 'P', 'S', 'B', 'R'];
/// The order of pieces in hand in SFEN: R B G S P.
const HAND_ORDER: [u8; HAND_KINDS] = [ROOK, BISHOP, GOLD, SILVER, PAWN];

/// The promoted kind of `kind` (0 if it does not promote).
const fn promoted(kind: u8) -> u8 {
    match kind {
        PAWN => TOKIN,
        SILVER => NARIGIN,
        BISHOP => HORSE,
        ROOK => DRAGON,
        _ => 0,
    }
}

/// The kind a captured `kind` goes to the hand as.
const fn unpromoted(kind: u8) -> u8 {
    match kind {
        TOKIN => PAWN,
        NARIGIN => SILVER,
        HORSE => BISHOP,
        DRAGON => ROOK,
        k => k,
    }
}

/// Rows `player` moves towards: −1 (up) for Sente, +1 for Gote.
const fn forward(player: usize) -> i32 {
    if player == 0 { -1 } else { 1 }
}

/// The squares reached from `square` by the steps `(forward, sideways)` of `player`.
const fn steps(player: usize, square: usize, list: &[(i32, i32)]) -> u32 {
    let (row, col) = ((square / SIDE) as i32, (square % SIDE) as i32);
    let mut targets = 0;
    let mut i = 0;
    while i < list.len() {
        let (r, c) = (row + forward(player) * list[i].0, col + list[i].1);
        if r >= 0 && r < SIDE as i32 && c >= 0 && c < SIDE as i32 {
            targets |= 1 << (r as usize * SIDE + c as usize);
        }
        i += 1;
    }
    targets
}

const PAWN_STEPS: &[(i32, i32)] = &[(1, 0)];
const SILVER_STEPS: &[(i32, i32)] = &[(1, 0), (1, -1), (1, 1), (-1, -1), (-1, 1)];
const GOLD_STEPS: &[(i32, i32)] = &[(1, 0), (1, -1), (1, 1), (0, -1), (0, 1), (-1, 0)];
const ORTHOGONAL: &[(i32, i32)] = &[(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: &[(i32, i32)] = &[(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KING_STEPS: &[(i32, i32)] = &[
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// `[player][square]`: the squares `steps` reaches from every square.
const fn table(list: &[(i32, i32)]) -> [[u32; SQUARES]; 2] {
    let mut t = [[0; SQUARES]; 2];
    let mut square = 0;
    while square < SQUARES {
        t[0][square] = steps(0, square, list);
        t[1][square] = steps(1, square, list);
        square += 1;
    }
    t
}

static PAWN_ATTACKS: [[u32; SQUARES]; 2] = table(PAWN_STEPS);
static SILVER_ATTACKS: [[u32; SQUARES]; 2] = table(SILVER_STEPS);
static GOLD_ATTACKS: [[u32; SQUARES]; 2] = table(GOLD_STEPS);
static KING_ATTACKS: [[u32; SQUARES]; 2] = table(KING_STEPS);
static ORTHOGONAL_STEPS: [[u32; SQUARES]; 2] = table(ORTHOGONAL);
static DIAGONAL_STEPS: [[u32; SQUARES]; 2] = table(DIAGONAL);

/// The far rank of `player` (its promotion zone).
const fn zone(player: usize) -> u32 {
    if player == 0 { 0b11111 } else { 0b11111 << 20 }
}

/// The squares of column `col`.
const fn column(col: usize) -> u32 {
    0b00001_00001_00001_00001_00001 << col
}

/// The eight directions (row, col): four orthogonal, then four diagonal.
const DIRECTIONS: [(i32, i32); 8] = [
    (-1, 0),
    (1, 0),
    (0, -1),
    (0, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
    (1, 1),
];
/// The orthogonal directions of [`DIRECTIONS`].
const ROOK_LINES: std::ops::Range<usize> = 0..4;
/// The diagonal ones.
const BISHOP_LINES: std::ops::Range<usize> = 4..8;

/// `RAYS[d][square]`: the squares from `square` (not included) to the edge in direction `d`.
static RAYS: [[u32; SQUARES]; 8] = {
    let mut rays = [[0; SQUARES]; 8];
    let mut d = 0;
    while d < 8 {
        let mut square = 0;
        while square < SQUARES {
            let (mut r, mut c) = (square as i32 / 5, square as i32 % 5);
            loop {
                r += DIRECTIONS[d].0;
                c += DIRECTIONS[d].1;
                if r < 0 || r >= SIDE as i32 || c < 0 || c >= SIDE as i32 {
                    break;
                }
                rays[d][square] |= 1 << (r as usize * SIDE + c as usize);
            }
            square += 1;
        }
        d += 1;
    }
    rays
};

/// The square of `bits` (some squares of one ray in direction `d`) nearest the ray's start.
fn nearest(d: usize, bits: u32) -> usize {
    let (dr, dc) = DIRECTIONS[d];
    if dr > 0 || (dr == 0 && dc > 0) {
        bits.trailing_zeros() as usize
    } else {
        31 - bits.leading_zeros() as usize
    }
}

/// The squares a slider on `square` reaches along the `lines` of [`DIRECTIONS`] over
/// `occupied` (the first piece met included).
fn slide(square: usize, occupied: u32, lines: std::ops::Range<usize>) -> u32 {
    let mut targets = 0;
    for d in lines {
        let ray = RAYS[d][square];
        let blockers = ray & occupied;
        targets |= if blockers == 0 {
            ray
        } else {
            ray ^ RAYS[d][nearest(d, blockers)]
        };
    }
    targets
}

/// A move: a piece from one square to another (with or without promotion), or a drop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square left, or `SQUARES + kind` for a drop of `kind` from the hand.
    from: u8,
    to: u8,
    promote: bool,
}

impl Move {
    /// The kind dropped, for drops.
    #[must_use]
    pub const fn dropped(self) -> Option<u8> {
        if self.from as usize >= SQUARES {
            Some(self.from - SQUARES as u8)
        } else {
            None
        }
    }

    /// The square left (`None` for a drop) and the square reached.
    #[must_use]
    pub const fn squares(self) -> (Option<usize>, usize) {
        if self.from as usize >= SQUARES {
            (None, self.to as usize)
        } else {
            (Some(self.from as usize), self.to as usize)
        }
    }

    /// Whether the piece promotes.
    #[must_use]
    pub const fn promotes(self) -> bool {
        self.promote
    }
}

/// An exact key: the 25 squares at 5 bits each (kind + 10 for Gote's), and the hands (2 bits
/// a count), the side to move and the move number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key(u128, u64);

/// A MiniShogi position: pieces by owner and kind, the same as a mailbox, the hands, who
/// moves, the moves played so far (for the move limit and SFEN's move number) and whether
/// the side to move has a legal move (found when the position is made).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MiniShogi {
    /// `pieces[owner][kind]`: bitboards (kind 0 unused).
    pieces: [[u32; KINDS]; 2],
    /// `occupied[owner]`.
    occupied: [u32; 2],
    /// What stands on each square: 0, or `kind + 16 · owner`.
    mailbox: [u8; SQUARES],
    /// `hands[owner][kind − 1]` for the hand kinds.
    hands: [[u8; HAND_KINDS]; 2],
    to_move: Player,
    /// Moves played from the start (SFEN's move number − 1).
    moves: u16,
    /// Whether the side to move has a legal move.
    can_move: bool,
}

impl MiniShogi {
    /// The side to move (the game may be over).
    #[must_use]
    pub const fn side_to_move(&self) -> Player {
        self.to_move
    }

    /// What stands on `square`: its owner and kind (1 pawn, 2 silver, 3 gold, 4 bishop,
    /// 5 rook, 6 king, 7 tokin, 8 promoted silver, 9 horse, 10 dragon), if anything.
    #[must_use]
    pub fn piece_at(&self, square: usize) -> Option<(Player, u8)> {
        let code = *self.mailbox.get(square)?;
        (code != 0).then(|| {
            let owner = if code >= 16 {
                Player::Second
            } else {
                Player::First
            };
            (owner, code & 15)
        })
    }

    /// How many pieces of hand kind `kind` (1–5) `player` holds.
    #[must_use]
    pub fn in_hand(&self, player: Player, kind: u8) -> u8 {
        self.hands[player.index()][usize::from(kind.clamp(1, 5) - 1)]
    }

    /// Moves played from the start.
    #[must_use]
    pub const fn moves_played(&self) -> u16 {
        self.moves
    }

    fn put(&mut self, owner: usize, kind: u8, square: usize) {
        self.pieces[owner][usize::from(kind)] |= 1 << square;
        self.occupied[owner] |= 1 << square;
        self.mailbox[square] = kind + 16 * owner as u8;
    }

    fn take(&mut self, square: usize) -> (usize, u8) {
        let code = self.mailbox[square];
        let (owner, kind) = (usize::from(code >= 16), code & 15);
        self.pieces[owner][usize::from(kind)] &= !(1 << square);
        self.occupied[owner] &= !(1 << square);
        self.mailbox[square] = 0;
        (owner, kind)
    }

    fn king(&self, owner: usize) -> usize {
        self.pieces[owner][usize::from(KING)].trailing_zeros() as usize
    }

    /// Whether `by`'s pieces attack `square`.
    fn attacked(&self, square: usize, by: usize) -> bool {
        let p = &self.pieces[by];
        let other = 1 - by;
        let occupied = self.occupied[0] | self.occupied[1];
        let rooks = p[usize::from(ROOK)] | p[usize::from(DRAGON)];
        let bishops = p[usize::from(BISHOP)] | p[usize::from(HORSE)];
        let golds = p[usize::from(GOLD)] | p[usize::from(TOKIN)] | p[usize::from(NARIGIN)];
        // A piece of `by` attacks `square` from where a piece of the other side on `square`
        // would attack with the same steps.
        PAWN_ATTACKS[other][square] & p[usize::from(PAWN)] != 0
            || SILVER_ATTACKS[other][square] & p[usize::from(SILVER)] != 0
            || GOLD_ATTACKS[other][square] & golds != 0
            || KING_ATTACKS[0][square] & p[usize::from(KING)] != 0
            || ORTHOGONAL_STEPS[0][square] & p[usize::from(HORSE)] != 0
            || DIAGONAL_STEPS[0][square] & p[usize::from(DRAGON)] != 0
            || (rooks != 0 && slide(square, occupied, ROOK_LINES) & rooks != 0)
            || (bishops != 0 && slide(square, occupied, BISHOP_LINES) & bishops != 0)
    }

    /// The squares a `kind` of `owner` on `square` attacks.
    fn targets(&self, owner: usize, kind: u8, square: usize) -> u32 {
        let occupied = self.occupied[0] | self.occupied[1];
        match kind {
            PAWN => PAWN_ATTACKS[owner][square],
            SILVER => SILVER_ATTACKS[owner][square],
            GOLD | TOKIN | NARIGIN => GOLD_ATTACKS[owner][square],
            KING => KING_ATTACKS[0][square],
            BISHOP => slide(square, occupied, BISHOP_LINES),
            ROOK => slide(square, occupied, ROOK_LINES),
            HORSE => slide(square, occupied, BISHOP_LINES) | ORTHOGONAL_STEPS[0][square],
            _ => slide(square, occupied, ROOK_LINES) | DIAGONAL_STEPS[0][square],
        }
    }

    /// The pieces of `owner` pinned to its king by an enemy slider.
    fn pinned(&self, owner: usize) -> u32 {
        let king = self.king(owner);
        let enemy = &self.pieces[1 - owner];
        let occupied = self.occupied[0] | self.occupied[1];
        let mut pinned = 0;
        for (lines, sliders) in [
            (ROOK_LINES, enemy[usize::from(ROOK)] | enemy[usize::from(DRAGON)]),
            (BISHOP_LINES, enemy[usize::from(BISHOP)] | enemy[usize::from(HORSE)]),
        ] {
            for d in lines {
                if RAYS[d][king] & sliders == 0 {
                    continue;
                }
                let blockers = RAYS[d][king] & occupied;
                let first = nearest(d, blockers);
                let behind = RAYS[d][first] & occupied;
                if self.occupied[owner] & (1 << first) != 0
                    && behind != 0
                    && sliders & (1 << nearest(d, behind)) != 0
                {
                    pinned |= 1 << first;
                }
            }
        }
        pinned
    }

    /// Plays `mv` on the board and hands only (the side to move is unchanged).
    fn apply(&mut self, mv: Move) {
        let mover = self.to_move.index();
        let to = usize::from(mv.to);
        match mv.dropped() {
            Some(kind) => {
                self.hands[mover][usize::from(kind - 1)] -= 1;
                self.put(mover, kind, to);
            }
            None => {
                if self.mailbox[to] != 0 {
                    let (_, captured) = self.take(to);
                    self.hands[mover][usize::from(unpromoted(captured) - 1)] += 1;
                }
                let (_, kind) = self.take(usize::from(mv.from));
                self.put(mover, if mv.promote { promoted(kind) } else { kind }, to);
            }
        }
    }

    /// Whether `mv` (pseudo-legal) leaves the mover's king out of check.
    fn safe(&self, mv: Move) -> bool {
        let mover = self.to_move.index();
        let mut next = self.clone();
        next.apply(mv);
        !next.attacked(next.king(mover), 1 - mover)
    }

    /// The position after `mv` with everything but whether the new side to move can move.
    fn after(&self, mv: Move) -> MiniShogi {
        let mut next = self.clone();
        next.apply(mv);
        next.to_move = self.to_move.opponent();
        next.moves += 1;
        next
    }

    /// Calls `emit` with each legal move in the fixed order (board moves by the square left,
    /// then by target, an unpromoted move before its promoted twin; then drops by kind P S G
    /// B R and square) until it returns false. With `twins` off the promoted twins are left
    /// out (enough to learn whether any move is legal). Returns false if stopped.
    fn each_legal(&self, twins: bool, mut emit: impl FnMut(Move) -> bool) -> bool {
        let mover = self.to_move.index();
        let enemy = 1 - mover;
        let in_check = self.attacked(self.king(mover), enemy);
        let pinned = self.pinned(mover);
        let own = self.occupied[mover];
        let mut rest = own;
        while rest != 0 {
            let from = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let kind = self.mailbox[from] & 15;
            let check_each = in_check || kind == KING || pinned & (1 << from) != 0;
            let mut targets = self.targets(mover, kind, from) & !own;
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let plain = Move {
                    from: from as u8,
                    to: to as u8,
                    promote: false,
                };
                if check_each && !self.safe(plain) {
                    continue;
                }
                let in_zone = zone(mover) & ((1 << from) | (1 << to)) != 0;
                if kind == PAWN && zone(mover) & (1 << to) != 0 {
                    if !emit(Move {
                        promote: true,
                        ..plain
                    }) {
                        return false;
                    }
                    continue;
                }
                if !emit(plain) {
                    return false;
                }
                // Ludii's second decision (promote or not) is offered even when the
                // unpromoted move already mates.
                if twins
                    && in_zone
                    && matches!(kind, SILVER | BISHOP | ROOK)
                    && !emit(Move {
                        promote: true,
                        ..plain
                    })
                {
                    return false;
                }
            }
        }
        let empty = FULL & !(self.occupied[0] | self.occupied[1]);
        for kind in PAWN..=ROOK {
            if self.hands[mover][usize::from(kind - 1)] == 0 {
                continue;
            }
            let mut targets = empty;
            if kind == PAWN {
                targets &= !zone(mover);
                let mut pawns = self.pieces[mover][usize::from(PAWN)];
                while pawns != 0 {
                    targets &= !column(pawns.trailing_zeros() as usize % SIDE);
                    pawns &= pawns - 1;
                }
            }
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let drop = Move {
                    from: SQUARES as u8 + kind,
                    to: to as u8,
                    promote: false,
                };
                if in_check && !self.safe(drop) {
                    continue;
                }
                if kind == PAWN
                    && PAWN_ATTACKS[mover][to] & self.pieces[enemy][usize::from(KING)] != 0
                    && !self.after(drop).has_legal_move()
                {
                    continue;
                }
                if !emit(drop) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether the side to move has a legal move (the move limit aside).
    fn has_legal_move(&self) -> bool {
        !self.each_legal(false, |_| false)
    }

    /// The winner, if the side to move has no legal move.
    fn winner(&self) -> Option<Player> {
        (!self.can_move).then(|| self.to_move.opponent())
    }

    fn is_over(&self) -> bool {
        !self.can_move || self.moves >= MOVE_LIMIT
    }

    /// The USI name of `square`: `5a` for 0, `1e` for 24.
    fn square_name(square: usize) -> String {
        format!(
            "{}{}",
            SIDE - square % SIDE,
            char::from(b'a' + (square / SIDE) as u8)
        )
    }

    /// The square named by a file digit and a rank letter.
    fn parse_square(file: char, rank: char) -> Option<u8> {
        let file = file.to_digit(10)? as usize;
        let rank = (rank as u32).checked_sub('a' as u32)? as usize;
        ((1..=SIDE).contains(&file) && rank < SIDE).then(|| (rank * SIDE + SIDE - file) as u8)
    }

    /// The hand kind (1–5) of an SFEN letter, either case.
    fn hand_kind(letter: char) -> Option<u8> {
        match letter.to_ascii_uppercase() {
            'P' => Some(PAWN),
            'S' => Some(SILVER),
            'G' => Some(GOLD),
            'B' => Some(BISHOP),
            'R' => Some(ROOK),
            _ => None,
        }
    }

    /// A USI move word, legal or not.
    fn parse_word(word: &str) -> Option<Move> {
        let chars: Vec<char> = word.chars().collect();
        match chars.as_slice() {
            [piece, '*', file, rank] => Some(Move {
                from: SQUARES as u8 + Self::hand_kind(*piece)?,
                to: Self::parse_square(*file, *rank)?,
                promote: false,
            }),
            [a, b, c, d, rest @ ..] if rest.is_empty() || rest == ['+'] => Some(Move {
                from: Self::parse_square(*a, *b)?,
                to: Self::parse_square(*c, *d)?,
                promote: !rest.is_empty(),
            }),
            _ => None,
        }
    }

    /// A position from its pieces, hands, side to move and moves played: checks the rules a
    /// position must keep and finds whether the side to move can move.
    fn build(
        cells: [Option<(usize, u8)>; SQUARES],
        hands: [[u8; HAND_KINDS]; 2],
        to_move: Player,
        moves: u16,
    ) -> Result<MiniShogi, ParseError> {
        let invalid = |reason: &str| ParseError::InvalidPosition {
            reason: reason.to_string(),
        };
        let mut pos = MiniShogi {
            pieces: [[0; KINDS]; 2],
            occupied: [0; 2],
            mailbox: [0; SQUARES],
            hands,
            to_move,
            moves,
            can_move: true,
        };
        let mut counts = [0u8; KINDS];
        for (square, cell) in cells.iter().enumerate() {
            if let Some((owner, kind)) = *cell {
                pos.put(owner, kind, square);
                counts[usize::from(unpromoted(kind))] += 1;
            }
        }
        for kind in PAWN..=ROOK {
            let held = hands[0][usize::from(kind - 1)] + hands[1][usize::from(kind - 1)];
            if counts[usize::from(kind)] + held > 2 {
                return Err(invalid(
                    "more than the set's two pieces of one kind (pawn, silver, gold, bishop, rook)",
                ));
            }
        }
        for owner in 0..2 {
            if pos.pieces[owner][usize::from(KING)].count_ones() != 1 {
                return Err(invalid("each side needs exactly one king"));
            }
            let pawns = pos.pieces[owner][usize::from(PAWN)];
            if pawns & zone(owner) != 0 {
                return Err(invalid("an unpromoted pawn on its last rank"));
            }
            if (0..SIDE).any(|col| (pawns & column(col)).count_ones() > 1) {
                return Err(invalid("two unpromoted pawns of one side in one file"));
            }
        }
        let mover = to_move.index();
        if pos.attacked(pos.king(1 - mover), mover) {
            return Err(invalid("the side that just moved is in check"));
        }
        pos.can_move = pos.has_legal_move();
        Ok(pos)
    }

    /// Parses an SFEN (see the module docs) and returns it with the rest of the text (the
    /// index where it starts).
    fn parse_sfen(text: &str) -> Result<(MiniShogi, usize), ParseError> {
        fn skip_blanks(fields: &mut std::iter::Peekable<std::str::CharIndices>) {
            while fields.next_if(|(_, c)| c.is_whitespace()).is_some() {}
        }
        let mut fields = text.char_indices().peekable();
        skip_blanks(&mut fields);
        // The board.
        let mut cells = [None; SQUARES];
        let (mut row, mut col) = (0usize, 0usize);
        let mut promote = false;
        while let Some(&(index, c)) = fields.peek() {
            if c.is_whitespace() {
                break;
            }
            fields.next();
            let unexpected = |expected| ParseError::UnexpectedChar {
                index,
                found: c,
                expected,
            };
            match c {
                '/' if col == SIDE && row + 1 < SIDE && !promote => {
                    row += 1;
                    col = 0;
                }
                '1'..='5' if !promote && col + c as usize - '0' as usize <= SIDE => {
                    col += c as usize - '0' as usize;
                }
                '+' if !promote && col < SIDE => promote = true,
                _ if col < SIDE && c.is_ascii_alphabetic() => {
                    let kind = match c.to_ascii_uppercase() {
                        'K' if !promote => KING,
                        letter => {
                            let kind = Self::hand_kind(letter).filter(|&k| k != GOLD || !promote);
                            match kind {
                                Some(k) if promote => promoted(k),
                                Some(k) => k,
                                None => {
                                    return Err(unexpected(if promote {
                                        "a piece that promotes after +: P, S, B, R (lowercase for Gote)"
                                    } else {
                                        "a piece of the board: K, R, B, G, S, P (lowercase for Gote), + or a digit"
                                    }));
                                }
                            }
                        }
                    };
                    let owner = usize::from(c.is_ascii_lowercase());
                    cells[row * SIDE + col] = Some((owner, kind));
                    col += 1;
                    promote = false;
                }
                _ => {
                    return Err(unexpected(if col == SIDE {
                        "/ after a rank of 5 squares"
                    } else {
                        "a board square: a piece letter, + or a digit 1-5 (5 squares a rank)"
                    }));
                }
            }
        }
        if row + 1 != SIDE || col != SIDE {
            return Err(ParseError::WrongLength {
                what: "squares (5 ranks of 5)",
                expected: SQUARES,
                found: row * SIDE + col,
            });
        }
        // The side to move.
        skip_blanks(&mut fields);
        let to_move = match fields.next() {
            None => {
                return Err(ParseError::Missing {
                    index: text.chars().count(),
                    expected: "the side to move (b or w) after the board",
                });
            }
            Some((_, 'b')) => Player::First,
            Some((_, 'w')) => Player::Second,
            Some((index, found)) => {
                return Err(ParseError::UnexpectedChar {
                    index,
                    found,
                    expected: "the side to move: b (Sente) or w (Gote)",
                });
            }
        };
        // The hands.
        skip_blanks(&mut fields);
        let mut hands = [[0u8; HAND_KINDS]; 2];
        match fields.next() {
            None => {
                return Err(ParseError::Missing {
                    index: text.chars().count(),
                    expected: "the pieces in hand (- for none) after the side to move",
                });
            }
            Some((_, '-')) => {}
            Some((start, first)) => {
                let mut next = Some((start, first));
                let mut count = 0u8;
                while let Some((index, c)) = next {
                    if c.is_whitespace() {
                        break;
                    }
                    match (c, Self::hand_kind(c)) {
                        ('1'..='2', _) if count == 0 => count = c as u8 - b'0',
                        (_, Some(kind)) => {
                            let slot = &mut hands[usize::from(c.is_ascii_lowercase())]
                                [usize::from(kind - 1)];
                            *slot = slot.saturating_add(count.max(1)).min(3);
                            count = 0;
                        }
                        _ => {
                            return Err(ParseError::UnexpectedChar {
                                index,
                                found: c,
                                expected: "pieces in hand: R, B, G, S, P (lowercase for Gote), a count 2 before one, or -",
                            });
                        }
                    }
                    next = fields.next();
                }
                if count != 0 {
                    let expected = "a piece after the count in hand";
                    return Err(match next {
                        Some((index, found)) => ParseError::UnexpectedChar {
                            index,
                            found,
                            expected,
                        },
                        None => ParseError::Missing {
                            index: text.chars().count(),
                            expected,
                        },
                    });
                }
            }
        }
        // The move number (optional).
        skip_blanks(&mut fields);
        let mut moves = 0u16;
        let mut rest = text.len();
        match fields.peek() {
            Some(&(_, c)) if c.is_ascii_digit() => {
                let mut number: u32 = 0;
                while let Some((index, c)) = fields.next_if(|(_, c)| !c.is_whitespace()) {
                    let digit = c.to_digit(10).ok_or(ParseError::UnexpectedChar {
                        index,
                        found: c,
                        expected: "the move number: digits",
                    })?;
                    number = number * 10 + digit;
                    if number > u32::from(MOVE_LIMIT) + 1 {
                        return Err(ParseError::TooLarge {
                            index,
                            what: "as the move number (the game is a draw after 2,500 moves)",
                            limit: usize::from(MOVE_LIMIT) + 1,
                        });
                    }
                }
                if number == 0 {
                    return Err(ParseError::InvalidPosition {
                        reason: "the move number counts from 1".to_string(),
                    });
                }
                moves = (number - 1) as u16;
                skip_blanks(&mut fields);
                if let Some(&(index, _)) = fields.peek() {
                    rest = index;
                }
            }
            Some(&(index, _)) => rest = index,
            None => {}
        }
        Ok((Self::build(cells, hands, to_move, moves)?, rest))
    }

    /// The text after a position: nothing, or `moves` and USI moves.
    fn after_position(pos: MiniShogi, rest: &str, at: usize) -> Result<MiniShogi, ParseError> {
        let rest = rest.trim();
        if rest.is_empty() {
            return Ok(pos);
        }
        match rest.strip_prefix("moves") {
            Some(words) if words.is_empty() || words.starts_with(char::is_whitespace) => {
                move_text::play_words(pos, words.split_whitespace(), Self::parse_word)
            }
            _ => Err(ParseError::UnexpectedChar {
                index: at,
                found: rest.chars().next().unwrap_or(' '),
                expected: "the end of the position, or `moves` and USI moves",
            }),
        }
    }
}

impl Game for MiniShogi {
    type List<T: super::ListItem> = arrayvec::ArrayVec<T, MAX_MOVES>;
    type Move = Move;
    type Key = Key;
    /// One board, no variants.
    type Variant = ();

    fn start(_: &()) -> Self {
        let mut cells = [None; SQUARES];
        for (col, kind) in [KING, GOLD, SILVER, BISHOP, ROOK].into_iter().enumerate() {
            cells[20 + col] = Some((0, kind));
            cells[4 - col] = Some((1, kind));
        }
        cells[15] = Some((0, PAWN));
        cells[9] = Some((1, PAWN));
        Self::build(cells, [[0; HAND_KINDS]; 2], Player::First, 0)
            .unwrap_or_else(|_| unreachable!("the start position keeps the rules"))
    }

    fn variant(&self) {}

    fn turn(&self) -> Turn {
        Turn::unless_over(self.is_over(), self.to_move)
    }

    /// Board moves by the square left (row-major from the top left), then by target, an
    /// unpromoted move before its promoted twin; then drops by kind (P S G B R) and square.
    fn legal_moves(&self, out: &mut MoveList<Self>) {
        super::moves_unless_over(self, out, |out| {
            self.each_legal(true, |mv| {
                out.push(mv);
                true
            });
        });
    }

    fn play(&mut self, mv: Move) {
        self.apply(mv);
        self.to_move = self.to_move.opponent();
        self.moves += 1;
        self.can_move = self.has_legal_move();
    }

    fn outcome(&self, player: Player) -> Option<Outcome> {
        Outcome::for_player(self.winner(), self.is_over(), player)
    }

    fn key(&self) -> Key {
        let board = self
            .mailbox
            .iter()
            .enumerate()
            .fold(0u128, |key, (square, &code)| {
                let value = if code >= 16 { code - 16 + 10 } else { code };
                key | u128::from(value) << (5 * square)
            });
        let mut rest = u64::from(self.moves) << 24 | (self.to_move.index() as u64) << 20;
        for (owner, hand) in self.hands.iter().enumerate() {
            for (kind, &count) in hand.iter().enumerate() {
                rest |= u64::from(count) << (2 * (owner * HAND_KINDS + kind));
            }
        }
        Key(board, rest)
    }

    fn parse_position(_: &(), text: &str) -> Result<Self, ParseError> {
        let trimmed = text.trim_start();
        let offset = text.len() - trimmed.len();
        let first = trimmed.split_whitespace().next().unwrap_or("");
        if first.contains('/') {
            let (pos, rest) = Self::parse_sfen(text)?;
            return Self::after_position(pos, &text[rest..], rest);
        }
        if let Some(rest) = trimmed.strip_prefix("startpos") {
            return Self::after_position(Self::start(&()), rest, offset + "startpos".len());
        }
        let words = trimmed.strip_prefix("moves").unwrap_or(trimmed);
        move_text::play_words(Self::start(&()), words.split_whitespace(), Self::parse_word)
    }

    fn format_position(&self) -> String {
        let mut text = String::with_capacity(40);
        for row in 0..SIDE {
            if row > 0 {
                text.push('/');
            }
            let mut empty = 0;
            for col in 0..SIDE {
                match self.piece_at(row * SIDE + col) {
                    None => empty += 1,
                    Some((owner, kind)) => {
                        if empty > 0 {
                            text.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        if kind >= TOKIN {
                            text.push('+');
                        }
                        let letter = LETTERS[usize::from(kind)];
                        text.push(match owner {
                            Player::First => letter,
                            Player::Second => letter.to_ascii_lowercase(),
                        });
                    }
                }
            }
            if empty > 0 {
                text.push(char::from(b'0' + empty));
            }
        }
        text.push_str(match self.to_move {
            Player::First => " b ",
            Player::Second => " w ",
        });
        let mut hands = String::new();
        for owner in 0..2 {
            for kind in HAND_ORDER {
                let count = self.hands[owner][usize::from(kind - 1)];
                if count > 1 {
                    hands.push(char::from(b'0' + count));
                }
                if count > 0 {
                    let letter = LETTERS[usize::from(kind)];
                    hands.push(if owner == 0 {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    });
                }
            }
        }
        text.push_str(if hands.is_empty() { "-" } else { &hands });
        text.push_str(&format!(" {}", self.moves + 1));
        text
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        move_text::read_one(self, text, Self::parse_word)
    }

    fn format_move(&self, mv: Move) -> String {
        match mv.squares() {
            (None, to) => format!(
                "{}*{}",
                LETTERS[usize::from(mv.from) - SQUARES],
                Self::square_name(to)
            ),
            (Some(from), to) => format!(
                "{}{}{}",
                Self::square_name(from),
                Self::square_name(to),
                if mv.promote { "+" } else { "" }
            ),
        }
    }
}

impl Board for MiniShogi {
    fn rows(&self) -> usize {
        SIDE
    }

    fn cols(&self) -> usize {
        SIDE
    }

    fn cell(&self, index: usize) -> Cell {
        self.piece_at(index).map_or(Cell::EMPTY, |(owner, kind)| Cell {
            owner: Some(owner),
            piece: kind,
            count: 1,
        })
    }

    fn move_cells(&self, mv: Move) -> MoveCells {
        let (from, to) = mv.squares();
        MoveCells {
            from,
            to: Some(to),
            drop: mv.dropped(),
        }
    }

    /// The pieces in hand: Sente's then Gote's, each in the order P S G B R, with counts.
    fn hands(&self) -> Vec<Cell> {
        (0..2)
            .flat_map(|owner| {
                (PAWN..=ROOK).filter_map(move |kind| {
                    let count = self.hands[owner][usize::from(kind - 1)];
                    (count > 0).then(|| Cell {
                        owner: Some(if owner == 0 {
                            Player::First
                        } else {
                            Player::Second
                        }),
                        piece: kind,
                        count: u32::from(count),
                    })
                })
            })
            .collect()
    }
}

/// Piece values for the material evaluator (a piece in hand counts as its unpromoted kind):
/// the usual small-shogi ordering, pawn 1 up to dragon 12.
const VALUES: [i32; KINDS] = [0, 1, 5, 6, 8, 10, 0, 6, 6, 10, 12];

/// The depth-limited players' evaluator: material (board and hand) as the `coins` feature,
/// `100 · (own − opponent) / (own + opponent)`; the other features are Othello's and ignored.
struct Material {
    weight: f64,
}

impl Evaluator<MiniShogi> for Material {
    fn evaluate(&mut self, pos: &MiniShogi) -> i64 {
        let material = |owner: usize| -> i32 {
            let board: i32 = (1..KINDS)
                .map(|kind| VALUES[kind] * pos.pieces[owner][kind].count_ones() as i32)
                .sum();
            let hand: i32 = (0..HAND_KINDS)
                .map(|kind| VALUES[kind + 1] * i32::from(pos.hands[owner][kind]))
                .sum();
            board + hand
        };
        let mover = pos.to_move.index();
        let (own, other) = (f64::from(material(mover)), f64::from(material(1 - mover)));
        (100.0 * self.weight * 100.0 * (own - other) / (own + other).max(1.0)).round() as i64
    }
}

impl Knowledge for MiniShogi {
    type Ordering = NoOrdering;

    /// Material under the `coins` weight (weight 1 when that weight is 0: a depth-limited
    /// player needs an evaluator here, or it would search to the end of a game that can
    /// last 2,500 moves).
    fn evaluator(&self, weights: &EvalWeights) -> Option<Box<dyn Evaluator<Self>>> {
        let weight = if weights.coins == 0.0 {
            1.0
        } else {
            weights.coins
        };
        Some(Box::new(Material { weight }))
    }
}

impl Catalogued for MiniShogi {
    const FAMILY: Family = Family {
        id: "minishogi",
        title: "MiniShogi",
        grammar: "minishogi",
        listed: &[Listed::new("minishogi", "MiniShogi 5×5", &[20, 40, 80])],
        facts: Facts {
            repeats: true,
            ..Facts::two_player(MAX_MOVES)
        },
        presentation: Presentation {
            players: &["Sente (b, moves up)", "Gote (w, moves down)"],
            legend: &[
                LegendEntry::EMPTY,
                LegendEntry::of(Player::First, PAWN, "Sente pawn P"),
                LegendEntry::of(Player::First, SILVER, "Sente silver S"),
                LegendEntry::of(Player::First, GOLD, "Sente gold G"),
                LegendEntry::of(Player::First, BISHOP, "Sente bishop B"),
                LegendEntry::of(Player::First, ROOK, "Sente rook R"),
                LegendEntry::of(Player::First, KING, "Sente king K"),
                LegendEntry::of(Player::First, TOKIN, "Sente tokin +P"),
                LegendEntry::of(Player::First, NARIGIN, "Sente promoted silver +S"),
                LegendEntry::of(Player::First, HORSE, "Sente horse +B"),
                LegendEntry::of(Player::First, DRAGON, "Sente dragon +R"),
                LegendEntry::of(Player::Second, PAWN, "Gote pawn p"),
                LegendEntry::of(Player::Second, SILVER, "Gote silver s"),
                LegendEntry::of(Player::Second, GOLD, "Gote gold g"),
                LegendEntry::of(Player::Second, BISHOP, "Gote bishop b"),
                LegendEntry::of(Player::Second, ROOK, "Gote rook r"),
                LegendEntry::of(Player::Second, KING, "Gote king k"),
                LegendEntry::of(Player::Second, TOKIN, "Gote tokin +p"),
                LegendEntry::of(Player::Second, NARIGIN, "Gote promoted silver +s"),
                LegendEntry::of(Player::Second, HORSE, "Gote horse +b"),
                LegendEntry::of(Player::Second, DRAGON, "Gote dragon +r"),
            ],
            board: "shogi",
            moves: MoveStyle::FromTo,
            cell_names: CellNames::Shogi,
            notation: "SFEN (rbsgk/4p/5/P4/KGSBR b - 1), optionally followed by `moves` and \
                       USI moves (5e4d, 2b1a+, P*3c); or USI moves from the start",
            ..Presentation::BOARD
        },
        examples: &[Example {
            name: "Endgame: Sente mates in 3 moves",
            game: "minishogi",
            text: "2k2/5/5/5/K4 b GS 1",
            source: "Constructed for the proof-number searches: S*3c (the silver takes 2b, 3b \
                     and 4b from Gote's king), and whatever the king does, a gold drop mates; \
                     ab proves it at depth 3 (not at depth 1), PN-MCTS in 80 iterations, MCTS \
                     in 1,333",
        }],
    };
}
