//! The recursive exact searches stop at the longest line they follow ([`MAX_PLIES`]) and
//! end `out` for their depth, on a game of one line four times longer (the fixture
//! tests/fixtures/chain.rs; tests/wasm.rs runs it in wasm, where the recursion must fit
//! the stack).

use pnplay::search::{Limit, MAX_PLIES, Verdict};

#[path = "../fixtures/chain.rs"]
mod chain;

#[test]
fn df_pn_df_ppns_and_mvpns_stop_at_the_deepest_line_they_follow() {
    // On the stack of a native main thread (the CLI's, 8 MiB), not a test thread's 2 MiB:
    // 256 frames of lists as wide as Gomoku's need more than 2 MiB unoptimised.
    let runs = std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(chain::runs)
        .unwrap()
        .join()
        .unwrap();
    for (search, verdict, stopped_by, nodes) in runs {
        assert_eq!(verdict, Verdict::Out, "{search}");
        assert_eq!(stopped_by, Some(Limit::Depth), "{search}");
        // One position a ply down to the cap, none past it.
        assert_eq!(nodes, u64::from(MAX_PLIES), "{search}");
    }
}
