//! The catalogue of searches: every search declares itself once ([`SearchInfo`]: id, title,
//! family, capabilities, parameter schema), and everything that dispatches on a search name
//! — the CLI's `--algo` and flags, the worker's `hello`, the page's search selects and
//! parameter fields, the stages view's checkboxes, experiments and benchmarks — is built
//! from [`SEARCHES`] and [`start`].
//!
//! This module is the list; what a search declares about itself lives in [`super::family`]
//! (a leaf every search imports, so no search imports the list), and how it is built into a
//! session in [`super::session::SearchKind`].
//!
//! A search is a type implementing [`SearchKind`] in its own module; adding one is that
//! module plus one line in the [`__searches!`](crate::__searches) list below. Each declares an [`Explain`] too:
//! what every number it shows means, its rules as formulas, its selection, how the
//! parameters act and the paper section it follows — the page's explanations, served in
//! `hello` and written from the code (the formula lines are the same constants the node
//! inspector prints).
//!
//! ```
//! use pnplay::search::catalogue::{self, SEARCHES};
//! assert!(SEARCHES.iter().any(|s| s.id == "dfpn" && s.capabilities.exact));
//! assert_eq!(catalogue::find("ppns").unwrap().title, "Probability-based PNS");
//! assert_eq!(catalogue::find("chess").unwrap_err().field(), Some("search"));
//! ```

pub use super::family::{
    Capabilities, DMC, DN, Explain, Family, Meaning, ONE_MINUS_PPN, PMC, PN, PPN, SearchInfo,
};
pub use super::session::SearchKind;

use super::params::{self, ParamSpec, Params, RUN_PARAMS};
use super::session::Session;
use crate::core::parse_error::Elided;
use crate::error::Error;
use crate::game::Turn;
use crate::game::catalogue::Catalogued;

/// Checks what every search needs (parameters, a game not over, supported facts), then
/// builds the session.
fn start_kind<K: SearchKind, G: Catalogued>(
    root: G,
    params: &Params,
) -> Result<Box<dyn Session>, Error> {
    params.check(K::INFO.params)?;
    if root.turn() == Turn::Over {
        return Err(Error::GameOver);
    }
    check_support::<G>(&K::INFO, &root.variant())?;
    Ok(Box::new(super::limited::Limited::new(
        K::build(root, params),
        params.limits(),
    )))
}

/// Whether search `info` can run games of `G`'s variant `variant` at all: the support check
/// [`start`] makes, and the page's support matrix (which searches it offers for which game).
///
/// # Errors
/// [`Error::Unsupported`] with the reason.
pub fn check_support<G: Catalogued>(info: &SearchInfo, variant: &G::Variant) -> Result<(), Error> {
    if info.capabilities.acyclic_only && G::FAMILY.facts.repeats {
        return Err(Error::Unsupported {
            search: info.id,
            game: G::name(variant),
            reason: "its positions can repeat, and this search assumes they never do (MCTS, PN-MCTS and the depth-limited players play such games)",
        });
    }
    if !info.capabilities.chance && G::FAMILY.facts.chance {
        return Err(Error::Unsupported {
            search: info.id,
            game: G::name(variant),
            reason: "it has chance nodes, and this search handles only players' moves",
        });
    }
    Ok(())
}

