//! The maps name every game and search of the catalogues (issue 31): `pnplay --help`
//! (generated from them), the crate documentation in `src/lib.rs`, and the book's Games and
//! Searches chapters. A game or search added to a catalogue and missing from one of them
//! fails here, naming it and the place.

use std::process::Command;

use pnplay::game::catalogue::FAMILIES;
use pnplay::search::catalogue::SEARCHES;

/// A file of the repository as text.
fn read(path: &str) -> String {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// Every family id and search id missing from `text` written as code (`` `id` ``).
fn missing_ids(text: &str) -> Vec<&'static str> {
    let ids = FAMILIES.iter().map(|f| f.id);
    ids.chain(SEARCHES.iter().map(|s| s.id))
        .filter(|id| !text.contains(&format!("`{id}`")))
        .collect()
}

#[test]
fn pnplay_help_closes_with_every_game_and_search_of_the_catalogues() {
    let output = Command::new(env!("CARGO_BIN_EXE_pnplay"))
        .arg("--help")
        .output()
        .unwrap();
    assert!(output.status.success());
    let help = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = help.lines().map(str::trim).collect();
    for family in FAMILIES {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(family.grammar) && l.ends_with(family.title)),
            "pnplay --help has no line for the game {} ({}):\n{help}",
            family.id,
            family.grammar
        );
    }
    for search in SEARCHES {
        assert!(
            lines.iter().any(
                |l| l.split_whitespace().next() == Some(search.id) && l.ends_with(search.title)
            ),
            "pnplay --help has no line for the search {}:\n{help}",
            search.id
        );
    }
}

#[test]
fn the_crate_documentation_names_every_game_and_search() {
    let doc: String = read("src/lib.rs")
        .lines()
        .filter_map(|line| line.strip_prefix("//!"))
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(
        missing_ids(&doc),
        Vec::<&str>::new(),
        "missing from src/lib.rs"
    );
}

#[test]
fn the_book_names_every_game_and_search() {
    let games = read("docs/src/games.md");
    let searches = read("docs/src/searches.md");
    let missing_games: Vec<_> = FAMILIES
        .iter()
        .filter(|f| !games.contains(&format!("| `{}` —", f.id)))
        .map(|f| f.id)
        .collect();
    assert_eq!(
        missing_games,
        Vec::<&str>::new(),
        "missing from docs/src/games.md"
    );
    let missing_searches: Vec<_> = SEARCHES
        .iter()
        .filter(|s| !searches.contains(&format!("| `{}` | {} |", s.id, s.title)))
        .map(|s| s.id)
        .collect();
    assert_eq!(
        missing_searches,
        Vec::<&str>::new(),
        "missing from docs/src/searches.md"
    );
}
