//! Search parameters, declared once and typed end to end.
//!
//! Every parameter a search takes is a [`ParamSpec`]: its key (the CLI flag `--key`, the
//! worker option and the share-link field), a title and help line, its type, default and
//! range. The searches list the specs they read ([`super::catalogue::SearchInfo::params`]);
//! the settings every run shares (seed, goal, node, time and memory limits) are [`RUN_PARAMS`].
//! The CLI's flags, the page's fields and the share-link checks are all built from these
//! lists, so a new parameter is one `ParamSpec` plus the line of the search that reads it.
//!
//! [`Params`] holds the values of one run: whatever was set, and each spec's default for
//! the rest. [`Params::set`] and [`Params::check`] reject a bad value with
//! [`Error::BadParameter`] naming the parameter.
//!
//! ```
//! use pnplay::search::params::{Params, THETA, PLAYOUTS, PR};
//! let mut params = Params::default();
//! assert_eq!(params.real(&THETA), 0.01);        // the default
//! assert_eq!(params.optional(&PR), None);       // off unless set
//! params.set_text("playouts", "100").unwrap();
//! assert_eq!(params.integer(&PLAYOUTS), 100);
//! let error = params.set_text("theta", "2").unwrap_err();
//! assert_eq!(error.field(), Some("theta"));
//! assert_eq!(params.seed(), 1);                 // one default seed everywhere
//! ```

use std::collections::BTreeMap;

use serde::Serialize;

use super::{Goal, Limits};
use crate::error::Error;
use crate::game::error::{Elided, Real};

/// What values a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ParamKind {
    /// A real number.
    Real,
    /// A whole number.
    Integer,
    /// A whole number of bytes, written with an optional unit (`512M`, `2G`:
    /// [`super::memory::parse_bytes`]).
    Bytes,
    /// One word of a list; the value is the word's index.
    Choice {
        /// The words, in order.
        options: &'static [&'static str],
    },
}

/// One parameter, declared once for the CLI, the worker, the page and share links.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ParamSpec {
    /// The key: `--key` on the CLI and the field of the worker's options.
    pub key: &'static str,
    /// The field of share links (SPEC.md §6); the key unless a shorter one was given.
    pub link: &'static str,
    /// A short human title (the page's label).
    pub title: &'static str,
    /// One line of help (the CLI's and the page's).
    pub help: &'static str,
    /// Its type.
    pub kind: ParamKind,
    /// The default (for a choice: the index of the word); `None` means off.
    pub default: Option<f64>,
    /// The smallest allowed value, if any.
    pub min: Option<f64>,
    /// Whether `min` itself is excluded.
    pub min_exclusive: bool,
    /// The largest allowed value, if any.
    pub max: Option<f64>,
    /// Whether `max` itself is excluded.
    pub max_exclusive: bool,
    /// Whether the parameter can be off (no value): an empty field, `null`, `off`.
    pub optional: bool,
    /// The value the page starts with, where it differs from `default` (the page bounds
    /// interactive runs that the CLI leaves unbounded).
    pub page_default: Option<f64>,
}

impl ParamSpec {
    /// A real-valued parameter with no range and no default: the base the constants below
    /// fill in.
    pub(crate) const fn real(
        key: &'static str,
        title: &'static str,
        help: &'static str,
    ) -> ParamSpec {
        ParamSpec {
            key,
            link: key,
            title,
            help,
            kind: ParamKind::Real,
            default: None,
            min: None,
            min_exclusive: false,
            max: None,
            max_exclusive: false,
            optional: false,
            page_default: None,
        }
    }