/// The catalogue: every search, one line each, in the order the page and the CLI list them.
/// A line is the path of a [`SearchKind`] type under `search/` (`exact::dfpn::DfPnSearch`),
/// or `mod module::Type` for a search whose module sits directly in `search/` and is declared
/// by this line too (`search/mod.rs` expands `__searches!(modules)`), so a search is its
/// module's file plus its line here. Called as `__searches!(callback)`, it calls
/// `$callback!` with the list of type paths; [`SEARCHES`] and [`start`] are built from it.
#[macro_export]
#[doc(hidden)]
macro_rules! __searches {
    ($($args:tt)*) => {
        $crate::__search_list! { [$($args)*] []
            bestfirst::pns::PnsSearch,
            bestfirst::ppns::PpnsSearch,
            bestfirst::ppns_precise::PpnsPreciseSearch,
            bestfirst::mcpns::McpnsSearch,
            bestfirst::pp::PpSearch,
            mcts::uct::MctsSearch,
            mcts::pnmcts::PnMctsSearch,
            exact::dfpn::DfPnSearch,
            exact::alphabeta::AlphaBetaSearch,
            heuristic::MinimaxSearch,
            heuristic::AlphaBetaPlayer,
            heuristic::DeepeningPlayer,
            exact::mvpns::MvPnsSearch,
            exact::dfppns::DfPpnsSearch,
            bestfirst::cns::CnsSearch,
            heuristic::om::OmSearch,
            expectimax::ExpectimaxSearch,
            exact::dfpn::DfPnKnowledgeSearch,
            bestfirst::dag::PnsDagSearch,
        }
    };
}

/// Walks the list of [`__searches!`](crate::__searches) one line at a time: for
/// `[modules]` it declares the modules of the `mod` lines; for `[callback]` it gathers every
/// line's type path (under `$crate::search::`) and calls `$callback!` with them.
#[macro_export]
#[doc(hidden)]
macro_rules! __search_list {
    ([modules] [] mod $module:ident :: $kind:ident, $($rest:tt)*) => {
        pub mod $module;
        $crate::__search_list! { [modules] [] $($rest)* }
    };
    ([modules] [] $($segment:ident)::+, $($rest:tt)*) => {
        $crate::__search_list! { [modules] [] $($rest)* }
    };
    ([modules] []) => {};
    ([$callback:ident] [$($done:tt)*] mod $module:ident :: $kind:ident, $($rest:tt)*) => {
        $crate::__search_list! { [$callback] [$($done)* $module::$kind,] $($rest)* }
    };
    ([$callback:ident] [$($done:tt)*] $($segment:ident)::+, $($rest:tt)*) => {
        $crate::__search_list! { [$callback] [$($done)* $($segment)::+,] $($rest)* }
    };
    ([$callback:ident] [$($($segment:ident)::+,)*]) => {
        $crate::$callback! { $($crate::search::$($segment)::+,)* }
    };
}

/// [`SEARCHES`] and [`start`] from the catalogue's list of [`SearchKind`] types.
#[macro_export]
#[doc(hidden)]
macro_rules! __define_searches {
    ($($kind:ty,)*) => {
        /// Every search, in the order the page and the CLI list them: the searches of the
        /// crate's map, generated from the catalogue's list (`pnplay catalogue searches`
        /// prints their ids, titles, families and papers):
        ///
        #[doc = concat!($("* [`", stringify!($kind), "`]\n",)*)]
        pub static SEARCHES: &[SearchInfo] = &[$(<$kind as SearchKind>::INFO),*];

        /// The list of [`SEARCHES`]' documentation as text, one line per search type (what
        /// `tests/project/catalogue_docs.rs` checks the map against).
        #[doc(hidden)]
        pub const SEARCH_MAP: &str = concat!($("* [`", stringify!($kind), "`]\n",)*);

        /// Starts search `id` on `root` with `params` (checked against its schema).
        ///
        /// # Errors
        /// [`Error::UnknownSearch`], [`Error::BadParameter`], [`Error::GameOver`] or
        /// [`Error::Unsupported`].
        pub fn start<G: Catalogued>(id: &str, root: G, params: &Params) -> Result<Box<dyn Session>, Error> {
            $(
                if id == <$kind as SearchKind>::INFO.id {
                    return start_kind::<$kind, G>(root, params);
                }
            )*
            Err(unknown_search(id))
        }
    };
}

__searches!(__define_searches);

/// The search with id `id`.
pub fn find(id: &str) -> Result<&'static SearchInfo, Error> {
    SEARCHES
        .iter()
        .find(|s| s.id == id)
        .ok_or_else(|| unknown_search(id))
}

