//! The search flags of every command, generated from the parameter schema
//! ([`pnplay::search::params`]): one `--key VALUE` per parameter of any search in the
//! catalogue and per run setting (seed, goal, nodes, time), with the schema's help, default
//! and range check. A new parameter in the schema is a new flag here with no edit. Also the
//! parsers every command's own number flags share ([`finite`], [`seconds`]), and the bounded
//! reading of input files ([`read_input`], [`read_gzipped_or_not`]).

use clap::{Arg, ArgMatches, Args, Command, FromArgMatches};
use pnplay::search::catalogue::all_params;
use pnplay::search::catalogue::{self, SearchInfo};
use pnplay::search::params::Params;

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

/// Parses a number flag of a command's own (not of the schema): NaN and the infinities are
/// refused by every such flag alike, as the schema refuses them.
pub fn finite(text: &str) -> Result<f64, String> {
    let value: f64 = text.trim().parse().map_err(|_| {
        format!(
            "must be a number, got {}",
            pnplay::game::error::Elided(text)
        )
    })?;
    if value.is_finite() {
        Ok(value)
    } else {
        Err(format!("must be a finite number, got {text}"))
    }
}

/// Parses a duration in seconds: a finite number, not negative.
pub fn seconds(text: &str) -> Result<f64, String> {
    let value = finite(text)?;
    if value < 0.0 {
        return Err(format!("seconds cannot be negative, got {text}"));
    }
    Ok(value)
}

/// Parses a memory limit as the run setting `memory` does (a unit, at least 1 MiB).
pub fn memory(text: &str) -> Result<u64, String> {
    match pnplay::search::params::MEMORY.parse(text) {
        Ok(Some(bytes)) => Ok(bytes as u64),
        Ok(None) => Err("expected a number of bytes with a unit: 512M, 2G".to_string()),
        Err(error) => Err(error.to_string()),
    }
}

/// The largest input file a command reads (positions, samples, baselines): 256 MiB, so that
/// `/dev/zero` or a wrong file is refused at once rather than read without end.
const MAX_INPUT: u64 = 256 << 20;

/// Reads an input text file of at most 256 MiB; an error names the flag (`--flag`, as typed)
/// and the file.
pub fn read_input(flag: &str, path: &std::path::Path) -> Result<String, String> {
    pnplay::experiment::files::read_bounded(path, MAX_INPUT).map_err(|e| format!("--{flag}: {e}"))
}

/// The bytes of the file `path` given with `--flag`, unzipped if it is gzipped.
pub fn read_gzipped_or_not(flag: &str, path: &std::path::Path) -> Result<Vec<u8>, String> {
    let failed = |e: std::io::Error| format!("--{flag}: {}: {e}", path.display());
    let bytes = std::fs::read(path).map_err(failed)?;
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return Ok(bytes);
    }
    let mut raw = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut raw)
        .map_err(failed)?;
    Ok(raw)
}

/// Parses a search id of the catalogue (for `--algo` and `--algos`).
pub fn search(id: &str) -> Result<&'static SearchInfo, String> {
    catalogue::find(id).map_err(|e| e.to_string())
}