    /// A choice of one word of `options`, the first by default.
    pub(crate) const fn choice(
        key: &'static str,
        title: &'static str,
        help: &'static str,
        options: &'static [&'static str],
    ) -> ParamSpec {
        ParamSpec {
            kind: ParamKind::Choice { options },
            default: Some(0.0),
            ..ParamSpec::real(key, title, help)
        }
    }

    /// A switch: the choice of `off` (the default) or `on`.
    pub(crate) const fn switch(
        key: &'static str,
        title: &'static str,
        help: &'static str,
    ) -> ParamSpec {
        ParamSpec::choice(key, title, help, &["off", "on"])
    }

    /// Checks `value` against the type and range; the error names the parameter.
    pub fn check(&self, value: Option<f64>) -> Result<(), Error> {
        let bad = |message: String| Error::BadParameter {
            name: self.key.to_string(),
            message,
        };
        let Some(x) = value else {
            return if self.optional {
                Ok(())
            } else {
                Err(bad(format!("{} needs a value", self.key)))
            };
        };
        if !x.is_finite() {
            return Err(bad(format!(
                "{} must be a finite number, got {}",
                self.key,
                Real(x)
            )));
        }
        match self.kind {
            ParamKind::Integer | ParamKind::Bytes if x.fract() != 0.0 || x < 0.0 => {
                return Err(bad(format!(
                    "{} must be a whole number, got {}",
                    self.key,
                    Real(x)
                )));
            }
            ParamKind::Choice { options }
                if x.fract() != 0.0 || x < 0.0 || x as usize >= options.len() =>
            {
                return Err(bad(format!(
                    "{} must be one of {}",
                    self.key,
                    options.join(", ")
                )));
            }
            _ => {}
        }
        let below = self
            .min
            .is_some_and(|min| x < min || (self.min_exclusive && x == min));
        let above = self
            .max
            .is_some_and(|max| x > max || (self.max_exclusive && x == max));
        if below || above {
            return Err(bad(format!(
                "{} must be {}, got {}",
                self.key,
                self.range_text(),
                Real(x)
            )));
        }
        Ok(())
    }

    /// The allowed range in words, e.g. "between 0 and 1 (exclusive)", "at least 1".
    #[must_use]
    pub fn range_text(&self) -> String {
        let open = |exclusive: bool| if exclusive { " (exclusive)" } else { "" };
        match (self.min, self.max) {
            (Some(min), Some(max)) => format!(
                "from {min}{} to {max}{}",
                open(self.min_exclusive),
                open(self.max_exclusive)
            ),
            (Some(min), None) if self.min_exclusive => format!("more than {min}"),
            (Some(min), None) => format!("at least {min}"),
            (None, Some(max)) if self.max_exclusive => format!("less than {max}"),
            (None, Some(max)) => format!("at most {max}"),
            (None, None) => "a number".to_string(),
        }
    }

    /// Reads a value as the CLI and share links write it: a number, a choice's word, or
    /// (for an optional parameter) `off` / nothing.
    pub fn parse(&self, text: &str) -> Result<Option<f64>, Error> {
        let text = text.trim();
        let value = if self.optional && (text.is_empty() || text == "off" || text == "null") {
            None
        } else if let ParamKind::Choice { options } = self.kind {
            let index =
                options
                    .iter()
                    .position(|&o| o == text)
                    .ok_or_else(|| Error::BadParameter {
                        name: self.key.to_string(),
                        message: format!(
                            "{} must be one of {}, got {}",
                            self.key,
                            options.join(", "),
                            Elided(text)
                        ),
                    })?;
            Some(index as f64)
        } else if self.kind == ParamKind::Bytes {
            let bytes =
                super::memory::parse_bytes(text).map_err(|message| Error::BadParameter {
                    name: self.key.to_string(),
                    message: format!("{}: {message}", self.key),
                })?;
            Some(bytes as f64)
        } else {
            Some(text.parse::<f64>().map_err(|_| Error::BadParameter {
                name: self.key.to_string(),
                message: format!("{} must be a number, got {}", self.key, Elided(text)),
            })?)
        };
        self.check(value)?;
        Ok(value)
    }

    /// A value as the CLI and share links write it (the inverse of [`ParamSpec::parse`]).
    #[must_use]
    pub fn format(&self, value: Option<f64>) -> String {
        match (value, self.kind) {
            (None, _) => "off".to_string(),
            (Some(x), ParamKind::Choice { options }) => {
                options.get(x as usize).copied().unwrap_or("?").to_string()
            }
            (Some(x), ParamKind::Bytes) => super::memory::format_bytes(x as u64),
            (Some(x), _) => x.to_string(),
        }
    }
}

/// θ: how far a sure playout estimate is moved away from 0 or 1 (PPNS paper §3, Eq. 3).
pub const THETA: ParamSpec = ParamSpec {
    default: Some(0.01),
    min: Some(0.0),
    min_exclusive: true,
    max: Some(1.0),
    max_exclusive: true,
    ..ParamSpec::real(
        "theta",
        "θ",
        "PPNS/MCPNS: a playout rate of 0 or 1 is moved this far inside (0, 1)",
    )
};

/// pr: stop with `concluded-*` when the root's probability is within pr of 1 or 0 (PPNS
/// paper Algorithm 6).
pub const PR: ParamSpec = ParamSpec {
    min: Some(0.0),
    min_exclusive: true,
    max: Some(0.5),
    max_exclusive: true,
    optional: true,
    ..ParamSpec::real(
        "pr",
        "pr",
        "PPNS/PP: stop with concluded-win/-loss when the root is within pr of 1 or 0 (off: never)",
    )
};

