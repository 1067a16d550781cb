//! The pinned seeded playouts (tests/fixtures/playouts.rs) natively; tests/wasm.rs checks the
//! same table in wasm32.

#[path = "../fixtures/playouts.rs"]
mod fixture;

#[test]
fn seeded_playouts_give_the_pinned_results() {
    fixture::check_playouts();
}

#[test]
fn the_generator_stream_is_fixed_by_seed() {
    assert_eq!(fixture::rng_stream(), fixture::PINNED_RNG);
}

#[test]
fn a_seeded_ppns_run_gives_the_pinned_counts() {
    assert_eq!(fixture::ppns_run(), fixture::PINNED_PPNS);
}

#[test]
fn seeded_mcts_runs_are_pinned() {
    fixture::check_mcts_runs();
}
