//! The integration tests stay grouped into a few crates (issue 31): every crate of `tests/`
//! links the whole library, so a new top-level `tests/NAME.rs` (a crate of its own) fails here,
//! by name, until it becomes a module of its group (`tests/GROUP/NAME.rs` and a `mod NAME;`
//! line in `tests/GROUP/main.rs`). And a file of a group's folder that its `main.rs` does not
//! list would never compile or run: that fails here too.

use std::collections::BTreeSet;
use std::path::Path;

/// The test crates: four groups, the fuzz targets (run on their own by `scripts/test`),
/// `limits` alone (its counting global allocator would count for every test of a group) and
/// `wasm` (wasm32 only).
const CRATES: [&str; 7] = [
    "cli", "fuzz", "games", "limits", "project", "searches", "wasm",
];

fn tests_folder() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
}

/// The names of the `.rs` files in `folder`, without the extension.
fn rust_files(folder: &Path) -> BTreeSet<String> {
    std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .collect()
}

/// The folders of `tests/` that hold a `main.rs`: the crates cargo finds there besides the
/// top-level files.
fn crate_folders() -> BTreeSet<String> {
    std::fs::read_dir(tests_folder())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.join("main.rs").is_file())
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn the_tests_are_these_few_crates() {
    let mut found = rust_files(&tests_folder());
    found.extend(crate_folders());
    let expected: BTreeSet<String> = CRATES.iter().map(|name| name.to_string()).collect();
    let new: Vec<_> = found.difference(&expected).collect();
    assert!(
        new.is_empty(),
        "{new:?}: a test crate of its own links the whole library again; make it a module of \
         tests/games, tests/searches, tests/cli or tests/project (a `mod` line in its main.rs)"
    );
    assert_eq!(found, expected);
}

#[test]
fn every_file_of_a_crate_folder_is_one_of_its_modules() {
    for name in crate_folders() {
        let folder = tests_folder().join(&name);
        let main = std::fs::read_to_string(folder.join("main.rs")).unwrap();
        let declared: BTreeSet<String> = main
            .lines()
            .filter_map(|line| line.strip_prefix("mod ")?.strip_suffix(';'))
            .map(str::to_string)
            .collect();
        for file in rust_files(&folder) {
            assert!(
                file == "main" || declared.contains(&file),
                "tests/{name}/{file}.rs is not a module of tests/{name}/main.rs, so it never runs"
            );
        }
    }
}
