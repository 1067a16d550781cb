//! A search's answer in the words used everywhere (SPEC.md §3): [`Verdict`].

use serde::{Deserialize, Serialize};

/// A search's answer, in the words used everywhere (SPEC.md §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The goal holds, established exactly.
    Proved,
    /// The goal fails, established exactly.
    Disproved,
    /// A probability-based search's root value came within `pr` of 1: not a proof.
    ConcludedWin,
    /// A probability-based search's root value came within `pr` of 0: not a disproof.
    ConcludedLoss,
    /// A limit was reached first (or the search has not finished yet).
    Out,
}

impl Verdict {
    /// The verdict's word, as in SPEC.md §3.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Verdict::Proved => "proved",
            Verdict::Disproved => "disproved",
            Verdict::ConcludedWin => "concluded-win",
            Verdict::ConcludedLoss => "concluded-loss",
            Verdict::Out => "out",
        }
    }

    /// The exact verdict named by `word` (`proved` or `disproved`), as a proof certificate
    /// states it.
    #[must_use]
    pub fn exact_from_word(word: &str) -> Option<Verdict> {
        [Verdict::Proved, Verdict::Disproved]
            .into_iter()
            .find(|verdict| verdict.word() == word)
    }

    /// True for `proved` and `disproved`: the answer is exact.
    #[must_use]
    pub const fn is_exact(self) -> bool {
        matches!(self, Verdict::Proved | Verdict::Disproved)
    }

    /// The claimed answer, if any: `Some(true)` for proved / concluded-win.
    #[must_use]
    pub const fn claim(self) -> Option<bool> {
        match self {
            Verdict::Proved | Verdict::ConcludedWin => Some(true),
            Verdict::Disproved | Verdict::ConcludedLoss => Some(false),
            Verdict::Out => None,
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}
