//! Alpha-beta on Othello against the FFO endgame test suite (exact scores and best moves
//! published with the positions), and df-pn against alpha-beta on random small positions.

use crate::common;

use common::{check_goals_and_scores, random_positions_where, read_ffo};
use pnplay::game::Game;
use pnplay::game::othello::OthelloOrdering;
use pnplay::game::othello::{Othello, Size};
use pnplay::search::Limits;
use pnplay::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};

fn check_ffo(numbers: std::ops::RangeInclusive<usize>) {
    let mut search = AlphaBeta::with_ordering(AlphaBetaConfig::default(), OthelloOrdering);
    for ffo in read_ffo("othello/fforum-1-19.obf", 1) {
        if !numbers.contains(&ffo.number) {
            continue;
        }
        search.clear();
        let score = search.score(&ffo.pos, &Limits::default()).unwrap();
        let stats = search.stats();
        let best = ffo.pos.format_move(score.best_move.unwrap());
        eprintln!(
            "FFO #{:2}: score {:+3} best {best} ({} nodes, {:.3} s, {:.2} M nodes/s)",
            ffo.number,
            score.value,
            stats.nodes_expanded,
            stats.seconds,
            stats.nodes_expanded as f64 / stats.seconds / 1e6
        );
        ffo.check(score.value, &best);
    }
}

#[test]
fn ffo_1_to_19() {
    check_ffo(1..=19);
}

fn small_board_positions(size: Size, count: usize, seed: u64) -> Vec<Othello> {
    let start = Othello::start(&size.into());
    let cells = size.cells() as u32;
    random_positions_where(&start, count, seed, 0..cells - 4, |pos| {
        pos.empty_squares().count_ones() <= 14
    })
}

#[test]
fn dfpn_and_alphabeta_agree_on_random_small_boards() {
    let mut search = AlphaBeta::with_ordering(AlphaBetaConfig::default(), OthelloOrdering);
    for (size, seed) in [(Size::Four, 4), (Size::Six, 6)] {
        let positions = small_board_positions(size, 600, seed);
        check_goals_and_scores(&format!("othello {size:?}"), &mut search, &positions);
    }
}
