//! Results files read back (the page's results viewer, issue 18) and regenerated (issue 31):
//! the committed records (`results/EXPERIMENT/X.jsonl.gz`) summarise to the summaries the
//! command line writes, with the papers' numbers beside ours for the experiments they
//! published; `scripts/results` rewrites every derived file (tables, CSV, plots) from the
//! records the same way twice, to the numbers the READMEs quote, and to the plots the book
//! embeds (the only derived files still committed).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

use pnplay::experiment::Stage;
use pnplay::experiment::paper::Experiment;
use pnplay::experiment::results::{Results, read};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The text of `results/NAME`, gunzipped if NAME ends in `.gz`.
fn results_file(name: &str) -> String {
    let path = repo().join("results").join(name);
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut text = String::new();
    if name.ends_with(".gz") {
        flate2::read::GzDecoder::new(file).read_to_string(&mut text)
    } else {
        std::io::BufReader::new(file).read_to_string(&mut text)
    }
    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text
}

/// Runs `scripts/results --into OUT` with this build's binary; the files it wrote.
fn regenerate(out: &Path) -> Vec<PathBuf> {
    let status = Command::new(repo().join("scripts/results"))
        .arg("--into")
        .arg(out)
        .env("PNPLAY_BIN", env!("CARGO_BIN_EXE_pnplay"))
        .status()
        .expect("scripts/results runs");
    assert!(status.success(), "scripts/results: {status}");
    let mut files = Vec::new();
    let mut folders = vec![out.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else {
                files.push(path.strip_prefix(out).unwrap().to_path_buf());
            }
        }
    }
    files.sort();
    files
}

#[test]
fn derived_files_regenerate_from_the_records_the_same_twice_with_the_quoted_numbers() {
    let base = std::env::temp_dir().join(format!("pnplay-results-{}", std::process::id()));
    let (first, second) = (base.join("first"), base.join("second"));
    let files = regenerate(&first);
    assert_eq!(regenerate(&second), files, "the same files twice");
    for file in &files {
        let bytes = |dir: &Path| std::fs::read(dir.join(file)).unwrap();
        assert!(
            bytes(&first) == bytes(&second),
            "{} differs between two runs",
            file.display()
        );
    }
    // Every committed records file (`results/EXPERIMENT/X.jsonl.gz`) has its table `X.txt`,
    // and no table comes from elsewhere.
    let mut records = Vec::new();
    for folder in std::fs::read_dir(repo().join("results")).unwrap() {
        let folder = folder.unwrap().path();
        if !folder.is_dir() {
            continue;
        }
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.strip_prefix(repo().join("results")).unwrap();
            if let Some(stem) = name.to_str().and_then(|n| n.strip_suffix(".jsonl.gz")) {
                records.push(PathBuf::from(format!("{stem}.txt")));
            }
        }
    }
    records.sort();
    let tables: Vec<_> = files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "txt"))
        .cloned()
        .collect();
    assert!(records.len() >= 60, "committed records: {}", records.len());
    assert_eq!(tables, records, "one table a records file");
    // The plots the book embeds are committed: they are the regenerated ones, byte for byte.
    for plot in [
        "othello-stages/othello-stages.svg",
        "arena/cpn-othello.svg",
        "arena/cpn-connect4.svg",
        "arena/budget-othello.svg",
        "arena/budget-connect4.svg",
    ] {
        assert_eq!(
            std::fs::read_to_string(first.join(plot)).unwrap(),
            results_file(plot),
            "{plot}"
        );
    }
    // The page's results viewer summarises the records as the command line does.
    for stem in [
        "othello-stages/othello-stages",
        "connect4-grid/connect4-grid",
        "2048-2x2/2048",
        "2048-2x2/2048-all-starts",
    ] {
        let Results::Experiment { csv, .. } =
            read(&results_file(&format!("{stem}.jsonl.gz")), None).unwrap()
        else {
            panic!("{stem}: not an experiment")
        };
        let written = std::fs::read_to_string(first.join(format!("{stem}.csv"))).unwrap();
        assert_eq!(csv, written, "{stem}");
    }
    // Numbers results/README.md quotes, as the tables print them (whitespace aside).
    let words = |name: &str| {
        let text = std::fs::read_to_string(first.join(name)).unwrap();
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    for (name, quoted) in [
        (
            "othello-stages/othello-stages.txt",
            "40 ppns 50 0 0 22 16 12 76.0 27/1/20 2/48 32130.7 108027",
        ),
        ("othello-stages/othello-stages-pns-8M.txt", "40 pns 50"),
        (
            "connect4-grid/connect4-grid.txt",
            "12 ppns θ=0.001 pr=1e-3 50 16 3 13 3 15 70.0 33/4/13 0/50",
        ),
        (
            "othello-paper-limits/othello-stages-paper-limits.txt",
            "36 ppns 64 0 0 37 14 13 79.7",
        ),
        (
            "arena/c4-5x4-pns-vs-alphabeta.txt",
            "200 games, W 21 D 67 L 112, win rate 27.3 % ± 6.2",
        ),
        (
            "arena/othello4-pns-vs-alphabeta.txt",
            "200 games, W 101 D 0 L 99, win rate 50.5 % ± 6.9",
        ),
        (
            "pnmcts-games/table2-time-loa.txt",
            "40 games, W 21 D 1 L 18, win rate 53.8 % ± 15.5",
        ),
        (
            "2048-play/d2-5-20games.txt",
            "2 20 14 6 0 0 0 0 3855.40 ± 999 297.25 ± 62",
        ),
    ] {
        assert!(words(name).contains(quoted), "{name}: no `{quoted}`");
    }
    std::fs::remove_dir_all(&base).unwrap();
}

