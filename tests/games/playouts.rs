//! The pinned seeded playouts (tests/fixtures/playouts.rs) natively; tests/wasm.rs checks the
//! same table in wasm32.

#[path = "../fixtures/playouts.rs"]
mod fixture;

#[test]
fn seeded_playouts_give_the_pinned_results() {
    for &(game, seed, pinned) in fixture::PINNED {
        assert_eq!(
            fixture::fingerprint(game, seed),
            pinned,
            "{game} seed {seed}: {}",
            fixture::playouts(game, seed)
        );
    }
}

#[test]
fn a_seeded_ppns_run_gives_the_pinned_counts() {
    assert_eq!(fixture::ppns_run(), fixture::PINNED_PPNS);
}

#[test]
fn seeded_mcts_runs_are_pinned() {
    for (algo, mv, root, nodes) in fixture::PINNED_MCTS {
        assert_eq!(
            fixture::mcts_run(algo),
            (mv.to_string(), root.to_string(), nodes),
            "{algo}"
        );
    }
}
