//! The `pnplay` command line.
fn main() {}
