//! Results files read back (the page's results viewer, issue 18): the committed results/
//! files summarise to the summaries (CSV) the command line wrote beside them, with the
//! papers' numbers beside ours for the experiments they published.

use pnplay::experiment::paper::Experiment;
use pnplay::experiment::results::{Results, read};

fn results_file(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("results")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn committed_experiment_files_read_back_to_the_written_summaries() {
    for (stem, experiment) in [
        ("othello-stages", Some("othello-stages")),
        ("connect4-grid", Some("connect4-grid")),
        ("2048", Some("2048")),
        ("2048-all-starts", None),
    ] {
        let Results::Experiment {
            csv,
            table,
            experiment: guessed,
            rows,
            records,
        } = read(&results_file(&format!("{stem}.jsonl")), None).unwrap()
        else {
            panic!("{stem}: not an experiment")
        };
        assert_eq!(
            guessed, experiment,
            "{stem}: the published experiment is guessed"
        );
        assert_eq!(csv, results_file(&format!("{stem}.csv")), "{stem}");
        assert_eq!(table.lines().count(), rows.len() + 1, "{stem}");
        assert_eq!(rows.iter().map(|r| r.n).sum::<usize>(), records);
        assert_eq!(
            rows.iter().any(|r| r.paper.is_some()),
            experiment.is_some(),
            "{stem}"
        );
    }
}

#[test]
fn the_papers_numbers_can_be_chosen_or_left_out() {
    let text = results_file("othello-stages.jsonl");
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
        .find(|r| r.stage == 32 && r.search == "pns")
        .unwrap();
    assert_eq!(pns32.paper.as_ref().unwrap().completion, Some(39.0)); // paper Table 2
}

#[test]
fn games_files_read_back_to_each_matchs_summary_line() {
    let text = results_file("arena/c4-5x4-pns-vs-alphabeta.jsonl");
    let Results::Games { matches, records } = read(&text, None).unwrap() else {
        panic!()
    };
    assert_eq!(
        matches
            .iter()
            .map(|m| m.summary.games as usize)
            .sum::<usize>(),
        records
    );
    for m in &matches {
        assert_eq!(m.curve.len() as u64, m.summary.games);
        assert_eq!(m.curve.last().unwrap().rate, m.summary.rate);
    }
}

#[test]
fn files_that_are_no_results_are_refused_naming_the_line() {
    let error = read("", None).unwrap_err();
    assert_eq!(error.field(), Some("file"));
    let good = results_file("2048.jsonl");
    let first = good.lines().next().unwrap();
    let error = read(&format!("{first}\n{{\"stage\":1}}\n"), None).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("line 2 is not an experiment record"),
        "{error}"
    );
}
