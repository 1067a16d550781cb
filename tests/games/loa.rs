//! Lines of Action checked against independent truth: Ludii's perft counts from the start
//! (RULES.md), a second, naive implementation written separately on a 2-D array (lines counted
//! by walking, groups by depth-first search; no bitboards, no tables) for deeper counts,
//! mid-game positions and random games, and the rules' corner cases: connection, simultaneous
//! connection (draw, or the mover's win), a capture that makes the opponent win, jumps over
//! own and enemy discs, passes, the move limit, and the notation.

use pnplay::game::loa::{Loa, MOVE_LIMIT, Rules};
use pnplay::game::{Game, MoveList, Outcome, ParseError, Player, Rng, Turn, perft};

/// The naive game: `board[row][column]` from the top left, +1 Black, −1 White, 0 empty.
#[derive(Clone)]
struct Naive {
    n: usize,
    board: Vec<Vec<i8>>,
    /// +1 Black to move, −1 White.
    side: i8,
    passes: u32,
    moves: u32,
    mover_wins: bool,
}

/// A naive move: (row, column) from and to, or `None` for a pass.
type NaiveMove = Option<((usize, usize), (usize, usize))>;

impl Naive {
    /// From this crate's board text, read character by character.
    fn from_text(text: &str, mover_wins: bool) -> Naive {
        let mut words = text.split_whitespace();
        let board: Vec<Vec<i8>> = words
            .next()
            .unwrap()
            .split('/')
            .map(|row| {
                row.chars()
                    .map(|c| match c {
                        'B' => 1,
                        'W' => -1,
                        _ => 0,
                    })
                    .collect()
            })
            .collect();
        let side = if words.next() == Some("B") { 1 } else { -1 };
        let rest: Vec<&str> = words.collect();
        let moves = rest.first().and_then(|w| w.parse().ok()).unwrap_or(0);
        let passes = rest
            .iter()
            .filter(|w| **w == "passed" || **w == "twice")
            .count() as u32;
        Naive {
            n: board.len(),
            board,
            side,
            passes,
            moves,
            mover_wins,
        }
    }

    fn on(&self, r: i32, c: i32) -> bool {
        r >= 0 && c >= 0 && (r as usize) < self.n && (c as usize) < self.n
    }

    /// Discs on the whole line through (r, c) along (dr, dc), both ways.
    fn line_count(&self, r: i32, c: i32, dr: i32, dc: i32) -> i32 {
        let mut count = 0;
        for sign in [-1, 1] {
            let (mut y, mut x) = (r + sign * dr, c + sign * dc);
            while self.on(y, x) {
                count += i32::from(self.board[y as usize][x as usize] != 0);
                y += sign * dr;
                x += sign * dc;
            }
        }
        count + 1
    }

    fn disc_moves(&self) -> Vec<NaiveMove> {
        let mut out = Vec::new();
        for r in 0..self.n as i32 {
            for c in 0..self.n as i32 {
                if self.board[r as usize][c as usize] != self.side {
                    continue;
                }
                for (dr, dc) in crate::common::KING_STEPS {
                    let k = self.line_count(r, c, dr, dc);
                    let (tr, tc) = (r + k * dr, c + k * dc);
                    if !self.on(tr, tc) || self.board[tr as usize][tc as usize] == self.side {
                        continue;
                    }
                    let blocked = (1..k).any(|i| {
                        self.board[(r + i * dr) as usize][(c + i * dc) as usize] == -self.side
                    });
                    if !blocked {
                        out.push(Some(((r as usize, c as usize), (tr as usize, tc as usize))));
                    }
                }
            }
        }
        out
    }

    /// Whether `who`'s discs form exactly one 8-connected group.
    fn connected(&self, who: i8) -> bool {
        let cells: Vec<(usize, usize)> = (0..self.n)
            .flat_map(|r| (0..self.n).map(move |c| (r, c)))
            .filter(|&(r, c)| self.board[r][c] == who)
            .collect();
        let Some(&first) = cells.first() else {
            return false;
        };
        let mut seen = vec![first];
        let mut stack = vec![first];
        while let Some((r, c)) = stack.pop() {
            for (dr, dc) in crate::common::KING_STEPS {
                let (y, x) = (r as i32 + dr, c as i32 + dc);
                if self.on(y, x)
                    && self.board[y as usize][x as usize] == who
                    && !seen.contains(&(y as usize, x as usize))
                {
                    seen.push((y as usize, x as usize));
                    stack.push((y as usize, x as usize));
                }
            }
        }
        seen.len() == cells.len()
    }

