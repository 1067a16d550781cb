//! The help texts that come from the catalogues (issue 31): `pnplay --help` closes with every
//! game and every search there is, and every `game` argument's help lists the game names, so
//! the help cannot fall behind the catalogues (`tests/catalogue_docs.rs` checks it).

use pnplay::game::catalogue::{FAMILIES, grammar};
use pnplay::search::catalogue::SEARCHES;

/// The top-level command with the catalogues' help: its closing lines list every game family
/// (its names and title) and every search (its id and title), and every subcommand's `game`
/// argument lists the names of the game catalogue.
pub fn with_catalogues(command: clap::Command) -> clap::Command {
    let games = aligned(FAMILIES.iter().map(|family| (family.grammar, family.title)));
    let searches = aligned(SEARCHES.iter().map(|search| (search.id, search.title)));
    let closing = format!(
        "Games (--game; a name may carry a variant, as the grammar says):\n{games}\n\
         Searches (solve --algo, bench --search, agents SEARCH:iterations=N in match):\n{searches}"
    );
    name_games(command, &format!("Game name: {}.", grammar())).after_help(closing)
}

/// `(name, title)` pairs as indented lines with the titles in one column.
fn aligned<'a>(rows: impl Iterator<Item = (&'a str, &'a str)> + Clone) -> String {
    let width = rows.clone().map(|(name, _)| name.len()).max().unwrap_or(0);
    rows.map(|(name, title)| format!("  {name:<width$}  {title}\n"))
        .collect()
}

/// The help of every `game` argument written `Game name.`, completed with the names of the
/// game catalogue, in `command` and its subcommands: help texts list the games there are.
fn name_games(command: clap::Command, help: &str) -> clap::Command {
    let mut command = command.mut_args(|arg| {
        let plain = arg
            .get_help()
            .is_some_and(|h| h.to_string().trim_end_matches('.') == "Game name");
        if arg.get_id() == "game" && plain {
            arg.help(help.to_string())
        } else {
            arg
        }
    });
    let subcommands: Vec<String> = command
        .get_subcommands()
        .map(|sub| sub.get_name().to_string())
        .collect();
    for name in subcommands {
        command = command.mut_subcommand(name, |sub| name_games(sub, help));
    }
    command
}
