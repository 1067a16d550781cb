//! The conformance harness: one generic check of the `Game` and `Board` contracts
//! (src/game/mod.rs, src/game/board.rs) and of the catalogue's game names
//! (src/game/catalogue.rs), run on every game variant, one test each so they run in parallel.
//!
//! Every game the catalogue lists (`pnplay::game::catalogue::FAMILIES`) must pass it, and
//! `every_catalogued_game_is_checked` fails when one has no line here. Adding a game (or a
//! variant) means adding one line to the `conformance_tests!` table near the end of this file: the
//! test's name, the engine's name for the game, its type, its variant, and the few facts the
//! harness cannot find out itself (two players or one, whether the position text is a board or
//! a move list, a bound on the length of a game, and published counts to compare with).
//!
//! On the positions met in seeded random games (at least 10,000 per game, repeats counted) it
//! checks:
//!
//! * games end within the bound; `Game::random_playout` ends on a finished position, and it
//!   ends on the same position, having drawn the same numbers, as the trait's documented
//!   playout written out here (uniform player moves, chance by `pick_by_probability`);
//! * replaying a game's moves from the start gives the same position (key and text);
//! * `legal_moves` is deterministic (twice on clones, and on the re-parsed position), has no
//!   duplicates, and is empty exactly when the game is over;
//! * keys are exact: positions with equal keys look the same (cells and turn), equal position
//!   texts give equal keys, and where the text is a board, equal keys give equal texts; where it
//!   is a move list, positions that look the same have equal keys (transpositions share a key);
//! * finished positions: outcome and value are `None` exactly when the game is not over, the two
//!   players' outcomes are flipped and values negated, and the value's sign matches the outcome
//!   (two players: win > 0, draw 0, loss < 0; one player: win 1, loss 0, no draws);
//! * who acts: two-player games alternate (a pass is a move); in one-player games only the first
//!   player acts and chance acts after every player move;
//! * chance probabilities are positive and sum to 1 (within 1e-9), and are 1 at a player's turn;
//! * text round trips: `parse_position(format_position(p))` equals `p` (key, text, turn, moves),
//!   `parse_move(format_move(m)) == m` for every legal move, and a move list's text grows by the
//!   move's text;
//! * the board view: `describe` shows `rows × cols` cells equal to `Board::cell`, with values a
//!   game can have, and every move's `to` cell is on the board, empty before the move and filled by it;
//!   a piece moved lands as itself (or, promoted, as another piece of its owner), and a drop
//!   from a hand lands on an empty cell as the kind dropped;
//! * fuzzed parsers: edited position and move texts and random strings never make
//!   `parse_position` or `parse_move` panic, and whatever parses passes the checks above;
//!   `try_play` of a move from another position plays it exactly when it is legal;
//! * perft and state counts equal the published or already checked values, each table citing
//!   its source.
//!
//! The tests at the end run the harness on tic-tac-toe with one flaw at a time, to show that
//! the checks do fail.

use crate::common;

use std::collections::HashMap;
use std::fmt::Debug;
use std::panic::{AssertUnwindSafe, catch_unwind};

use pnplay::engine::GameSpec;
use pnplay::experiment::generate::random_positions;
use pnplay::game::awari::{Awari, MOVE_LIMIT};
use pnplay::game::board::{Board, Cell, MoveCells};
use pnplay::game::catalogue::FAMILIES;
use pnplay::game::connect4::{Connect4, Dims};
use pnplay::game::g2048::{Config, G2048};
use pnplay::game::gomoku::{Gomoku, Rules};
use pnplay::game::knightthrough::Knightthrough;
use pnplay::game::loa::{Loa, MOVE_LIMIT as LOA_LIMIT, Rules as LoaRules};
use pnplay::game::minishogi::{self, MiniShogi};
use pnplay::game::nim::{Nim, NimRules};
use pnplay::game::othello::{Othello, Rules as OthelloRules, Size};
use pnplay::game::tictactoe::TicTacToe;
use pnplay::game::tree::{MAX_DEPTH, TreeGame};
use pnplay::game::{Game, MoveList, Outcome, Player, Rng, Turn, perft, pick_by_probability};
use pnplay::with_game;

// ---------------------------------------------------------------------------------------
// What each game tells the harness
// ---------------------------------------------------------------------------------------

/// Who plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Agents {
    /// Two players with alternating turns; a forced pass is a move.
    Two,
    /// One player (`Player::First`) against chance, which acts after every player move.
    Single,
}

/// What the position text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Notation {
    /// The board and who acts: one text per position.
    Board,
    /// The moves played from the start: transpositions have different texts.
    MoveList,
}

/// A count of the game tree from the start position (see src/game/perft.rs).
#[derive(Clone, Copy, Debug)]
enum Count {
    /// `perft::perft(start, depth)`: move sequences of exactly `depth` moves.
    Perft(u32, u64),
    /// `perft::complete_games(start)`: move sequences to the end of the game.
    CompleteGames(u64),
    /// `perft::reachable_positions(start)`: distinct positions, the start included.
    Reachable(usize),
}

/// What the harness needs to know about a game beyond the traits.
#[derive(Clone, Copy, Debug)]
struct Facts {
    agents: Agents,
    notation: Notation,
    /// No game from the start may last longer than this many moves (chance moves included).
    max_moves: usize,
    /// Published counts to compare with.
    counts: &'static [Count],
}

use Agents::{Single, Two};
use Count::{CompleteGames, Perft, Reachable};
use Notation::{Board as BoardText, MoveList as Moves};

/// Othello 8×8 perft 1–6 from Aart Bik's published perft table (aartbik.com/MISC/reversi.html),
/// the table tests/games/othello.rs checks to depth 10.
const OTHELLO_8X8: &[Count] = &[
    Perft(1, 4),
    Perft(2, 12),
    Perft(3, 56),
    Perft(4, 244),
    Perft(5, 1_396),
    Perft(6, 8_200),
];

