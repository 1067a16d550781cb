//! The search flags of every command, generated from the parameter schema
//! ([`pnplay::search::params`]): one `--key VALUE` per parameter of any search in the
//! catalogue and per run setting (seed, goal, nodes, time), with the schema's help, default
//! and range check. A new parameter in the schema is a new flag here with no edit.

use clap::{Arg, ArgMatches, Args, Command, FromArgMatches};
use pnplay::search::catalogue::{self, SearchInfo};
use pnplay::search::params::{Params, all_params};

/// The parameter flags a command was given (values as typed, already range-checked).
#[derive(Clone, Debug, Default)]
pub struct ParamArgs {
    given: Vec<(&'static str, String)>,
}

impl ParamArgs {
    /// The parameters: the schema's defaults, overridden by the flags given.
    pub fn params(&self) -> Result<Params, String> {
        let mut params = Params::default();
        for (key, text) in &self.given {
            params.set_text(key, text).map_err(|e| e.to_string())?;
        }
        Ok(params)
    }

    /// Whether `--key` was given.
    pub fn given(&self, key: &str) -> bool {
        self.given.iter().any(|(k, _)| *k == key)
    }
}

impl FromArgMatches for ParamArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let given = all_params()
            .into_iter()
            .filter_map(|spec| {
                matches
                    .get_one::<String>(spec.key)
                    .map(|text| (spec.key, text.clone()))
            })
            .collect();
        Ok(ParamArgs { given })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = ParamArgs::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for ParamArgs {
    fn augment_args(command: Command) -> Command {
        all_params().into_iter().fold(command, |command, spec| {
            let default = match spec.default {
                Some(_) => format!(" [default: {}]", spec.format(spec.default)),
                None => String::new(),
            };
            command.arg(
                Arg::new(spec.key)
                    .long(spec.key)
                    .value_name(spec.key)
                    .help(format!("{}{default}", spec.help))
                    .allow_negative_numbers(true)
                    .value_parser(move |text: &str| {
                        Params::default()
                            .set_text(spec.key, text)
                            .map(|()| text.to_string())
                            .map_err(|e| e.to_string())
                    }),
            )
        })
    }

    fn augment_args_for_update(command: Command) -> Command {
        ParamArgs::augment_args(command)
    }
}

/// Parses a search id of the catalogue (for `--algo` and `--algos`).
pub fn search(id: &str) -> Result<&'static SearchInfo, String> {
    catalogue::find(id).map_err(|e| e.to_string())
}
