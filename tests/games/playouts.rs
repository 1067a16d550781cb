//! The pinned seeded playouts (tests/fixtures/playouts.rs) natively; tests/wasm.rs checks the
//! same table in wasm32.

#[path = "../fixtures/playouts.rs"]
mod fixture;

/// The seeded playouts, the generator's stream (any change to its algorithm would silently
/// change every seeded result), the PPNS run and the MCTS runs give the pinned results.
#[test]
fn seeded_runs_give_the_pinned_results() {
    fixture::check_pinned();
}