/// 4×4 Othello has 15,015 distinct games after each of the four symmetric first moves, so
/// 60,060 from the start (the reversi-nxn blog, "Number of distinct NxN Reversi games", 2008;
/// cited in tests/games/othello.rs). No published 6×6 count exists: tests/games/othello.rs checks
/// 6×6 perft against an independent reference implementation instead.
const OTHELLO_4X4: &[Count] = &[CompleteGames(4 * 15_015)];

/// Connect Four 7×6: 7^n move sequences up to ply 6, since no game can end before the 7th move
/// (the first player's fourth disc); tests/games/connect4.rs checks the distinct positions per ply
/// against OEIS A212693.
const CONNECT4_7X6: &[Count] = &[
    Perft(1, 7),
    Perft(2, 49),
    Perft(3, 343),
    Perft(4, 2_401),
    Perft(5, 16_807),
    Perft(6, 117_649),
];

/// Tic-tac-toe's well-known counts: 255,168 possible games and 5,478 legal positions (the
/// empty board included), as in Wikipedia's "Game complexity" and "Tic-tac-toe"; the
/// doc test of src/game/perft.rs and tests/searches/exact_tictactoe.rs use the same numbers.
const TICTACTOE: &[Count] = &[Perft(2, 72), CompleteGames(255_168), Reachable(5_478)];

/// Subtraction Nim of 21 stones, take 1–3 (`nim`): 3, 9 and 27 sequences of 1–3 takes; the
/// complete games are the compositions of 21 into parts 1–3, the tribonacci number T(21) =
/// T(20) + T(19) + T(18) = 223,317; the positions are (stones left, who moves): both movers
/// for 0–19 stones left, one for 20 and for 21.
const NIM_21_3: &[Count] = &[
    Perft(1, 3),
    Perft(2, 9),
    Perft(3, 27),
    CompleteGames(223_317),
    Reachable(42),
];

/// 2048 on 2×2: the positions reachable from the empty start (player and chance nodes apart,
/// finished games included) are 399 with objective 16 and 755 with objective 32, the state
/// spaces of the dissertation's Table 4.2 experiment (src/game/g2048.rs docs and
/// tests/games/g2048.rs). The two opening spawns are (4 cells × 2 tiles) · (3 × 2) = 48 sequences,
/// which reach the 24 distinct openings that tests/games/g2048.rs relates to the dissertation's
/// §4.4. Gomoku 15×15 from Ludii (../shared/RULES.md: 225, 50,400, 11,239,200): no line of five
/// can form before the 9th move, so these are 225 · 224 · … and tests/games/gomoku.rs checks deeper
/// counts of mid-game positions against a naive second implementation.
const GOMOKU_15X15: &[Count] = &[Perft(1, 225), Perft(2, 50_400), Perft(3, 11_239_200)];

const G2048_2X2_16: &[Count] = &[Perft(2, 48), Reachable(399)];
const G2048_2X2_32: &[Count] = &[Perft(2, 48), Reachable(755)];

/// Knightthrough: Ludii's perft 1–3 from the start (RULES.md); tests/games/knightthrough.rs checks
/// depth 4 against a second, naive implementation.
const KNIGHTTHROUGH: &[Count] = &[Perft(1, 40), Perft(2, 1_600), Perft(3, 63_520)];
/// Awari (Ludii's): the counts Ludii gives from the start (shared/RULES.md); tests/games/awari.rs
/// checks deeper counts against a separately written naive implementation.
const AWARI: &[Count] = &[Perft(1, 6), Perft(2, 36), Perft(3, 190)];
/// MiniShogi: Ludii's perft 1–3 from the start (RULES.md), a promotion and its refusal
/// counted as two moves; tests/games/minishogi.rs checks deeper counts against the published table
/// and a naive implementation.
const MINISHOGI: &[Count] = &[Perft(1, 14), Perft(2, 181), Perft(3, 2_512)];

/// Lines of Action: Ludii's perft 1–3 from the start (RULES.md); tests/games/loa.rs checks depth 4
/// and mid-game positions against a second, naive implementation.
const LOA_8X8: &[Count] = &[Perft(1, 36), Perft(2, 1_244), Perft(3, 44_952)];
const LOA_7X7: &[Count] = &[Perft(1, 30), Perft(2, 848), Perft(3, 25_012)];

/// The start tree, the PN-MCTS paper's Figure 2 as src/game/tree.rs rebuilds it: 3 moves at
/// the root, 6 two-move lines (b e, b f, c g, c h, d i, d j), 7 complete games (the leaves f,
/// i, k and the ones the unknown leaves g, h, j, l hide) and 16 nodes (the figure's 12 and
/// those 4 hidden leaves).
const TREE: &[Count] = &[Perft(1, 3), Perft(2, 6), CompleteGames(7), Reachable(16)];

// ---------------------------------------------------------------------------------------
// The harness
// ---------------------------------------------------------------------------------------

/// The seed of every random choice the harness makes.
const SEED: u64 = 0x5eed_c0de;
/// Random games per variant: at least this many…
const MIN_GAMES: usize = 20;
/// …and until at least this many positions were met (repeats counted).
const MIN_POSITIONS: usize = 10_000;
/// Fuzzed texts per variant, for each of: edited positions, random strings, edited moves.
const FUZZ_CASES: usize = 3_000;

struct Harness<'a, G: Game> {
    name: &'a str,
    variant: &'a G::Variant,
    facts: &'a Facts,
    spec: GameSpec,
}