#[test]
fn committed_experiment_files_read_back_to_their_summaries() {
    for (stem, experiment) in [
        ("othello-stages/othello-stages", Some("othello-stages")),
        ("connect4-grid/connect4-grid", Some("connect4-grid")),
        ("2048-2x2/2048", Some("2048")),
        ("2048-2x2/2048-all-starts", None),
    ] {
        let Results::Experiment {
            table,
            experiment: guessed,
            rows,
            records,
            ..
        } = read(&results_file(&format!("{stem}.jsonl.gz")), None).unwrap()
        else {
            panic!("{stem}: not an experiment")
        };
        assert_eq!(
            guessed, experiment,
            "{stem}: the published experiment is guessed"
        );
        assert_eq!(table.lines().count(), rows.len() + 1, "{stem}");
        assert_eq!(rows.iter().map(|r| r.row.n).sum::<usize>(), records);
        assert_eq!(
            rows.iter().any(|r| r.paper.is_some()),
            experiment.is_some(),
            "{stem}"
        );
    }
}

#[test]
fn the_papers_numbers_can_be_chosen_or_left_out() {
    let text = results_file("othello-stages/othello-stages.jsonl.gz");
    let Results::Experiment { rows, .. } = read(&text, Some(None)).unwrap() else {
        panic!()
    };
    assert!(rows.iter().all(|r| r.paper.is_none()));
    let Results::Experiment { rows, .. } =
        read(&text, Some(Some(Experiment::OthelloStages))).unwrap()
    else {
        panic!()
    };
    let pns32 = rows
        .iter()
        .find(|r| r.row.stage == Stage::Moves(32) && r.row.search.label() == "pns")
        .unwrap();
    assert_eq!(pns32.paper.as_ref().unwrap().completion, Some(39.0)); // paper Table 2
}

#[test]
fn games_files_read_back_to_each_matchs_summary_line() {
    let text = results_file("arena/c4-5x4-pns-vs-alphabeta.jsonl.gz");
    let Results::Games { matches, records } = read(&text, None).unwrap() else {
        panic!()
    };
    assert_eq!(
        matches
            .iter()
            .map(|m| m.summary.score.games as usize)
            .sum::<usize>(),
        records
    );
    for m in &matches {
        assert_eq!(m.curve.len() as u64, m.summary.score.games);
        assert_eq!(m.curve.last().unwrap().rate, m.summary.score.rate);
    }
}

#[test]
fn files_that_are_no_results_are_refused_naming_the_line() {
    let error = read("", None).unwrap_err();
    assert_eq!(error.field(), Some("file"));
    let good = results_file("2048-2x2/2048.jsonl.gz");
    let first = good.lines().next().unwrap();
    let error = read(&format!("{first}\n{{\"stage\":1}}\n"), None).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("line 2 is not an experiment record"),
        "{error}"
    );
}
