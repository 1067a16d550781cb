//! `pnplay bench --compare` natively: the quick sets do the pinned work (tests/wasm.rs checks
//! the same table in wasm32), and the files it reads fail with errors naming the option and
//! the line. The node-side check of `scripts/bench-wasm.mjs --compare` against a native file
//! is tests/browser/bench-wasm.test.mjs.

use crate::common;

use std::path::Path;

use common::{pnplay, temp_folder};

#[path = "../fixtures/compare.rs"]
mod fixture;

#[test]
fn the_quick_sets_do_the_pinned_work() {
    fixture::check_quick_work();
}

#[test]
fn a_bad_baseline_fails_at_once_naming_the_option_and_the_line() {
    let dir = temp_folder("bench-compare");
    let compare = |flag: &str, file: &Path| {
        pnplay(&[
            "bench",
            "--compare",
            "--quick",
            flag,
            file.to_str().unwrap(),
        ])
    };
    let baseline = dir.join("baseline.jsonl");
    std::fs::write(&baseline, "\n{\"set\": \"x\"}\n").unwrap();
    let output = compare("--baseline", &baseline);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(
        stderr.contains("--baseline") && stderr.contains("line 2: baseline: missing field"),
        "{stderr}"
    );
    let output = compare("--ffo", &dir.join("missing.obf"));
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("--ffo"));
    std::fs::remove_dir_all(&dir).unwrap();
}
