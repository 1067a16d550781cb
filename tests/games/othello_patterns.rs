//! The Othello pattern evaluation (`othello::patterns`) and its training
//! (`othello::training`): the evaluation is the same on the eight symmetric images of a
//! position, the weights file reads back what was written and refuses a damaged one, the
//! shipped weights predict the published FFO scores far better than a constant, the
//! generated samples carry the exact scores alpha-beta finds, and a fit is seeded and
//! predicts held-out positions better than a constant. The weights are the one data file
//! the wasm module leaves out, declared for the games whose solver reads them.

use crate::common;

use common::{othello_positions as positions, read_ffo};
use pnplay::game::catalogue::GameSpec;
use pnplay::game::othello::patterns::{PatternSet, SCALE, Weights, evaluate_position};
use pnplay::game::othello::training::{self, Sample};
use pnplay::game::othello::{Othello, OthelloOrdering, Size};
use pnplay::game::{Game, MoveList};
use pnplay::search::Limits;
use pnplay::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};

/// The image of a 64-bit board under symmetry `which` (bit 4: transpose, 2: flip rows, 1:
/// flip columns), by whole-mask byte and bit reversals (the module under test maps squares
/// one by one).
fn image(mut bits: u64, which: u8) -> u64 {
    if which & 4 != 0 {
        let mut t = 0;
        for r in 0..8 {
            for c in 0..8 {
                t |= (bits >> (8 * r + c) & 1) << (8 * c + r);
            }
        }
        bits = t;
    }
    if which & 2 != 0 {
        bits = bits.swap_bytes();
    }
    if which & 1 != 0 {
        bits = bits.reverse_bits().swap_bytes();
    }
    bits
}

/// The side to move's and the other side's discs of a position, through its text.
fn discs(pos: &Othello) -> (u64, u64) {
    let text = pos.format_position();
    let (board, turn) = text.split_at(64);
    let mover = if turn.trim() == "X" { 'X' } else { 'O' };
    board
        .chars()
        .enumerate()
        .fold((0, 0), |(m, o), (i, ch)| match ch {
            '-' => (m, o),
            c if c == mover => (m | 1 << i, o),
            _ => (m, o | 1 << i),
        })
}

/// Each pattern reading is the base-3 number of the listed squares of the orientation (the
/// mover's disc 1, the other's 2), read one square at a time: the module reads them through
/// board images and row tables.
#[test]
fn readings_are_the_listed_squares() {
    let set = PatternSet::get();
    for pos in positions(300, 51, 1, 60) {
        let (mover, other) = discs(&pos);
        for canonical in [false, true] {
            let mut fast = Vec::new();
            set.readings(mover, other, canonical, |at| fast.push(at));
            let slow: Vec<usize> = set
                .patterns
                .iter()
                .flat_map(|pattern| {
                    pattern.instances.iter().map(move |squares| {
                        let index = squares.iter().fold(0, |acc, &s| {
                            acc * 3 + (mover >> s & 1) as usize + 2 * (other >> s & 1) as usize
                        });
                        let index = if canonical {
                            pattern.canonical[index] as usize
                        } else {
                            index
                        };
                        pattern.offset + index
                    })
                })
                .collect();
            assert_eq!(slow.len(), 46);
            assert_eq!(fast[..slow.len()], slow[..], "{}", pos.format_position());
        }
    }
}

#[test]
fn evaluation_is_symmetric() {
    let weights = Weights::shipped().unwrap();
    for pos in positions(200, 3, 8, 50) {
        let (mover, other) = discs(&pos);
        let value = weights.evaluate(mover, other);
        for which in 1..8 {
            assert_eq!(
                weights.evaluate(image(mover, which), image(other, which)),
                value,
                "{} under symmetry {which}",
                pos.format_position()
            );
        }
    }
}

#[test]
fn weights_file_round_trips_and_refuses_damage() {
    let weights = Weights::shipped().unwrap();
    let bytes = weights.to_bytes();
    let shipped = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/game/othello/patterns.weights"
    ))
    .unwrap();
    assert_eq!(bytes, shipped, "the shipped file is what to_bytes writes");
    assert_eq!(&Weights::from_bytes(&bytes).unwrap(), weights);
    assert!(Weights::from_bytes(&bytes[..bytes.len() - 1]).is_err());
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(Weights::from_bytes(&longer).is_err());
    assert!(Weights::from_bytes(b"not weights").is_err());
    let mut unordered = bytes;
    if weights.stage_from.len() > 1 {
        unordered.swap(9, 10);
        assert!(Weights::from_bytes(&unordered).is_err());
    }
}

/// Root mean square of `errors`.
fn rms(errors: impl Iterator<Item = i32>) -> f64 {
    let v: Vec<f64> = errors.map(f64::from).collect();
    (v.iter().map(|e| e * e).sum::<f64>() / v.len() as f64).sqrt()
}

