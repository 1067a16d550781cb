//! Subtraction Nim: every exact search of the catalogue, through the engine, agrees with the
//! closed form on every heap up to 16 (tests/fixtures/nim.rs); perft through the engine
//! counts the takes.

use pnplay::engine::{GameSpec, perft};
use pnplay::search::catalogue::SEARCHES;

#[path = "../fixtures/nim.rs"]
mod fixture;

#[test]
fn every_exact_search_agrees_with_the_closed_form_on_every_heap_up_to_16() {
    let exact = SEARCHES.iter().filter(|s| s.capabilities.exact).count();
    assert!(exact >= 5, "the catalogue's exact searches: {exact}");
    let (compared, wrong) = fixture::disagreements(16);
    assert_eq!(compared, exact * fixture::TAKES.len() * 16);
    assert_eq!(wrong, Vec::<String>::new());
}

#[test]
fn perft_through_the_engine_counts_the_takes() {
    let spec: GameSpec = "nim:5".parse().unwrap();
    // From 5 stones, take 1–3: 3 first takes, 8 pairs (3 + 3 + 2: after a take of 3 at most 2
    // are left), and the 10 triples summing to at most 5.
    let counts: Vec<u64> = (1..=3)
        .map(|d| perft(&spec, Some(""), d).unwrap())
        .collect();
    assert_eq!(counts, [3, 8, 10]);
    assert_eq!(perft(&spec, Some("32"), 1).unwrap(), 0, "the heap is empty");
}
