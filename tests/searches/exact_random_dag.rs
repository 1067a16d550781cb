//! Alpha-beta and df-pn on small random game graphs that have everything the real games
//! have, and more: passes (a forced single move), a player moving several times in a row,
//! chance nodes in two-player and single-agent games, and transpositions. Every reachable
//! position of many such graphs is checked against plain minimax, and PNS over the DAG of
//! positions (`pns-dag`'s graph search) against alpha-beta.

use crate::common;

use common::{check_goals, check_scores, numbered_move, questions, reachable};
use pnplay::game::{Game, MoveList, Outcome, ParseError, Player, Turn};
use pnplay::search::bestfirst::dag::PnsDag;
use pnplay::search::bestfirst::{BestFirst, pns::Pns};
use pnplay::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};
use pnplay::search::exact::dfpn::DfPnConfig;
use pnplay::search::{Goal, Limits, Question};

/// Plies until every game ends.
const DEPTH: u8 = 9;
/// Positions per ply: few, so that move sequences transpose often.
const WIDTH: u64 = 7;

/// A position of a random game graph fixed by a seed: the turn, the moves and the values
/// at each (ply, slot) come from a hash.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Dag {
    seed: u64,
    single_agent: bool,
    ply: u8,
    slot: u8,
}

fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Dag {
    fn hash(&self, salt: u64) -> u64 {
        mix(
            mix(self.seed, salt),
            u64::from(self.ply) << 8 | u64::from(self.slot),
        )
    }

    fn is_over(&self) -> bool {
        self.ply == DEPTH || (self.ply >= 2 && self.hash(1) % 8 == 0)
    }

    /// The final value from the first player's view (single-agent: 1 = objective reached).
    fn first_value(&self) -> i32 {
        if self.single_agent {
            (self.hash(5) % 2) as i32
        } else {
            (self.hash(5) % 9) as i32 - 4
        }
    }
}

impl Game for Dag {
    type List<T: Copy + std::fmt::Debug + Send + Sync + 'static> = arrayvec::ArrayVec<T, 64>;
    type Move = u8;
    type Key = (u64, bool, u8, u8);
    /// The seed and whether only the first player acts.
    type Variant = (u64, bool);

    fn start(&(seed, single_agent): &(u64, bool)) -> Self {
        Dag {
            seed,
            single_agent,
            ply: 0,
            slot: 0,
        }
    }

    fn variant(&self) -> (u64, bool) {
        (self.seed, self.single_agent)
    }

    fn turn(&self) -> Turn {
        if self.is_over() {
            return Turn::Over;
        }
        match (self.single_agent, self.hash(2) % 5) {
            (_, 0 | 1) => Turn::Player(Player::First),
            (false, 2 | 3) => Turn::Player(Player::Second),
            (true, 2) => Turn::Player(Player::First),
            _ => Turn::Chance,
        }
    }

    fn legal_moves(&self, out: &mut MoveList<Self>) {
        out.clear();
        if !self.is_over() {
            out.extend(0..1 + (self.hash(3) % 3) as u8);
        }
    }

    fn chance_probability(&self, _: u8) -> f64 {
        let mut moves = MoveList::<Dag>::default();
        self.legal_moves(&mut moves);
        1.0 / moves.len() as f64
    }

    fn play(&mut self, mv: u8) {
        self.slot = (mix(self.hash(4), u64::from(mv)) % WIDTH) as u8;
        self.ply += 1;
    }

    fn outcome(&self, player: Player) -> Option<Outcome> {
        let value = self.terminal_value(player)?;
        Some(match (self.single_agent, value) {
            (true, 1) | (false, 1..) => Outcome::Win,
            (false, 0) => Outcome::Draw,
            _ => Outcome::Loss,
        })
    }

    fn terminal_value(&self, player: Player) -> Option<i32> {
        let value = self.first_value();
        self.is_over().then_some(match player {
            Player::First => value,
            Player::Second => -value,
        })
    }

    fn key(&self) -> Self::Key {
        (self.seed, self.single_agent, self.ply, self.slot)
    }

    fn parse_position(&(seed, single_agent): &(u64, bool), text: &str) -> Result<Self, ParseError> {
        let invalid = || ParseError::InvalidPosition {
            reason: format!("expected <ply>/<slot>, got {text:?}"),
        };
        let (ply, slot) = text.split_once('/').ok_or_else(invalid)?;
        Ok(Dag {
            seed,
            single_agent,
            ply: ply.parse().map_err(|_| invalid())?,
            slot: slot.parse().map_err(|_| invalid())?,
        })
    }