    /// The result for Black when over (1, 0, −1), by the group rules then the draws.
    fn result(&self) -> Option<i32> {
        let mover = -i32::from(self.side);
        match (self.connected(1), self.connected(-1)) {
            (true, true) => Some(if self.mover_wins { mover } else { 0 }),
            (true, false) => Some(1),
            (false, true) => Some(-1),
            _ if self.passes >= 2 || self.moves >= 2_500 => Some(0),
            _ => None,
        }
    }

    fn moves(&self) -> Vec<NaiveMove> {
        if self.result().is_some() {
            return Vec::new();
        }
        let moves = self.disc_moves();
        if moves.is_empty() { vec![None] } else { moves }
    }

    fn play(&mut self, mv: NaiveMove) {
        match mv {
            Some(((r0, c0), (r1, c1))) => {
                self.board[r1][c1] = self.board[r0][c0];
                self.board[r0][c0] = 0;
                self.passes = 0;
            }
            None => self.passes += 1,
        }
        self.moves += 1;
        self.side = -self.side;
    }

    fn perft(&self, depth: u32) -> u64 {
        crate::common::naive_perft(self, depth, &Self::moves, &|p: &mut Self, mv| p.play(mv))
    }

    /// A move in this crate's notation (files from the left, ranks from the bottom).
    fn name(&self, mv: NaiveMove) -> String {
        let cell = |(r, c): (usize, usize)| format!("{}{}", (b'a' + c as u8) as char, self.n - r);
        match mv {
            None => "pass".to_string(),
            Some((from, to)) => format!("{}-{}", cell(from), cell(to)),
        }
    }
}

fn rules(size: u8, mover_wins: bool) -> Rules {
    Rules { size, mover_wins }
}

fn parse(rules: &Rules, text: &str) -> Loa {
    Loa::parse_position(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves_of(pos: &Loa) -> Vec<String> {
    let mut moves = MoveList::<Loa>::default();
    pos.legal_moves(&mut moves);
    moves.iter().map(|&mv| pos.format_move(mv)).collect()
}

/// A position after `plies` seeded random moves from the start (none finishes the game).
fn mid_game(rules: &Rules, seed: u64, plies: usize) -> Loa {
    let mut rng = Rng::new(seed);
    let mut pos = Loa::start(rules);
    let mut moves = MoveList::<Loa>::default();
    for _ in 0..plies {
        pos.legal_moves(&mut moves);
        pos.play(moves[rng.below(moves.len() as u32) as usize]);
        assert_eq!(pos.turn(), Turn::Player(pos.side_to_move()));
    }
    pos
}

const START_8: &str = "-BBBBBB-/W------W/W------W/W------W/W------W/W------W/W------W/-BBBBBB- B";

#[test]
fn start_positions_and_ludii_perft() {
    let eight = Loa::start(&Rules::default());
    assert_eq!(eight.format_position(), START_8);
    let seven = Loa::start(&rules(7, false));
    assert_eq!(
        seven.format_position(),
        "-BBBBB-/W-----W/W-----W/W-----W/W-----W/W-----W/-BBBBB- B"
    );
    // Ludii's counts (RULES.md).
    for (pos, counts) in [(eight, [36, 1_244, 44_952]), (seven, [30, 848, 25_012])] {
        for (depth, count) in (1..).zip(counts) {
            assert_eq!(perft::perft(&pos, depth), count, "depth {depth}");
        }
    }
}

#[test]
fn perft_agrees_with_the_naive_implementation() {
    // From the starts at depth 4 (1,563,208 and 698,880 leaves), and from two mid-game
    // positions of each size at depth 4 (at least 10^5 leaves each).
    for size in [8, 7] {
        let r = rules(size, false);
        let mut positions = vec![(Loa::start(&r), 4)];
        positions.push((mid_game(&r, 1, 12), 4));
        positions.push((mid_game(&r, 2, 24), 4));
        for (pos, depth) in positions {
            let text = pos.format_position();
            let naive = Naive::from_text(&text, false);
            let count = perft::perft(&pos, depth);
            assert_eq!(count, naive.perft(depth), "{text}");
            println!("perft({depth}) = {count}: {text}");
            assert!(count >= 100_000, "{text}: only {count} leaves");
        }
    }
}

#[test]
fn random_games_agree_with_the_naive_implementation() {
    let mut rng = Rng::new(5);
    for game in 0..60 {
        let r = rules(if game % 2 == 0 { 8 } else { 7 }, game % 3 == 0);
        let mut pos = Loa::start(&r);
        let mut naive = Naive::from_text(&pos.format_position(), r.mover_wins);
        let mut moves = MoveList::<Loa>::default();
        loop {
            pos.legal_moves(&mut moves);
            let mut ours: Vec<String> = moves.iter().map(|&mv| pos.format_move(mv)).collect();
            let theirs = naive.moves();
            let names: Vec<String> = theirs.iter().map(|&mv| naive.name(mv)).collect();
            let mut sorted = names.clone();
            ours.sort();
            sorted.sort();
            assert_eq!(ours, sorted, "{}", pos.format_position());
            let black = pos.terminal_value(Player::First);
            assert_eq!(black, naive.result(), "{}", pos.format_position());
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len() as u32) as usize];
            let text = pos.format_move(mv);
            naive.play(theirs[names.iter().position(|n| *n == text).unwrap()]);
            pos.play(mv);
        }
    }
}

