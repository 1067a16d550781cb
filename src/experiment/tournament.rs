//! Round-robin tournaments of agents: the Othello heuristics paper's Tables 1 and 2
//! (Sannidhanam and Annamalai, §6: every heuristic against every other, two games per pair,
//! each side starting once) and their statistical version (many games from random openings,
//! both colours, win rates with 95 % intervals and a Bradley–Terry rating per agent).
//!
//! Every pair of agents (i < j) is a match of the arena ([`crate::arena`]) with agent i as A:
//! A plays first in the even-numbered games, and game k of every pair starts from the same
//! opening (the game's seed comes from the tournament seed and k alone), so the pairs are
//! compared on equal terms. The games are [`crate::arena::play_game`]'s records, the win
//! rates [`crate::arena::Summary`] and [`crate::arena::interval::Score`].
//!
//! **Ratings** ([`bradley_terry`]): the Bradley–Terry model gives agent i a strength pᵢ with
//! P(i beats j) = pᵢ / (pᵢ + pⱼ); a draw counts half a win to each. The maximum-likelihood
//! strengths are found by Hunter's (2004) minorization–maximization iteration
//! `pᵢ ← Wᵢ / Σⱼ nᵢⱼ / (pᵢ + pⱼ)` (Wᵢ: i's wins, nᵢⱼ: games of i and j), normalised to a
//! geometric mean of 1 after each round, until no strength moves by more than 1e-12
//! relatively. One virtual draw per pair is added (a weak prior) so an agent that wins or
//! loses every game keeps a finite rating. Ratings are printed on the Elo scale,
//! `400 · log10(pᵢ)` (+0 for the geometric mean): 191 points is a 3-to-1 edge.

use serde::Serialize;

use super::text_table::render;
use crate::agent::Agent;
use crate::arena::interval::Score;
use crate::arena::{GameRecord, MatchConfig, Summary};
use crate::error::Error;
use crate::game::Outcome;
use crate::game::catalogue::GameSpec;

/// Virtual draws added per pair by [`bradley_terry`] in tournaments.
pub const PRIOR_DRAWS: f64 = 1.0;

/// A tournament: the game, the agents, the games per pair, the openings and the seed.
#[derive(Clone, Debug)]
pub struct Tournament {
    /// Every pair's match (agent i as A against agent j as B, i < j), in order.
    pub pairs: Vec<(usize, usize, MatchConfig)>,
    /// The agents.
    pub agents: Vec<Agent>,
    /// Games per pair.
    pub games_per_pair: u64,
}

impl Tournament {
    /// A round robin of `agents` (texts, checked: an error names `agents`), `games_per_pair`
    /// games per pair, `openings` random plies (`random:K`).
    ///
    /// # Errors
    /// The game's, an agent's or the openings' error; fewer than two agents.
    pub fn new(
        game: &str,
        agents: &[String],
        games_per_pair: u64,
        openings: &str,
        seed: u64,
    ) -> Result<Tournament, Error> {
        if agents.len() < 2 {
            return Err(Error::BadParameter {
                name: "agents".to_string(),
                message: format!(
                    "a tournament needs at least two agents, got {}",
                    agents.len()
                ),
            });
        }
        let parsed: Vec<Agent> = agents
            .iter()
            .map(|text| text.parse::<Agent>().map_err(|e| e.at("agents")))
            .collect::<Result<_, _>>()?;
        let mut pairs = Vec::new();
        for i in 0..agents.len() {
            for j in i + 1..agents.len() {
                pairs.push((
                    i,
                    j,
                    MatchConfig::new(game, &agents[i], &agents[j], openings, seed)?,
                ));
            }
        }
        Ok(Tournament {
            pairs,
            agents: parsed,
            games_per_pair,
        })
    }

