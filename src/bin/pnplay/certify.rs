//! `pnplay solve --certificate F` and `pnplay check F`: writing a proof certificate
//! ([`pnplay::engine::certificate`], which has passed the rules' checker), and checking one
//! ([`pnplay::game::certificate::check`]).

use std::path::Path;

use pnplay::engine::GameSpec;
use pnplay::experiment::files::read_bounded;
use pnplay::game::certificate::MAGIC;
use pnplay::game::certificate::check::{Checked, check_text};
use pnplay::search::Verdict;
use pnplay::search::params::Params;

/// The largest certificate `check` reads: a certificate of
/// [`pnplay::search::certificate::MAX_NODES`] nodes is well within it.
const MAX_BYTES: u64 = 1 << 30;

/// Makes the certificate of `verdict`, checks it and writes it to `file`, which must be new
/// or a certificate already (nothing else is overwritten); answers what was checked and the
/// file's size in bytes.
pub fn write(
    game: &GameSpec,
    pos: &str,
    verdict: Verdict,
    params: &Params,
    file: &Path,
) -> Result<(Checked, usize), String> {
    if let Ok(existing) = std::fs::read(file)
        && !existing.starts_with(MAGIC.as_bytes())
    {
        return Err(format!(
            "certificate: {} exists and is not a certificate (left unchanged)",
            file.display()
        ));
    }
    let (text, checked) =
        pnplay::engine::certificate(game, pos, verdict, params).map_err(|e| e.to_string())?;
    std::fs::write(file, &text)
        .map_err(|e| format!("certificate: cannot write {}: {e}", file.display()))?;
    Ok((checked, text.len()))
}

/// Reads and checks the certificate `file`.
pub fn check(file: &Path) -> Result<Checked, String> {
    let text = read_bounded(file, MAX_BYTES).map_err(|e| format!("certificate: {e}"))?;
    check_text(&text).map_err(|rejection| rejection.to_string())
}