    fn format_position(&self) -> String {
        format!("{}/{} of seed {}", self.ply, self.slot, self.seed)
    }

    fn parse_move(&self, text: &str) -> Result<u8, ParseError> {
        numbered_move(text)
    }

    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }
}

fn graphs(single_agent: bool) -> Vec<Dag> {
    (0..300)
        .flat_map(|seed| reachable(&Dag::start(&(seed, single_agent))))
        .collect()
}

/// The graphs really have what they are meant to test.
#[test]
fn the_graphs_have_passes_repeated_players_chance_and_transpositions() {
    let positions = graphs(false);
    let turns: Vec<Turn> = positions.iter().map(Game::turn).collect();
    assert!(turns.contains(&Turn::Chance));
    let mut forced = 0;
    let mut repeated = 0;
    for pos in &positions {
        let mut moves = MoveList::<Dag>::default();
        pos.legal_moves(&mut moves);
        forced += usize::from(moves.len() == 1);
        let mut child = pos.clone();
        if let (Some(&mv), Turn::Player(p)) = (moves.first(), pos.turn()) {
            child.play(mv);
            repeated += usize::from(child.turn() == Turn::Player(p));
        }
    }
    assert!(forced > 1000 && repeated > 1000, "{forced} {repeated}");
    let paths = pnplay::game::perft::complete_games(&Dag::start(&(0, false)));
    assert!(paths > reachable(&Dag::start(&(0, false))).len() as u64);
}

#[test]
fn two_player_graphs_score_their_minimax_values() {
    let positions = graphs(false);
    check_scores(&mut AlphaBeta::new(AlphaBetaConfig::default()), &positions);
}

#[test]
fn single_agent_graphs_score_their_minimax_values() {
    let positions = graphs(true);
    check_scores(&mut AlphaBeta::new(AlphaBetaConfig::default()), &positions);
}

#[test]
fn goal_searches_agree_with_minimax() {
    let dfpn = DfPnConfig {
        table_bytes: 1 << 14,
        ..DfPnConfig::default()
    };
    let mut search = AlphaBeta::new(AlphaBetaConfig {
        table_bytes: 1 << 16,
    });
    let unfinished = |positions: Vec<Dag>| -> Vec<Dag> {
        positions
            .into_iter()
            .filter(|p| p.turn() != Turn::Over)
            .collect()
    };
    check_goals(
        &mut search,
        dfpn,
        &unfinished(graphs(false)),
        &questions(),
        true,
    );
    let player = [Goal::Win, Goal::NotLose].map(|goal| Question {
        root_player: Player::First,
        goal,
    });
    check_goals(&mut search, dfpn, &unfinished(graphs(true)), &player, true);
}

/// PNS over the DAG of positions (`pns-dag` without knowledge: these games have none) gives
/// alpha-beta's verdict on every question about every unfinished position of the graphs,
/// and its graph holds each position once: never more nodes than positions reachable.
#[test]
fn pns_over_the_dag_agrees_with_alpha_beta() {
    let mut search = AlphaBeta::new(AlphaBetaConfig {
        table_bytes: 1 << 16,
    });
    let (mut checked, mut shared) = (0, 0);
    for single_agent in [false, true] {
        for pos in graphs(single_agent) {
            if pos.turn() == Turn::Over {
                continue;
            }
            let positions = reachable(&pos).len() as u64;
            for question in questions() {
                if single_agent && question.root_player == Player::Second {
                    continue;
                }
                let truth = search.solve(&pos, question, &Limits::default());
                let mut dag = PnsDag::new(pos.clone(), question, Limits::default());
                let at = format!("{question:?} at {}", pos.format_position());
                assert_eq!(dag.run(), truth, "{at}");
                let stats = dag.stats();
                assert!(stats.peak_nodes <= positions, "{at}: {stats:?}");
                assert_eq!(stats.peak_nodes, stats.nodes_created, "{at}");
                checked += 1;
                // Tree PNS creates a position once per line to it.
                let mut tree = BestFirst::new(pos.clone(), Pns, question, 0, Limits::default());
                assert_eq!(tree.run(), truth, "{at}");
                shared += usize::from(stats.nodes_created < tree.stats().nodes_created);
            }
        }
    }
    assert!(checked > 20_000 && shared > 100, "{checked} {shared}");
}
