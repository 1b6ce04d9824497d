//! The arguments of `towers solve`: one subcommand per solved game, each with only its
//! own flags, so that clap refuses a flag of the other game and checks the combinations.

use std::marker::PhantomData;

use clap::{Args, Subcommand};

use super::{GameOptions, PositionArgs, seconds, whole};
use crate::error::CliError;

/// `towers solve <game>`: the games solved, each with its own method and flags.
#[derive(Subcommand, Debug)]
pub(crate) enum SolveCommand {
    /// Pyrga, by search: alpha-beta for the value (or df-pn for the verdict), every
    /// move's value, the opening book.
    Pyrga(PyrgaSolveArgs),
    /// Pylos, by retrograde analysis: a database read or built, or a direct solve of a
    /// late position.
    Pylos(PylosSolveArgs),
}

impl SolveCommand {
    /// Reads `--record FILE` into the moves and the options.
    ///
    /// # Errors
    /// As [`PositionArgs::read_record`].
    pub(crate) fn read_record(&mut self) -> Result<(), CliError> {
        match self {
            SolveCommand::Pyrga(args) => args.options.read_record(&mut args.position),
            SolveCommand::Pylos(args) => args.options.read_record(&mut args.position),
        }
    }
}

/// The options of the game `G` as flags, read by the catalog.
#[derive(Debug)]
pub(crate) struct OptionsOf<G> {
    /// The options given.
    pub(crate) given: GameOptions,
    game: PhantomData<fn() -> G>,
}

impl<G: catalog::NamedGame> OptionsOf<G> {
    /// Reads the `--record FILE` of `position` into its moves and these options.
    ///
    /// # Errors
    /// As [`PositionArgs::read_record`].
    fn read_record(&mut self, position: &mut PositionArgs) -> Result<(), CliError> {
        position.read_record(G::NAME, &mut self.given)
    }
}

impl<G: catalog::NamedGame> Args for OptionsOf<G> {
    fn augment_args(command: clap::Command) -> clap::Command {
        GameOptions::augment(G::NAME, command)
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        OptionsOf::<G>::augment_args(command)
    }
}

impl<G: catalog::NamedGame> clap::FromArgMatches for OptionsOf<G> {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<OptionsOf<G>, clap::Error> {
        Ok(OptionsOf {
            given: GameOptions::read(G::NAME, matches),
            game: PhantomData,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = OptionsOf::from_arg_matches(matches)?;
        Ok(())
    }
}

/// Arguments of `solve pyrga`.
#[derive(Args, Debug)]
pub(crate) struct PyrgaSolveArgs {
    #[command(flatten)]
    pub(crate) position: PositionArgs,
    #[command(flatten)]
    pub(crate) options: OptionsOf<pyrga::State>,
    /// Give up after this many seconds.
    #[arg(long, default_value_t = 60.0, allow_negative_numbers = true, value_parser = seconds)]
    pub(crate) time: f64,
    /// Give up after this many nodes.
    #[arg(long, allow_negative_numbers = true, value_parser = whole::<u64>)]
    pub(crate) nodes: Option<u64>,
    /// The memory of the solver's table, in MiB (rounded down to a power of two).
    #[arg(
        long,
        default_value_t = 512,
        value_name = "MIB",
        allow_negative_numbers = true,
        value_parser = whole::<u64>
    )]
    pub(crate) memory: u64,
    /// Also print the value of every legal move, best first, for the player to move
    /// (`move Tb1w value win plies 31`); the position's value follows from them.
    #[arg(long)]
    pub(crate) all_moves: bool,
    /// Only the verdict, much sooner, by alpha-beta (`search`, the default) or by
    /// proof-number search (`proof`, df-pn, the second method); the last line is
    /// `verdict win|draw|loss` instead of the value line.
    #[arg(
        long,
        value_name = "METHOD",
        num_args = 0..=1,
        default_missing_value = "search",
        conflicts_with_all = ["all_moves", "pv"]
    )]
    pub(crate) verdict: Option<VerdictMethod>,
    /// With --all-moves: save each move's value to FILE as soon as it is proven, and
    /// resume from the values FILE holds (a long solve can stop and go on).
    #[arg(long, value_name = "FILE", requires = "all_moves")]
    pub(crate) checkpoint: Option<String>,
    /// Build the opening book of the rules (`--rules`) into FILE: a best move and the
    /// value of every position a perfect player meets up to ply --plies, from the start
    /// (each solve within --time). Each position is saved to FILE.checkpoint as soon as it
    /// is solved, and the same command resumes from it.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["all_moves", "verdict", "checkpoint"])]
    pub(crate) book: Option<String>,
    /// With --book or --table: the last ply of the positions (0 is the start).
    #[arg(long, default_value_t = 10, allow_negative_numbers = true, value_parser = whole::<u32>)]
    pub(crate) plies: u32,
    /// With --book: the nodes the exact value of a position may take; a position whose
    /// exact search needs more gets its verdict and a move that keeps it.
    #[arg(long, default_value_t = 50_000_000, requires = "book", allow_negative_numbers = true, value_parser = whole::<u64>)]
    pub(crate) exact_nodes: u64,
    /// With --book: solve this many positions at once, each thread with its own table
    /// (--memory is shared among them).
    #[arg(long, default_value_t = 1, requires = "book", allow_negative_numbers = true, value_parser = whole::<u32>)]
    pub(crate) threads: u32,
    #[command(flatten)]
    pub(crate) table: TableArgs,
    /// Also print a principal variation.
    #[arg(long)]
    pub(crate) pv: bool,
    /// Search even where the values shipped with the program (the whole solves of the
    /// start and of the position after `Sa1`, and the opening book) answer at once.
    #[arg(long)]
    pub(crate) search: bool,
}

