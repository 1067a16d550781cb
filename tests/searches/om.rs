//! Opponent-model search (src/search/heuristic/om.rs): with the model equal to its own
//! evaluation it is minimax — value and move — on hundreds of seeded 8×8 Othello positions
//! for several evaluations and depths; and on a hand-built tree (the situation of the TCG
//! slides' "Opponent models", slide 11: f₁ for MAX, a different f₂ for MIN) it wins more
//! than minimax against the opponent it models and loses more than minimax against an
//! opponent who sees what its model misses.

use crate::common;

use common::random_positions;
use pnplay::game::knowledge::Evaluator;
use pnplay::game::othello::{Othello, Size};
use pnplay::game::{Game, MoveList, Outcome, ParseError, Player, Turn};
use pnplay::search::catalogue;
use pnplay::search::heuristic::om::OpponentModel;
use pnplay::search::params::Params;
use pnplay::search::{Limits, Verdict};

#[test]
fn om_with_the_model_equal_to_its_own_evaluation_is_minimax_on_240_othello_positions() {
    let positions = random_positions(&Othello::start(&Size::Eight.into()), 240, 21, 4..48);
    let evals = ["all", "mobility", "corners", "all-but-stability"];
    for (index, pos) in positions.iter().enumerate() {
        let eval = evals[index % evals.len()];
        let depth = 1 + index % 3;
        let mut settings = Params::default();
        settings.set_text("depth", &depth.to_string()).unwrap();
        settings.set_text("eval", eval).unwrap();
        let mut om_params = settings.clone();
        om_params.set_text("model", eval).unwrap();
        let mut minimax_params = settings;
        minimax_params.set_text("endgame", "off").unwrap();
        let mut om = catalogue::start("om", *pos, &om_params).unwrap();
        let mut minimax = catalogue::start("minimax", *pos, &minimax_params).unwrap();
        let (a, b) = (om.run(), minimax.run());
        let text = pos.format_position();
        assert_eq!(a, b, "#{index} {eval} depth {depth}: {text}");
        assert_eq!(
            om.root_value(),
            minimax.root_value(),
            "#{index} {eval} depth {depth}: {text}"
        );
        assert_eq!(
            om.best_move(),
            minimax.best_move(),
            "#{index} {eval} depth {depth}: {text}"
        );
    }
}

#[test]
fn om_with_another_model_can_choose_another_move() {
    // The evaluations differ, so on some of these positions the predicted replies differ
    // and OM's choice is not minimax's: the model is not ignored.
    let positions = random_positions(&Othello::start(&Size::Eight.into()), 60, 22, 10..30);
    let differ = positions
        .iter()
        .filter(|pos| {
            let mut om = Params::default();
            om.set_text("depth", "2").unwrap();
            let mut minimax = om.clone();
            om.set_text("model", "mobility").unwrap();
            minimax.set_text("endgame", "off").unwrap();
            let mut a = catalogue::start("om", **pos, &om).unwrap();
            let mut b = catalogue::start("minimax", **pos, &minimax).unwrap();
            a.run();
            b.run();
            a.best_move() != b.best_move()
        })
        .count();
    assert!(
        differ > 0 && differ < positions.len(),
        "{differ} of {}",
        positions.len()
    );
}

/// The hand-built tree: MAX (the first player) chooses a or b; MIN chooses x or y; then
/// MAX's only move `end` finishes the game with the score below. Nodes: 0 the root, 1 = a,
/// 2 = b, 3 = a x, 4 = a y, 5 = b x, 6 = b y, 7–10 the finished games after `end`.
///
/// ```text
///                    root (MAX)
///            a /                   \ b
///        MIN                        MIN
///     x /    \ y                 x /    \ y
///    5        6                 10       1      true score = f₁ (MAX's own evaluation)
///    5        6                  2       8      f₂ (the opponent's evaluation)
/// ```
///
/// Minimax with f₁ sees that b can be answered by y (1) and plays a (5). OM search with the
/// model f₂ predicts that the opponent answers b with x (f₂ 2 < 8) and plays b for 10.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slide(u8);

const TRUE_SCORE: [i32; 4] = [5, 6, 10, 1];
const MODEL: [i64; 4] = [5, 6, 2, 8];

impl Game for Slide {
    type Move = u8;
    type Key = u8;
    type List<T: Copy + std::fmt::Debug + Send + Sync + 'static> = arrayvec::ArrayVec<T, 2>;
    type Variant = ();

