//! The pseudocode of a search, as the page shows it beside the search's explanation (issue
//! 30): one [`Line`] per line of text, each tagged with the [`Phase`] of an iteration it
//! belongs to — select, expand, evaluate (playouts), back up, stop test — so the page can
//! light the line of the phase it is showing in step with Step and the slow speeds. Each
//! search keeps its text in its own module, in its catalogue entry
//! ([`super::catalogue::Explain::pseudocode`]).

use serde::Serialize;

/// A phase of one iteration of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Walking down from the root to the node to grow.
    Select,
    /// Adding children to it.
    Expand,
    /// Valuing new leaves (by playouts, or a play-out from the new node).
    Evaluate,
    /// Updating the values on the path back up to the root.
    Backup,
    /// Deciding whether the search is over.
    Stop,
}

/// One line of pseudocode, with the phase it belongs to (`None`: a heading or a line of
/// no phase).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    /// The phase, if any.
    pub phase: Option<Phase>,
    /// The text, indented with spaces.
    pub text: &'static str,
}

/// A line of phase `phase`.
#[must_use]
pub const fn line(phase: Phase, text: &'static str) -> Line {
    Line {
        phase: Some(phase),
        text,
    }
}

/// A line of no phase.
#[must_use]
pub const fn plain(text: &'static str) -> Line {
    Line { phase: None, text }
}
