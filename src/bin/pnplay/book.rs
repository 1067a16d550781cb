//! `pnplay book`: Connect Four's opening book ([`pnplay::game::connect4::book`]), made by the
//! game's own solver in shards that run as a Slurm array, and read back.
//!
//! * `book build --depth D [--shard K/N] --out FILE`: the exact score of every position of
//!   exactly D stones (one per mirror class, games over left out) that shard K of N owns
//!   (position `u` in key order is shard `u mod N + 1`'s, as `--shard` deals units
//!   everywhere), one plain line each: `<moves> <score> <positions searched> <ms>`, after a
//!   `#` header line naming the board, depth and shard. A run resumes a file it finds. Each
//!   position is searched from an empty table, so its count depends on nothing else; with
//!   `--keep-table` the table is kept from one position to the next (the shard's positions
//!   share much of their subtrees: on the 6 × 5 board's 330 positions of 4 stones, 69 M
//!   positions searched instead of 137 M), and a count then depends on the positions before
//!   it in the shard. The scores are exact either way.
//! * `book merge FILES… --out BOOK`: the N shards' records joined (each shard once, every
//!   position once and in its own shard), the shallower layers derived by negamax, the book
//!   written (gzipped when BOOK ends in `.gz`).
//! * `book moves --pos P [--book BOOK]`: every legal move's exact score, from the book where
//!   it holds the child, else by the solver.
//! * `book check --book BOOK --sample N`: N random entries of every layer from `--from` on
//!   scored again by the solver.
//! * `book count --depth D`: positions per layer.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use pnplay::engine::GameSpec;
use pnplay::experiment::shard::Shard;
use pnplay::game::Game;
use pnplay::game::catalogue::Catalogued;
use pnplay::game::connect4::book::{Book, canonical_key, positions_at};
use pnplay::game::connect4::every_move::{Source, columns_to_search, every_move};
use pnplay::game::connect4::solver::ConnectFourSolver;
use pnplay::game::connect4::{Connect4, Dims};
use pnplay::game::knowledge::ExactSolver;
use pnplay::search::Limits;

use crate::params;

/// The subcommands of `pnplay book`.
#[derive(Subcommand)]
pub enum BookCommand {
    /// Score every position of exactly --depth stones (this shard's), one line each to --out.
    Build {
        #[command(flatten)]
        board: BoardArgs,
        /// Stones of the positions scored.
        #[arg(long)]
        depth: usize,
        /// Run part K of N (positions dealt round robin in key order).
        #[arg(long)]
        shard: Option<Shard>,
        /// The records file (resumed if it is this shard's).
        #[arg(long)]
        out: PathBuf,
        /// Keep the solver's table from one position to the next (fewer positions searched;
        /// a record's count then depends on the positions before it).
        #[arg(long)]
        keep_table: bool,
        #[command(flatten)]
        solver: SolverArgs,
    },
    /// Join the shards' records, derive the shallower positions and write the book.
    Merge {
        /// The records files of every shard, in any order.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The book file (gzipped if it ends in .gz).
        #[arg(long)]
        out: PathBuf,
        /// The commit named in the book's header [default: `git rev-parse --short HEAD`].
        #[arg(long)]
        commit: Option<String>,
    },
    /// Every legal move's exact score: from the book where it holds the child, else the solver.
    Moves {
        #[command(flatten)]
        board: BoardArgs,
        /// Position text (the columns played, like 4453).
        #[arg(long, allow_hyphen_values = true)]
        pos: String,
        /// The book file [default: none, every child searched].
        #[arg(long)]
        book: Option<PathBuf>,
        #[command(flatten)]
        solver: SolverArgs,
        /// Threads searching the children side by side, one solver each, the memory limit
        /// shared among them; the scores are the same, the positions counted vary.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
        /// Print one JSON object instead.
        #[arg(long)]
        json: bool,
    },
    /// Score --sample random entries of every layer from --from stones on with the solver
    /// and compare them with the book.
    Check {
        /// The book file.
        #[arg(long)]
        book: PathBuf,
        /// Entries per layer.
        #[arg(long, default_value_t = 10)]
        sample: usize,
        /// The shallowest layer checked (shallow positions take the solver minutes).
        #[arg(long, default_value_t = 0)]
        from: usize,
        /// The sample's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[command(flatten)]
        solver: SolverArgs,
    },
    /// Count the positions of each number of stones up to --depth (one per mirror class).
    Count {
        #[command(flatten)]
        board: BoardArgs,
        /// The most stones.
        #[arg(long)]
        depth: usize,
    },
}

