//! df-pn's threshold events, for the page's timeline and the see-saw lesson: each time the
//! search is back at the root (the child it was in reached a threshold: its pn met
//! `min(th_pn, pn₂ + 1)`, or it was resolved) and enters a child with new thresholds (Nagai
//! 2002, MID's loop at the root; the 1 + ε trick of Pawlewicz & Lew 2007 widens them). A child
//! entered again is a *re-entry*: the back-and-forth between subtrees that the see-saw effect
//! names, which ε reduces. A report of any session may carry it ([`super::session::Report`]),
//! so it sits beside the session, not inside df-pn's module.

use serde::Serialize;

/// The most events kept (the first ones: a lesson reads the early switches; the count of
/// re-entries goes on).
const MOST_EVENTS: usize = 4096;
/// The events a report carries: the latest.
const REPORTED: usize = 64;

/// One entry into a child of the root.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ThresholdEvent {
    /// Positions searched before it: the iteration at which it happens.
    pub iteration: u64,
    /// The move to the child entered.
    #[serde(rename = "move")]
    pub mv: String,
    /// The child's numbers as the root saw them when it chose it (`null`: ∞).
    pub pn: Option<u32>,
    /// See `pn`.
    pub dn: Option<u32>,
    /// The second-least pn (at an OR root; dn at an AND root) that bounds it (`null`: ∞).
    pub second: Option<u32>,
    /// The thresholds it is entered with (`null`: ∞).
    pub th_pn: Option<u32>,
    /// See `th_pn`.
    pub th_dn: Option<u32>,
    /// Whether the root had entered this child before.
    pub again: bool,
    /// The child the root was in before, with the numbers it came back with (`null` at the
    /// first entry): why the root left it.
    pub left: Option<ChildNumbers>,
}

/// A child of the root and its numbers (`null`: ∞).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChildNumbers {
    /// The move to the child.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its proof number.
    pub pn: Option<u32>,
    /// Its disproof number.
    pub dn: Option<u32>,
}

impl ChildNumbers {
    /// Child `mv` with numbers `(pn, dn)` (df-pn's `u32::MAX` read as ∞).
    #[must_use]
    pub fn new(mv: String, (pn, dn): (u32, u32)) -> Self {
        ChildNumbers {
            mv,
            pn: finite(pn),
            dn: finite(dn),
        }
    }
}

/// The root's children as a report shows them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RootChildren {
    /// Whether the root picks the least pn (an OR node) rather than the least dn.
    pub or: bool,
    /// Its children in search order (ties go to the first), with their numbers now.
    pub children: Vec<ChildNumbers>,
}

/// The root's entries into its children over a run.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ThresholdLog {
    /// Entries into a child entered before (the see-saw count).
    pub reentries: u64,
    /// All entries.
    pub entries: u64,
    /// The first 4,096 entries (in a report: the latest of them, at most 64).
    pub events: Vec<ThresholdEvent>,
    /// In a report: whether the root is an OR node (its player is the root player: it picks
    /// the least pn), and its children in the order df-pn searches them, with their numbers
    /// now (the "predict the next node" exercise asks which one the root enters next).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub root: Option<RootChildren>,
    /// The child entered last (its index among the root's moves) and which were entered.
    #[serde(skip)]
    last: Option<usize>,
    #[serde(skip)]
    entered: Vec<bool>,
}

/// A threshold or number as shown: `None` for ∞ (df-pn's `u32::MAX`,
/// [`crate::search::exact::dfpn::INFINITY`]), and for a threshold derived from the root's ∞
/// (`th_dn − dn + dn(c)` with th_dn = ∞ stays within a few units of it).
fn finite(n: u32) -> Option<u32> {
    (n < u32::MAX / 2).then_some(n)
}

impl ThresholdLog {
    /// The root chose child `index`, bounded by `second`, and enters it with thresholds
    /// `(th_pn, th_dn)` after `iteration` positions; `child(i)` names the root's child `i` with
    /// its numbers now (the one chosen, and the one left). A step that starts again at the
    /// root and goes back into the child it left is no new entry.
    pub fn enter(
        &mut self,
        iteration: u64,
        index: usize,
        child: impl Fn(usize) -> ChildNumbers,
        second: u32,
        (th_pn, th_dn): (u32, u32),
    ) {
        if self.last == Some(index) {
            return;
        }
        let left = self.last.replace(index);
        if self.entered.len() <= index {
            self.entered.resize(index + 1, false);
        }
        let again = self.entered[index];
        self.entered[index] = true;
        self.entries += 1;
        self.reentries += u64::from(again);
        if self.events.len() < MOST_EVENTS {
            let ChildNumbers { mv, pn, dn } = child(index);
            self.events.push(ThresholdEvent {
                iteration,
                mv,
                pn,
                dn,
                second: finite(second),
                th_pn: finite(th_pn),
                th_dn: finite(th_dn),
                again,
                left: left.map(child),
            });
        }
    }

    /// The log as a report carries it: the counts, the latest events and the root's children
    /// `root`.
    #[must_use]
    pub fn reported(&self, root: RootChildren) -> ThresholdLog {
        ThresholdLog {
            reentries: self.reentries,
            entries: self.entries,
            events: self.events[self.events.len().saturating_sub(REPORTED)..].to_vec(),
            root: Some(root),
            last: None,
            entered: Vec::new(),
        }
    }
}