/// Arguments of `solve pyrga` that build the opening table in shards and merge them.
#[derive(Args, Debug)]
pub(crate) struct TableArgs {
    /// Build a shard of the opening table of the rules: the exact value of every distinct
    /// position of ply --plies after --moves (the start by default), shard --shard, into
    /// --out, one line a position saved as soon as it is solved (the same command resumes).
    #[arg(long, requires = "out", conflicts_with_all = ["book", "all_moves", "verdict", "checkpoint", "merge"])]
    pub(crate) table: bool,
    /// With --table: the shard K (from 0) of N to build, a run of consecutive positions.
    #[arg(long, default_value = "0/1", value_name = "K/N", requires = "table")]
    pub(crate) shard: solve::Shard,
    /// Merge the files of all the shards of a table (checked: whole, each shard once, the
    /// same table, each line's checksum) into the table --out, checked again whole.
    #[arg(long, value_name = "FILE", num_args = 1.., requires = "out", conflicts_with_all = ["book", "all_moves", "verdict", "checkpoint"])]
    pub(crate) merge: Vec<String>,
    /// The file --table or --merge writes.
    #[arg(long, value_name = "FILE")]
    pub(crate) out: Option<String>,
    /// With --merge: check this many positions of the last ply against proof-number
    /// search (the second method).
    #[arg(long, default_value_t = 20, requires = "merge", value_parser = whole::<usize>)]
    pub(crate) sample: usize,
}

/// How `towers solve pyrga --verdict` finds the verdict.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VerdictMethod {
    /// Alpha-beta with null windows around the draw.
    Search,
    /// Depth-first proof-number search (df-pn).
    Proof,
}

/// Arguments of `solve pylos`.
#[derive(Args, Debug)]
pub(crate) struct PylosSolveArgs {
    #[command(flatten)]
    pub(crate) position: PositionArgs,
    #[command(flatten)]
    pub(crate) options: OptionsOf<pylos::State>,
    /// The database file to read (or to write, with --build).
    #[arg(long, value_name = "FILE")]
    pub(crate) db: Option<String>,
    /// Build the database of the positions with at least --min-balls balls into --db
    /// first (resuming the checkpoint the file holds); the value follows when the
    /// database covers the position.
    #[arg(long, requires = "db")]
    pub(crate) build: bool,
    /// With --build: overwrite a --db file that is not a database or checkpoint of these
    /// options (without it, such a file is refused before anything is computed).
    #[arg(long, requires = "build")]
    pub(crate) force: bool,
    /// With --build: the least number of seconds between two checkpoints written into
    /// --db (a stopped or killed build loses at most about this much work, and the same
    /// command resumes it); each writes the whole file.
    #[arg(long, value_name = "SECONDS", default_value_t = 600.0, requires = "build", allow_negative_numbers = true, value_parser = seconds)]
    pub(crate) checkpoint_every: f64,
    /// With --build: the fewest balls on the board of the positions covered, 0 to 30.
    #[arg(long, default_value_t = 29, allow_negative_numbers = true, value_parser = balls)]
    pub(crate) min_balls: u32,
    /// Check the consistency of the --db database on every N-th index (a finished game
    /// has its outcome's value, a win has a move to a loss one ply shorter, a loss only
    /// moves to wins, a draw no move to a loss and one to a draw).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = stride)]
    pub(crate) check: Option<u64>,
    /// Write the compact form of the --db database to this new file (values compressed in
    /// blocks, read block by block; `--db` takes either form), then verify it.
    #[arg(long, value_name = "FILE", requires = "db")]
    pub(crate) compact: Option<String>,
    /// With --compact: the zstd level, 1 (fastest) to 22 (smallest).
    #[arg(
        long,
        default_value_t = 19,
        requires = "compact",
        allow_negative_numbers = true
    )]
    pub(crate) level: i32,
    /// With --compact: the values per block (a lookup decompresses one block).
    #[arg(long, default_value_t = 65_536, requires = "compact", allow_negative_numbers = true, value_parser = whole::<u32>)]
    pub(crate) block: u32,
    /// Solve directly only when at most this many positions are reachable.
    #[arg(long, default_value_t = 2_000_000, allow_negative_numbers = true, value_parser = whole::<usize>)]
    pub(crate) max_positions: usize,
    /// Also print a principal variation (at most 200 plies).
    #[arg(long)]
    pub(crate) pv: bool,
}

/// `--check N`: every N-th index, 1 or more.
///
/// # Errors
/// What was expected.
fn stride(text: &str) -> Result<u64, String> {
    match whole(text)? {
        0 => Err("expected 1 or more (1 checks every index, 2 every other…)".to_owned()),
        stride => Ok(stride),
    }
}

/// The balls of a Pylos pyramid: 16, 9, 4 and 1.
const PYLOS_BALLS: u32 = 30;

/// `--min-balls K`: at most the balls of a whole pyramid.
///
/// # Errors
/// What was expected.
fn balls(text: &str) -> Result<u32, String> {
    match whole(text)? {
        balls if balls > PYLOS_BALLS => Err(format!(
            "a Pylos board holds {PYLOS_BALLS} balls: expected 0 to {PYLOS_BALLS}"
        )),
        balls => Ok(balls),
    }
}