/// Runs every check on one game variant: `name` is the engine's name for it.
fn conformance<G: Game + Board>(name: &str, variant: &G::Variant, facts: &Facts) {
    let spec: GameSpec = name.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
    let harness = Harness::<G> {
        name,
        variant,
        facts,
        spec,
    };
    harness.check_name();
    harness.check_contract();
}

impl<G: Game + Board> Harness<'_, G> {
    /// Every check but the name's.
    fn check_contract(&self) {
        let met = self.random_games();
        let distinct = self.check_identities(&met);
        for pos in &distinct {
            self.check_position(pos);
        }
        self.fuzz_parsers(&distinct);
        self.check_counts();
    }

    /// The engine's name parses to this type and variant, prints back, and starts where
    /// `Game::start` does.
    fn check_name(&self) {
        let name = self.name;
        assert_eq!(self.spec.to_string(), name, "{name}: name round trip");
        let (type_name, variant) =
            with_game!(self.spec, H, v => (std::any::type_name::<H>(), format!("{v:?}")));
        assert_eq!(type_name, std::any::type_name::<G>(), "{name}: game type");
        assert_eq!(variant, format!("{:?}", self.variant), "{name}: variant");
        let start = G::start(self.variant);
        assert_eq!(&start.variant(), self.variant, "{name}");
        assert_ne!(start.turn(), Turn::Over, "{name}: over at the start");
        let view = pnplay::engine::describe(&self.spec, None).unwrap();
        assert_eq!(view.text, start.format_position(), "{name}: start text");
    }

    fn check_counts(&self) {
        let start = G::start(self.variant);
        for &count in self.facts.counts {
            let (found, expected) = match count {
                Perft(depth, n) => (perft::perft(&start, depth), n),
                CompleteGames(n) => (perft::complete_games(&start), n),
                Reachable(n) => (perft::reachable_positions(&start) as u64, n as u64),
            };
            assert_eq!(found, expected, "{}: {count:?}", self.name);
        }
    }

    /// One game from `from` exactly as the trait's default `random_playout` plays it: a uniform
    /// draw over the legal moves at a player's turn, `pick_by_probability` at chance. Returns
    /// the moves and every position met, `from` first.
    fn random_game(&self, from: &G, rng: &mut Rng) -> (Vec<G::Move>, Vec<G>) {
        let mut pos = from.clone();
        let (mut line, mut met) = (Vec::new(), vec![pos.clone()]);
        let mut moves = MoveList::<G>::default();
        while pos.turn() != Turn::Over {
            assert!(
                line.len() < self.facts.max_moves,
                "{}: a random game from {} passed {} moves: {}",
                self.name,
                from.format_position(),
                self.facts.max_moves,
                pos.format_position()
            );
            pos.legal_moves(&mut moves);
            let mv = match pos.turn() {
                Turn::Chance => pick_by_probability(&pos, &moves, rng),
                _ => moves[rng.below(moves.len() as u32) as usize],
            };
            pos.play(mv);
            line.push(mv);
            met.push(pos.clone());
        }
        (line, met)
    }

    /// `random_playout` from `from` with `seed` ends where [`Harness::random_game`] does, over,
    /// with the generator in the same state.
    fn check_playout(&self, from: &G, seed: u64) -> (Vec<G::Move>, Vec<G>) {
        let mut by_hand = Rng::new(seed);
        let (line, met) = self.random_game(from, &mut by_hand);
        let mut by_trait = Rng::new(seed);
        let end = from.random_playout(&mut by_trait);
        let context = format!(
            "{}: random_playout from {} seed {seed}",
            self.name,
            from.format_position()
        );
        assert_eq!(end.turn(), Turn::Over, "{context}: not over");
        let expected = met.last().unwrap();
        assert_eq!(end.key(), expected.key(), "{context}");
        assert_eq!(
            end.format_position(),
            expected.format_position(),
            "{context}"
        );
        assert_eq!(
            by_trait, by_hand,
            "{context}: drew differently from the default"
        );
        // Cut off halfway, the playout stops at the position met there, having drawn as the
        // default draws for those moves.
        let half = line.len() / 2;
        let mut cut_rng = Rng::new(seed);
        let cut = from.random_playout_within(&mut cut_rng, half as u32);
        assert_eq!(cut.key(), met[half].key(), "{context}: cut off at {half}");
        let mut by_hand = Rng::new(seed);
        let mut moves = MoveList::<G>::default();
        for pos in &met[..half] {
            pos.legal_moves(&mut moves);
            match pos.turn() {
                Turn::Chance => {
                    pick_by_probability(pos, &moves, &mut by_hand);
                }
                _ => {
                    by_hand.below(moves.len() as u32);
                }
            }
        }
        assert_eq!(
            cut_rng, by_hand,
            "{context}: cut off at {half}, drew differently"
        );
        (line, met)
    }

    /// Plays seeded random games from the start and returns every position met (repeats
    /// included), checking lengths, `random_playout` and replays on the way.
    fn random_games(&self) -> Vec<G> {
        let start = G::start(self.variant);
        let mut seeds = Rng::new(SEED);
        let mut all = Vec::new();
        let mut games = 0;
        while games < MIN_GAMES || all.len() < MIN_POSITIONS {
            let (line, met) = self.check_playout(&start, seeds.next_u64());
            // The same moves from the start give the same position.
            let mut replay = start.clone();
            for &mv in &line {
                replay.play(mv);
            }
            let end = met.last().unwrap();
            assert_eq!(replay.key(), end.key(), "{}: replay", self.name);
            assert_eq!(
                replay.format_position(),
                end.format_position(),
                "{}: replay",
                self.name
            );
            // random_playout from the middle of the game agrees too.
            self.check_playout(&met[met.len() / 2], seeds.next_u64());
            all.extend(met);
            games += 1;
        }
        all
    }

    /// Checks that keys identify positions exactly over `met`; returns one position per text.
    fn check_identities(&self, met: &[G]) -> Vec<G> {
        let name = self.name;
        let mut key_of_text: HashMap<String, G::Key> = HashMap::new();
        let mut picture_of_key: HashMap<G::Key, String> = HashMap::new();
        let mut text_of_key: HashMap<G::Key, String> = HashMap::new();
        let mut key_of_picture: HashMap<String, G::Key> = HashMap::new();
        let mut distinct = Vec::new();
        for pos in met {
            let (key, text, look) = (pos.key(), pos.format_position(), picture(pos));
            match key_of_text.get(&text) {
                Some(&k) => assert_eq!(k, key, "{name}: one text, two keys: {text}"),
                None => {
                    key_of_text.insert(text.clone(), key);
                    distinct.push(pos.clone());
                }
            }
            let seen = picture_of_key.entry(key).or_insert_with(|| look.clone());
            assert_eq!(*seen, look, "{name}: one key {key:?}, two boards");
            match self.facts.notation {
                Notation::Board => {
                    let seen = text_of_key.entry(key).or_insert_with(|| text.clone());
                    assert_eq!(*seen, text, "{name}: one key {key:?}, two texts");
                }
                Notation::MoveList => {
                    let seen = key_of_picture.entry(look).or_insert(key);
                    assert_eq!(
                        *seen, key,
                        "{name}: a transposition with another key: {text}"
                    );
                }
            }
        }
        if self.facts.notation == Notation::MoveList {
            // Texts are move lists, so equal keys with different texts must have been met:
            // else the transposition check above checked nothing.
            let transpositions = key_of_text.len() - key_of_picture.len();
            assert!(transpositions > 0, "{name}: no transposition met");
        }
        distinct
    }

    /// Every check of one position (met in play or parsed from fuzzed text).
    fn check_position(&self, pos: &G) {
        let (name, facts) = (self.name, self.facts);
        let text = pos.format_position();
        let at = format!("{name} at {text:?}");
        assert_eq!(&pos.variant(), self.variant, "{at}: variant");

        // Moves: deterministic, distinct, present exactly while the game goes on.
        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        let mut again = MoveList::<G>::default();
        pos.clone().legal_moves(&mut again);
        assert_eq!(moves[..], again[..], "{at}: move order");
        for (i, mv) in moves.iter().enumerate() {
            assert!(!moves[..i].contains(mv), "{at}: {mv:?} listed twice");
        }
        let turn = pos.turn();
        assert_eq!(
            moves.is_empty(),
            turn == Turn::Over,
            "{at}: moves {moves:?} at {turn:?}"
        );

        self.check_result(pos, &at);

        // Who acts, and chance probabilities.
        match turn {
            Turn::Player(player) => {
                if facts.agents == Single {
                    assert_eq!(
                        player,
                        Player::First,
                        "{at}: a second player in a one-player game"
                    );
                }
                for &mv in moves.iter() {
                    let p = pos.chance_probability(mv);
                    assert_eq!(
                        p, 1.0,
                        "{at}: chance_probability {p} of {mv:?} at a player's turn"
                    );
                }
            }
            Turn::Chance => {
                let mut total = 0.0;
                for &mv in moves.iter() {
                    let p = pos.chance_probability(mv);
                    assert!(p > 0.0 && p <= 1.0, "{at}: probability {p} of {mv:?}");
                    total += p;
                }
                assert!(
                    (total - 1.0).abs() < 1e-9,
                    "{at}: probabilities sum to {total}"
                );
            }
            Turn::Over => {}
        }

        // The text round trip: the parsed position is the same, with the same moves.
        let parsed = G::parse_position(self.variant, &text)
            .unwrap_or_else(|e| panic!("{at}: its own text does not parse: {e}"));
        assert_eq!(parsed.key(), pos.key(), "{at}: re-parsed key");
        assert_eq!(parsed.format_position(), text, "{at}: re-parsed text");
        assert_eq!(parsed.turn(), turn, "{at}: re-parsed turn");
        parsed.legal_moves(&mut again);
        assert_eq!(moves[..], again[..], "{at}: re-parsed moves");

        self.check_board(pos, &text, &moves);

        // Every move: its text, its cell, and the position it leads to.
        let cells = pos.rows() * pos.cols();
        for &mv in moves.iter() {
            let move_text = pos.format_move(mv);
            assert_eq!(
                pos.parse_move(&move_text),
                Ok(mv),
                "{at}: move {move_text:?}"
            );
            let mut child = pos.clone();
            child.play(mv);
            let mut twin = pos.clone();
            twin.play(mv);
            assert_eq!(child.key(), twin.key(), "{at}: {move_text} played twice");
            assert_ne!(child.key(), pos.key(), "{at}: {move_text} changes nothing");
            let after = child.turn();
            match (facts.agents, turn) {
                (Two, Turn::Player(player)) => assert!(
                    after == Turn::Over || after == Turn::Player(player.opponent()),
                    "{at}: {move_text} gives the turn to {after:?}"
                ),
                (Single, Turn::Player(_)) => assert!(
                    after == Turn::Over || after == Turn::Chance,
                    "{at}: {move_text} gives the turn to {after:?}"
                ),
                _ => {}
            }
            if facts.notation == Notation::MoveList {
                assert_eq!(
                    child.format_position(),
                    format!("{text}{move_text}"),
                    "{at}: {move_text}"
                );
            }
            let drawn = pos.move_cells(mv);
            if let (Some(kind), Turn::Player(player)) = (drawn.drop, turn) {
                // A drop from the mover's hand: onto an empty cell, as a piece of that kind.
                let cell = drawn.to.expect("a drop lands on a cell");
                assert!(
                    drawn.from.is_none() && cell < cells && pos.cell(cell).is_empty(),
                    "{at}: {move_text}: a drop on {cell}"
                );
                let dropped = Cell {
                    owner: Some(player),
                    piece: kind,
                    count: 1,
                };
                assert_eq!(child.cell(cell), dropped, "{at}: {move_text}");
                continue;
            }
            assert_eq!(drawn.drop, None, "{at}: {move_text}: a drop at chance");
            assert!(
                drawn.from.is_none() || drawn.to.is_some(),
                "{at}: {move_text}: drawn from a cell to none"
            );
            if let (Some(from), Some(to)) = (drawn.from, drawn.to) {
                // A piece moved along the board: it leaves `from` empty and stands on `to`.
                let Turn::Player(player) = turn else {
                    panic!("{at}: {move_text}: a chance move drawn from a cell");
                };
                assert!(
                    from < cells && to < cells && from != to,
                    "{at}: {move_text}"
                );
                assert_eq!(
                    pos.cell(from).owner,
                    Some(player),
                    "{at}: {move_text} moves no piece of the mover"
                );
                assert_ne!(
                    pos.cell(to).owner,
                    Some(player),
                    "{at}: {move_text} lands on its own piece"
                );
                assert!(
                    child.cell(from).is_empty(),
                    "{at}: {move_text} leaves a piece behind"
                );
                // It lands as itself, or (a promotion) as another kind of the mover's.
                let (landed, moved) = (child.cell(to), pos.cell(from));
                assert!(
                    landed == moved || (landed.owner == moved.owner && !landed.is_empty()),
                    "{at}: {move_text} does not land: {landed:?} for {moved:?}"
                );
            } else if let Some(cell) = drawn.to {
                assert!(
                    cell < cells,
                    "{at}: {move_text} drawn on cell {cell} of {cells}"
                );
                if self.spec.family().presentation.board == "pits" {
                    // A sowing is drawn on its pit: one of the mover's with seeds, emptied.
                    let (pit, sown) = (pos.cell(cell), child.cell(cell));
                    assert!(
                        pit.count > 0 && Turn::Player(pit.owner.unwrap()) == turn,
                        "{at}: {move_text} drawn on {pit:?}"
                    );
                    assert_eq!(sown.count, 0, "{at}: {move_text} leaves seeds in its pit");
                    continue;
                }
                assert!(
                    pos.cell(cell).is_empty(),
                    "{at}: {move_text} drawn on a full cell"
                );
                let placed = child.cell(cell);
                assert!(
                    !placed.is_empty(),
                    "{at}: {move_text} leaves its cell empty"
                );
                if let (Two, Turn::Player(player)) = (facts.agents, turn) {
                    assert_eq!(placed, Cell::piece_of(player), "{at}: {move_text}");
                }
            }
        }
    }

    /// Outcome and value: present exactly at the end, consistent between players and signs.
    fn check_result(&self, pos: &G, at: &str) {
        let over = pos.turn() == Turn::Over;
        let outcomes = [Player::First, Player::Second].map(|p| pos.outcome(p));
        let values = [Player::First, Player::Second].map(|p| pos.terminal_value(p));
        for i in 0..2 {
            assert_eq!(outcomes[i].is_some(), over, "{at}: outcome {outcomes:?}");
            assert_eq!(values[i].is_some(), over, "{at}: value {values:?}");
        }
        let ([Some(first), Some(second)], [Some(value), Some(other)]) = (outcomes, values) else {
            return;
        };
        assert_eq!(second, first.flipped(), "{at}: outcomes");
        assert_eq!(other, -value, "{at}: values");
        let sign_agrees = match self.facts.agents {
            Two => match first {
                Outcome::Win => value > 0,
                Outcome::Draw => value == 0,
                Outcome::Loss => value < 0,
            },
            Single => match first {
                Outcome::Win => value == 1,
                Outcome::Draw => false,
                Outcome::Loss => value == 0,
            },
        };
        assert!(sign_agrees, "{at}: {first:?} with value {value}");
    }

    /// The board as the page gets it from `describe`.
    fn check_board(&self, pos: &G, text: &str, moves: &[G::Move]) {
        let at = format!("{} at {text:?}", self.name);
        let (rows, cols) = (pos.rows(), pos.cols());
        assert!(rows > 0 && cols > 0, "{at}: {rows}×{cols}");
        let view = pnplay::engine::describe(&self.spec, Some(text))
            .unwrap_or_else(|e| panic!("{at}: describe: {e}"));
        assert_eq!(view.text, text, "{at}: describe");
        assert_eq!((view.rows, view.cols), (rows, cols), "{at}: describe");
        assert_eq!(view.cells.len(), rows * cols, "{at}: cells");
        let presentation = &self.spec.family().presentation;
        // Pits hold any number of seeds (an empty pit is still a pit); other pieces are one.
        let counted = presentation.board == "pits";
        let in_legend = |c: Cell| {
            presentation
                .legend
                .iter()
                .any(|entry| entry.owner == c.owner && entry.piece == c.piece)
        };
        for (i, &c) in view.cells.iter().enumerate() {
            assert_eq!(c, pos.cell(i), "{at}: cell {i}");
            let possible = match self.facts.agents {
                Two => {
                    c.is_empty() || (c.owner.is_some() && in_legend(c) && (counted || c.count == 1))
                }
                Single => {
                    c == Cell::EMPTY
                        || (c.owner.is_none()
                            && c.piece == 1
                            && c.count >= 2
                            && c.count.is_power_of_two())
                }
            };
            assert!(possible, "{at}: cell {i} holds {c:?}");
        }
        let texts: Vec<String> = moves.iter().map(|&mv| pos.format_move(mv)).collect();
        let shown: Vec<String> = view.moves.iter().map(|m| m.text.clone()).collect();
        assert_eq!(shown, texts, "{at}: describe's moves");
    }

    /// Parses fuzzed text: edits of the texts of `met`, random strings, edited move texts.
    /// No parser may panic, and whatever parses must pass every check.
    fn fuzz_parsers(&self, met: &[G]) {
        let mut rng = Rng::new(SEED ^ 0xf022);
        let pick = |rng: &mut Rng| &met[rng.below(met.len() as u32) as usize];
        for _ in 0..FUZZ_CASES {
            let mut text = pick(&mut rng).format_position();
            let edits = random_edits(&text, &mut rng);
            common::apply_edits(&mut text, &edits);
            self.try_parse_position(&text);
        }
        for _ in 0..FUZZ_CASES {
            let length = rng.below(24) as usize;
            let text: String = (0..length).map(|_| random_char(&mut rng)).collect();
            self.try_parse_position(&text);
            self.try_parse_move(pick(&mut rng), &text);
        }
        let mut moves = MoveList::<G>::default();
        for _ in 0..FUZZ_CASES {
            let pos = pick(&mut rng);
            pos.legal_moves(&mut moves);
            let mut text = match moves.len() {
                0 => String::new(),
                n => pos.format_move(moves[rng.below(n as u32) as usize]),
            };
            let edits = random_edits(&text, &mut rng);
            common::apply_edits(&mut text, &edits);
            self.try_parse_move(pos, &text);
        }
        // Moves of one position tried at another: `try_play` plays exactly the legal ones.
        for _ in 0..FUZZ_CASES {
            let (from, to) = (pick(&mut rng), pick(&mut rng));
            from.legal_moves(&mut moves);
            let Some(&mv) = moves.get(rng.below(moves.len().max(1) as u32) as usize) else {
                continue;
            };
            let mut played = to.clone();
            let result = played.try_play(mv);
            let at = format!(
                "{} at {:?}: try_play({mv:?})",
                self.name,
                to.format_position()
            );
            to.legal_moves(&mut moves);
            assert_eq!(result.is_ok(), moves.contains(&mv), "{at}: {result:?}");
            let mut expected = to.clone();
            if result.is_ok() {
                expected.play(mv);
            }
            assert_eq!(played.key(), expected.key(), "{at}");
            assert_eq!(played.format_position(), expected.format_position(), "{at}");
        }
    }

    fn try_parse_position(&self, text: &str) {
        let parsed = catch_unwind(AssertUnwindSafe(|| G::parse_position(self.variant, text)));
        let parsed =
            parsed.unwrap_or_else(|_| panic!("{}: parse_position panicked on {text:?}", self.name));
        if let Ok(pos) = parsed {
            let again = G::parse_position(self.variant, &pos.format_position());
            assert_eq!(
                again.map(|p| p.key()),
                Ok(pos.key()),
                "{}: {text:?} re-parsed",
                self.name
            );
            self.check_position(&pos);
        }
    }

    fn try_parse_move(&self, pos: &G, text: &str) {
        let parsed = catch_unwind(AssertUnwindSafe(|| pos.parse_move(text)));
        let at = format!("{} at {:?}", self.name, pos.format_position());
        let parsed = parsed.unwrap_or_else(|_| panic!("{at}: parse_move panicked on {text:?}"));
        if let Ok(mv) = parsed {
            let mut moves = MoveList::<G>::default();
            pos.legal_moves(&mut moves);
            assert!(
                moves.contains(&mv),
                "{at}: {text:?} parsed to an illegal {mv:?}"
            );
            assert_eq!(
                pos.parse_move(&pos.format_move(mv)),
                Ok(mv),
                "{at}: {text:?}"
            );
        }
    }
}