/// Random playouts per new leaf (PPNS, MCPNS).
pub const PLAYOUTS: ParamSpec = ParamSpec {
    link: "k",
    kind: ParamKind::Integer,
    default: Some(60.0),
    min: Some(1.0),
    max: Some(1_000_000.0),
    ..ParamSpec::real(
        "playouts",
        "playouts",
        "PPNS/MCPNS: random playouts per new leaf",
    )
};

/// C: the exploration constant of UCT (PN-MCTS paper §II, formula (1)); √2 by default.
pub const C: ParamSpec = ParamSpec {
    default: Some(std::f64::consts::SQRT_2),
    min: Some(0.0),
    ..ParamSpec::real(
        "c",
        "C",
        "MCTS/PN-MCTS: exploration constant C of UCT, v_i + C·sqrt(ln n_p / n_i)",
    )
};

/// C_pn: the weight of the rank bonus of PN-MCTS (PN-MCTS paper §IV, formula (2)).
pub const CPN: ParamSpec = ParamSpec {
    default: Some(1.0),
    min: Some(0.0),
    ..ParamSpec::real(
        "cpn",
        "C_pn",
        "PN-MCTS: weight of the rank bonus C_pn·(1 − rank_i / max rank); 0 gives UCT with full expansion",
    )
};

/// The MCTS-Solver switch (Winands, Björnsson and Saito 2008): back up proven values.
pub const SOLVER: ParamSpec = ParamSpec {
    default: Some(1.0), // on
    ..ParamSpec::switch(
        "solver",
        "solver",
        "MCTS/PN-MCTS: MCTS-Solver, back up proven wins and losses, skip them in selection and stop when the root is proven (off: run to a limit)",
    )
};

/// MCTS's play-out cut-off: Ludii's UCT stops a random play-out after 200 moves and scores
/// it as a draw (RULES.md); off plays every play-out to the end of the game.
pub const PLAYOUT: ParamSpec = ParamSpec {
    kind: ParamKind::Integer,
    min: Some(1.0),
    optional: true,
    ..ParamSpec::real(
        "playout",
        "play-out cut-off",
        "MCTS/PN-MCTS: stop a random play-out after this many moves and count it as a draw (Ludii's UCT: 200); off: play it to the end",
    )
};

/// `pns-dag`'s frontier: leaves with at most this many moves left are settled by the game's
/// exact solver, whose positions count as nodes.
pub const FRONTIER: ParamSpec = ParamSpec {
    kind: ParamKind::Integer,
    min: Some(1.0),
    optional: true,
    ..ParamSpec::real(
        "frontier",
        "solver frontier",
        "pns-dag: settle a leaf with at most this many moves left (Othello: empty squares) by the game's exact solver, its positions counted as nodes; off: expand every leaf",
    )
};

/// The seed of every random choice of a run.
pub const SEED: ParamSpec = ParamSpec {
    link: "s",
    kind: ParamKind::Integer,
    default: Some(1.0),
    min: Some(0.0),
    ..ParamSpec::real(
        "seed",
        "seed",
        "Seed of every random choice (playouts): the same seed gives the same run",
    )
};

/// The goal: `win`, or `not-lose` (a draw counts as proven).
pub const GOAL: ParamSpec = ParamSpec::choice(
    "goal",
    "goal",
    "What counts as proven: win, or not-lose (a draw is enough)",
    &[Goal::Win.name(), Goal::NotLose.name()],
);

/// The node limit.
pub const NODES: ParamSpec = ParamSpec {
    kind: ParamKind::Integer,
    min: Some(1.0),
    optional: true,
    page_default: Some(1_000_000.0),
    ..ParamSpec::real(
        "nodes",
        "max nodes",
        "Most tree nodes (best-first) or positions searched (exact searches); off: none",
    )
};

/// The time limit in seconds.
pub const TIME: ParamSpec = ParamSpec {
    min: Some(0.0),
    min_exclusive: true,
    optional: true,
    page_default: Some(60.0),
    ..ParamSpec::real("time", "max seconds", "Most seconds of search; off: none")
};

/// The memory limit in bytes ([`super::memory`]): the platform's default unless set.
pub const MEMORY: ParamSpec = ParamSpec {
    kind: ParamKind::Bytes,
    default: Some(super::memory::DEFAULT_MAX_BYTES as f64),
    min: Some(super::memory::MIN_MAX_BYTES as f64),
    ..ParamSpec::real(
        "memory",
        "max memory",
        "Most bytes the search's tree and tables may take, with a unit: 512M, 2G (powers of 1024); reaching it ends the search out. Default 1G in the browser, 4G natively",
    )
};

/// The settings every run has, whatever the search.
pub const RUN_PARAMS: &[ParamSpec] = &[SEED, GOAL, NODES, TIME, MEMORY];

