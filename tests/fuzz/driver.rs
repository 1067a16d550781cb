//! The fuzz driver: a seeded, time-bounded mutational fuzzer on stable Rust, over a committed
//! corpus.
//!
//! Each target names a directory `tests/fuzz/corpus/<target>/` whose files are inputs (raw
//! bytes). A run first replays every corpus file, then, until its share of `FUZZ_SECONDS`
//! (default [`DEFAULT_SECONDS`] for all targets together) is spent, mutates inputs in the way
//! libFuzzer does — bytes inserted, deleted, replaced, ranges repeated (long tokens, deep
//! nesting, huge texts), dictionary words and long numbers inserted, two inputs spliced —
//! starting from the corpus and from valid inputs the target generates. An input fails when
//! the target panics or returns an error (a broken round trip, a message that says the wrong
//! thing); the driver shrinks it, writes it to the corpus directory as `crash-<hash>` (commit
//! it: it is replayed on every later run) and fails the test naming the file.
//!
//! The seed is `FUZZ_SEED`, or the clock's when unset; it is printed with the number of inputs
//! tried, so a run can be repeated (within the same time budget and machine speed).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use pnplay::game::Rng;

/// Seconds of fuzzing for all targets together when `FUZZ_SECONDS` is unset.
pub const DEFAULT_SECONDS: f64 = 60.0;

/// The sum of the targets' weights: each target gets `weight / TOTAL_WEIGHT` of the budget.
pub const TOTAL_WEIGHT: f64 = 20.0;

/// Inputs longer than this are made only by the rare "huge" mutation.
const USUAL_MAX: usize = 4_096;
/// The longest input the driver makes.
const HUGE_MAX: usize = 1 << 20;
/// Inputs tried while shrinking one failure.
const SHRINK_TRIES: usize = 2_000;

/// What a target says about one input.
pub enum Verdict {
    /// The input was accepted (and every property held).
    Accepted,
    /// The input was refused with this one-line message (which the driver checks).
    Refused(String),
    /// The input was refused for an empty field (its message may say "empty text").
    RefusedEmpty(String),
}

/// A target's check: `Err` names a broken property.
pub type Check<'a> = dyn Fn(&[u8]) -> Result<Verdict, String> + 'a;

/// A fuzz target.
pub struct Target<'a> {
    /// The corpus directory's name and the name in the log.
    pub name: &'static str,
    /// Its share of the budget (out of [`TOTAL_WEIGHT`]).
    pub weight: f64,
    /// Words of the notation that mutations insert.
    pub dictionary: &'a [&'a str],
    /// Makes a valid input (checked like any other, and a start for mutations).
    pub generate: &'a dyn Fn(&mut Rng) -> Vec<u8>,
    /// Runs the parser(s) on an input and checks the properties.
    pub check: &'a Check<'a>,
    /// Whether a failing input is shrunk (not where an input is a list of choices, which
    /// shrinking turns into other cases).
    pub shrink: bool,
}

/// What one run of a target did: its line of the fuzz log.
#[derive(Debug, Default)]
pub struct Log {
    /// Corpus files replayed.
    pub replayed: usize,
    /// Generated valid inputs tried.
    pub generated: usize,
    /// Mutated inputs tried.
    pub mutated: usize,
    /// Inputs refused with a message.
    pub refused: usize,
    /// Longest input tried, in bytes.
    pub longest: usize,
    /// Failures: the corpus file written and what went wrong.
    pub failures: Vec<(PathBuf, String)>,
}

/// The corpus directory of a target.
pub fn corpus_dir(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz/corpus")
        .join(name)
}

/// The run's seed: `FUZZ_SEED`, else from the clock.
fn seed() -> u64 {
    std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
        })
}

/// The whole budget in seconds: `FUZZ_SECONDS`, else [`DEFAULT_SECONDS`].
fn total_seconds() -> f64 {
    std::env::var("FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .unwrap_or(DEFAULT_SECONDS)
}

/// A failure's text, elided for the log.
fn show(input: &[u8]) -> String {
    let text = String::from_utf8_lossy(input);
    if text.chars().count() <= 80 {
        format!("{text:?}")
    } else {
        let head: String = text.chars().take(80).collect();
        format!("{head:?}…({} bytes)", input.len())
    }
}

thread_local! {
    /// Whether this thread is running a check, whose panics are reported as failures.
    static CHECKING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Installs (once) a panic hook that stays quiet in a thread running a check (each failure
/// is reported once, shrunk) and prints as usual anywhere else.
fn quiet_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let usual = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !CHECKING.with(std::cell::Cell::get) {
                usual(info);
            }
        }));
    });
}

