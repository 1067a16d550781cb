//! Awari (src/game/awari.rs) against independent truth: perft from the start and from two
//! mid-game positions against a naive implementation written separately here (seed by seed,
//! pits as a list in board order, legality by trying the move), and the rules of Ludii's
//! Awari that RULES.md lists: captures of 2s and 3s backwards, feeding, no grand slam, the
//! skipped origin, passes and the end.

use crate::common;

use common::{check_ordering, visit_random_games};
use pnplay::game::awari::Awari;
use pnplay::game::{Game, Outcome, Player, Turn, perft};

/// A naive Awari: `board[0..6]` South's pits, `board[6..12]` North's, `hands` the captures.
#[derive(Clone, Debug, PartialEq)]
struct Naive {
    board: Vec<u32>,
    hands: [u32; 2],
    mover: usize,
    moves: u32,
    passes: u32,
}

impl Naive {
    fn from(pos: &Awari) -> Naive {
        Naive {
            board: (0..12).map(|p| u32::from(pos.seeds(p))).collect(),
            hands: [Player::First, Player::Second].map(|p| u32::from(pos.captured(p))),
            mover: pos.to_move().index(),
            moves: u32::from(pos.moves_played()),
            passes: match pos.format_position() {
                t if t.ends_with("passed twice") => 2,
                t if t.ends_with("passed") => 1,
                _ => 0,
            },
        }
    }

    fn over(&self) -> bool {
        self.board.iter().all(|&s| s < 2) || self.passes == 2 || self.moves >= 2500
    }

    /// The position after sowing `pit`, legal or not.
    fn sown(&self, pit: usize) -> Naive {
        let mut next = self.clone();
        let mut hand = next.board[pit];
        next.board[pit] = 0;
        let mut at = pit;
        while hand > 0 {
            at = (at + 1) % 12;
            if at == pit && self.board[pit] >= 12 {
                continue;
            }
            next.board[at] += 1;
            hand -= 1;
        }
        let theirs = |p: usize| p / 6 != self.mover;
        while theirs(at) && (2..=3).contains(&next.board[at]) {
            next.hands[self.mover] += next.board[at];
            next.board[at] = 0;
            if at % 6 == 0 {
                break;
            }
            at -= 1;
        }
        next.mover = 1 - self.mover;
        next.moves += 1;
        next.passes = 0;
        next
    }

    fn children(&self) -> Vec<Naive> {
        if self.over() {
            return Vec::new();
        }
        let opponent = 1 - self.mover;
        let mut out: Vec<Naive> = (self.mover * 6..self.mover * 6 + 6)
            .filter(|&p| self.board[p] > 0)
            .map(|p| self.sown(p))
            .filter(|n| n.board[opponent * 6..opponent * 6 + 6].iter().sum::<u32>() > 0)
            .collect();
        if out.is_empty() {
            let mut pass = self.clone();
            pass.mover = opponent;
            pass.moves += 1;
            pass.passes += 1;
            out.push(pass);
        }
        out
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.children().iter().map(|c| c.perft(depth - 1)).sum()
    }
}