/// The searches of the catalogue as a Markdown table, one row per search: id, title, family
/// and the paper and section it follows ([`Explain::source`]). The book's Searches chapter
/// includes it (`pnplay catalogue searches`, written by `scripts/book`), so it follows the
/// catalogue with no hand edit.
#[must_use]
pub fn markdown() -> String {
    let mut table = String::from("| id | title | family | paper, section |\n|---|---|---|---|\n");
    for search in SEARCHES {
        let family = serde_json::to_value(search.family).unwrap_or_default();
        table.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            search.id,
            search.title,
            family.as_str().unwrap_or_default(),
            search.explain.source.replace('|', "\\|"),
        ));
    }
    table
}

/// Parses a comma-separated list of search ids (`pns,dfpn`).
pub fn find_list(ids: &str) -> Result<Vec<&'static SearchInfo>, Error> {
    ids.split(',').map(|id| find(id.trim())).collect()
}

/// An unknown search id as an [`Error`], carrying the ids this catalogue knows (the error
/// type reads no catalogue: it prints what it carries).
fn unknown_search(id: &str) -> Error {
    let ids: Vec<_> = SEARCHES.iter().map(|s| s.id).collect();
    Error::UnknownSearch {
        name: id.to_string(),
        expected: ids.join(", "),
    }
}

/// Every parameter any search of the catalogue reads, then [`RUN_PARAMS`]; each key once.
#[must_use]
pub fn all_params() -> Vec<&'static ParamSpec> {
    let mut all: Vec<&'static ParamSpec> = Vec::new();
    let searches = SEARCHES.iter().flat_map(|s| s.params.iter());
    for spec in searches.chain(RUN_PARAMS) {
        if !all.iter().any(|known| known.key == spec.key) {
            all.push(spec);
        }
    }
    all
}

/// The spec of a key, among [`all_params`].
pub fn spec(key: &str) -> Result<&'static ParamSpec, Error> {
    all_params()
        .into_iter()
        .find(|spec| spec.key == key)
        .ok_or_else(|| Error::BadParameter {
            name: key.to_string(),
            message: format!("unknown parameter {}", Elided(key)),
        })
}

/// Setting parameters by key: the keys are looked up in the whole catalogue ([`spec`]).
impl Params {
    /// Sets the parameter named `key` from text ([`ParamSpec::parse`]).
    pub fn set_text(&mut self, key: &str, text: &str) -> Result<(), Error> {
        let spec = spec(key)?;
        if spec.key == params::SEED.key {
            // Any u64, beyond what an f64 holds exactly.
            self.seed = Some(text.trim().parse().map_err(|_| Error::BadParameter {
                name: params::SEED.key.to_string(),
                message: format!(
                    "seed must be a whole number from 0 to 2^64 - 1, got {}",
                    Elided(text)
                ),
            })?);
            return Ok(());
        }
        let value = spec.parse(text)?;
        self.set(spec, value)
    }

    /// Sets parameters from a JSON object as the worker receives it: numbers, choice words,
    /// `null` for off. Unknown keys are refused, naming the key.
    pub fn from_json(object: &serde_json::Map<String, serde_json::Value>) -> Result<Params, Error> {
        let mut params = Params::default();
        for (key, value) in object {
            let spec = spec(key)?;
            let value = match value {
                serde_json::Value::Null => None,
                serde_json::Value::Number(n) => n.as_f64(),
                serde_json::Value::String(text) => spec.parse(text)?,
                other => {
                    return Err(Error::BadParameter {
                        name: key.clone(),
                        message: format!(
                            "{} must be a number, got {}",
                            Elided(key),
                            Elided(&other.to_string())
                        ),
                    });
                }
            };
            params.set(spec, value)?;
        }
        Ok(params)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_distinct_and_every_parameter_key_means_one_thing() {
        for (i, a) in SEARCHES.iter().enumerate() {
            assert!(SEARCHES[i + 1..].iter().all(|b| b.id != a.id), "{}", a.id);
            for spec in a.params {
                for b in SEARCHES {
                    for other in b.params.iter().filter(|o| o.key == spec.key) {
                        assert_eq!(other, spec, "{} in {} and {}", spec.key, a.id, b.id);
                    }
                }
            }
        }
    }
}
