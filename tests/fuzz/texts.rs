//! Targets over the games' own notations: game names, each family's position text, and moves.
//!
//! Inputs are `NAME\nTEXT` (positions) or `NAME\nPOSITION\nMOVE` (moves); a first line that is
//! not a name of the family is read as part of the text of the family's first variant.

use pnplay::engine::GameSpec;
use pnplay::error::Error;
use pnplay::game::catalogue::{FAMILIES, Family};
use pnplay::game::{Game, MoveList, Rng, Turn};
use pnplay::with_game;

use crate::driver::Verdict;

/// Variants beyond the names the page lists, so sizes, objectives and options are fuzzed.
const MORE_NAMES: &[&str] = &[
    "connect4:5x4",
    "connect4:4x4",
    "connect4:8x7",
    "2048:2x2:16",
    "2048:2x2:32:or",
    "2048:4x4:2048",
    "2048:4x4:64:or",
    "gomoku:7x7:4",
    "gomoku:9x9:5:free",
    "loa:7x7:mover-wins",
];

/// The names of a family: those listed, and [`MORE_NAMES`] of it.
pub fn names(family: &Family) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = family.listed.iter().map(|l| l.name).collect();
    names.extend(MORE_NAMES.iter().filter(|n| {
        n.parse::<GameSpec>()
            .is_ok_and(|spec| spec.family().id == family.id)
    }));
    names
}

/// Every game name of every family.
pub fn all_names() -> Vec<&'static str> {
    FAMILIES.iter().flat_map(names).collect()
}

/// The family with this id.
pub fn family(id: &str) -> &'static Family {
    FAMILIES.iter().find(|f| f.id == id).unwrap()
}

/// A refusal: the message the CLI prints and the page shows.
fn refused(error: Error) -> Result<Verdict, String> {
    Ok(Verdict::Refused(error.to_string()))
}

/// A refusal of position text `text` (which may be blank where the input is not).
fn refused_position(text: &str, error: Error) -> Result<Verdict, String> {
    if text.trim().is_empty() {
        Ok(Verdict::RefusedEmpty(error.to_string()))
    } else {
        refused(error)
    }
}

/// The lossy text of an input.
pub fn text(input: &[u8]) -> String {
    String::from_utf8_lossy(input).into_owned()
}

/// Game names: whatever parses prints back to a name that parses to the same game.
pub fn check_name(input: &[u8]) -> Result<Verdict, String> {
    let name = text(input);
    let spec = match name.parse::<GameSpec>() {
        Ok(spec) => spec,
        Err(e) => return refused(Error::game(e)),
    };
    let printed = spec.to_string();
    let again: GameSpec = printed
        .parse()
        .map_err(|e| format!("{name:?} printed as {printed:?}, which does not parse: {e}"))?;
    if again != spec || again.to_string() != printed {
        return Err(format!(
            "{name:?} → {printed:?} → {again}: not the same game"
        ));
    }
    Ok(Verdict::Accepted)
}

/// A random game name, valid or one edit away.
pub fn generate_name(rng: &mut Rng) -> Vec<u8> {
    let names = all_names();
    names[rng.below(names.len() as u32) as usize]
        .as_bytes()
        .to_vec()
}

/// Splits `NAME\nREST` when NAME is a game of `family`; else the family's first name and the
/// whole input.
fn split_name<'a>(family: &Family, input: &'a str) -> (GameSpec, &'a str) {
    let named = input.split_once('\n').and_then(|(first, rest)| {
        let spec = first.parse::<GameSpec>().ok()?;
        (spec.family().id == family.id).then_some((spec, rest))
    });
    named.unwrap_or_else(|| (family.listed[0].name.parse().unwrap(), input))
}

/// Position text of one family: no panic; what parses prints back to text that parses to the
/// same position (key and text), and the page's view of it can be drawn.
pub fn check_position(family: &Family, input: &[u8]) -> Result<Verdict, String> {
    let input = text(input);
    let (spec, text) = split_name(family, &input);
    with_game!(spec, G, variant => {
        let pos = match G::parse_position(variant, text) {
            Ok(pos) => pos,
            Err(e) => return refused_position(text, Error::position(e)),
        };
        round_trip::<G>(&spec, variant, &pos, text)?;
        let view = pnplay::engine::describe(&spec, Some(text))
            .map_err(|e| format!("{spec} {text:?} parses but describe refuses it: {e}"))?;
        if view.text != pos.format_position() {
            return Err(format!("{spec} {text:?}: describe shows {:?}", view.text));
        }
        Ok(Verdict::Accepted)
    })
}

/// `parse(print(pos))` is `pos`: the same key and the same text.
fn round_trip<G: Game>(
    spec: &GameSpec,
    variant: &G::Variant,
    pos: &G,
    from: &str,
) -> Result<(), String> {
    let printed = pos.format_position();
    let again = G::parse_position(variant, &printed)
        .map_err(|e| format!("{spec} {from:?} printed as {printed:?}, which is refused: {e}"))?;
    if again.key() != pos.key() || again.format_position() != printed {
        return Err(format!(
            "{spec} {from:?} printed as {printed:?}, which parses to {:?}",
            again.format_position()
        ));
    }
    Ok(())
}