fn parse(text: &str) -> Awari {
    Awari::parse_position(&(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The text of the position `text` after `moves`.
fn played(text: &str, moves: &str) -> String {
    play(&parse(text), moves).format_position()
}

fn play(pos: &Awari, moves: &str) -> Awari {
    let mut pos = pos.clone();
    for mv in moves.split_whitespace() {
        let mv = pos.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        pos.play(mv);
    }
    pos
}

#[test]
fn perft_from_the_start_matches_ludii_and_the_naive_count() {
    let start = Awari::start(&());
    // Ludii's counts (shared/RULES.md).
    for (depth, ludii) in [(1, 6), (2, 36), (3, 190)] {
        assert_eq!(perft::perft(&start, depth), ludii, "depth {depth}");
    }
    // Deeper, against the naive implementation: 711,414 leaves at depth 8.
    let naive = Naive::from(&start);
    for depth in 4..=8 {
        assert_eq!(
            perft::perft(&start, depth),
            naive.perft(depth),
            "depth {depth}"
        );
    }
    assert_eq!(perft::perft(&start, 8), 711_414);
}

#[test]
fn perft_from_mid_game_positions_matches_the_naive_count() {
    for (text, depth, leaves) in [
        // A pit of 14 seeds (its sowing laps and skips the origin) and captures to make.
        ("14 1 0 2 1 0 / 1 2 1 0 2 1 / 12 11 / S 60", 8, 161_409),
        // North nearly empty: South must feed.
        ("3 2 5 1 0 6 / 0 0 0 0 1 0 / 15 15 / N 41", 10, 129_784),
    ] {
        let pos = parse(text);
        let naive = Naive::from(&pos);
        for d in 1..=depth {
            assert_eq!(perft::perft(&pos, d), naive.perft(d), "{text} depth {d}");
        }
        assert_eq!(naive.perft(depth), leaves, "{text}");
    }
}

#[test]
fn random_games_agree_with_the_naive_implementation() {
    // Every position of 200 random games (big pits, feeding, captures, ends): the same
    // children in the same order, and the same end.
    visit_random_games(&Awari::start(&()), 200, 12, |pos, _| {
        let children: Vec<Naive> = pos
            .children()
            .iter()
            .map(|(_, child)| Naive::from(child))
            .collect();
        let naive = Naive::from(pos);
        assert_eq!(children, naive.children(), "{}", pos.format_position());
        assert_eq!(
            pos.turn() == Turn::Over,
            naive.over(),
            "{}",
            pos.format_position()
        );
    });
}

#[test]
fn captures_take_2s_and_3s_backwards_on_the_opponents_side_only() {
    // South's F (3 seeds) sows a, b, c: c becomes 2, b 3, a 2: all three are taken.
    let pos = parse("4 4 4 4 4 3 / 1 2 1 4 4 4 / 5 4 / S 20");
    let after = play(&pos, "F");
    assert_eq!(after.captured(Player::First), 5 + 7);
    assert_eq!(
        after.format_position(),
        "4 4 4 4 4 0 / 0 0 0 4 4 4 / 12 4 / N 21"
    );
    // The run stops at a pit with another count (d holds 5 after the sowing).
    assert_eq!(
        played("4 4 4 4 0 4 / 4 1 1 4 4 4 / 5 5 / S 20", "F"),
        "4 4 4 4 0 0 / 5 2 2 5 4 4 / 5 5 / N 21"
    );
    let pos = parse("4 4 4 4 4 4 / 4 1 1 1 4 4 / 5 4 / S 20");
    let after = play(&pos, "F"); // last seed in d (2), then c (2), b (2), a is 5
    assert_eq!(after.captured(Player::First), 5 + 6);
    // The last seed on one's own side captures nothing.
    assert_eq!(
        played("1 1 4 4 4 4 / 4 4 4 4 4 4 / 3 3 / S 10", "A"),
        "0 2 4 4 4 4 / 4 4 4 4 4 4 / 3 3 / N 11"
    );
}

#[test]
fn a_pit_of_12_or_more_skips_its_origin() {
    // 11 pits get one each; the 12th seed goes past A into B.
    assert_eq!(
        played("12 0 0 0 0 0 / 1 1 1 1 1 1 / 15 15 / S 30", "A"),
        "0 2 1 1 1 1 / 2 2 2 2 2 2 / 15 15 / N 31"
    );
}

#[test]
fn feeding_is_forced_and_a_grand_slam_is_not_a_move() {
    // North is empty: only moves that reach North are legal (E with 2 seeds, F with 1).
    let pos = parse("5 0 0 0 2 1 / 0 0 0 0 0 0 / 20 20 / S 50");
    let moves: Vec<String> = {
        let mut list = pnplay::game::MoveList::<Awari>::default();
        pos.legal_moves(&mut list);
        list.iter().map(|&m| pos.format_move(m)).collect()
    };
    assert_eq!(moves, ["E", "F"]);
    // F would take a and b (2 and 3), all North has: illegal; E is legal.
    let pos = parse("0 0 0 0 1 2 / 1 2 0 0 0 0 / 22 20 / S 50");
    assert!(pos.parse_move("F").is_err());
    assert!(pos.parse_move("E").is_ok());
    // South cannot feed North: South passes, and North's pass ends the game as a draw.
    let pos = parse("3 0 0 0 0 0 / 0 0 0 0 0 0 / 30 15 / S 50");
    assert_eq!(pos.parse_move("pass").unwrap(), pnplay::game::awari::PASS);
    let after = play(&pos, "pass");
    assert_eq!(
        after.format_position(),
        "3 0 0 0 0 0 / 0 0 0 0 0 0 / 30 15 / N 51 passed"
    );
    let end = play(&after, "pass");
    assert_eq!(
        end.format_position(),
        "3 0 0 0 0 0 / 0 0 0 0 0 0 / 30 15 / S 52 passed twice"
    );
    assert_eq!(end.turn(), Turn::Over);
    assert_eq!(end.outcome(Player::First), Some(Outcome::Draw));
    assert_eq!(end.terminal_value(Player::First), Some(0));
}

#[test]
fn the_game_ends_when_every_pit_holds_0_or_1_and_after_2500_moves() {
    let pos = parse("0 0 0 0 0 2 / 0 1 0 0 0 0 / 20 25 / S 99");
    let end = play(&pos, "F"); // a and b get one each: b holds 2 and is taken, a holds 1
    assert_eq!(end.turn(), Turn::Over);
    assert_eq!(end.captured(Player::First), 22);
    assert_eq!(end.outcome(Player::Second), Some(Outcome::Win));
    assert_eq!(end.terminal_value(Player::Second), Some(3));
    let pos = parse("4 4 4 4 4 4 / 4 4 4 4 4 4 / 0 0 / S 2499");
    let end = play(&pos, "A");
    assert_eq!(end.turn(), Turn::Over);
    assert_eq!(end.outcome(Player::First), Some(Outcome::Draw));
    // The move count is part of the key: the same board later is another position.
    assert_ne!(
        parse("4 4 4 4 4 4 / 4 4 4 4 4 4 / 0 0 / S").key(),
        pos.key()
    );
}

#[test]
fn bad_text_is_a_typed_error_naming_the_field() {
    for (text, part) in [
        ("", "empty"),
        ("4 4 4 4 4 4 / 4 4 4 4 4 4 / 0 0", "4"),
        ("4 4 4 4 4 / 4 4 4 4 4 4 4 / 0 0 / S", "6"),
        ("4 4 4 4 4 4 / 4 4 4 4 4 4 / 0 1 / S", "48"),
        ("4 4 4 4 4 x / 4 4 4 4 4 4 / 0 0 / S", "A–F"),
        ("4 4 4 4 4 4 / 4 4 4 4 4 4 / 0 0 / W", "side"),
        ("4 4 4 4 4 4 / 4 4 4 4 4 4 / 0 0 / S 9999", "moves played"),
        ("400 4 4 4 4 4 / 4 4 4 4 4 4 / 0 0 / S", "seeds"),
    ] {
        let error = Awari::parse_position(&(), text).unwrap_err().to_string();
        assert!(error.contains(part), "{text:?}: {error}");
    }
    let start = Awari::start(&());
    assert!(start.parse_move("a").is_err()); // North's pit, South to move
    assert!(start.parse_move("G").is_err());
    assert!(start.parse_move("pass").is_err());
}

#[test]
fn the_exact_searches_try_the_biggest_capture_first() {
    // E and F each take a, b and c (7 seeds), D takes a and b (5); A–C capture nothing.
    // The ordering changes no value: alpha-beta with it against plain minimax, on positions
    // a few moves before the 2,500-move draw (seeds can circle for ever otherwise).
    let positions = [
        "0 0 0 0 1 2 / 1 2 0 0 0 0 / 22 20 / S 2492",
        "0 1 0 0 2 1 / 1 0 2 0 1 0 / 20 20 / S 2490",
        "4 4 4 4 4 3 / 1 2 1 4 4 4 / 5 4 / S 2493",
    ];
    check_ordering(
        &parse("4 4 4 4 4 3 / 1 2 1 4 4 4 / 5 4 / S 20"),
        &["E", "F", "D"],
        &positions.map(parse),
    );
}
