//! `pnplay bench --compare` natively: the quick sets do the pinned work (tests/wasm.rs checks
//! the same table in wasm32), and the files it reads fail with errors naming the option and
//! the line. The node-side check of `scripts/bench-wasm.mjs --compare` against a native file
//! is tests/browser/bench-wasm.test.mjs.

use crate::common;

use common::pnplay;

#[path = "../fixtures/compare.rs"]
mod fixture;

#[test]
fn the_quick_sets_do_the_pinned_work() {
    let work = fixture::quick_work();
    assert!(fixture::is_pinned(&work), "{work:?}");
}

#[test]
fn a_bad_baseline_fails_at_once_naming_the_option_and_the_line() {
    let dir = std::env::temp_dir().join(format!("pnplay-bench-compare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let baseline = dir.join("baseline.jsonl");
    std::fs::write(&baseline, "\n{\"set\": \"x\"}\n").unwrap();
    let output = pnplay(&[
        "bench",
        "--compare",
        "--quick",
        "--baseline",
        baseline.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(
        stderr.contains("--baseline") && stderr.contains("line 2: baseline: missing field"),
        "{stderr}"
    );
    let missing = dir.join("missing.obf");
    let output = pnplay(&[
        "bench",
        "--compare",
        "--quick",
        "--ffo",
        missing.to_str().unwrap(),
    ]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("--ffo"));
    std::fs::remove_dir_all(&dir).unwrap();
}
