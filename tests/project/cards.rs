//! The Papers view's cards (issue 33): every `results/*/cards.json` parses, names only paper
//! sources the engine's tables hold and files its folder has, every card's records summarise
//! (the page opens them with the results viewer's reader) and its PPN histories read back, ids
//! are unique, and every table and figure of the seeds the issue lists has a card.

use std::path::Path;

use pnplay::experiment::cards::{Status, check_folder};
use pnplay::experiment::ppn_history::PpnHistory;
use pnplay::experiment::results::{published, read};

/// The `seed` references every card set must cover: one substring per item of the issue.
const ITEMS: &[&str] = &[
    "PPNS paper, §4.2, Table 1",
    "§4.1, Table 2",
    "PPNS paper, §4.1, Table 3",
    "PPNS paper, §4.2, Figure 4",
    "PPNS paper, §4.2, Figure 5",
    "PPNS paper, §4.2, Figure 6",
    "PPNS paper, §4.1, Figure 7",
    "PPNS paper, §4.1, Figure 8",
    "PN-MCTS paper, §V-D1, Table I",
    "PN-MCTS paper, §V-D4, Table II",
    "PN-MCTS paper, §V-D2, Figure 3",
    "PN-MCTS paper, §V-D3, Figure 4",
    "Table 3.1",
    "Table 3.2",
    "Table 3.3",
    "Table 4.2 (AND reading)",
    "Table 4.2 (OR reading)",
    "Table 5.1",
    "Table 5.2",
    "Figures 5-3 to 5-6",
    "heuristics paper, Table 1",
    "heuristics paper, Table 2",
    "TCG slides",
];

fn gunzipped(path: &Path) -> String {
    use std::io::Read;
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut text = String::new();
    if path.extension().is_some_and(|e| e == "gz") {
        flate2::read::GzDecoder::new(file).read_to_string(&mut text)
    } else {
        std::io::BufReader::new(file).read_to_string(&mut text)
    }
    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text
}

#[test]
fn every_card_file_parses_names_existing_files_and_covers_the_seeds() {
    let results = Path::new(env!("CARGO_MANIFEST_DIR")).join("results");
    let mut folders: Vec<_> = std::fs::read_dir(&results)
        .unwrap()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.join("cards.json").is_file())
        .collect();
    folders.sort();
    assert!(folders.len() >= 8, "card folders: {folders:?}");
    let mut ids = Vec::new();
    let mut seeds = Vec::new();
    for folder in &folders {
        let cards = check_folder(folder).unwrap_or_else(|e| panic!("{}: {e}", folder.display()));
        assert!(!cards.is_empty(), "{}: no card", folder.display());
        for card in cards {
            assert!(!ids.contains(&card.id), "card id {} twice", card.id);
            for source in &card.paper {
                let table = published(source).unwrap();
                assert!(
                    !table.rows.is_empty() || !table.cells.is_empty(),
                    "card {}: {source} holds no number",
                    card.id
                );
            }
            for records in &card.records {
                read(&gunzipped(&folder.join(records)), None)
                    .unwrap_or_else(|e| panic!("card {}: {records}: {e}", card.id));
            }
            for histories in &card.histories {
                // PPN histories (`pnplay experiment ppn-history`): each line a record whose
                // history ends at the run's last iteration.
                for line in gunzipped(&folder.join(histories)).lines() {
                    let record: PpnHistory = serde_json::from_str(line)
                        .unwrap_or_else(|e| panic!("card {}: {histories}: {e}", card.id));
                    let last = record.history.last().expect("a history has points");
                    assert_eq!(last.iteration, record.run.iterations, "card {}", card.id);
                }
            }
            if card.status == Status::NotYetRun {
                assert!(
                    card.records.is_empty() && card.rerun.is_none(),
                    "{}",
                    card.id
                );
            }
            ids.push(card.id);
            seeds.push(card.seed);
        }
    }
    for item in ITEMS {
        assert!(
            seeds.iter().any(|seed| seed.contains(item)),
            "no card for {item}"
        );
    }
}

#[test]
fn a_card_naming_a_missing_file_or_an_unknown_source_is_refused() {
    let dir = std::env::temp_dir().join(format!("pnplay-cards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let card = |records: &str, source: &str| {
        format!(
            r#"{{"cards":[{{"id":"x","title":"t","seed":"s","paper":["{source}"],
            "records":["{records}"],"status":"differs","reason":"r","evidence":"README.md"}}]}}"#
        )
    };
    std::fs::write(dir.join("README.md"), "evidence\n").unwrap();
    std::fs::write(dir.join("cards.json"), card("gone.jsonl", "paper Table 2")).unwrap();
    let error = check_folder(&dir).unwrap_err().to_string();
    assert!(error.contains("gone.jsonl"), "{error}");
    std::fs::write(dir.join("cards.json"), card("README.md", "paper Table 9")).unwrap();
    let error = check_folder(&dir).unwrap_err().to_string();
    assert!(error.contains("paper Table 9"), "{error}");
    std::fs::write(dir.join("cards.json"), card("README.md", "paper Table 2")).unwrap();
    assert_eq!(check_folder(&dir).unwrap().len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}
