//! `pnplay book` (issue 32): shards merged give the book one run gives, byte for byte, and so
//! does a build keeping its table from position to position (with fewer positions searched); a
//! merge refuses a missing, doubled or foreign shard; bad input is one line and a non-zero
//! exit.

use crate::common::{self, pnplay, pnplay_ok, words};

/// Builds connect4:5x4 to 6 stones in `shards` shards in `dir` (with `extra` options, named
/// by `name`) and returns the records files.
fn build_with(dir: &std::path::Path, shards: usize, name: &str, extra: &[&str]) -> Vec<String> {
    (1..=shards)
        .map(|k| {
            let out = dir
                .join(format!("{name}{k}of{shards}.txt"))
                .display()
                .to_string();
            let shard = format!("{k}/{shards}");
            let mut args = vec![
                "book",
                "build",
                "--game",
                "connect4:5x4",
                "--depth",
                "6",
                "--shard",
                &shard,
                "--out",
                &out,
            ];
            args.extend(extra);
            pnplay_ok(&args);
            out
        })
        .collect()
}

/// Builds connect4:5x4 to 6 stones in `shards` shards, each position from an empty table.
fn build(dir: &std::path::Path, shards: usize) -> Vec<String> {
    build_with(dir, shards, "s", &[])
}

/// The positions searched of a records file (its third column).
fn searched(file: &str) -> u64 {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .skip(1)
        .map(|line| line.split(' ').nth(2).unwrap().parse::<u64>().unwrap())
        .sum()
}

/// The stderr of a failed run, checked to be one line.
fn one_line_error(args: &[&str]) -> String {
    let output = pnplay(args);
    assert!(!output.status.success(), "{args:?} succeeded");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    stderr
}

#[test]
fn shards_merged_are_one_run() {
    let dir = common::temp_folder("book-shards");
    let whole = build(&dir, 1);
    let parts = build(&dir, 3);
    let one = dir.join("one.bin").display().to_string();
    let three = dir.join("three.bin.gz").display().to_string();
    let merged = pnplay_ok(&["book", "merge", &whole[0], "--out", &one, "--commit", "c"]);
    let text = String::from_utf8(merged.stdout).unwrap();
    assert!(text.contains("1626 scored"), "{text}");
    let mut args = vec!["book", "merge", "--out", &three, "--commit", "c"];
    args.extend(parts.iter().rev().map(String::as_str));
    pnplay_ok(&args);
    let gz = std::fs::read(&three).unwrap();
    let mut raw = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gz[..]), &mut raw).unwrap();
    assert_eq!(raw, std::fs::read(&one).unwrap());
    // Keeping the table: the same book, fewer positions searched.
    let kept = build_with(&dir, 1, "kept", &["--keep-table"]);
    let kept_book = dir.join("kept.bin").display().to_string();
    pnplay_ok(&[
        "book", "merge", &kept[0], "--out", &kept_book, "--commit", "c",
    ]);
    assert_eq!(
        std::fs::read(&kept_book).unwrap(),
        std::fs::read(&one).unwrap()
    );
    assert!(
        searched(&kept[0]) < searched(&whole[0]),
        "{} searched keeping the table, {} from empty tables",
        searched(&kept[0]),
        searched(&whole[0])
    );
    // A resumed build adds nothing to a finished file.
    let before = std::fs::read(&parts[0]).unwrap();
    build(&dir, 3);
    assert_eq!(std::fs::read(&parts[0]).unwrap(), before);
    // The book against the solver, and every move read from it.
    let checked = pnplay_ok(&words(&format!("book check --book {one} --sample 20")));
    assert!(
        String::from_utf8(checked.stdout)
            .unwrap()
            .contains("all sampled entries agree")
    );
    let moves = pnplay_ok(&words(&format!(
        "book moves --game connect4:5x4 --pos 33 --book {one}"
    )));
    let moves = String::from_utf8(moves.stdout).unwrap();
    assert_eq!(
        moves.lines().filter(|l| l.contains("(book,")).count(),
        5,
        "{moves}"
    );

    let error = one_line_error(&["book", "merge", &parts[0], &parts[1], "--out", &three]);
    assert!(error.contains("shard 3/3 is missing"), "{error}");
    let error = one_line_error(&[
        "book", "merge", &parts[0], &parts[0], &parts[1], "--out", &three,
    ]);
    assert!(error.contains("twice"), "{error}");
    let error = one_line_error(&["book", "merge", &whole[0], &parts[1], "--out", &three]);
    assert!(error.contains("not a shard of the same build"), "{error}");
    // A record moved to another shard's file.
    let mut text = std::fs::read_to_string(&parts[0]).unwrap();
    let stray = std::fs::read_to_string(&parts[1])
        .unwrap()
        .lines()
        .nth(1)
        .unwrap()
        .to_string();
    text.push_str(&stray);
    text.push('\n');
    std::fs::write(&parts[0], text).unwrap();
    let error = one_line_error(&[
        "book", "merge", &parts[0], &parts[1], &parts[2], "--out", &three,
    ]);
    assert!(error.contains("is not shard 1/3's"), "{error}");
}

#[test]
fn bad_input_is_one_line() {
    let dir = common::temp_folder("book-bad");
    let junk = dir.join("junk.bin");
    std::fs::write(&junk, b"PNC4BOOK\x01\x07\x06").unwrap();
    let junk = junk.display().to_string();
    for (args, expected) in [
        ("book build --game othello --depth 2 --out x", "--game"),
        (
            "book build --game connect4:4x4 --depth 17 --out x",
            "--depth",
        ),
        ("book build --depth 2 --shard 4/3 --out x", "shard"),
        ("book moves --pos 4453 --book missing.bin", "--book"),
        ("book moves --pos 44449 --memory 64M", "--pos"),
        (
            "book moves --pos 4 --book JUNK",
            "depth: the file ends early",
        ),
        ("book merge JUNK --out x", "not a book records header"),
    ] {
        let line = args.replace("JUNK", &junk);
        let error = one_line_error(&words(&line));
        assert!(error.contains(expected), "{line}: {error}");
    }
}