/// What a position looks like: its cells and who acts.
fn picture<G: Board>(pos: &G) -> String {
    let cells: Vec<Cell> = (0..pos.rows() * pos.cols()).map(|i| pos.cell(i)).collect();
    format!("{cells:?} {:?}", pos.turn())
}

/// Characters of every game's notation, and some that belong to none (ASCII only, as
/// `common::apply_edits` needs).
const ASCII: &[u8] = b"0123456789abcdefghpsxoXO-,;= \tudwnlrtic+P";

/// One to three random edits of `text` for `common::apply_edits`: half of the characters put
/// in are taken from `text` itself, so that many edits still parse.
fn random_edits(text: &str, rng: &mut Rng) -> Vec<(usize, u8, char)> {
    let own = text.as_bytes();
    (0..1 + rng.below(3))
        .map(|_| {
            let c = if own.is_empty() || rng.below(2) == 0 {
                ASCII[rng.below(ASCII.len() as u32) as usize]
            } else {
                own[rng.below(own.len() as u32) as usize]
            };
            (rng.below(100) as usize, rng.below(3) as u8, char::from(c))
        })
        .collect()
}

/// A character of the notations, or now and then one from outside ASCII.
fn random_char(rng: &mut Rng) -> char {
    const OTHER: [char; 8] = ['é', '٣', '５', '\u{0}', '\n', '\u{a0}', '€', '𝟙'];
    if rng.below(8) == 0 {
        OTHER[rng.below(OTHER.len() as u32) as usize]
    } else {
        char::from(ASCII[rng.below(ASCII.len() as u32) as usize])
    }
}

