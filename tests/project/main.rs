//! The repository checked against itself (one test crate, so one binary to link): the
//! layering of `src/` and of the page's `www/` read from their own source, the maps
//! (`pnplay --help`, `src/lib.rs`, the book) naming every game and search of the catalogues,
//! the committed `results/` records summarising as the command line does and regenerating
//! their tables and plots (`scripts/results`), the Papers view's cards naming real files and sources; and the test crates staying these few. Run one module with `cargo test --test project layering::`.

mod cards;
mod catalogue_docs;
mod layering;
mod page_layers;
mod results;
mod test_crates;
