//! The arena: two agents ([`crate::agent`]) play a match of N games of one game, and the
//! win rate of agent A comes with its 95 % interval ([`interval`]), as the PN-MCTS paper
//! (Doe, Winands, Soemers and Browne, Table II, Figures 3–4) reports its results.
//!
//! * **Colours.** A plays first in the even-numbered games (0, 2, …) and second in the odd
//!   ones, so both agents play both colours equally. In a single-agent game (2048) each game
//!   is played by one agent, A in the even games and B in the odd ones, and A's result in
//!   B's games is B's result flipped (B reaching the objective counts as a loss for A).
//! * **Openings.** `random:K` plays K uniformly random plies (chance outcomes by their
//!   probabilities) before the agents take over, so games differ; if the game is over after
//!   them, another opening is drawn (the attempt counter is part of its seed).
//! * **Chance.** The arena samples chance moves with their probabilities from the game's own
//!   stream; agents only ever move for a player.
//! * **Seeds.** Every random choice of game `i` comes from
//!   [`derive_seed`]`(seed, [i])` — the opening from `[0, attempt]` under it, chance from
//!   `[1]`, the agent's move at ply `p` from `[2, p]` — and from nothing else, so a game
//!   is the same whatever ran before it, on any number of threads, native or wasm, as long
//!   as the budgets are iterations or nodes (a `seconds` budget depends on the machine).
//!   With `--sweep`, every value of A meets the same games.
//!
//! One game gives one [`GameRecord`], the JSON line of `pnplay match`:
//!
//! ```json
//! {"game":"tictactoe","a":"random","b":"alphabeta:iterations=100000","openings":0,
//!  "seed":1,"index":0,"a_plays":"first","opening":[],
//!  "moves":[{"move":"5","by":"a","iterations":0,"seconds":0.0,"fallback":false},…],
//!  "final":"5139…","result":"loss","a_result":"loss","fallbacks":{"a":0,"b":0}}
//! ```
//!
//! `result` is the outcome for the first player, `a_result` for agent A. `moves` are the
//! plies after the opening (`by`: `a`, `b` or `chance`), with each agent's iterations and
//! seconds for its move.
//!
//! ```
//! use pnplay::arena::{MatchConfig, play_game};
//! let config = MatchConfig::new("tictactoe", "alphabeta:iterations=100000", "random", "random:1", 5).unwrap();
//! let record = play_game(&config, 0).unwrap();
//! assert_eq!(record.a_plays, "first");
//! assert_ne!(record.a_result, pnplay::game::Outcome::Loss); // perfect play never loses
//! let again = play_game(&config, 0).unwrap();
//! assert_eq!(again.without_seconds(), record.without_seconds()); // same seed, same game
//! ```

pub mod interval;

use serde::{Deserialize, Serialize};

use crate::agent::{Agent, DefaultBudget, Kept};
use crate::core::clock::micros;
use crate::core::rng::derive_seed;
use crate::engine::GameSpec;
use crate::error::Error;
use crate::game::any::{AnyPosition, Visit};
use crate::game::catalogue::Catalogued;
use crate::game::error::Elided;
use crate::game::{Game, MoveList, Outcome, Player, Rng, Turn, pick_by_probability};
use interval::Score;

/// Most attempts at drawing an opening after which the game is not over.
const OPENING_ATTEMPTS: u64 = 1000;

/// Everything that makes a match, except the number of games.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchConfig {
    /// The game.
    pub game: GameSpec,
    /// Agent A (whose win rate is reported).
    pub a: Agent,
    /// Agent B.
    pub b: Agent,
    /// Random plies before the agents play.
    pub openings: u32,
    /// The match's seed.
    pub seed: u64,
}

impl MatchConfig {
    /// A match from its text parts, as the CLI gives them: `openings` is `random:K` (or
    /// empty / `none` for none).
    ///
    /// # Errors
    /// The game's, an agent's (in context `a` / `b`) or the openings' error, naming the field.
    pub fn new(game: &str, a: &str, b: &str, openings: &str, seed: u64) -> Result<Self, Error> {
        MatchConfig::budgeted(game, [a, b], None, openings, seed)
    }