    /// Plays every game on `jobs` threads; `progress` sees each record as it is played.
    /// Records come back pair by pair, in game order. (Native only: the page plays a
    /// match's games one by one with `arenaPlayGame`.)
    ///
    /// # Errors
    /// The first game's error.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn play(
        &self,
        jobs: usize,
        progress: impl Fn(&GameRecord) + Sync,
    ) -> Result<Vec<GameRecord>, Error> {
        self.play_part(crate::experiment::shard::Shard::WHOLE, jobs, None, progress)
    }

    /// [`Tournament::play`] of `shard`'s games only: the games are numbered pair by pair,
    /// game by game, and dealt round robin ([`crate::experiment::shard`]). With `out`, the
    /// games already there are kept and the others written to it as they end
    /// ([`crate::experiment::journal`]).
    ///
    /// # Errors
    /// The first game's error, or the output's (field `out`).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn play_part(
        &self,
        shard: crate::experiment::shard::Shard,
        jobs: usize,
        out: Option<&crate::experiment::journal::Output>,
        progress: impl Fn(&GameRecord) + Sync,
    ) -> Result<Vec<GameRecord>, Error> {
        let configs: Vec<MatchConfig> = self.pairs.iter().map(|(_, _, c)| c.clone()).collect();
        let mut records = Vec::new();
        let matches = super::matches::Matches {
            configs: &configs,
            games: self.games_per_pair,
            shard,
            jobs,
            out,
        };
        super::matches::play_games(matches, progress, |_, unit, record| {
            records.push((unit, record));
        })?;
        records.sort_by_key(|(unit, _)| *unit);
        Ok(records.into_iter().map(|(_, record)| record).collect())
    }
}

/// One game in the paper's table: who played first and second, their discs (when the game
/// counts discs) and the result for the first player.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameCell {
    /// The agent who played first (index).
    pub first: usize,
    /// The agent who played second.
    pub second: usize,
    /// The first player's and second player's discs at the end (Othello), if known.
    pub discs: Option<(u32, u32)>,
    /// The result for the first player.
    pub result: Outcome,
}

/// One agent's totals over the tournament.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// The agent's text form.
    pub agent: String,
    /// Its short label in the tables.
    pub label: String,
    /// Its games, wins, draws and losses with its score rate.
    #[serde(flatten)]
    pub score: Score,
    /// Discs it ended with over all games (the paper's Table 1b "coins won"), if known.
    pub discs_won: Option<u64>,
    /// Discs its opponents ended with ("coins lost").
    pub discs_lost: Option<u64>,
    /// Its Bradley–Terry rating on the Elo scale.
    pub rating: f64,
}

/// What a tournament gives: every game as the paper's cells, each pair's summary, each
/// agent's standing.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Results {
    /// The game.
    pub game: String,
    /// Games per pair.
    pub games_per_pair: u64,
    /// Every game.
    pub games: Vec<GameCell>,
    /// Each pair's match summary (A = the agent listed first).
    pub pairs: Vec<Summary>,
    /// Each agent, in the order given.
    pub standings: Vec<Standing>,
}

/// The discs of both players in an Othello position text (`X` first), `None` for other
/// games.
fn disc_counts(game: &GameSpec, final_pos: &str) -> Option<(u32, u32)> {
    if !game.to_string().starts_with("othello") {
        return None;
    }
    let board = final_pos.split_whitespace().next()?;
    let count = |c: char| board.chars().filter(|&x| x == c).count() as u32;
    Some((count('X'), count('O')))
}

/// A short label per agent: the options that differ between the agents (`eval=corners`;
/// just `corners` when every agent differs by that one key), or the whole text when they
/// all share them.
///
/// ```
/// use pnplay::experiment::tournament::labels;
/// let agents = ["ab:depth=5,eval=corners", "ab:depth=5,eval=coins"].map(|a| a.parse().unwrap());
/// assert_eq!(labels(&agents), ["corners", "coins"]);
/// let agents = ["ab:depth=5,eval=all", "ab:depth=4,eval=all-but-coins"].map(|a| a.parse().unwrap());
/// assert_eq!(labels(&agents), ["depth=5,eval=all", "depth=4,eval=all-but-coins"]);
/// ```
#[must_use]
pub fn labels(agents: &[Agent]) -> Vec<String> {
    let texts: Vec<String> = agents.iter().map(ToString::to_string).collect();
    let parts: Vec<Vec<&str>> = texts
        .iter()
        .map(|t| t.split([':', ',']).collect())
        .collect();
    let own: Vec<Vec<&str>> = parts
        .iter()
        .map(|mine| {
            mine.iter()
                .filter(|part| !parts.iter().all(|other| other.contains(part)))
                .copied()
                .collect()
        })
        .collect();
    // When every agent differs by one option of one key (eval=…), its value is enough.
    let key = |part: &str| part.split_once('=').map(|(k, _)| k.to_string());
    let one_key = own.iter().all(|o| o.len() == 1)
        && own
            .windows(2)
            .all(|w| key(w[0][0]).is_some() && key(w[0][0]) == key(w[1][0]));
    own.iter()
        .zip(&texts)
        .map(|(own, text)| match own.as_slice() {
            [] => text.clone(),
            [part] if one_key => part.split_once('=').map_or(*part, |(_, v)| v).to_string(),
            parts => parts.join(","),
        })
        .collect()
}