/// A position of `spec` reached by random moves from the start (chance included).
fn random_position<G: Game>(variant: &G::Variant, rng: &mut Rng) -> G {
    let mut pos = G::start(variant);
    let most = if rng.below(4) == 0 { 200 } else { 24 };
    let plies = rng.below(most);
    let mut moves = MoveList::<G>::default();
    for _ in 0..plies {
        if pos.turn() == Turn::Over {
            break;
        }
        pos.legal_moves(&mut moves);
        let mv = match pos.turn() {
            Turn::Chance => pnplay::game::pick_by_probability(&pos, &moves, rng),
            _ => moves[rng.below(moves.len() as u32) as usize],
        };
        pos.play(mv);
    }
    pos
}

/// A random variant of `family` with a random position of it, checked: `parse(print(p)) == p`.
/// Returns the name and the position's text.
fn generate_valid(family: &Family, rng: &mut Rng) -> (String, String) {
    let names = names(family);
    let name = names[rng.below(names.len() as u32) as usize];
    let spec: GameSpec = name.parse().unwrap();
    with_game!(spec, G, variant => {
        let pos: G = random_position(variant, rng);
        if let Err(e) = round_trip::<G>(&spec, variant, &pos, "(generated)") {
            panic!("{e}");
        }
        (name.to_string(), pos.format_position())
    })
}

/// `NAME\nTEXT` of a random valid position of `family`.
pub fn generate_position(family: &Family, rng: &mut Rng) -> Vec<u8> {
    let (name, text) = generate_valid(family, rng);
    format!("{name}\n{text}").into_bytes()
}

/// Moves: `NAME\nPOSITION\nMOVE`. A move that parses is legal, prints back to itself, and
/// playing it through the engine gives the position the game plays.
pub fn check_move(input: &[u8]) -> Result<Verdict, String> {
    let input = text(input);
    let Some((name, rest)) = input.split_once('\n') else {
        return check_name(input.as_bytes());
    };
    let (pos_text, move_text) = rest.rsplit_once('\n').unwrap_or((rest, ""));
    let spec: GameSpec = match name.parse() {
        Ok(spec) => spec,
        Err(e) => return refused(Error::game(e)),
    };
    with_game!(spec, G, variant => check_move_in::<G>(&spec, variant, pos_text, move_text))
}

/// [`check_move`] in game `G`.
fn check_move_in<G: Game>(
    spec: &GameSpec,
    variant: &G::Variant,
    pos_text: &str,
    move_text: &str,
) -> Result<Verdict, String> {
    let pos = match G::parse_position(variant, pos_text) {
        Ok(pos) => pos,
        Err(e) => return refused_position(pos_text, Error::position(e)),
    };
    let mv = match pos.parse_move(move_text) {
        Ok(mv) => mv,
        Err(e) => return refused(Error::mv(e)),
    };
    let mut moves = MoveList::<G>::default();
    pos.legal_moves(&mut moves);
    if !moves.contains(&mv) {
        return Err(format!(
            "{spec} {pos_text:?}: {move_text:?} parsed to an illegal {mv:?}"
        ));
    }
    let printed = pos.format_move(mv);
    if pos.parse_move(&printed) != Ok(mv) {
        return Err(format!(
            "{spec} {pos_text:?}: {move_text:?} printed as {printed:?}, which parses otherwise"
        ));
    }
    let mut played = pos.clone();
    played.play(mv);
    let view = pnplay::engine::play(spec, pos_text, move_text).map_err(|e| {
        format!("{spec} {pos_text:?}: {move_text:?} parses but play refuses it: {e}")
    })?;
    if view.text != played.format_position() {
        return Err(format!(
            "{spec} {pos_text:?} {move_text:?}: play gives {:?}",
            view.text
        ));
    }
    Ok(Verdict::Accepted)
}

/// A random position of a random game and one of its legal moves (as text).
pub fn generate_move(rng: &mut Rng) -> Vec<u8> {
    let family = &FAMILIES[rng.below(FAMILIES.len() as u32) as usize];
    let (name, text) = generate_valid(family, rng);
    let spec: GameSpec = name.parse().unwrap();
    let mv = with_game!(spec, G, variant => {
        let pos = G::parse_position(variant, &text).unwrap();
        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        moves
            .get(rng.below(moves.len().max(1) as u32) as usize)
            .map(|&mv| pos.format_move(mv))
            .unwrap_or_default()
    });
    format!("{name}\n{text}\n{mv}").into_bytes()
}

/// Words of every game's notation, for mutations.
pub const NOTATION: &[&str] = &[
    "connect4",
    "othello",
    "2048",
    "tictactoe",
    "tree",
    "awari",
    "gomoku",
    "loa",
    "minishogi",
    "knightthrough",
    ":",
    "x",
    "X",
    ":or",
    ":free",
    ":mover-wins",
    ":7x7",
    ":2x2",
    ":4x4",
    "999999999",
    "18446744073709551616",
    "-1",
    "0",
    "pass",
    "PASS",
    "--",
    "-",
    "/",
    ";p",
    ";c",
    ",",
    "[",
    "]",
    "[W L]",
    "[L [W D] W]",
    "?W",
    "[?L [W ?D]]",
    "?",
    "W",
    "L",
    "D",
    "a1",
    "h8",
    "e3-e5",
    "b2-d3",
    "4e3d",
    "P*3c",
    "+",
    "S",
    "N",
    "passed",
    "twice",
    "B",
    "W",
    "b",
    "w",
    "X",
    "O",
    "o",
    ".",
    "-",
    "sfen ",
    "position startpos moves ",
    " w ",
    " b ",
    "rbsgk/4p/5/P4/KGSBR b - 1",
    "K",
    "G",
    "R",
    "+R",
    "*",
    "2,0,0,4;p",
    "4 4 4 4 4 4 / 4 4 4 4 4 4 / 0 0 / S",
];
