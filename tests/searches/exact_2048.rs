//! Exact AND/OR solving of 2×2 2048 (SPEC.md §3: the objective must be reached whatever
//! tiles spawn), from every distinct position after the two opening spawns, objectives 16
//! and 32: alpha-beta and df-pn against plain minimax (spawns minimise).

use crate::common;

use std::collections::HashMap;

use common::{check_goals, check_scores, reachable, reference_value};
use pnplay::game::g2048::{Config, G2048};
use pnplay::game::{Game, Player, Turn};
use pnplay::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};
use pnplay::search::exact::dfpn::{DfPn, DfPnConfig};
use pnplay::search::{Goal, Limits, Question, Verdict};

/// The distinct positions after the two opening spawns (the player to move).
fn openings(config: Config) -> Vec<G2048> {
    let mut seen = HashMap::new();
    for (_, one) in G2048::start(&config).children() {
        for (_, two) in one.children() {
            assert_eq!(two.turn(), Turn::Player(Player::First));
            seen.entry(two.key()).or_insert(two);
        }
    }
    let mut positions: Vec<G2048> = seen.into_values().collect();
    positions.sort_by_key(G2048::format_position);
    positions
}

const WIN: Question = Question {
    root_player: Player::First,
    goal: Goal::Win,
};

#[test]
fn every_reachable_position_matches_minimax() {
    for objective in [16, 32] {
        let config = Config::new(2, objective).unwrap();
        let positions = reachable(&G2048::start(&config));
        check_scores(&mut AlphaBeta::new(AlphaBetaConfig::default()), &positions);
        let unfinished: Vec<G2048> = positions
            .into_iter()
            .filter(|p| p.turn() != Turn::Over)
            .collect();
        let dfpn = DfPnConfig {
            table_bytes: 1 << 16,
            ..DfPnConfig::default()
        };
        let questions = [Goal::Win, Goal::NotLose].map(|goal| Question {
            root_player: Player::First,
            goal,
        });
        let mut search = AlphaBeta::new(AlphaBetaConfig::default());
        check_goals(&mut search, dfpn, &unfinished, &questions, true);
    }
}

#[test]
fn openings_of_2x2() {
    for objective in [16, 32] {
        let config = Config::new(2, objective).unwrap();
        let positions = openings(config);
        assert_eq!(positions.len(), 24);
        let mut search = AlphaBeta::new(AlphaBetaConfig::default());
        let mut memo = HashMap::new();
        let mut report = Vec::new();
        for pos in &positions {
            let score = search.score(pos, &Limits::default()).unwrap();
            assert_eq!(score.value, reference_value(pos, Player::First, &mut memo));
            let (verdict, stats) =
                DfPn::new(pos, WIN, DfPnConfig::default()).solve(&Limits::default());
            let expected = if score.value == 1 {
                Verdict::Proved
            } else {
                Verdict::Disproved
            };
            assert_eq!(verdict, expected);
            report.push(format!(
                "{}={} ({} df-pn nodes)",
                pos.format_position(),
                score.value,
                stats.nodes_expanded
            ));
        }
        // Read as an OR of everything (spawns chosen in the player's favour), the objective
        // is reachable from every opening, as the dissertation's enumeration found (the
        // highest reachable 2×2 tile is 32): only the AND reading makes it a disproof.
        for pos in &positions {
            assert!(
                reachable(pos)
                    .iter()
                    .any(|p| p.outcome(Player::First) == Some(pnplay::game::Outcome::Win))
            );
        }
        let start = G2048::start(&config);
        let value = search.score(&start, &Limits::default()).unwrap().value;
        eprintln!(
            "2x2 objective {objective}: start {value}; {}",
            report.join(", ")
        );
    }
}