fn dims(width: u8, height: u8) -> Dims {
    Dims::new(width, height).unwrap()
}

fn rules(size: u8, line: u8, free: bool) -> Rules {
    Rules::new(size, line, free).unwrap()
}

fn config(size: u8, objective: u32) -> Config {
    Config::new(size, objective).unwrap()
}

// ---------------------------------------------------------------------------------------
// The catalogue: one line per game variant
// ---------------------------------------------------------------------------------------

/// `test_name: "engine name", Type, variant, Facts { … };` makes one test per line and the
/// list of checked names.
macro_rules! conformance_tests {
    ($($test:ident: $name:literal, $G:ty, $variant:expr, $facts:expr;)*) => {
        $(
            #[test]
            fn $test() {
                conformance::<$G>($name, &$variant, &$facts);
            }
        )*
        /// The engine names of every variant with a line above.
        const CHECKED: &[&str] = &[$($name),*];
    };
}

// Bounds on game length: Othello places at most `cells − 4` discs and a pass is always followed
// by a placement; Connect Four and tic-tac-toe fill at most every cell; in 2048 each spawn adds
// 2 or 4 to the sum of tiles, which stays at most `cells × objective`, and every player move is
// followed by a spawn or ends the game. In Knightthrough every move but a pass takes a knight
// at least one row forward without reaching the far row (16 knights, at most 6 rows each) but
// the last, and a pass is followed by a move or ends the game; Gomoku fills at most every cell,
// then two passes; Lines of Action ends at its move limit.
conformance_tests! {
    othello_8x8: "othello", Othello, OthelloRules::from(Size::Eight), Facts { agents: Two, notation: BoardText, max_moves: 2 * 60, counts: OTHELLO_8X8 };
    othello_6x6: "othello6", Othello, OthelloRules::from(Size::Six), Facts { agents: Two, notation: BoardText, max_moves: 2 * 32, counts: &[] };
    othello_4x4: "othello4", Othello, OthelloRules::from(Size::Four), Facts { agents: Two, notation: BoardText, max_moves: 2 * 12, counts: OTHELLO_4X4 };
    othello_4x4_no_pass: "othello4:no-pass", Othello, OthelloRules { size: Size::Four, no_pass: true }, Facts { agents: Two, notation: BoardText, max_moves: 12, counts: &[] };
    connect4_7x6: "connect4", Connect4, Dims::default(), Facts { agents: Two, notation: Moves, max_moves: 42, counts: CONNECT4_7X6 };
    connect4_5x4: "connect4:5x4", Connect4, dims(5, 4), Facts { agents: Two, notation: Moves, max_moves: 20, counts: &[] };
    tictactoe: "tictactoe", TicTacToe, (), Facts { agents: Two, notation: Moves, max_moves: 9, counts: TICTACTOE };
    g2048_2x2: "2048:2x2", G2048, config(2, 32), Facts { agents: Single, notation: BoardText, max_moves: 4 * 32 + 1, counts: G2048_2X2_32 };
    g2048_2x2_16: "2048:2x2:16", G2048, config(2, 16), Facts { agents: Single, notation: BoardText, max_moves: 4 * 16 + 1, counts: G2048_2X2_16 };
    g2048_4x4: "2048:4x4", G2048, config(4, 2048), Facts { agents: Single, notation: BoardText, max_moves: 16 * 2048 + 1, counts: &[] };
    tree: "tree", TreeGame, (), Facts { agents: Two, notation: BoardText, max_moves: MAX_DEPTH, counts: TREE };
    knightthrough: "knightthrough", Knightthrough, (), Facts { agents: Two, notation: BoardText, max_moves: 4 * (16 * 6 + 1), counts: KNIGHTTHROUGH };
    awari: "awari", Awari, (), Facts { agents: Two, notation: BoardText, max_moves: MOVE_LIMIT as usize, counts: AWARI };
    gomoku: "gomoku", Gomoku, Rules::default(), Facts { agents: Two, notation: BoardText, max_moves: 225 + 2, counts: GOMOKU_15X15 };
    gomoku_free: "gomoku:free", Gomoku, rules(15, 5, true), Facts { agents: Two, notation: BoardText, max_moves: 225 + 2, counts: GOMOKU_15X15 };
    gomoku_9x9: "gomoku:9x9", Gomoku, rules(9, 5, false), Facts { agents: Two, notation: BoardText, max_moves: 81 + 2, counts: &[] };
    gomoku_7x7_4: "gomoku:7x7:4", Gomoku, rules(7, 4, false), Facts { agents: Two, notation: BoardText, max_moves: 49 + 2, counts: &[] };
    loa: "loa", Loa, LoaRules::default(), Facts { agents: Two, notation: BoardText, max_moves: LOA_LIMIT as usize, counts: LOA_8X8 };
    loa_7x7: "loa:7x7", Loa, LoaRules { size: 7, mover_wins: false }, Facts { agents: Two, notation: BoardText, max_moves: LOA_LIMIT as usize, counts: LOA_7X7 };
    loa_mover_wins: "loa:mover-wins", Loa, LoaRules { size: 8, mover_wins: true }, Facts { agents: Two, notation: BoardText, max_moves: LOA_LIMIT as usize, counts: LOA_8X8 };
    nim: "nim", Nim, NimRules::default(), Facts { agents: Two, notation: Moves, max_moves: 21, counts: NIM_21_3 };
    minishogi: "minishogi", MiniShogi, (), Facts { agents: Two, notation: BoardText, max_moves: minishogi::MOVE_LIMIT as usize, counts: MINISHOGI };
}