impl Results {
    /// [`Results::of`] for records from elsewhere (a file, or the page's matches of every
    /// pair played one after the other), checked first: one record per game of every pair,
    /// pair by pair in game order, each naming its pair's agents.
    ///
    /// # Errors
    /// Another number of records, or a record out of its place (field `records`, naming it).
    pub fn checked(tournament: &Tournament, records: &[GameRecord]) -> Result<Results, Error> {
        let bad = |message: String| Error::BadParameter {
            name: "records".to_string(),
            message,
        };
        let per = tournament.games_per_pair;
        let wanted = (tournament.pairs.len() as u64).saturating_mul(per);
        if records.len() as u64 != wanted {
            return Err(bad(format!(
                "{} records for {} pairs of {per} games ({wanted})",
                records.len(),
                tournament.pairs.len()
            )));
        }
        for (place, record) in records.iter().enumerate() {
            let config = &tournament.pairs[place / per as usize].2;
            let (a, b, k) = (
                config.a.to_string(),
                config.b.to_string(),
                place as u64 % per,
            );
            if (record.a.as_str(), record.b.as_str(), record.index) != (&a, &b, k) {
                return Err(bad(format!(
                    "record {}: game {} of {} against {}, where game {k} of {a} against {b} belongs",
                    place + 1,
                    record.index,
                    record.a,
                    record.b
                )));
            }
        }
        Ok(Results::of(tournament, records))
    }

    /// The results of `tournament`'s `records` (as [`Tournament::play`] gives them).
    #[must_use]
    pub fn of(tournament: &Tournament, records: &[GameRecord]) -> Results {
        let n = tournament.agents.len();
        let game = tournament.pairs[0].2.game;
        let mut games = Vec::new();
        let mut pairs = Vec::new();
        let mut wins = vec![vec![0.0; n]; n];
        for (p, (i, j, config)) in tournament.pairs.iter().enumerate() {
            let per = tournament.games_per_pair as usize;
            let mine: Vec<&GameRecord> = records[p * per..(p + 1) * per].iter().collect();
            for record in &mine {
                let a_first = record.a_plays == "first";
                let (first, second) = if a_first { (*i, *j) } else { (*j, *i) };
                games.push(GameCell {
                    first,
                    second,
                    discs: disc_counts(&game, &record.final_pos),
                    result: record.result,
                });
                let a_score = match record.a_result {
                    Outcome::Win => 1.0,
                    Outcome::Draw => 0.5,
                    Outcome::Loss => 0.0,
                };
                wins[*i][*j] += a_score;
                wins[*j][*i] += 1.0 - a_score;
            }
            pairs.push(Summary::of(config, &mine));
        }
        let ratings = bradley_terry(&wins, PRIOR_DRAWS);
        let names = labels(&tournament.agents);
        let standings = (0..n)
            .map(|a| {
                let mine = games.iter().filter(|g| g.first == a || g.second == a);
                let (mut w, mut d, mut l) = (0, 0, 0);
                let (mut won, mut lost, mut known) = (0u64, 0u64, true);
                for g in mine {
                    let outcome = if g.first == a {
                        g.result
                    } else {
                        g.result.flipped()
                    };
                    match outcome {
                        Outcome::Win => w += 1,
                        Outcome::Draw => d += 1,
                        Outcome::Loss => l += 1,
                    }
                    match g.discs {
                        Some((x, o)) => {
                            let (own, other) = if g.first == a { (x, o) } else { (o, x) };
                            won += u64::from(own);
                            lost += u64::from(other);
                        }
                        None => known = false,
                    }
                }
                Standing {
                    agent: tournament.agents[a].to_string(),
                    label: names[a].clone(),
                    score: Score::of(w, d, l),
                    discs_won: known.then_some(won),
                    discs_lost: known.then_some(lost),
                    rating: elo(ratings[a]),
                }
            })
            .collect();
        Results {
            game: game.to_string(),
            games_per_pair: tournament.games_per_pair,
            games,
            pairs,
            standings,
        }
    }