/// The board a command is about.
#[derive(Args)]
pub struct BoardArgs {
    /// connect4 or connect4:WxH.
    #[arg(long, default_value = "connect4")]
    game: GameSpec,
}

impl BoardArgs {
    /// The board's size, or an error naming `--game` for another game.
    fn dims(&self) -> Result<Dims, String> {
        let name = self.game.to_string();
        match <Connect4 as Catalogued>::parse_name(&name) {
            Some(dims) => dims.map_err(|e| format!("--game: {e}")),
            None => Err(format!(
                "--game: the book is Connect Four's (connect4 or connect4:WxH), got {name}"
            )),
        }
    }
}

/// The solver's limits.
#[derive(Args)]
pub struct SolverArgs {
    /// Most seconds per position.
    #[arg(long, value_parser = params::seconds)]
    time: Option<f64>,
    /// Most bytes the solver's table may take, with a unit: 512M, 2G (default 1G).
    #[arg(long, value_parser = params::memory)]
    memory: Option<u64>,
}

impl SolverArgs {
    fn limits(&self) -> Limits {
        Limits {
            max_seconds: self.time,
            max_bytes: Some(self.memory.unwrap_or(1 << 30)),
            ..Limits::default()
        }
    }
}

/// Runs `pnplay book …`.
pub fn run(command: &BookCommand) -> Result<(), String> {
    match command {
        BookCommand::Build {
            board,
            depth,
            shard,
            out,
            keep_table,
            solver,
        } => build(
            board.dims()?,
            *depth,
            shard.unwrap_or(Shard::WHOLE),
            out,
            *keep_table,
            &solver.limits(),
        ),
        BookCommand::Merge { files, out, commit } => merge(files, out, commit.as_deref()),
        BookCommand::Moves {
            board,
            pos,
            book,
            solver,
            threads,
            json,
        } => moves(
            board.dims()?,
            pos,
            book.as_deref(),
            &solver.limits(),
            (*threads).into(),
            *json,
        ),
        BookCommand::Check {
            book,
            sample,
            from,
            seed,
            solver,
        } => check(&read_book(book)?, *sample, *from, *seed, &solver.limits()),
        BookCommand::Count { board, depth } => count(board.dims()?, *depth),
    }
}

/// A records file's header line.
fn header(dims: Dims, depth: usize, shard: Shard) -> String {
    format!("# pnplay book connect4:{dims} depth {depth} shard {shard}")
}

/// The header's fields back: board, depth, shard.
fn parse_header(line: &str, file: &Path) -> Result<(Dims, usize, Shard), String> {
    let bad = || {
        format!(
            "{}: the first line is not a book records header",
            file.display()
        )
    };
    let words: Vec<&str> = line.split_whitespace().collect();
    match words[..] {
        ["#", "pnplay", "book", game, "depth", depth, "shard", shard] => Ok((
            game.strip_prefix("connect4:")
                .ok_or_else(bad)?
                .parse()
                .map_err(|e| format!("{}: {e}", file.display()))?,
            depth.parse().map_err(|_| bad())?,
            shard
                .parse()
                .map_err(|e| format!("{}: {e}", file.display()))?,
        )),
        _ => Err(bad()),
    }
}

/// A record line's position and score, or an error naming the file and line.
fn parse_record(
    dims: Dims,
    line: &str,
    file: &Path,
    number: usize,
) -> Result<(Connect4, i32), String> {
    let at = || format!("{} line {number}", file.display());
    let mut words = line.split_whitespace();
    let (Some(moves), Some(score)) = (words.next(), words.next()) else {
        return Err(format!("{}: expected `<moves> <score> …`", at()));
    };
    let pos = Connect4::parse_position(&dims, moves).map_err(|e| format!("{}: {e}", at()))?;
    let score = score
        .parse()
        .map_err(|_| format!("{}: score {score} is not a number", at()))?;
    Ok((pos, score))
}