/// The specs of `parts`, one list after another: a search's parameters made of lists other
/// searches share. `N` is how many there are in all; a wrong `N` does not compile.
pub(crate) const fn concat<const N: usize>(parts: &[&[ParamSpec]]) -> [ParamSpec; N] {
    let mut specs = [ParamSpec::real("", "", ""); N];
    let mut n = 0;
    let mut part = 0;
    while part < parts.len() {
        let mut i = 0;
        while i < parts[part].len() {
            specs[n] = parts[part][i];
            n += 1;
            i += 1;
        }
        part += 1;
    }
    assert!(n == N, "concat: N is not the number of specs");
    specs
}

/// The parameter values of one run: those set, and every spec's default for the rest.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Params {
    values: BTreeMap<&'static str, Option<f64>>,
    /// The seed, kept apart as a whole `u64` (a derived seed does not fit an `f64`).
    pub(super) seed: Option<u64>,
}

impl Params {
    /// The value of `spec`: set, else its default (`None`: off).
    #[must_use]
    pub fn get(&self, spec: &ParamSpec) -> Option<f64> {
        if spec.key == SEED.key {
            return Some(self.seed() as f64);
        }
        self.values.get(spec.key).copied().unwrap_or(spec.default)
    }

    /// A real parameter's value (NaN if it is off, which [`Params::check`] rejects).
    #[must_use]
    pub fn real(&self, spec: &ParamSpec) -> f64 {
        self.get(spec).unwrap_or(f64::NAN)
    }

    /// An optional parameter's value.
    #[must_use]
    pub fn optional(&self, spec: &ParamSpec) -> Option<f64> {
        self.get(spec)
    }

    /// A whole-number parameter's value (0 if off).
    #[must_use]
    pub fn integer(&self, spec: &ParamSpec) -> u64 {
        self.get(spec).map_or(0, |x| x as u64)
    }

    /// A choice parameter's word.
    #[must_use]
    pub fn choice(&self, spec: &ParamSpec) -> &'static str {
        match (spec.kind, self.get(spec)) {
            (ParamKind::Choice { options }, Some(x)) => {
                options.get(x as usize).copied().unwrap_or(options[0])
            }
            _ => "",
        }
    }

    /// Sets `spec` to `value` after checking it.
    pub fn set(&mut self, spec: &'static ParamSpec, value: Option<f64>) -> Result<(), Error> {
        spec.check(value)?;
        self.store(spec, value);
        Ok(())
    }

    /// Keeps `value` for `spec`: the seed as a whole `u64`, anything else as it is.
    fn store(&mut self, spec: &'static ParamSpec, value: Option<f64>) {
        if spec.key == SEED.key {
            self.seed = value.map(|x| x as u64);
        } else {
            self.values.insert(spec.key, value);
        }
    }

    /// This with `spec` set to `value`, unchecked: a search checks all its parameters when
    /// it starts ([`Params::check`]).
    #[must_use]
    pub fn with(mut self, spec: &'static ParamSpec, value: Option<f64>) -> Params {
        self.store(spec, value);
        self
    }

    /// Checks every parameter of `specs` and of [`RUN_PARAMS`] (defaults included).
    pub fn check(&self, specs: &[ParamSpec]) -> Result<(), Error> {
        for spec in specs.iter().chain(RUN_PARAMS) {
            spec.check(self.get(spec))?;
        }
        Ok(())
    }

    /// The seed of the run.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or(SEED.default.map_or(0, |x| x as u64))
    }

    /// The goal of the run.
    #[must_use]
    pub fn goal(&self) -> Goal {
        if self.choice(&GOAL) == "not-lose" {
            Goal::NotLose
        } else {
            Goal::Win
        }
    }

    /// The node, time and memory limits of the run.
    #[must_use]
    pub fn limits(&self) -> Limits {
        Limits {
            max_nodes: self.get(&NODES).map(|n| n as u64),
            max_seconds: self.get(&TIME),
            max_iterations: None,
            max_bytes: self.get(&MEMORY).map(|n| n as u64),
        }
    }

    /// This with the seed set (any `u64`).
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Params {
        self.seed = Some(seed);
        self
    }

    /// This with the goal set.
    #[must_use]
    pub fn with_goal(mut self, goal: Goal) -> Params {
        let index = if goal == Goal::NotLose { 1.0 } else { 0.0 };
        self.values.insert(GOAL.key, Some(index));
        self
    }

    /// This with the node and time limits of `limits`, and its memory limit if it has one
    /// (else the default).
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> Params {
        self.values
            .insert(NODES.key, limits.max_nodes.map(|n| n as f64));
        self.values.insert(TIME.key, limits.max_seconds);
        if let Some(bytes) = limits.max_bytes {
            self.values.insert(MEMORY.key, Some(bytes as f64));
        }
        self
    }
}