    fn start(_: &()) -> Self {
        Slide(0)
    }
    fn variant(&self) {}
    fn turn(&self) -> Turn {
        match self.0 {
            0 | 3..=6 => Turn::Player(Player::First),
            1 | 2 => Turn::Player(Player::Second),
            _ => Turn::Over,
        }
    }
    fn legal_moves(&self, out: &mut MoveList<Self>) {
        out.clear();
        match self.0 {
            0..=2 => out.extend([0, 1]),
            3..=6 => out.push(0),
            _ => {}
        }
    }
    fn chance_probability(&self, _: u8) -> f64 {
        1.0
    }
    fn play(&mut self, mv: u8) {
        self.0 = match self.0 {
            0..=2 => 2 * self.0 + 1 + mv,
            leaf => leaf + 4,
        };
    }
    fn outcome(&self, player: Player) -> Option<Outcome> {
        self.terminal_value(player).map(|v| match v.signum() {
            1 => Outcome::Win,
            0 => Outcome::Draw,
            _ => Outcome::Loss,
        })
    }
    fn terminal_value(&self, player: Player) -> Option<i32> {
        let score = *TRUE_SCORE.get(usize::from(self.0).checked_sub(7)?)?;
        Some(if player == Player::First {
            score
        } else {
            -score
        })
    }
    fn key(&self) -> u8 {
        self.0
    }
    fn parse_position(_: &(), text: &str) -> Result<Self, ParseError> {
        text.parse::<u8>()
            .ok()
            .filter(|&n| n <= 10)
            .map(Slide)
            .ok_or_else(|| ParseError::InvalidPosition {
                reason: format!("not a node of the tree: {text:?}"),
            })
    }
    fn format_position(&self) -> String {
        self.0.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u8, ParseError> {
        let mv = match (self.0, text) {
            (0, "a") | (1 | 2, "x") | (3..=6, "end") => 0,
            (0, "b") | (1 | 2, "y") => 1,
            _ => {
                return Err(ParseError::UnknownMove {
                    index: 0,
                    text: text.to_string(),
                });
            }
        };
        self.check_legal(mv, text)
    }
    fn format_move(&self, mv: u8) -> String {
        match (self.0, mv) {
            (0, 0) => "a",
            (0, _) => "b",
            (1 | 2, 0) => "x",
            (1 | 2, _) => "y",
            _ => "end",
        }
        .to_string()
    }
}

/// An evaluation of the tree's depth-2 positions (MAX to move there): `values` for nodes
/// 3–6, from MAX's view (the side to move).
struct Table([i64; 4]);

impl Evaluator<Slide> for Table {
    fn evaluate(&mut self, pos: &Slide) -> i64 {
        self.0[usize::from(pos.0 - 3)]
    }
}

fn own() -> Box<dyn Evaluator<Slide>> {
    Box::new(Table(TRUE_SCORE.map(i64::from)))
}

fn model() -> Box<dyn Evaluator<Slide>> {
    Box::new(Table(MODEL))
}

/// The move a depth-`depth` search with `own` and `model` chooses at `pos`.
fn choose(
    pos: Slide,
    depth: u32,
    own: Box<dyn Evaluator<Slide>>,
    model: Box<dyn Evaluator<Slide>>,
) -> u8 {
    let mut moves = MoveList::<Slide>::default();
    pos.legal_moves(&mut moves);
    let result = OpponentModel::new(own, model)
        .search(&pos, depth, &Limits::default())
        .unwrap();
    moves[result.best]
}

/// The final score of MAX's first move `first` answered by an opponent choosing with
/// evaluation `opponent` (one ply of minimax: it sees the depth-2 positions).
fn play(first: u8, opponent: fn() -> Box<dyn Evaluator<Slide>>) -> i32 {
    let mut pos = Slide::start(&());
    pos.play(first);
    pos.play(choose(pos, 1, opponent(), opponent()));
    pos.play(0);
    pos.terminal_value(Player::First).unwrap()
}

#[test]
fn om_beats_minimax_against_the_modelled_opponent_and_loses_against_a_stronger_one() {
    let root = Slide::start(&());
    let minimax_move = choose(root, 2, own(), own());
    let om_move = choose(root, 2, own(), model());
    assert_eq!(root.format_move(minimax_move), "a");
    assert_eq!(root.format_move(om_move), "b");
    // The OM search's own values: a → 5 (x predicted), b → 10 (x predicted).
    let om = OpponentModel::new(own(), model())
        .search(&root, 2, &Limits::default())
        .unwrap();
    assert_eq!((om.value.own, om.value.model), (10, 5));
    // Against the opponent it models (who plays by f₂), OM scores 10, minimax 5.
    assert_eq!(play(om_move, model), 10);
    assert_eq!(play(minimax_move, model), 5);
    // Against an opponent who sees the true values, the model is wrong: OM's b is
    // refuted by y (1), while minimax still scores 5.
    assert_eq!(play(om_move, own), 1);
    assert_eq!(play(minimax_move, own), 5);
    // Searched to the end (depth 3) nothing is evaluated: both are exact minimax, the
    // model cannot mislead, and the value is the game's (5, by a).
    let exact = OpponentModel::new(own(), model())
        .search(&root, 3, &Limits::default())
        .unwrap();
    assert!(exact.exact);
    assert_eq!((exact.value.own, exact.best), (5 * 100_000_000, 0));
}

#[test]
fn om_refuses_bad_parameters_and_plays_as_an_agent() {
    use pnplay::agent::Agent;
    let error = "om:depth=2,model=queen".parse::<Agent>().unwrap_err();
    assert_eq!(error.field(), Some("model"));
    let agent: Agent = "om:depth=2,eval=all,model=corners".parse().unwrap();
    let pos = Othello::parse_position(&Size::Eight.into(), "f5d6c3").unwrap();
    let choice = agent.choose(&pos, 3).unwrap();
    assert!(!choice.fallback);
    // On a game without an evaluation it is exact minimax: tic-tac-toe from X 1, 2 and
    // O 4, 5 is won at once with 3.
    use pnplay::game::tictactoe::TicTacToe;
    let ttt = TicTacToe::parse_position(&(), "1425").unwrap();
    let mut session = catalogue::start("om", ttt, &Params::default()).unwrap();
    assert_eq!(session.run(), Verdict::Proved);
    assert_eq!(session.best_move().as_deref(), Some("3"));
}
