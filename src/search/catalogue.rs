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

use super::Question;
use super::params::{self, ParamSpec, Params, RUN_PARAMS};
use super::session::Session;
use crate::core::parse_error::Elided;
use crate::error::Error;
use crate::game::Turn;
use crate::game::catalogue::{Catalogued, Facts, GameSpec};

/// Checks what a search needs of its position (a game not over, supported facts), then
/// builds the session with parameters already checked ([`Checked`]).
fn open_kind<K: SearchKind, G: Catalogued>(
    root: G,
    params: &Params,
) -> Result<Box<dyn Session>, Error> {
    if root.turn() == Turn::Over {
        return Err(Error::GameOver);
    }
    check_support::<G>(&K::INFO, &root.variant())?;
    let question = Question::at(&root, params.goal());
    Ok(Box::new(super::limited::Limited::new(
        K::build(root, question, params),
        params.limits(),
    )))
}

/// Whether search `info` can run games of `G`'s variant `variant` at all: the support check
/// [`start`] makes, and the page's support matrix (which searches it offers for which game).
///
/// # Errors
/// [`Error::Unsupported`] with the reason.
pub fn check_support<G: Catalogued>(info: &SearchInfo, variant: &G::Variant) -> Result<(), Error> {
    check_facts_support(info, &G::FAMILY.facts, || G::name(variant))
}

/// [`check_support`] for a game named by its spec, whether or not this build runs it (the
/// answer is the family's, which every build knows).
///
/// # Errors
/// [`Error::Unsupported`] with the reason.
pub fn check_spec_support(info: &SearchInfo, spec: &GameSpec) -> Result<(), Error> {
    check_facts_support(info, &spec.family().facts, || spec.to_string())
}

