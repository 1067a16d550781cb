//! `pnplay tournament`: a round robin of agents ([`pnplay::experiment::tournament`]);
//! prints the Othello heuristics paper's table layout (each game's score and winner, first
//! players down the side) and every agent's standing: W/D/L, score rate with its 95 %
//! intervals, discs won and lost (the paper's Table 1b) and a Bradley–Terry rating.
//! `--shard K/N` plays part K of N of the games (see [`pnplay::experiment::shard`]) and
//! writes them; `pnplay merge` prints the whole tournament's tables.

use clap::Args;
use pnplay::arena::GameRecord;
use pnplay::experiment::journal::Output;

use pnplay::experiment::tournament::{Results, Tournament};

use crate::arena::games_in_order;
use crate::merge::Batch;
use crate::played::{PlayedArgs, progress};

/// The flags of `pnplay tournament`.
#[derive(Args)]
pub struct TournamentArgs {
    /// Game name.
    #[arg(long)]
    game: String,
    /// The agents, two or more, each as `pnplay match` takes them, e.g.
    /// `ab:depth=5,eval=corners ab:depth=5,eval=mobility`.
    #[arg(long, num_args = 2.., required = true)]
    agents: Vec<String>,
    /// Games per pair (the first agent of the pair plays first in the even-numbered ones).
    #[arg(long, default_value_t = 2)]
    games_per_pair: u64,
    /// Random plies before the agents play: random:K (game k of every pair gets the same).
    #[arg(long, default_value = "none")]
    openings: String,
    #[command(flatten)]
    run: PlayedArgs,
    /// Print the results as one JSON object instead of the tables.
    #[arg(long)]
    json: bool,
}

/// Runs `pnplay tournament`, or merges its shards.
pub fn run(args: &TournamentArgs, batch: &Batch) -> Result<(), String> {
    let tournament = Tournament::new(
        &args.game,
        &args.agents,
        args.games_per_pair,
        &args.openings,
        args.run.seed,
    )?;
    let started = pnplay::search::Clock::start();
    let progress = progress(&started, args.run.quiet, |record: &GameRecord| {
        format!(
            "game {} of {} vs {}: first player {:?}",
            record.index, record.a, record.b, record.result
        )
    });
    let shard = batch.shard(args.run.shard);
    let play = |out: Option<&Output>| tournament.play_part(shard, args.run.jobs, out, progress);
    let records = match (&batch.merge, &args.run.out) {
        (Some(parts), Some(out)) => {
            let records = games_in_order(
                tournament.pairs.iter().map(|(_, _, c)| c),
                tournament.games_per_pair,
                parts,
            )?;
            let mut lines = String::new();
            for record in &records {
                lines.push_str(&serde_json::to_string(record).map_err(|e| e.to_string())?);
                lines.push('\n');
            }
            batch.write_whole(out, None, args.run.force, &lines)?;
            records
        }
        (None, Some(out)) => {
            batch.output(out, args.run.shard, args.run.force, |out| play(Some(out)))?
        }
        _ => play(None)?,
    };
    if crate::merge::part_announced(shard, records.len())? {
        return Ok(());
    }
    let results = Results::of(&tournament, &records);
    if args.json {
        outln!(
            "{}",
            serde_json::to_string(&results).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    outln!(
        "Round robin on {}, {} games per pair, openings {}, seed {}",
        results.game,
        results.games_per_pair,
        args.openings,
        args.run.seed
    );
    for (label, agent) in results.standings.iter().map(|s| (&s.label, &s.agent)) {
        outln!("  {label}: {agent}");
    }
    outln!();
    outln!("Every game (rows played first; cell: first player's discs - second player's, winner):");
    out!("{}", results.paper_table());
    outln!();
    outln!("Pairs (A = the agent listed first; draws count half):");
    for summary in &results.pairs {
        outln!("  {}", summary.line());
    }
    outln!();
    outln!(
        "Standings (score rate with its 95 % intervals; Bradley–Terry rating on the Elo scale, 0 = geometric mean, one virtual draw per pair):"
    );
    out!("{}", results.standings_table());
    Ok(())
}