#[test]
fn connecting_all_discs_wins() {
    let r = Rules::default();
    let text = "B-B-----/--------/--------/--------/----W---/--------/------W-/-------- B";
    let mut pos = parse(&r, text);
    assert_eq!(pos.turn(), Turn::Player(Player::First));
    pos.play(pos.parse_move("c8-b7").unwrap());
    assert_eq!(pos.outcome(Player::First), Some(Outcome::Win));
    assert_eq!(pos.terminal_value(Player::Second), Some(-1));
    assert!(moves_of(&pos).is_empty());
    // A board already connected for one side is a finished game, whoever is to move.
    let done = parse(&r, &pos.format_position());
    assert_eq!(done.outcome(Player::First), Some(Outcome::Win));
}

#[test]
fn simultaneous_connection_draws_by_default_and_wins_for_the_mover_as_an_option() {
    // d7xb7 captures White's b7: Black's a8 and b7 touch, White's h1 is alone — both groups.
    let text = "B-------/-W-B----/--------/--------/--------/--------/--------/-------W B";
    for (mover_wins, black) in [(false, Outcome::Draw), (true, Outcome::Win)] {
        let r = rules(8, mover_wins);
        let mut pos = parse(&r, text);
        pos.play(pos.parse_move("d7-b7").unwrap());
        assert_eq!(pos.outcome(Player::First), Some(black), "{mover_wins}");
        assert_eq!(pos.turn(), Turn::Over);
    }
    // The same board with White having just moved: the mover is White.
    let both = "B-------/-B------/--------/--------/--------/--------/--------/-------W";
    let pos = parse(&rules(8, true), &format!("{both} B 9"));
    assert_eq!(pos.outcome(Player::Second), Some(Outcome::Win));
    let pos = parse(&rules(8, false), &format!("{both} B 9"));
    assert_eq!(pos.outcome(Player::Second), Some(Outcome::Draw));
}

#[test]
fn a_capture_can_make_the_opponent_win() {
    // h6xh8 takes White's h8: White's last disc, a1, is one group; Black's three are apart.
    let r = Rules::default();
    let text = "-------W/--------/-------B/B-------/--------/--B-----/--------/W------- B";
    let mut pos = parse(&r, text);
    assert!(moves_of(&pos).contains(&"h6-h8".to_string()));
    pos.play(pos.parse_move("h6-h8").unwrap());
    assert_eq!(pos.outcome(Player::First), Some(Outcome::Loss));
    assert_eq!(pos.outcome(Player::Second), Some(Outcome::Win));
}

#[test]
fn discs_jump_their_own_discs_but_not_enemy_discs() {
    let r = Rules::default();
    // Row 8 holds three discs, so a8 moves three cells east: over White's b8 it may not.
    let blocked = parse(
        &r,
        "BW---B--/--------/--------/--------/--------/--------/--------/-------W B",
    );
    let moves = moves_of(&blocked);
    assert!(!moves.contains(&"a8-d8".to_string()), "{moves:?}");
    assert!(moves.contains(&"f8-c8".to_string()), "{moves:?}");
    assert_matches!(
        blocked.parse_move("a8-d8"),
        Err(ParseError::IllegalMove { .. })
    );
    // Over its own b8 it may; the distance counts discs of both colours on the whole line.
    let own = parse(
        &r,
        "BB---W--/--------/--------/-------B/--------/--------/--------/-------W B",
    );
    assert!(moves_of(&own).contains(&"a8-d8".to_string()));
    // b8 moves three cells east too, over nothing, onto the empty e8.
    assert!(moves_of(&own).contains(&"b8-e8".to_string()));
}