/// Runs the check on `input`, a panic turned into an error.
fn run_one(check: &Check<'_>, input: &[u8]) -> Result<Verdict, String> {
    CHECKING.with(|c| c.set(true));
    let result = catch_unwind(AssertUnwindSafe(|| check(input)));
    CHECKING.with(|c| c.set(false));
    match result {
        Ok(result) => result,
        Err(panic) => Err(format!(
            "panicked: {}",
            panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("(no message)")
        )),
    }
}

/// Runs a target: replays its corpus, then fuzzes for its share of the budget, prints its log
/// line and fails if any input failed.
pub fn fuzz(target: &Target<'_>) -> Log {
    let seed = seed() ^ fnv(target.name.as_bytes());
    let budget = Duration::from_secs_f64(total_seconds() * target.weight / TOTAL_WEIGHT);
    let mut rng = Rng::new(seed);
    let mut log = Log::default();
    quiet_panics();

    let mut pool: Vec<Vec<u8>> = Vec::new();
    let dir = corpus_dir(target.name);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    for path in files {
        let input = std::fs::read(&path).unwrap();
        log.replayed += 1;
        if let Err(what) = try_input(target, &input, &mut log) {
            log.failures.push((path.clone(), what));
        }
        pool.push(input);
    }

    let started = Instant::now();
    while started.elapsed() < budget {
        let input = if pool.is_empty() || rng.below(8) == 0 {
            log.generated += 1;
            let input = (target.generate)(&mut rng);
            pool.push(input.clone());
            if pool.len() > 512 {
                pool.swap_remove(rng.below(pool.len() as u32) as usize);
            }
            input
        } else {
            log.mutated += 1;
            let base = &pool[rng.below(pool.len() as u32) as usize];
            let other = &pool[rng.below(pool.len() as u32) as usize];
            mutate(base, other, target.dictionary, &mut rng)
        };
        if let Err(what) = try_input(target, &input, &mut log) {
            let small = if target.shrink {
                shrink(target.check, input)
            } else {
                input
            };
            let what = run_one(target.check, &small).err().unwrap_or(what);
            let path = dir.join(format!("crash-{:016x}", fnv(&small)));
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &small).unwrap();
            log.failures.push((path, what));
            if log.failures.len() >= 5 {
                break;
            }
        }
    }
    println!(
        "fuzz {:<22} seed {seed:>20}: {:>7} inputs ({} corpus, {} generated, {} mutated), \
         {} refused, longest {} bytes, {:.1} s, {} failures",
        target.name,
        log.replayed + log.generated + log.mutated,
        log.replayed,
        log.generated,
        log.mutated,
        log.refused,
        log.longest,
        started.elapsed().as_secs_f64(),
        log.failures.len()
    );
    let failures: Vec<String> = log
        .failures
        .iter()
        .map(|(path, what)| {
            let input = std::fs::read(path).unwrap_or_default();
            format!("{} = {}: {what}", path.display(), show(&input))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "fuzz {}: {} failing inputs (written to the corpus; fix, then commit them):\n{}",
        target.name,
        failures.len(),
        failures.join("\n")
    );
    log
}

/// Checks one input, counting it, and checks the message of a refusal.
fn try_input(target: &Target<'_>, input: &[u8], log: &mut Log) -> Result<(), String> {
    log.longest = log.longest.max(input.len());
    match run_one(target.check, input)? {
        Verdict::Accepted => Ok(()),
        Verdict::Refused(message) => {
            log.refused += 1;
            check_message(input, &message)
        }
        Verdict::RefusedEmpty(message) => {
            log.refused += 1;
            check_message(b"", &message)
        }
    }
}

/// The most characters an error message may have: one line naming what is wrong, long input
/// elided (the longest fixed text, the list of game names, is about 300).
pub const MAX_MESSAGE: usize = 600;

/// A refusal's message is one line, short whatever the input's length, and says "empty" only
/// of an empty text.
pub fn check_message(input: &[u8], message: &str) -> Result<(), String> {
    if message.contains('\n') {
        return Err(format!("message of several lines: {message:?}"));
    }
    if message.chars().count() > MAX_MESSAGE {
        return Err(format!(
            "message of {} characters (long input echoed?): {}",
            message.chars().count(),
            show(message.as_bytes())
        ));
    }
    if message.trim().is_empty() {
        return Err("empty message".to_string());
    }
    let blank = String::from_utf8_lossy(input).trim().is_empty();
    if message.contains("empty text") && !blank {
        return Err(format!("\"empty text\" for a non-empty input: {message:?}"));
    }
    Ok(())
}