#[test]
fn every_catalogued_game_is_checked() {
    let listed: Vec<&str> = FAMILIES
        .iter()
        .flat_map(|family| family.listed)
        .map(|game| game.name)
        .collect();
    assert!(!listed.is_empty());
    for name in listed {
        assert!(CHECKED.contains(&name), "{name} has no conformance line");
    }
}

/// Every listed game's stages experiment runs with its defaults (`Listed::stages`): they rise,
/// and seeded random games last past the last of them, so `pnplay experiment stages --game G`
/// and the page's Stages view find positions at every default stage of every listed game.
#[test]
fn every_listed_game_reaches_its_default_stages() {
    for listed in FAMILIES.iter().flat_map(|family| family.listed) {
        let spec: GameSpec = listed.name.parse().unwrap();
        assert_eq!(spec.stages(), listed.stages, "{}", listed.name);
        assert!(
            !listed.stages.is_empty() && listed.stages.windows(2).all(|w| w[0] < w[1]),
            "{}: {:?}",
            listed.name,
            listed.stages
        );
        let last = *listed.stages.last().unwrap();
        let positions = random_positions(&spec, last, 3, 1)
            .unwrap_or_else(|e| panic!("{} at {last} moves: {e}", listed.name));
        assert_eq!(positions.len(), 3, "{}", listed.name);
    }
}

