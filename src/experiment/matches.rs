//! Running matches natively (`pnplay match`): games on several threads, one JSON line per
//! game written in game order as soon as every earlier game is written (so a file cut short
//! is always a prefix of the full one), and resuming from such a file
//! ([`super::journal`]), and the win rates of a sweep of matches drawn ([`win_rate_plot`]).
//!
//! Resuming reads the existing file: every line must be a game of one of the matches being
//! run (same game, agents, openings and seed) with an index below the number of games, each
//! at most once; a last line cut off mid-write is dropped. Games already there are not
//! played again, and the summaries count them. The same seed and iteration budgets give the
//! same lines whatever the number of threads, so an interrupted and resumed run writes the
//! same file as an uninterrupted one (but for the per-move seconds). Games are counted as
//! they are written, never all held, so a match of millions of games runs in little memory.
//!
//! [`run_match_part`] plays one shard of the games ([`super::shard`]): the games
//! are numbered match by match (sweep value by sweep value), game by game, and dealt round
//! robin, so N shards play every game once and each the same game as a whole run would.
//!
//! ```
//! use pnplay::arena::MatchConfig;
//! use pnplay::experiment::matches::run_match;
//! let config = MatchConfig::new("tictactoe", "random", "random", "", 3).unwrap();
//! let summaries = run_match(&[config], 20, 2, None, |_| {}).unwrap();
//! let s = &summaries[0];
//! assert_eq!(s.score.wins + s.score.draws + s.score.losses, 20);
//! ```

use std::path::Path;

use super::journal::{self, Layout, Output};
use super::plot::{LinePlot, Series};
use super::shard::Shard;
use crate::arena::{GameRecord, MatchConfig, Summary, Tally, play_game};
use crate::core::parallel::run_ordered;
use crate::error::Error;

/// Plays games `0..games` of every match of `configs` on `jobs` threads (skipping those
/// already in `out`, which gets one line per new game, in order) and returns one summary
/// per match. `progress` sees each new record.
///
/// # Errors
/// The output file's (see [`journal::resume`]; field `out`) or the first game's error.
pub fn run_match(
    configs: &[MatchConfig],
    games: u64,
    jobs: usize,
    out: Option<&Path>,
    progress: impl Fn(&GameRecord) + Sync,
) -> Result<Vec<Summary>, Error> {
    let out = out.map(Output::plain);
    let matches = Matches {
        configs,
        games,
        shard: Shard::WHOLE,
        jobs,
        out: out.as_ref(),
    };
    run_match_part(matches, progress)
}

/// The games a batch run plays: `games` of each match of `configs` (numbered match by match),
/// the part `shard` of them, on `jobs` threads, resumed from and written to `out`.
#[derive(Clone, Copy)]
pub struct Matches<'a> {
    /// The matches.
    pub configs: &'a [MatchConfig],
    /// Games per match.
    pub games: u64,
    /// The part of the games to play.
    pub shard: Shard,
    /// Worker threads.
    pub jobs: usize,
    /// The file to resume from and write to, if any.
    pub out: Option<&'a Output<'a>>,
}

/// The number of units of a plan of `groups` groups of `each` units, or an error naming
/// `field` if that is more than this machine can count.
///
/// # Errors
/// The product overflows (field `field`).
pub fn units(groups: usize, each: u64, field: &str) -> Result<usize, Error> {
    usize::try_from(each)
        .ok()
        .and_then(|each| each.checked_mul(groups))
        .ok_or_else(|| Error::BadParameter {
            name: field.to_string(),
            message: format!("{field}: {groups} × {each} games is more than can be counted"),
        })
}

/// Where a game record goes in a plan of `configs` × `games` games: its unit (match by
/// match, game by game), or why it is not of the plan.
///
/// # Errors
/// The record is of another match, or its index is not below `games`.
pub fn locate(
    configs: &[MatchConfig],
    games: u64,
    record: &GameRecord,
) -> Result<(usize, usize), String> {
    let c = configs.iter().position(|c| c.owns(record)).ok_or_else(|| {
        format!(
            "a game of another match (game {}, a {}, b {}, openings {}, seed {})",
            record.game, record.a, record.b, record.openings, record.seed
        )
    })?;
    if record.index >= games {
        return Err(format!(
            "game {} of a {} is not part of this plan of {games} games",
            record.index, record.a
        ));
    }
    // Below `games`, which `units` checked fits.
    Ok((c * games as usize + record.index as usize, 0))
}