/// The FNV-1a hash of `bytes`: names crash files.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A smaller input that still fails: ranges removed, halving their length, while it fails.
fn shrink(check: &Check<'_>, mut input: Vec<u8>) -> Vec<u8> {
    let mut tries = 0;
    let mut chunk = input.len() / 2;
    while chunk > 0 && tries < SHRINK_TRIES {
        let mut at = 0;
        while at + chunk <= input.len() && tries < SHRINK_TRIES {
            let mut smaller = input.clone();
            smaller.drain(at..at + chunk);
            tries += 1;
            if run_one(check, &smaller).is_err() {
                input = smaller;
            } else {
                at += chunk;
            }
        }
        chunk /= 2;
    }
    input
}

/// Bytes that mean something in some notation, and some that mean nothing anywhere.
const INTERESTING: &[u8] = b"0123456789[]()/;:,.-+ \t\n\r\0xXpcWLDSN=*?#\\\"'{}";

/// One to five random mutations of `base` (`other` for splicing), as libFuzzer makes them.
fn mutate(base: &[u8], other: &[u8], dictionary: &[&str], rng: &mut Rng) -> Vec<u8> {
    let mut out = base.to_vec();
    let rounds = 1 + rng.below(5);
    for _ in 0..rounds {
        let at = |rng: &mut Rng, len: usize| rng.below(len as u32 + 1) as usize;
        match rng.below(13) {
            0 => {
                let i = at(rng, out.len());
                out.insert(i, rng.below(256) as u8);
            }
            1 | 2 => {
                let i = at(rng, out.len());
                let byte = INTERESTING[rng.below(INTERESTING.len() as u32) as usize];
                out.insert(i, byte);
            }
            3 if !out.is_empty() => {
                let i = rng.below(out.len() as u32) as usize;
                let n = 1 + rng.below((out.len() - i).min(16) as u32) as usize;
                out.drain(i..i + n);
            }
            4 if !out.is_empty() => {
                let i = rng.below(out.len() as u32) as usize;
                out[i] = INTERESTING[rng.below(INTERESTING.len() as u32) as usize];
            }
            5 | 6 if !dictionary.is_empty() => {
                let word = dictionary[rng.below(dictionary.len() as u32) as usize];
                let i = at(rng, out.len());
                out.splice(i..i, word.bytes());
            }
            7 if !out.is_empty() => {
                // Repeat a short range: long tokens, deep nesting, many fields.
                let i = rng.below(out.len() as u32) as usize;
                let n = 1 + rng.below((out.len() - i).min(8) as u32) as usize;
                let piece = out[i..i + n].to_vec();
                let most = if rng.below(50) == 0 { 200_000 } else { 64 };
                let times = 1 + rng.below(most) as usize;
                let max = if rng.below(50) == 0 {
                    HUGE_MAX
                } else {
                    USUAL_MAX
                };
                let times = times.min(max.saturating_sub(out.len()) / n);
                let tail = out.split_off(i);
                for _ in 0..times {
                    out.extend_from_slice(&piece);
                }
                out.extend_from_slice(&tail);
            }
            8 => {
                // A long or huge number.
                let most = if rng.below(4) == 0 { 400 } else { 24 };
                let digits = 1 + rng.below(most) as usize;
                let number: Vec<u8> = (0..digits).map(|_| b'0' + rng.below(10) as u8).collect();
                let i = at(rng, out.len());
                out.splice(i..i, number);
            }
            9 if !other.is_empty() => {
                // Splice: a prefix of this, a suffix of the other.
                let i = at(rng, out.len());
                let j = rng.below(other.len() as u32) as usize;
                out.truncate(i);
                out.extend_from_slice(&other[j..]);
            }
            10 => {
                // Characters outside ASCII: digits and spaces of other scripts, accents,
                // invalid UTF-8.
                const WIDE: &[&str] = &[
                    "é",
                    "٥",
                    "５",
                    "\u{a0}",
                    "\u{200b}",
                    "\u{fffd}",
                    "\u{1f600}",
                    "\u{0301}",
                ];
                let i = at(rng, out.len());
                if rng.below(4) == 0 {
                    out.insert(i, 0x80 | rng.below(64) as u8);
                } else {
                    let s = WIDE[rng.below(WIDE.len() as u32) as usize];
                    out.splice(i..i, s.bytes());
                }
            }
            11 if out.len() >= 2 => {
                let i = rng.below(out.len() as u32) as usize;
                let j = rng.below(out.len() as u32) as usize;
                out.swap(i, j);
            }
            _ if !out.is_empty() => {
                let i = rng.below(out.len() as u32) as usize;
                out[i] = out[i].to_ascii_uppercase() ^ (rng.below(2) as u8 * 0x20);
            }
            _ => out.push(INTERESTING[rng.below(INTERESTING.len() as u32) as usize]),
        }
    }
    out
}