    /// A match as [`MatchConfig::new`] makes it, `budget` (`--budget`, see
    /// [`DefaultBudget`]) being the budget per move of each search agent whose text sets
    /// none. The agents' canonical texts (in every record) include it.
    ///
    /// ```
    /// use pnplay::arena::MatchConfig;
    /// let config = MatchConfig::budgeted("connect4", ["pnmcts", "mcts:iterations=50"],
    ///     Some("iterations=200"), "", 1).unwrap();
    /// assert_eq!(config.a.to_string(), "pnmcts:iterations=200");
    /// assert_eq!(config.b.to_string(), "mcts:iterations=50");
    /// let error = MatchConfig::budgeted("connect4", ["mcts", "mcts"], Some("moves=3"), "", 1);
    /// assert_eq!(error.unwrap_err().field(), Some("budget"));
    /// ```
    ///
    /// # Errors
    /// As [`MatchConfig::new`], and a bad budget (field `budget`).
    pub fn budgeted(
        game: &str,
        [a, b]: [&str; 2],
        budget: Option<&str>,
        openings: &str,
        seed: u64,
    ) -> Result<Self, Error> {
        let budget = budget.map(str::parse::<DefaultBudget>).transpose()?;
        let agent = |text: &str, name: &str| {
            Agent::parse_with(text, budget.as_ref()).map_err(|e: Error| e.at(name))
        };
        Ok(MatchConfig {
            game: game.parse().map_err(Error::game)?,
            a: agent(a, "a")?,
            b: agent(b, "b")?,
            openings: parse_openings(openings)?,
            seed,
        })
    }

    /// Whether `record` is a game of this match.
    #[must_use]
    pub fn owns(&self, record: &GameRecord) -> bool {
        record.game == self.game.to_string()
            && record.a == self.a.to_string()
            && record.b == self.b.to_string()
            && record.openings == self.openings
            && record.seed == self.seed
    }
}

/// Reads `random:K` (K random plies), or `none` / nothing (no opening).
///
/// ```
/// use pnplay::arena::parse_openings;
/// assert_eq!(parse_openings("random:4").unwrap(), 4);
/// assert_eq!(parse_openings("").unwrap(), 0);
/// assert_eq!(parse_openings("book").unwrap_err().field(), Some("openings"));
/// ```
pub fn parse_openings(text: &str) -> Result<u32, Error> {
    let text = text.trim();
    if text.is_empty() || text == "none" {
        return Ok(0);
    }
    text.strip_prefix("random:")
        .and_then(|k| k.trim().parse().ok())
        .ok_or_else(|| Error::BadParameter {
            name: "openings".to_string(),
            message: format!(
                "openings must be random:K with K a whole number, got {}",
                Elided(text)
            ),
        })
}

/// One ply of a game after its opening.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ply {
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Who chose it: `a`, `b` or `chance`.
    pub by: String,
    /// The iterations the agent's search ran for it.
    pub iterations: u64,
    /// The seconds it took (wall clock: the only number that differs between two runs),
    /// written to the microsecond.
    #[serde(with = "micros")]
    pub seconds: f64,
    /// Whether the search gave no move and the first legal move was played.
    pub fallback: bool,
}

/// A match's results counted game by game, so that a long match need not keep its records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    wins: u64,
    draws: u64,
    losses: u64,
    fallbacks: Fallbacks,
}

impl Tally {
    /// Counts one game.
    pub fn add(&mut self, record: &GameRecord) {
        match record.a_result {
            Outcome::Win => self.wins += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::Loss => self.losses += 1,
        }
        self.fallbacks.a += record.fallbacks.a;
        self.fallbacks.b += record.fallbacks.b;
    }

    /// The summary of the games counted, all of the match `config`.
    #[must_use]
    pub fn summary(&self, config: &MatchConfig) -> Summary {
        Summary {
            game: config.game.to_string(),
            a: config.a.to_string(),
            b: config.b.to_string(),
            score: Score::of(self.wins, self.draws, self.losses),
            fallbacks: self.fallbacks,
        }
    }
}

/// How many moves of each agent were fallbacks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fallbacks {
    /// Agent A's.
    pub a: u64,
    /// Agent B's.
    pub b: u64,
}

/// One game of a match: the JSON line of `pnplay match` (see the module's documentation).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's name.
    pub game: String,
    /// Agent A's canonical text.
    pub a: String,
    /// Agent B's canonical text.
    pub b: String,
    /// Random opening plies of the match.
    pub openings: u32,
    /// The match's seed.
    pub seed: u64,
    /// The game's index in the match.
    pub index: u64,
    /// Whether A played `first` or `second`.
    pub a_plays: String,
    /// The opening's moves.
    pub opening: Vec<String>,
    /// The plies after the opening.
    pub moves: Vec<Ply>,
    /// The final position.
    #[serde(rename = "final")]
    pub final_pos: String,
    /// The outcome for the first player.
    pub result: Outcome,
    /// The outcome for agent A.
    pub a_result: Outcome,
    /// Fallback moves of each agent.
    pub fallbacks: Fallbacks,
}