#[test]
fn a_player_without_moves_passes_and_two_passes_draw() {
    let r = Rules::default();
    let text = "BW------/WW------/--------/--------/--------/--------/------WW/------WB B";
    let mut pos = parse(&r, text);
    assert_eq!(moves_of(&pos), ["pass"]);
    pos.play(pos.parse_move("pass").unwrap());
    assert_eq!(
        pos.format_position(),
        "BW------/WW------/--------/--------/--------/--------/------WW/------WB W 1 passed"
    );
    assert_eq!(pos.turn(), Turn::Player(Player::Second));
    assert_eq!(parse(&r, &pos.format_position()), pos);
    // A pass claimed for a side that could move is refused.
    assert_matches!(
        Loa::parse_position(&r, &format!("{START_8} 1 passed")),
        Err(ParseError::InvalidPosition { .. })
    );
    // Two passes claimed where a side can move are refused too.
    assert_matches!(
        Loa::parse_position(&r, &format!("{START_8} 2 passed twice")),
        Err(ParseError::InvalidPosition { .. })
    );
}

#[test]
fn the_game_is_drawn_after_2500_moves() {
    let r = Rules::default();
    let mut pos = parse(&r, &format!("{START_8} {}", MOVE_LIMIT - 1));
    assert_eq!(pos.turn(), Turn::Player(Player::First));
    pos.play(pos.parse_move("b1-b3").unwrap());
    assert_eq!(pos.outcome(Player::First), Some(Outcome::Draw));
    assert!(pos.format_position().ends_with(" W 2500"));
    assert_matches!(
        Loa::parse_position(&r, &format!("{START_8} 2501")),
        Err(ParseError::TooLarge { .. })
    );
}

#[test]
fn notation_round_trips_and_rejects_bad_text_without_panicking() {
    let r = rules(7, false);
    let pos = parse(&r, "b1-b3 a2-c2 d1-d3");
    assert_eq!(parse(&r, &pos.format_position()), pos);
    assert_eq!(pos.moves_played(), 3);
    let start7 = Loa::start(&r).format_position();
    for (text, want) in [
        ("b1-b3 b1-b3", "IllegalMove"),
        ("b1-b3 zz", "UnknownMove"),
        ("h1-h3", "UnknownMove"), // no h file on 7×7
        ("-BBBBB-/W-----W B", "WrongLength"),
        (&start7.replace("W-----W/W", "W----W/W"), "RowLength"),
        (&start7.replacen("W-----W", "W--*--W", 1), "BadCell"),
        (&start7.replace(" B", " X"), "UnexpectedChar"),
        (&start7.replace(" B", ""), "Missing"),
        (&start7.replace("-BBBBB-/W", "BBBBBBB/W"), "InvalidPosition"),
        (&format!("{start7} 3 oops"), "UnexpectedChar"),
    ] {
        let error = Loa::parse_position(&r, text).unwrap_err();
        assert!(format!("{error:?}").starts_with(want), "{text}: {error:?}");
    }
    let error = Loa::parse_position(&r, &start7.replacen("W-----W", "W--*--W", 1)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "row 2, column 4 (position 11): unexpected character '*', expected a cell: B, W or -"
    );
    // Random strings and random edits of valid texts: errors, never a panic.
    let mut rng = Rng::new(11);
    let alphabet: Vec<char> = "WB-/ abcdefgh12345678x-passedtwice\u{e9}".chars().collect();
    for round in 0..3_000 {
        let r = rules(if round % 2 == 0 { 8 } else { 7 }, false);
        let length = rng.below(90) as usize;
        let text: String = (0..length)
            .map(|_| alphabet[rng.below(alphabet.len() as u32) as usize])
            .collect();
        let _ = Loa::parse_position(&r, &text);
        let _ = pos.parse_move(&text);
        let base = format!("{} 7", Loa::start(&r).format_position());
        let mut edited: Vec<char> = base.chars().collect();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(edited.len() as u32) as usize;
            edited[at] = alphabet[rng.below(alphabet.len() as u32) as usize];
        }
        let edited: String = edited.into_iter().collect();
        if let Ok(p) = Loa::parse_position(&r, &edited) {
            assert_eq!(parse(&r, &p.format_position()), p);
        }
    }
}

#[test]
fn names_select_the_variants() {
    use pnplay::game::catalogue::GameSpec;
    for name in ["loa", "loa:7x7", "loa:mover-wins", "loa:7x7:mover-wins"] {
        assert_eq!(name.parse::<GameSpec>().unwrap().to_string(), name);
    }
    assert_eq!("loa:8x8".parse::<GameSpec>().unwrap().to_string(), "loa");
    for bad in ["loa:9x9", "loa:7x7:7x7", "loa:", "loa:draw"] {
        assert!(bad.parse::<GameSpec>().is_err(), "{bad}");
    }
}