/// [`run_match`] of the shard of games in `matches` only (see the module's documentation); the
/// summaries count them alone.
///
/// # Errors
/// As [`run_match`], and a game of another shard in `out` (field `out`).
pub fn run_match_part(
    matches: Matches<'_>,
    progress: impl Fn(&GameRecord) + Sync,
) -> Result<Vec<Summary>, Error> {
    let mut tallies = vec![Tally::default(); matches.configs.len()];
    play_games(matches, progress, |c, _, record| {
        tallies[c].add(&record);
    })?;
    Ok(matches
        .configs
        .iter()
        .zip(&tallies)
        .map(|(config, tally)| tally.summary(config))
        .collect())
}

/// Plays the games of `matches`, resuming from and writing to its `out` as [`run_match`] does,
/// and gives `keep` every game of the shard,
/// those already in `out` first, then the new ones in order, each with its match (index in
/// `configs`) and its unit (place in the plan). `progress` sees each new game as it ends.
///
/// # Errors
/// As [`run_match_part`].
pub fn play_games(
    matches: Matches<'_>,
    progress: impl Fn(&GameRecord) + Sync,
    mut keep: impl FnMut(usize, usize, GameRecord) + Send,
) -> Result<(), Error> {
    let Matches {
        configs,
        games,
        shard,
        jobs,
        out,
    } = matches;
    let total = units(configs.len(), games, "games")?;
    let per_match = games as usize;
    let layout = Layout {
        units: total,
        per_unit: 1,
        locate: |record: &GameRecord| {
            let (unit, place) = locate(configs, games, record)?;
            if shard.owns(unit) {
                Ok((unit, place))
            } else {
                Err(format!(
                    "game {} of a {} is not of shard {shard}",
                    record.index, record.a
                ))
            }
        },
    };
    let (mut journal, done) = match out {
        Some(out) => {
            let (journal, done) = journal::resume(out, &layout, |unit, record| {
                keep(unit / per_match, unit, record);
            })?;
            (Some(journal), done)
        }
        None => (None, std::collections::HashSet::new()),
    };
    run_ordered(
        shard.units_of(total),
        jobs,
        |k| {
            let unit = shard.unit(k);
            if done.contains(&unit) {
                return Ok(None);
            }
            let record = play_game(&configs[unit / per_match], (unit % per_match) as u64)?;
            progress(&record);
            Ok(Some((unit, record)))
        },
        |_, played| {
            let Some((unit, record)) = played else {
                return Ok(());
            };
            if let Some(journal) = journal.as_mut() {
                let line = serde_json::to_string(&record).expect("a game record serializes");
                journal.write(&(line + "\n"))?;
            }
            keep(unit / per_match, unit, record);
            Ok(())
        },
    )
}

/// A plot of agent A's win rate (%) with its 95 % normal interval (the paper's ±, dashed
/// above and below) over the values of a sweep, one point per summary at evenly spaced x
/// positions labelled with `values` (so 0, 0.1, …, 1e6 or 100, …, 10,000 read well), and
/// the 50 % line of equal strength: the form of the PN-MCTS paper's Figures 3 and 4.
///
/// ```
/// use pnplay::arena::{MatchConfig, Summary};
/// use pnplay::experiment::matches::win_rate_plot;
/// let config = MatchConfig::new("tictactoe", "random", "random", "", 1).unwrap();
/// let summary = Summary::of(&config, &[]);
/// let plot = win_rate_plot(&[("1".into(), summary)], "demo", "cpn");
/// assert_eq!(plot.series.len(), 4);
/// assert!(plot.to_svg().contains("<polyline"));
/// ```
#[must_use]
pub fn win_rate_plot(rows: &[(String, Summary)], title: &str, x_label: &str) -> LinePlot {
    let line = |label: &str, dashed: bool, colour: usize, y: &dyn Fn(&Summary) -> f64| Series {
        label: label.to_string(),
        points: rows
            .iter()
            .enumerate()
            .map(|(x, (_, summary))| (x as f64, 100.0 * y(summary)))
            .collect(),
        dashed,
        colour,
    };
    let last = rows.len().saturating_sub(1) as f64;
    LinePlot {
        title: title.to_string(),
        x_label: x_label.to_string(),
        y_label: "win rate of A (%)".to_string(),
        x_ticks: rows
            .iter()
            .enumerate()
            .map(|(x, (value, _))| (x as f64, value.clone()))
            .collect(),
        series: vec![
            line("A's win rate", false, 0, &|s| s.score.rate.rate),
            line("95 % interval, upper", true, 0, &|s| s.score.rate.normal.1),
            line("95 % interval, lower", true, 0, &|s| s.score.rate.normal.0),
            Series {
                label: "50 %: equal".to_string(),
                points: vec![(0.0, 50.0), (last, 50.0)],
                dashed: true,
                colour: 7,
            },
        ],
    }
}