impl GameRecord {
    /// This record with every ply's seconds set to 0: what two runs with the same seed and
    /// iteration budgets agree on exactly.
    #[must_use]
    pub fn without_seconds(mut self) -> GameRecord {
        for ply in &mut self.moves {
            ply.seconds = 0.0;
        }
        self
    }
}

/// Plays game `index` of a match.
///
/// # Errors
/// An agent's search refusing the game ([`Error::Unsupported`]), or no opening of K plies
/// that leaves the game going.
pub fn play_game(config: &MatchConfig, index: u64) -> Result<GameRecord, Error> {
    struct Play<'a> {
        config: &'a MatchConfig,
        index: u64,
    }
    impl Visit for Play<'_> {
        type Output = Result<GameRecord, Error>;
        fn visit<G: Catalogued>(self, start: &G) -> Self::Output {
            play::<G>(self.config, &start.variant(), self.index)
        }
    }
    AnyPosition::start(&config.game)?.visit(Play { config, index })
}

fn play<G: Catalogued>(
    config: &MatchConfig,
    variant: &G::Variant,
    index: u64,
) -> Result<GameRecord, Error> {
    let game_seed = derive_seed(config.seed, &[index]);
    let (mut pos, opening) = open::<G>(variant, config.openings, game_seed)?;
    let a_first = index % 2 == 0;
    let single = G::FAMILY.facts.players == 1;
    let mut chance = Rng::new(derive_seed(game_seed, &[1]));
    let mut moves = MoveList::<G>::default();
    let mut plies = Vec::new();
    let mut fallbacks = Fallbacks::default();
    // What each agent keeps between its moves (`tree=keep`), A's first.
    let mut kept = [Kept::default(), Kept::default()];
    loop {
        let ply = (opening.len() + plies.len()) as u64;
        let (mv, record) = match pos.turn() {
            Turn::Over => break,
            Turn::Chance => {
                pos.legal_moves(&mut moves);
                let mv = pick_by_probability(&pos, &moves, &mut chance);
                (mv, ("chance", 0, 0.0, false))
            }
            Turn::Player(player) => {
                let is_a = if single {
                    a_first
                } else {
                    (player == Player::First) == a_first
                };
                let (agent, name, side) = if is_a {
                    (&config.a, "a", 0)
                } else {
                    (&config.b, "b", 1)
                };
                let choice = agent
                    .choose_kept(&pos, move_seed(config.seed, index, ply), &mut kept[side])
                    .map_err(|e| e.at(name))?;
                if choice.fallback {
                    if is_a {
                        fallbacks.a += 1;
                    } else {
                        fallbacks.b += 1;
                    }
                }
                (
                    choice.mv,
                    (name, choice.iterations, choice.seconds, choice.fallback),
                )
            }
        };
        let (by, iterations, seconds, fallback) = record;
        for side in &mut kept {
            side.played(pos.format_move(mv));
        }
        plies.push(Ply {
            mv: pos.format_move(mv),
            by: by.to_string(),
            iterations,
            seconds,
            fallback,
        });
        pos.play(mv);
    }
    let result = pos.outcome(Player::First).expect("the game is over");
    // A's own outcome if A played first (or, alone, played at all); else the other's, flipped.
    let a_result = if a_first { result } else { result.flipped() };
    Ok(GameRecord {
        game: config.game.to_string(),
        a: config.a.to_string(),
        b: config.b.to_string(),
        openings: config.openings,
        seed: config.seed,
        index,
        a_plays: if a_first { "first" } else { "second" }.to_string(),
        opening,
        moves: plies,
        final_pos: pos.format_position(),
        result,
        a_result,
        fallbacks,
    })
}

/// The seed agent moves draw from at ply `ply` (counted from the start position) of game
/// `index` of a match with seed `seed`: what the page's play mode uses too, so a game
/// played there against an agent is game `index` of `pnplay match` with that agent.
#[must_use]
pub fn move_seed(seed: u64, index: u64, ply: u64) -> u64 {
    derive_seed(derive_seed(seed, &[index]), &[2, ply])
}

