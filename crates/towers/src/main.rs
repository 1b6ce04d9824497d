//! `towers`: play, inspect and count the moves of the tower-building games.
//!
//! ```text
//! towers play   <game> [--bots] [--bot NAME] [--level 1-5] [--seed N] [--seat N] [options]
//! towers moves  <game> [--moves "<record>"] [options]
//! towers perft  <game> <depth> [--moves "<record>"] [--divide] [options]
//! towers show   <game> [--moves "<record>"] [options]
//! towers status <game> [--moves "<record>"] [options]
//! towers arena  <game> --bot X[@L] --bot Y[@L] [--games N] [--seed S] [--level L] [options]
//! towers ladder <game> [--bot X[@L]]... [--max-level L] [--games N] [--seed S] [--min-step F]
//! towers solve  pyrga [--moves "<record>"] [--all-moves] [--time S] [--rules R]
//! towers solve  pylos [--moves "<record>"] [--db FILE [--build]] [--variant V]
//! ```
//!
//! Bad input (an unknown game or option, a move that cannot be read or played) exits with
//! status 2 and a message on standard error naming the ply, the move and the reason.

mod arena;
mod checkpoint;
mod cli;
mod commands;
mod error;
mod games;
mod ladder;
mod play;
mod progress;
mod prompt;
mod rating;
mod solve;

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

use crate::cli::{Cli, Command, GameOptions};
use crate::error::CliError;
use crate::games::{config_of, with_game};

fn main() -> ExitCode {
    let args = match game_named_in_lowercase(std::env::args_os().collect()) {
        Ok(args) => args,
        Err(error) => return failure(&error),
    };
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(error) => return command_line_error(&error, &args),
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = run(cli, &mut out).and_then(|()| out.flush().map_err(CliError::from));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Io(error)) if error.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(error) => failure(&error),
    }
}

/// Reports `error` as one `towers: …` line on standard error (status 2).
fn failure(error: &CliError) -> ExitCode {
    eprintln!("towers: {}", catalog::shorten(&error.to_string()));
    ExitCode::from(2)
}

/// The command line with the game, the word after the command, in lower case: each game
/// is a subcommand of the command and is read in any case, as the options' values are.
///
/// # Errors
/// [`CliError::UnknownGame`] when that word is not a game of the command.
fn game_named_in_lowercase(mut args: Vec<OsString>) -> Result<Vec<OsString>, CliError> {
    let Some(command) = args
        .get(1)
        .and_then(|word| word.to_str())
        .and_then(Command::named)
    else {
        return Ok(args);
    };
    let Some(word) = args.get_mut(2) else {
        return Ok(args);
    };
    let Some(name) = word.to_str().filter(|name| !name.starts_with('-')) else {
        return Ok(args);
    };
    let games: Vec<&str> = command
        .get_subcommands()
        .map(clap::Command::get_name)
        .collect();
    let Some(game) = games.iter().find(|game| game.eq_ignore_ascii_case(name)) else {
        let mut known = games.join(", ");
        if games.len() < catalog::GAMES.len() {
            known = format!("{known} (the games towers {} knows)", command.get_name());
        }
        return Err(CliError::UnknownGame {
            name: name.to_owned(),
            known,
        });
    };
    *word = OsString::from(game);
    Ok(args)
}

/// Help and version go to standard output (status 0); a command line that clap refuses is
/// reported like every other error, as one `towers: …` line on standard error (status 2).
fn command_line_error(error: &clap::Error, args: &[OsString]) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        let _ = error.print();
        return ExitCode::SUCCESS;
    }
    if let Some(error) = option_of_another_game(error, args) {
        return failure(&error);
    }
    if matches!(
        error.kind(),
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) && let Some(command) = args
        .get(1)
        .and_then(|word| word.to_str())
        .and_then(Command::named)
    {
        let games: Vec<&str> = command
            .get_subcommands()
            .map(clap::Command::get_name)
            .collect();
        let name = command.get_name();
        eprintln!(
            "towers: {name} needs a game first: towers {name} <GAME>, with GAME one of {}",
            games.join(", ")
        );
        return ExitCode::from(2);
    }
    let text = error.render().to_string();
    // The first paragraph says what is wrong, over several lines when it lists arguments
    // (`the following required arguments were not provided:` then `<DEPTH>`).
    let message = text
        .split("\n\n")
        .next()
        .map(|paragraph| {
            let words: Vec<&str> = paragraph.split_whitespace().collect();
            let line = words.join(" ");
            line.strip_prefix("error: ").unwrap_or(&line).to_owned()
        })
        .filter(|message| !message.is_empty())
        .unwrap_or_else(|| "cannot read the command line".to_owned());
    let usage = text
        .lines()
        .find_map(|line| line.trim().strip_prefix("Usage: "))
        .map_or_else(String::new, |usage| {
            format!(" (usage: {usage}; see --help)")
        });
    eprintln!("towers: {}{usage}", catalog::shorten(&message));
    ExitCode::from(2)
}

/// The catalog's error for a flag that clap refused because it is an option of another
/// game than the one named (`towers status pylos --rules classic`).
fn option_of_another_game(error: &clap::Error, args: &[OsString]) -> Option<CliError> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if error.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(argument)) = error.get(ContextKind::InvalidArg) else {
        return None;
    };
    let flag = argument.split('=').next()?.strip_prefix("--")?;
    let (_, spec) =
        catalog::option_specs().find(|(_, spec)| GameOptions::flag(spec.key) == flag)?;
    let game = args.get(2)?.to_str()?;
    let options = GameOptions::given(spec.key, spec.default);
    with_game!(game, |G| config_of::<G>(&options).map(drop)).err()
}

fn run(mut cli: Cli, out: &mut impl Write) -> Result<(), CliError> {
    match &mut cli.command {
        Command::Moves(args) | Command::Show(args) | Command::Status(args) => args.read_record()?,
        Command::Perft(args) => args.read_record()?,
        Command::Play(args) => args.read_record()?,
        Command::Solve(command) => command.read_record()?,
        Command::Arena(_) | Command::Ladder(_) => {}
    }
    match cli.command {
        Command::Moves(args) => {
            with_game!(args.game, |G| commands::moves::<G>(&args, out))
        }
        Command::Perft(args) => with_game!(args.game, |G| commands::perft::<G>(&args, out)),
        Command::Show(args) => with_game!(args.game, |G| commands::show::<G>(&args, out)),
        Command::Status(args) => {
            with_game!(args.game, |G| commands::status::<G>(&args, out))
        }
        Command::Play(args) => {
            with_game!(args.game, |G| play::play::<G>(&args, out))
        }
        Command::Solve(args) => solve::solve(&args, out),
        Command::Arena(args) => {
            with_game!(args.game, |G| arena::arena::<G>(&args, out))
        }
        Command::Ladder(args) => {
            with_game!(args.game, |G| ladder::ladder::<G>(&args, out))
        }
    }
}
