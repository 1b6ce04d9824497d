//! `towers`: play, inspect and count the moves of the tower-building games.
//!
//! ```text
//! towers play   <game> [--bots] [--bot NAME] [--level 1-5] [--seed N] [--seat N] [options]
//! towers moves  <game> [--moves "<record>"] [options]
//! towers perft  <game> <depth> [--moves "<record>"] [--divide] [options]
//! towers show   <game> [--moves "<record>"] [options]
//! towers status <game> [--moves "<record>"] [options]
//! towers arena  <game> --bot X --bot Y [--games N] [--seed S] [--level L] [options]
//! towers solve  <pyrga|pylos> [--moves "<record>"] [--db FILE [--build]] [options]
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
mod play;
mod progress;
mod prompt;
mod solve;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

use crate::cli::{Cli, Command};
use crate::error::CliError;
use crate::games::with_game;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return command_line_error(&error),
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = run(cli, &mut out).and_then(|()| out.flush().map_err(CliError::from));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Io(error)) if error.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("towers: {}", catalog::shorten(&error.to_string()));
            ExitCode::from(2)
        }
    }
}

/// Help and version go to standard output (status 0); a command line that clap refuses is
/// reported like every other error, as one `towers: …` line on standard error (status 2).
fn command_line_error(error: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        let _ = error.print();
        return ExitCode::SUCCESS;
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

fn run(mut cli: Cli, out: &mut impl Write) -> Result<(), CliError> {
    match &mut cli.command {
        Command::Moves(args) | Command::Show(args) | Command::Status(args) => args.read_record()?,
        Command::Perft(args) => args.position.read_record()?,
        Command::Play(args) => args.position.read_record()?,
        Command::Solve(args) => args.position.read_record()?,
        Command::Arena(_) => {}
    }
    match cli.command {
        Command::Moves(args) => {
            with_game!(args.game.as_str(), |G| commands::moves::<G>(&args, out))
        }
        Command::Perft(args) => with_game!(args.position.game.as_str(), |G| commands::perft::<G>(
            &args, out
        )),
        Command::Show(args) => with_game!(args.game.as_str(), |G| commands::show::<G>(&args, out)),
        Command::Status(args) => {
            with_game!(args.game.as_str(), |G| commands::status::<G>(&args, out))
        }
        Command::Play(args) => {
            with_game!(args.position.game.as_str(), |G| play::play::<G>(&args, out))
        }
        Command::Solve(args) => solve::solve(&args, out),
        Command::Arena(args) => {
            with_game!(args.game.as_str(), |G| arena::arena::<G>(&args, out))
        }
    }
}