#[test]
fn shipped_weights_predict_ffo_scores() {
    let mut ffo = read_ffo("othello/fforum-1-19.obf", 1);
    ffo.extend(read_ffo("othello/fforum-40-59.obf", 40));
    let fitted = rms(ffo
        .iter()
        .map(|f| evaluate_position(&f.pos).unwrap() - f.score));
    let constant = rms(ffo.iter().map(|f| f.score));
    println!("FFO 1-19, 40-59: rms error {fitted:.1} against {constant:.1}");
    assert!(fitted < 0.75 * constant, "{fitted} against {constant}");
    // The move the evaluation ranks first against a move drawn from the published list:
    // discs lost against the best (a move off the list counts as the list's worst).
    let (mut chosen_loss, mut listed_loss) = (0.0, 0.0);
    for f in &ffo {
        let worst = f.scored.iter().map(|(_, s)| *s).min().unwrap();
        let mut moves = MoveList::<Othello>::default();
        f.pos.legal_moves(&mut moves);
        let choice = moves
            .iter()
            .max_by_key(|&&mv| {
                let mut child = f.pos;
                child.play(mv);
                -evaluate_position(&child).unwrap()
            })
            .map(|&mv| f.pos.format_move(mv))
            .unwrap();
        let score = f
            .scored
            .iter()
            .find(|(m, _)| *m == choice)
            .map_or(worst, |(_, s)| *s);
        chosen_loss += f64::from(f.score - score);
        listed_loss += f
            .scored
            .iter()
            .map(|(_, s)| f64::from(f.score - s))
            .sum::<f64>()
            / f.scored.len() as f64;
    }
    println!(
        "discs lost by the evaluation's first move {chosen_loss}, by a listed move {listed_loss:.1}"
    );
    assert!(
        chosen_loss < 0.6 * listed_loss,
        "{chosen_loss} against {listed_loss}"
    );
    assert_eq!(evaluate_position(&Othello::start(&Size::Six.into())), None);
}

#[test]
fn samples_are_exact_and_round_trip() {
    let samples = training::generate(60, 8, 11, 5, 2, &|_| ());
    assert!(samples.len() >= 50, "{} samples", samples.len());
    assert_eq!(samples, training::generate(60, 8, 11, 5, 1, &|_| ()));
    let mut search = AlphaBeta::with_ordering(AlphaBetaConfig::default(), OthelloOrdering);
    for sample in &samples {
        assert!((8..=11).contains(&sample.empties()));
        assert_eq!(Sample::from_line(&sample.to_line()), Some(*sample));
        let text: String = (0..64)
            .map(|i| match (sample.mover >> i & 1, sample.other >> i & 1) {
                (1, _) => 'X',
                (_, 1) => 'O',
                _ => '-',
            })
            .collect();
        let pos = Othello::parse_position(&Size::Eight.into(), &format!("{text} X")).unwrap();
        let truth = search.score(&pos, &Limits::default()).unwrap();
        assert_eq!(i32::from(sample.score), truth.value, "{text}");
    }
    assert_eq!(Sample::from_line("00ff 00ff 3"), None, "overlapping discs");
    assert_eq!(Sample::from_line("zz 00 3"), None);
    assert_eq!(Sample::from_line("01 02"), None);
}

#[test]
fn fit_is_seeded_and_beats_a_constant() {
    let samples = training::generate(3000, 8, 10, 9, 2, &|_| ());
    let (weights, reports) = training::fit(&samples, &[0, 10], 1, 8, 0.0, 4);
    assert_eq!(weights.stage_from, [0, 10]);
    assert_eq!(
        weights.values.len(),
        2 * PatternSet::get().weights_per_stage
    );
    for report in &reports {
        assert!(report.held_out > 20, "{report:?}");
        assert!(report.rmse < 0.8 * report.baseline_rmse, "{report:?}");
    }
    let (again, _) = training::fit(&samples, &[0, 10], 1, 8, 0.0, 4);
    assert_eq!(again, weights);
    // Weights are stored in 1/SCALE discs: a fitted position's value is of the score's order.
    let sample = samples[0];
    assert!(weights.evaluate(sample.mover, sample.other).abs() < 130 * SCALE);
}

/// The weights are declared as a data file of 8×8 Othello under the standard rules only
/// (the boards and rules the endgame solver takes), installed from the start natively, and
/// installing refuses bytes that are not a weights file, naming what is wrong.
#[test]
fn the_weights_are_a_data_file_of_8x8_othello_under_the_standard_rules() {
    for (game, names) in [
        ("othello", &["othello-patterns.weights"][..]),
        ("othello8", &["othello-patterns.weights"]),
        ("othello:no-pass", &[]),
        ("othello6", &[]),
        ("connect4", &[]),
        ("2048:2x2", &[]),
    ] {
        let spec: GameSpec = game.parse().unwrap();
        let declared: Vec<_> = spec.assets().iter().map(|asset| asset.name).collect();
        assert_eq!(declared, names, "{game}");
    }
    let spec: GameSpec = "othello".parse().unwrap();
    let asset = spec.assets()[0];
    assert!((asset.installed)());
    assert_eq!(
        (asset.install)(b"not weights"),
        Err("pattern weights: not a weights file (bad magic)".to_string())
    );
    let shipped = Weights::shipped().unwrap().to_bytes();
    assert_eq!((asset.install)(&shipped), Ok(()));
}
