//! The recursive exact searches stop at the longest line they follow ([`MAX_PLIES`]) and
//! end `out` for their depth, on a game of one line four times longer (the fixture
//! tests/fixtures/chain.rs; tests/wasm.rs runs it in wasm, where the recursion must fit
//! the stack).

use pnplay::search::{Limit, MAX_PLIES, Verdict};

#[path = "../fixtures/chain.rs"]
mod chain;

#[test]
fn df_pn_df_ppns_and_mvpns_stop_at_the_deepest_line_they_follow() {
    for (search, verdict, stopped_by, nodes) in chain::runs() {
        assert_eq!(verdict, Verdict::Out, "{search}");
        assert_eq!(stopped_by, Some(Limit::Depth), "{search}");
        // One position a ply down to the cap, none past it.
        assert_eq!(nodes, u64::from(MAX_PLIES), "{search}");
    }
}
