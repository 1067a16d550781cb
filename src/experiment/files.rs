//! Reading the files the batch commands take (positions, plan files, shards' records) with a
//! bound on their size, so a wrong path to a huge file is an error, not an out-of-memory; and
//! records given as JSON Lines text, a record a line.

use std::fs::File;
use std::io::Read;
use std::path::Path;

/// Reads the text file `path` if it is at most `cap` bytes, else says it is too large.
///
/// # Errors
/// It cannot be read, is larger than `cap` or is not UTF-8 (the message names the file;
/// the caller adds the field).
pub fn read_bounded(path: &Path, cap: u64) -> Result<String, String> {
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|file| file.take(cap + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() as u64 > cap {
        return Err(format!(
            "{} is larger than {} MiB: not a file of this kind",
            path.display(),
            cap >> 20
        ));
    }
    String::from_utf8(bytes).map_err(|_| format!("{} is not UTF-8 text", path.display()))
}

/// The JSON Lines `text` read as one `R` a line, blank lines skipped.
///
/// # Errors
/// The first line that is not an `R`: `line N: why` (N counts every line, from 1).
pub fn json_lines<R: serde::de::DeserializeOwned>(text: &str) -> Result<Vec<R>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            serde_json::from_str(line).map_err(|e| {
                format!(
                    "line {}: {}",
                    i + 1,
                    crate::game::error::Elided::words(&e.to_string())
                )
            })
        })
        .collect()
}