// ---------------------------------------------------------------------------------------
// The harness can fail: tic-tac-toe with one flaw at a time must not pass
// ---------------------------------------------------------------------------------------

const KEY_FORGETS_SECOND_PLAYER: u8 = 1;
const OUTCOMES_NOT_FLIPPED: u8 = 2;
const PARSE_DROPS_LAST_MOVE: u8 = 3;
const PLAYOUT_DRAWS_DIFFERENTLY: u8 = 4;
const PROBABILITY_AT_PLAYER_TURN: u8 = 5;

/// Tic-tac-toe with flaw `FLAW` (one of the constants above); otherwise the real game.
#[derive(Clone, Debug)]
struct Flawed<const FLAW: u8>(TicTacToe);

impl<const FLAW: u8> Game for Flawed<FLAW> {
    type List<T: Copy + std::fmt::Debug + Send + Sync + 'static> = arrayvec::ArrayVec<T, 9>;
    type Move = u8;
    type Key = u32;
    type Variant = ();

    fn start(variant: &()) -> Self {
        Flawed(TicTacToe::start(variant))
    }
    fn variant(&self) {}
    fn turn(&self) -> Turn {
        self.0.turn()
    }
    fn legal_moves(&self, out: &mut MoveList<Self>) {
        self.0.legal_moves(out);
    }
    fn chance_probability(&self, mv: u8) -> f64 {
        match FLAW {
            PROBABILITY_AT_PLAYER_TURN => 0.5,
            _ => self.0.chance_probability(mv),
        }
    }
    fn play(&mut self, mv: u8) {
        self.0.play(mv);
    }
    fn outcome(&self, player: Player) -> Option<Outcome> {
        match FLAW {
            OUTCOMES_NOT_FLIPPED => self.0.outcome(Player::First),
            _ => self.0.outcome(player),
        }
    }
    fn terminal_value(&self, player: Player) -> Option<i32> {
        self.0.terminal_value(player)
    }
    fn key(&self) -> u32 {
        match FLAW {
            KEY_FORGETS_SECOND_PLAYER => self.0.key() & 0x1ff,
            _ => self.0.key(),
        }
    }
    fn parse_position(variant: &(), text: &str) -> Result<Self, pnplay::game::ParseError> {
        let mut text = text.trim().to_string();
        if FLAW == PARSE_DROPS_LAST_MOVE {
            text.pop();
        }
        TicTacToe::parse_position(variant, &text).map(Flawed)
    }
    fn format_position(&self) -> String {
        self.0.format_position()
    }
    fn parse_move(&self, text: &str) -> Result<u8, pnplay::game::ParseError> {
        self.0.parse_move(text)
    }
    fn format_move(&self, mv: u8) -> String {
        self.0.format_move(mv)
    }
    fn random_playout(&self, rng: &mut Rng) -> Self {
        if FLAW != PLAYOUT_DRAWS_DIFFERENTLY {
            return Flawed(self.0.random_playout(rng));
        }
        // Always the first legal move, drawing as the default does.
        let mut pos = self.clone();
        let mut moves = MoveList::<Self>::default();
        while pos.turn() != Turn::Over {
            pos.legal_moves(&mut moves);
            rng.below(moves.len() as u32);
            pos.play(moves[0]);
        }
        pos
    }
}

