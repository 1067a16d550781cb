//! The crate's one error type, for the CLI, the worker and the page. It reads no catalogue:
//! an error carries every word it prints (an unknown name carries the names expected), and
//! the catalogues that know those words build it ([`crate::game::catalogue`] for game names,
//! [`crate::search::catalogue`] for search names).
//!
//! Every error knows its *kind* (a fixed word), the *field* it is about (the position text,
//! the game, the search, or a parameter's key) and a one-line message. The CLI prints the
//! message; the worker sends `{kind, field, message}` ([`Error::report`]) so the page can mark
//! the field that is wrong.
//!
//! ```
//! use pnplay::error::Error;
//! let error = Error::BadParameter { name: "theta".into(), message: "theta must be from 0 to 1".into() };
//! let report = error.report();
//! assert_eq!((report.kind, report.field.as_deref()), ("bad-parameter", Some("theta")));
//! ```

use std::fmt;

use serde::Serialize;

use super::parse_error::{Elided, ParseError};

/// What went wrong, and where.
#[derive(Clone, Debug, PartialEq)]
pub enum Error {
    /// Text that does not parse: the position (`field` = `pos`) or a move (`move`).
    Parse {
        /// Which input: `pos` or `move`.
        field: &'static str,
        /// What is wrong with it.
        error: ParseError,
    },
    /// A game name the catalogue does not know.
    UnknownGame {
        /// The name as given.
        name: String,
        /// The names the catalogue knows, as its grammar spells them.
        expected: String,
    },
    /// A search name the catalogue does not know.
    UnknownSearch {
        /// The name as given.
        name: String,
        /// The ids the catalogue knows, comma-separated.
        expected: String,
    },
    /// A parameter value out of range, of the wrong type, or unknown.
    BadParameter {
        /// The parameter's key.
        name: String,
        /// What is wrong.
        message: String,
    },
    /// The position is already finished: there is nothing to search or play.
    GameOver,
    /// This search cannot answer for this game (say, df-pn on a game that repeats positions).
    Unsupported {
        /// The search's id.
        search: &'static str,
        /// The game's name.
        game: String,
        /// Why not.
        reason: &'static str,
    },
    /// Something asked for does not exist (a tree node, an experiment job).
    NotFound {
        /// What was asked for.
        what: String,
    },
    /// The game is one of the catalogue, but this build of the engine leaves it out: the
    /// page's engine comes as a few wasm modules, each running some of the games
    /// (issue 32), and this one names the module to load instead.
    Elsewhere {
        /// The game's name.
        game: String,
        /// The engine module that runs it.
        module: &'static str,
    },
    /// An error of one item of a batch (a stage, a position, a line of a file): where, and what.
    In {
        /// Where: `stage 18 position 3`, `line 7`.
        context: String,
        /// What went wrong there.
        error: Box<Error>,
    },
}

/// An error as the worker sends it to the page.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ErrorReport {
    /// The kind: `parse`, `unknown-game`, `unknown-search`, `bad-parameter`, `game-over`,
    /// `unsupported`, `not-found`, `elsewhere`.
    pub kind: &'static str,
    /// The input it is about, if any: `pos`, `move`, `game`, `search` or a parameter key.
    pub field: Option<String>,
    /// The one-line message.
    pub message: String,
    /// For `elsewhere`: the engine module that runs the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub module: Option<&'static str>,
}

impl Error {
    /// The kind's word.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Error::Parse { .. } => "parse",
            Error::UnknownGame { .. } => "unknown-game",
            Error::UnknownSearch { .. } => "unknown-search",
            Error::BadParameter { .. } => "bad-parameter",
            Error::GameOver => "game-over",
            Error::Unsupported { .. } => "unsupported",
            Error::NotFound { .. } => "not-found",
            Error::Elsewhere { .. } => "elsewhere",
            Error::In { error, .. } => error.kind(),
        }
    }

    /// The input the error is about.
    #[must_use]
    pub fn field(&self) -> Option<&str> {
        match self {
            Error::Parse { field, .. } => Some(field),
            Error::UnknownGame { .. } | Error::Elsewhere { .. } => Some("game"),
            Error::UnknownSearch { .. } | Error::Unsupported { .. } => Some("search"),
            Error::BadParameter { name, .. } => Some(name),
            Error::GameOver => Some("pos"),
            Error::NotFound { .. } => None,
            Error::In { error, .. } => error.field(),
        }
    }

    /// The error as the worker sends it.
    #[must_use]
    pub fn report(&self) -> ErrorReport {
        ErrorReport {
            kind: self.kind(),
            field: self.field().map(str::to_string),
            message: self.to_string(),
            module: self.module(),
        }
    }

    /// For [`Error::Elsewhere`] (also within [`Error::In`]): the engine module to load.
    #[must_use]
    pub fn module(&self) -> Option<&'static str> {
        match self {
            Error::Elsewhere { module, .. } => Some(module),
            Error::In { error, .. } => error.module(),
            _ => None,
        }
    }

    /// This error, said to have happened at `context` (`line 7`, `stage 18 position 3`).
    #[must_use]
    pub fn at(self, context: impl Into<String>) -> Error {
        Error::In {
            context: context.into(),
            error: Box::new(self),
        }
    }

    /// A parse error of a move's text.
    #[must_use]
    pub fn mv(error: ParseError) -> Error {
        Error::Parse {
            field: "move",
            error,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Parse {
                field: "move",
                error,
            } => write!(f, "move: {error}"),
            Error::Parse { error, .. } => write!(f, "{error}"),
            Error::UnknownGame { name, expected } => {
                write!(f, "unknown game {}: expected {expected}", Elided(name))
            }
            Error::UnknownSearch { name, expected } => write!(
                f,
                "unknown search {}: expected one of {expected}",
                Elided(name)
            ),
            Error::BadParameter { message, .. } => f.write_str(message),
            Error::GameOver => {
                f.write_str("the game is already over in this position: there is nothing to search")
            }
            Error::Unsupported {
                search,
                game,
                reason,
            } => write!(f, "{search} does not support {game}: {reason}"),
            Error::NotFound { what } => write!(f, "no {what}"),
            Error::Elsewhere { game, module } => write!(
                f,
                "{game} is run by the engine's module {module}, not by this one"
            ),
            Error::In { context, error } => write!(f, "{context}: {error}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<Error> for String {
    /// The one-line message (for the CLI, which reports errors as text).
    fn from(error: Error) -> String {
        error.to_string()
    }
}