/// `book build`: this shard's positions scored, appended to `out` (resumed).
fn build(
    dims: Dims,
    depth: usize,
    shard: Shard,
    out: &Path,
    keep_table: bool,
    limits: &Limits,
) -> Result<(), String> {
    if depth > dims.cells() {
        return Err(format!(
            "--depth: {depth} is more than the {} cells",
            dims.cells()
        ));
    }
    let positions = positions_at(dims, depth);
    let mine: Vec<&Connect4> = positions
        .iter()
        .enumerate()
        .filter(|&(unit, _)| shard.owns(unit))
        .map(|(_, pos)| pos)
        .collect();
    let head = header(dims, depth, shard);
    let mut done = std::collections::HashSet::new();
    if out.exists() {
        let text = params::read_input("out", out)?;
        let mut lines = text.lines();
        if lines.next() != Some(head.as_str()) {
            return Err(format!(
                "--out: {} is not the records of {head}: give another file",
                out.display()
            ));
        }
        for (i, line) in lines.enumerate() {
            done.insert(canonical_key(&parse_record(dims, line, out, i + 2)?.0));
        }
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .map_err(|e| format!("--out: {}: {e}", out.display()))?;
    let write = |file: &mut std::fs::File, line: &str| {
        writeln!(file, "{line}")
            .and_then(|()| file.flush())
            .map_err(|e| format!("--out: {}: {e}", out.display()))
    };
    if done.is_empty() && file.metadata().map_or(0, |m| m.len()) == 0 {
        write(&mut file, &head)?;
    }
    eprintln!(
        "book build: {} of the {} positions of {depth} stones are shard {shard}'s, {} done",
        mine.len(),
        positions.len(),
        done.len()
    );
    let mut solver = ConnectFourSolver::new(dims);
    for pos in mine
        .into_iter()
        .filter(|pos| !done.contains(&canonical_key(pos)))
    {
        let clock = pnplay::search::Clock::start();
        if !keep_table {
            solver.clear();
        }
        let score = solver.score(pos, limits).ok_or_else(|| {
            format!(
                "{}: a limit was reached before the exact score",
                pos.format_position()
            )
        })?;
        write(
            &mut file,
            &format!(
                "{} {} {} {}",
                pos.format_position(),
                score.value,
                solver.nodes(),
                (clock.seconds() * 1000.0).round()
            ),
        )?;
    }
    Ok(())
}

/// `book merge`: the shards' records checked and joined into the book.
fn merge(files: &[PathBuf], out: &Path, commit: Option<&str>) -> Result<(), String> {
    let mut plan: Option<(Dims, usize, usize)> = None;
    let mut seen_shards = HashMap::new();
    let mut leaves: HashMap<u64, i32> = HashMap::new();
    let mut records = 0;
    for file in files {
        let text = params::read_input("files", file)?;
        let mut lines = text.lines();
        let (dims, depth, shard) = parse_header(lines.next().unwrap_or(""), file)?;
        let this = (dims, depth, shard.count());
        if *plan.get_or_insert(this) != this {
            return Err(format!(
                "{}: {} is not a shard of the same build as {}",
                file.display(),
                header(dims, depth, shard),
                files[0].display()
            ));
        }
        if let Some(other) = seen_shards.insert(shard.index(), file) {
            return Err(format!(
                "files: shard {shard} twice ({} and {})",
                other.display(),
                file.display()
            ));
        }
        let units: HashMap<u64, usize> = positions_at(dims, depth)
            .iter()
            .enumerate()
            .map(|(unit, pos)| (canonical_key(pos), unit))
            .collect();
        for (i, line) in lines.enumerate() {
            let (pos, score) = parse_record(dims, line, file, i + 2)?;
            let key = canonical_key(&pos);
            let where_ = || format!("{} line {}", file.display(), i + 2);
            match units.get(&key) {
                Some(&unit) if shard.owns(unit) => {}
                Some(_) => return Err(format!("{}: {line} is not shard {shard}'s", where_())),
                None => {
                    return Err(format!(
                        "{}: {} is not a position of {depth} stones in play",
                        where_(),
                        pos.format_position()
                    ));
                }
            }
            if leaves.insert(key, score).is_some() {
                return Err(format!("{}: {} twice", where_(), pos.format_position()));
            }
            records += 1;
        }
    }
    let (dims, depth, count) = plan.ok_or("files: none given")?;
    if let Some(missing) = (1..=count).find(|k| !seen_shards.contains_key(k)) {
        return Err(format!("files: shard {missing}/{count} is missing"));
    }
    let commit = commit.map_or_else(git_commit, str::to_string);
    let book = Book::derive(dims, depth, &leaves, &commit).map_err(|e| e.to_string())?;
    let raw = book.to_bytes();
    let bytes = if out.extension().is_some_and(|ext| ext == "gz") {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(&raw)
            .and_then(|()| gz.finish())
            .map_err(|e| format!("--out: {e}"))?
    } else {
        raw.clone()
    };
    std::fs::write(out, &bytes).map_err(|e| format!("--out: {}: {e}", out.display()))?;
    outln!(
        "book of connect4:{dims} to {depth} stones: {} positions ({records} scored, the rest derived), {} bytes ({} written to {}), commit {commit}",
        book.len(),
        raw.len(),
        bytes.len(),
        out.display()
    );
    Ok(())
}

/// The current checkout's short commit, or `unknown` outside a git checkout.
fn git_commit() -> String {
    std::process::Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()
        .filter(|out| out.status.success())
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .map_or_else(|| "unknown".to_string(), |text| text.trim().to_string())
}

/// A book file, gzipped or not.
fn read_book(path: &Path) -> Result<Book, String> {
    let raw = crate::params::read_gzipped_or_not("book", path)?;
    Book::from_bytes(&raw).map_err(|e| format!("--book: {}: {e}", path.display()))
}

/// The stack of each thread of `book moves --threads` (a search follows at most 42 plies).
const MOVES_STACK_BYTES: usize = 8 << 20;

/// `book moves`: every legal move's exact score.
fn moves(
    dims: Dims,
    pos: &str,
    book: Option<&Path>,
    limits: &Limits,
    threads: usize,
    json: bool,
) -> Result<(), String> {
    let book = book.map(read_book).transpose()?;
    if let Some(book) = &book {
        if book.dims() != dims {
            return Err(format!("--book: a book of {}, not of {dims}", book.dims()));
        }
    }
    let pos = Connect4::parse_position(&dims, pos).map_err(|e| format!("--pos: {e}"))?;
    // Threads only for the columns the solver searches.
    let threads = threads.min(columns_to_search(&pos, book.as_ref()));
    let pool = if threads > 1 {
        let pool = pnplay::core::threads::pool(threads, MOVES_STACK_BYTES)
            .ok_or_else(|| format!("--threads: {threads} threads could not be started"))?;
        Some(pool)
    } else {
        None
    };
    let mut solvers = vec![ConnectFourSolver::new(dims)];
    let answers = every_move(&pos, book.as_ref(), &mut solvers, pool.as_ref(), limits);
    if json {
        outln!(
            "{}",
            serde_json::to_string(&answers).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    for answer in &answers {
        let score = answer.score.map_or_else(
            || "not solved within the limits".to_string(),
            |s| format!("{s:+}"),
        );
        let source = match answer.source {
            Source::End => "the game ends",
            Source::Book => "book",
            Source::Solver => "solver",
        };
        outln!(
            "{} {score} ({source}, {} positions, {:.3} s)",
            pos.format_move(answer.col),
            answer.nodes,
            answer.seconds
        );
    }
    Ok(())
}

/// `book check`: a sample of every layer from `from` on scored again by the solver.
fn check(
    book: &Book,
    sample: usize,
    from: usize,
    seed: u64,
    limits: &Limits,
) -> Result<(), String> {
    let dims = book.dims();
    let mut rng = pnplay::core::rng::Rng::new(seed);
    let mut solver = ConnectFourSolver::new(dims);
    let mut wrong = 0;
    for plies in from..=book.depth() {
        let layer = positions_at(dims, plies);
        let clock = pnplay::search::Clock::start();
        let mut checked = 0;
        for _ in 0..sample.min(layer.len()) {
            let pos = &layer[rng.below(layer.len() as u32) as usize];
            solver.clear();
            let solved = solver.score(pos, limits).map(|s| s.value);
            let held = book.score(pos);
            if solved.is_none() || solved != held {
                wrong += 1;
                outln!(
                    "{}: book {held:?}, solver {solved:?}",
                    pos.format_position()
                );
            }
            checked += 1;
        }
        outln!(
            "{plies} stones: {checked} of {} checked in {:.1} s",
            layer.len(),
            clock.seconds()
        );
    }
    if wrong > 0 {
        return Err(format!("{wrong} entries differ from the solver"));
    }
    outln!("all sampled entries agree with the solver");
    Ok(())
}

/// `book count`: positions per layer.
fn count(dims: Dims, depth: usize) -> Result<(), String> {
    let mut total = 0;
    for plies in 0..=depth.min(dims.cells()) {
        let n = positions_at(dims, plies).len();
        total += n;
        outln!("{plies} {n} {total}");
    }
    Ok(())
}