/// The opening of a game: `plies` random plies from the start after which the game is not
/// over (drawn again with the next attempt's seed otherwise).
fn open<G: Game>(
    variant: &G::Variant,
    plies: u32,
    game_seed: u64,
) -> Result<(G, Vec<String>), Error> {
    let mut moves = MoveList::<G>::default();
    'attempt: for attempt in 0..OPENING_ATTEMPTS {
        let mut rng = Rng::new(derive_seed(game_seed, &[0, attempt]));
        let mut pos = G::start(variant);
        let mut opening = Vec::new();
        for _ in 0..plies {
            pos.legal_moves(&mut moves);
            let mv = match pos.turn() {
                Turn::Over => continue 'attempt,
                Turn::Chance => pick_by_probability(&pos, &moves, &mut rng),
                Turn::Player(_) => moves[rng.below(moves.len() as u32) as usize],
            };
            opening.push(pos.format_move(mv));
            pos.play(mv);
        }
        if pos.turn() != Turn::Over {
            return Ok((pos, opening));
        }
    }
    Err(Error::BadParameter {
        name: "openings".to_string(),
        message: format!(
            "no opening of {plies} random plies out of {OPENING_ATTEMPTS} left the game going"
        ),
    })
}

/// Agent A's wins, draws and losses over some games of a match, with its win rate.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// The game.
    pub game: String,
    /// Agent A.
    pub a: String,
    /// Agent B.
    pub b: String,
    /// A's games, wins, draws and losses with its rate.
    #[serde(flatten)]
    pub score: Score,
    /// Fallback moves of each agent in these games.
    pub fallbacks: Fallbacks,
}

impl Summary {
    /// The summary of `records` (all of one match).
    #[must_use]
    pub fn of(config: &MatchConfig, records: &[&GameRecord]) -> Summary {
        let mut tally = Tally::default();
        for record in records {
            tally.add(record);
        }
        tally.summary(config)
    }

    /// One line for people: `A pns:… vs B alphabeta:… on othello4: 200 games, W 120 D 10 L 70,
    /// win rate 62.5 % ± 6.7 (95 %, normal), Wilson 55.6–68.9 %`.
    #[must_use]
    pub fn line(&self) -> String {
        let (s, r) = (&self.score, &self.score.rate);
        let mut line = format!(
            "A {} vs B {} on {}: {} games, W {} D {} L {}, win rate {:.1} % ± {:.1} (95 %, normal 1.96·sqrt(p(1−p)/n)), Wilson {:.1}–{:.1} %",
            self.a,
            self.b,
            self.game,
            s.games,
            s.wins,
            s.draws,
            s.losses,
            100.0 * r.rate,
            100.0 * r.plus_minus,
            100.0 * r.wilson.0,
            100.0 * r.wilson.1
        );
        if self.fallbacks != Fallbacks::default() {
            line.push_str(&format!(
                "; fallback moves (first legal move, the search gave none): A {}, B {}",
                self.fallbacks.a, self.fallbacks.b
            ));
        }
        line
    }
}

/// The CSV header of [`Summary::csv_row`].
pub const CSV_HEADER: &str = "game,a,b,value,games,wins,draws,losses,win_rate,plus_minus,normal_low,normal_high,wilson_low,wilson_high,fallbacks_a,fallbacks_b";

impl Summary {
    /// One CSV line (no newline) for [`CSV_HEADER`]; `value` is the sweep's value (empty
    /// without a sweep). Agent texts are quoted (they contain commas); rates are fractions.
    ///
    /// ```
    /// use pnplay::arena::{CSV_HEADER, MatchConfig, Summary};
    /// let config = MatchConfig::new("tictactoe", "random", "random", "", 1).unwrap();
    /// let row = Summary::of(&config, &[]).csv_row("0.5");
    /// assert_eq!(row.split(',').count(), CSV_HEADER.split(',').count());
    /// assert!(row.starts_with("tictactoe,\"random\",\"random\",0.5,0,0,0,0,"));
    /// ```
    #[must_use]
    pub fn csv_row(&self, value: &str) -> String {
        let (s, r) = (&self.score, &self.score.rate);
        let quoted = |text: &str| format!("\"{}\"", text.replace('"', "\"\""));
        format!(
            "{},{},{},{},{},{},{},{},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{},{}",
            self.game,
            quoted(&self.a),
            quoted(&self.b),
            value,
            s.games,
            s.wins,
            s.draws,
            s.losses,
            r.rate,
            r.plus_minus,
            r.normal.0,
            r.normal.1,
            r.wilson.0,
            r.wilson.1,
            self.fallbacks.a,
            self.fallbacks.b
        )
    }
}
