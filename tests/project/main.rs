//! The repository checked against itself (one test crate, so one binary to link): the
//! layering of `src/` and of the page's `www/` read from their own source, the maps
//! (`pnplay --help`, `src/lib.rs`, the book) naming every game and search of the catalogues,
//! the committed `results/` files summarising to what the command line wrote beside them; and
//! the test crates staying these few. Run one module with `cargo test --test project layering::`.

mod catalogue_docs;
mod layering;
mod page_layers;
mod results;
mod test_crates;