    /// The paper's Table 1a layout: a row per agent that played first, a column per agent
    /// that played second, each cell the game's score (first player's discs – second
    /// player's) and its winner; several games of one ordering are listed one after the
    /// other.
    #[must_use]
    pub fn paper_table(&self) -> String {
        let labels: Vec<&str> = self.standings.iter().map(|s| s.label.as_str()).collect();
        let mut rows = vec![{
            let mut head = vec!["first \\ second".to_string()];
            head.extend(labels.iter().map(|l| (*l).to_string()));
            head
        }];
        for (r, label) in labels.iter().enumerate() {
            let mut row = vec![(*label).to_string()];
            for c in 0..labels.len() {
                if r == c {
                    row.push("N/A".to_string());
                    continue;
                }
                let cells: Vec<String> = self
                    .games
                    .iter()
                    .filter(|g| g.first == r && g.second == c)
                    .map(|g| {
                        let winner = match g.result {
                            Outcome::Win => labels[r],
                            Outcome::Loss => labels[c],
                            Outcome::Draw => "draw",
                        };
                        match g.discs {
                            Some((x, o)) => format!("{x}-{o} {winner}"),
                            None => winner.to_string(),
                        }
                    })
                    .collect();
                row.push(cells.join("; "));
            }
            rows.push(row);
        }
        render(&rows, |_| true)
    }

    /// The standings table: games, W/D/L, score rate with its 95 % intervals, discs won and
    /// lost (the paper's Table 1b) and the rating, best rating first.
    #[must_use]
    pub fn standings_table(&self) -> String {
        let mut order: Vec<&Standing> = self.standings.iter().collect();
        order.sort_by(|a, b| b.rating.total_cmp(&a.rating));
        let mut rows = vec![
            [
                "agent",
                "games",
                "W",
                "D",
                "L",
                "score %",
                "95 % (normal)",
                "Wilson",
                "discs won",
                "discs lost",
                "BT rating",
            ]
            .map(String::from)
            .to_vec(),
        ];
        for s in order {
            let (score, r) = (&s.score, &s.score.rate);
            let discs = |d: Option<u64>| d.map_or("–".to_string(), |d| d.to_string());
            rows.push(vec![
                s.label.clone(),
                score.games.to_string(),
                score.wins.to_string(),
                score.draws.to_string(),
                score.losses.to_string(),
                format!("{:.1}", 100.0 * r.rate),
                format!("± {:.1}", 100.0 * r.plus_minus),
                format!("{:.1}–{:.1}", 100.0 * r.wilson.0, 100.0 * r.wilson.1),
                discs(s.discs_won),
                discs(s.discs_lost),
                format!("{:+.0}", s.rating),
            ]);
        }
        render(&rows, |_| true)
    }
}

/// A Bradley–Terry strength on the Elo scale: `400 · log10(p)`.
#[must_use]
pub fn elo(strength: f64) -> f64 {
    400.0 * strength.log10()
}