impl<const FLAW: u8> Board for Flawed<FLAW> {
    fn rows(&self) -> usize {
        self.0.rows()
    }
    fn cols(&self) -> usize {
        self.0.cols()
    }
    fn cell(&self, index: usize) -> Cell {
        self.0.cell(index)
    }
    fn move_cells(&self, mv: u8) -> MoveCells {
        self.0.move_cells(mv)
    }
}

/// Runs the harness, less the name check (the type is not the engine's), on a flawed game.
fn flawed<const FLAW: u8>() {
    let facts = Facts {
        agents: Two,
        notation: Moves,
        max_moves: 9,
        counts: TICTACTOE,
    };
    Harness::<Flawed<FLAW>> {
        name: "tictactoe",
        variant: &(),
        facts: &facts,
        spec: GameSpec::TicTacToe(()),
    }
    .check_contract();
}

#[test]
fn the_harness_rejects_each_flaw_saying_what_it_found() {
    let flaws: [(&str, fn(), &str); 5] = [
        (
            "a key that forgets cells",
            flawed::<KEY_FORGETS_SECOND_PLAYER>,
            "two boards",
        ),
        (
            "unflipped outcomes",
            flawed::<OUTCOMES_NOT_FLIPPED>,
            "outcomes",
        ),
        (
            "a parser that does not round-trip",
            flawed::<PARSE_DROPS_LAST_MOVE>,
            "re-parsed",
        ),
        (
            "a playout that differs from the default",
            flawed::<PLAYOUT_DRAWS_DIFFERENTLY>,
            "random_playout",
        ),
        (
            "a probability at a player's turn",
            flawed::<PROBABILITY_AT_PLAYER_TURN>,
            "chance_probability",
        ),
    ];
    for (flaw, check, expected) in flaws {
        let panic = std::panic::catch_unwind(check).expect_err(flaw);
        let message = panic
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| panic.downcast_ref::<&str>().copied())
            .unwrap_or_default();
        assert!(message.contains(expected), "{flaw}: {message}");
    }
}

#[test]
fn the_unflawed_wrapper_passes() {
    flawed::<0>();
}