fn check_facts_support(
    info: &SearchInfo,
    facts: &Facts,
    name: impl Fn() -> String,
) -> Result<(), Error> {
    if info.capabilities.acyclic_only && facts.repeats {
        return Err(Error::Unsupported {
            search: info.id,
            game: name(),
            reason: "its positions can repeat, and this search assumes they never do (MCTS, PN-MCTS and the depth-limited players play such games)",
        });
    }
    if !info.capabilities.chance && facts.chance {
        return Err(Error::Unsupported {
            search: info.id,
            game: name(),
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
            exact::jobs::JobDfPnSearch,
            mod negamax::NegamaxSearch,
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

        /// Opens search `id` on `root` with `params` already checked against its schema
        /// ([`Checked::open`]).
        fn open<G: Catalogued>(id: &str, root: G, params: &Params) -> Result<Box<dyn Session>, Error> {
            $(
                if id == <$kind as SearchKind>::INFO.id {
                    return open_kind::<$kind, G>(root, params);
                }
            )*
            Err(unknown_search(id))
        }
    };
}

__searches!(__define_searches);

/// Starts search `id` on `root` with `params` (checked against its schema).
///
/// # Errors
/// [`Error::UnknownSearch`], [`Error::BadParameter`], [`Error::GameOver`] or
/// [`Error::Unsupported`].
pub fn start<G: Catalogued>(id: &str, root: G, params: &Params) -> Result<Box<dyn Session>, Error> {
    Checked::one(id, params)?.open(0, root)
}

/// A request as the page sends it: the searches to run (two in compare mode) and the options
/// they share (parameter keys of the schema: numbers, choice words, `null` for off).
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub struct Request {
    /// The searches' ids.
    pub algos: Vec<String>,
    /// The options by key.
    #[serde(default)]
    pub options: serde_json::Map<String, serde_json::Value>,
}

thread_local! {
    /// How many requests this thread has checked ([`Checked::count`]).
    static CHECKED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// A request checked once, whole: its searches found and its options read and checked
/// against each search's schema, so that each search (and a copy of it) opens from it
/// without reading or checking anything again.
#[derive(Clone, Debug)]
pub struct Checked {
    searches: Vec<&'static SearchInfo>,
    params: Params,
}

impl Checked {
    /// Checks `request`, reporting every field that is wrong at once (each error names its
    /// field: a parameter's key, or `search`; a field once).
    ///
    /// ```
    /// use pnplay::search::catalogue::{Checked, Request};
    /// let request: Request =
    ///     serde_json::from_str(r#"{"algos": ["ppns", "chess"], "options": {"theta": 2, "nodes": -1}}"#).unwrap();
    /// let problems = Checked::new(&request).unwrap_err();
    /// let fields: Vec<_> = problems.iter().map(|e| e.field().unwrap()).collect();
    /// assert_eq!(fields, ["nodes", "theta", "search"]); // the options in key order, then the searches
    /// ```
    ///
    /// # Errors
    /// Every problem found, none twice for the same field.
    pub fn new(request: &Request) -> Result<Checked, Vec<Error>> {
        CHECKED.with(|n| n.set(n.get() + 1));
        let mut problems: Vec<Error> = Vec::new();
        let mut params = Params::default();
        for (key, value) in &request.options {
            if let Err(error) = params.set_json(key, value) {
                problems.push(error);
            }
        }
        let mut searches = Vec::new();
        for id in &request.algos {
            match find(id) {
                Ok(info) => searches.push(info),
                Err(error) => problems.push(error),
            }
        }
        for info in &searches {
            for spec in info.params.iter().chain(RUN_PARAMS) {
                if let Err(error) = spec.check(params.get(spec)) {
                    if !problems.iter().any(|known| known.field() == error.field()) {
                        problems.push(error);
                    }
                }
            }
        }
        if problems.is_empty() {
            Ok(Checked { searches, params })
        } else {
            Err(problems)
        }
    }

    /// One search `id` with `params` set already (the CLI's flags, an agent's options):
    /// its first problem.
    ///
    /// # Errors
    /// [`Error::UnknownSearch`] or [`Error::BadParameter`].
    pub fn one(id: &str, params: &Params) -> Result<Checked, Error> {
        CHECKED.with(|n| n.set(n.get() + 1));
        let info = find(id)?;
        params.check(info.params)?;
        Ok(Checked {
            searches: vec![info],
            params: params.clone(),
        })
    }

    /// The request's searches, in order.
    #[must_use]
    pub fn searches(&self) -> &[&'static SearchInfo] {
        &self.searches
    }

    /// The request's parameters, checked.
    #[must_use]
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Opens search `index` of the request on `root`: only what depends on the position is
    /// checked here (a game not over, supported facts).
    ///
    /// # Errors
    /// [`Error::NotFound`] for an index past the searches, [`Error::GameOver`] or
    /// [`Error::Unsupported`].
    pub fn open<G: Catalogued>(&self, index: usize, root: G) -> Result<Box<dyn Session>, Error> {
        let info = self.searches.get(index).ok_or_else(|| Error::NotFound {
            what: format!("search {index} of the request"),
        })?;
        open(info.id, root, &self.params)
    }

    /// How many requests this thread has checked so far (the page's test hooks count the
    /// checks of a share link's walk).
    #[must_use]
    pub fn count() -> u64 {
        CHECKED.with(std::cell::Cell::get)
    }
}

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

    /// Sets parameters from a JSON object as the worker receives it: numbers, text (choice
    /// words, or a seed as its digits: any `u64`, which a JavaScript number cannot always
    /// hold), `null` for off. Unknown keys are refused, naming the key.
    pub fn from_json(object: &serde_json::Map<String, serde_json::Value>) -> Result<Params, Error> {
        let mut params = Params::default();
        for (key, value) in object {
            params.set_json(key, value)?;
        }
        Ok(params)
    }

    /// Sets the parameter named `key` from a JSON value ([`Params::from_json`]).
    fn set_json(&mut self, key: &str, value: &serde_json::Value) -> Result<(), Error> {
        let spec = spec(key)?;
        let value = match value {
            serde_json::Value::Null => None,
            serde_json::Value::Number(n) => n.as_f64(),
            // As text, so a seed beyond what an f64 holds exactly arrives whole.
            serde_json::Value::String(text) => return self.set_text(key, text),
            other => {
                return Err(Error::BadParameter {
                    name: key.to_string(),
                    message: format!(
                        "{} must be a number, got {}",
                        Elided(key),
                        Elided(&other.to_string())
                    ),
                });
            }
        };
        self.set(spec, value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_given_as_text_in_json_arrives_whole() {
        // 9755830059993293588 is not an f64: as a JSON number it would round to …3824.
        let mut options = serde_json::Map::new();
        options.insert("seed".into(), "9755830059993293588".into());
        options.insert("theta".into(), "0.05".into());
        let params = Params::from_json(&options).unwrap();
        assert_eq!(params.seed(), 9_755_830_059_993_293_588);
        assert_eq!(params.get(&params::THETA), Some(0.05));
    }

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