/// Maximum-likelihood Bradley–Terry strengths (geometric mean 1) from `wins[i][j]`, the
/// games i won against j (a draw: half to each), with `prior_draws` virtual draws added to
/// every pair that met, by Hunter's MM iteration (see the module docs).
///
/// ```
/// use pnplay::experiment::tournament::{bradley_terry, elo};
/// // 3 wins of 4: p₀ / p₁ = 3, i.e. 400·log10(3) ≈ 190.8 Elo apart.
/// let p = bradley_terry(&[vec![0.0, 3.0], vec![1.0, 0.0]], 0.0);
/// assert!((p[0] / p[1] - 3.0).abs() < 1e-9);
/// assert!((elo(p[0]) - elo(p[1]) - 190.85).abs() < 0.01);
/// ```
#[must_use]
pub fn bradley_terry(wins: &[Vec<f64>], prior_draws: f64) -> Vec<f64> {
    let n = wins.len();
    let games = |i: usize, j: usize| wins[i][j] + wins[j][i];
    let won = |i: usize, j: usize| {
        if games(i, j) > 0.0 {
            wins[i][j] + prior_draws / 2.0
        } else {
            0.0
        }
    };
    let met = |i: usize, j: usize| {
        if games(i, j) > 0.0 {
            games(i, j) + prior_draws
        } else {
            0.0
        }
    };
    let mut p = vec![1.0; n];
    for _ in 0..100_000 {
        let mut next: Vec<f64> = (0..n)
            .map(|i| {
                let w: f64 = (0..n).filter(|&j| j != i).map(|j| won(i, j)).sum();
                let d: f64 = (0..n)
                    .filter(|&j| j != i)
                    .map(|j| met(i, j) / (p[i] + p[j]))
                    .sum();
                if d > 0.0 { w / d } else { p[i] }
            })
            .collect();
        let mean = (next.iter().map(|x| x.ln()).sum::<f64>() / n as f64).exp();
        for x in &mut next {
            *x /= mean;
        }
        let moved = next
            .iter()
            .zip(&p)
            .map(|(a, b)| ((a - b) / b).abs())
            .fold(0.0, f64::max);
        p = next;
        if moved < 1e-12 {
            break;
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bradley_terry_recovers_the_strengths_that_made_the_expected_results() {
        // Strengths 4 : 2 : 1, six games per pair, wins at their expected values.
        let s = [4.0, 2.0, 1.0];
        let mut wins = vec![vec![0.0; 3]; 3];
        for i in 0..3 {
            for j in 0..3 {
                if i != j {
                    wins[i][j] = 6.0 * s[i] / (s[i] + s[j]);
                }
            }
        }
        let p = bradley_terry(&wins, 0.0);
        assert!((p[0] / p[1] - 2.0).abs() < 1e-9, "{p:?}");
        assert!((p[1] / p[2] - 2.0).abs() < 1e-9, "{p:?}");
        assert!((p.iter().product::<f64>() - 1.0).abs() < 1e-9);
    }

    #[test]
    fn checked_takes_records_in_their_places_only() {
        let agents = [
            "random",
            "alphabeta:iterations=100000",
            "mcts:iterations=50",
        ]
        .map(String::from);
        let tournament = Tournament::new("tictactoe", &agents, 2, "none", 3).unwrap();
        let records = tournament.play(1, |_| {}).unwrap();
        assert_eq!(records.len(), 6);
        let results = Results::checked(&tournament, &records).unwrap();
        assert_eq!(results, Results::of(&tournament, &records));
        // Alpha-beta never loses tic-tac-toe: its standing has no loss.
        assert_eq!(
            results.standings[1].score.losses, 0,
            "{:?}",
            results.standings
        );
        let short = Results::checked(&tournament, &records[..5]).unwrap_err();
        assert!(
            short
                .to_string()
                .contains("5 records for 3 pairs of 2 games (6)"),
            "{short}"
        );
        let mut swapped = records.clone();
        swapped.swap(1, 2);
        let out_of_place = Results::checked(&tournament, &swapped).unwrap_err();
        assert!(
            out_of_place
                .to_string()
                .contains("record 2: game 0 of random against mcts"),
            "{out_of_place}"
        );
    }

    #[test]
    fn the_prior_keeps_a_perfect_record_finite() {
        let p = bradley_terry(&[vec![0.0, 10.0], vec![0.0, 0.0]], 1.0);
        // 10.5 of 11: p₀/p₁ = 10.5 / 0.5 = 21.
        assert!((p[0] / p[1] - 21.0).abs() < 1e-9, "{p:?}");
    }
}
