//! The `Game` trait: one face for every engine, so generic tools and bots work on all.

use core::fmt;
use core::hash::Hash;
use core::ops::Deref;

use crate::chance::Weighted;
use crate::error::{MoveError, ParseError, RecordError, ReplayError};
use crate::player::{MAX_PLAYERS, Player};
use crate::status::Status;

/// A position of a game, with the rules to play on from it.
///
/// Each engine crate implements this trait on its `State` type by forwarding to its free
/// functions (`legal_moves`, `apply`, …), which stay the primary API. Everything here is
/// pure: [`Game::apply`] returns a new position and leaves `self` as it was. The one
/// exception, [`Game::apply_in_place`], plays on a position the caller owns, for loops
/// that would otherwise copy a large state at every move.
///
/// # Contract
/// Implementations keep these laws, which `testing::Harness` (feature `testing`)
/// checks over random games:
/// - [`Game::legal_moves`] is empty exactly when [`Game::status`] is
///   [`Status::Finished`], and it never repeats a move;
/// - [`Game::count_moves`] equals the length of [`Game::legal_moves`];
/// - every listed move applies, and a move is listed when it applies;
/// - when chance decides ([`Actor::Chance`](crate::Actor::Chance)), the legal moves are the
///   outcomes of [`Game::chance_outcomes`], each with a weight of at least 1; otherwise that
///   list is empty;
/// - the text forms of positions and moves read back to the same values, and
///   [`Game::position_key`] depends only on the position.
pub trait Game: Clone + Eq + Hash + fmt::Debug + fmt::Display + Sized {
    /// One decision: a player's move or a chance outcome.
    type Move: Copy + Eq + Hash + fmt::Debug + fmt::Display;
    /// The legal moves of a position; it does not allocate.
    type MoveList: Deref<Target = [Self::Move]> + Default;
    /// The chance outcomes of a position; it does not allocate.
    type ChanceList: Deref<Target = [Weighted<Self::Move>]>;
    /// The options fixed at the start (rule set, variant, player count, tile set…).
    type Config: Clone + Default + Eq + fmt::Debug;
    /// Why a move is illegal, naming the rule.
    type Reason: std::error::Error + Clone + Eq + Send + Sync + 'static;

    /// The game's name in lower case, as the `towers` program spells it.
    const NAME: &'static str;

    /// The names of the seats as the game calls its players (colours, usually), seat 0
    /// first, for programs that show a game to people; one per seat the game can have.
    /// By default `Seat 0` to `Seat 3`.
    const SEAT_NAMES: &'static [&'static str] = &SEATS;

    /// The name of `player`'s seat, from [`Game::SEAT_NAMES`] (`Seat N` for a seat the
    /// game does not have).
    ///
    /// ```
    /// use boardcore::example::Countdown;
    /// use boardcore::{Game, Player};
    ///
    /// assert_eq!(Countdown::seat_name(Player::SECOND), "Seat 1");
    /// ```
    fn seat_name(player: Player) -> &'static str {
        Self::SEAT_NAMES
            .get(player.index())
            .copied()
            .unwrap_or(SEATS[player.index() % MAX_PLAYERS])
    }

    /// The start position of a game played with `config`.
    fn new(config: Self::Config) -> Self;

    /// The options this game is played with.
    fn config(&self) -> Self::Config;

    /// The number of seats at the table.
    fn seats(&self) -> usize;

    /// Whose decision is next, or the outcome.
    fn status(&self) -> Status;

    /// Every legal move, in the order the game documents.
    fn legal_moves(&self) -> Self::MoveList;

    /// Fills `moves` with the legal moves (replacing what it held), in the order of
    /// [`Game::legal_moves`]. Engines whose move lists are large override it to build the
    /// list in place, sparing generic callers the copy of a returned list.
    fn legal_moves_into(&self, moves: &mut Self::MoveList) {
        *moves = self.legal_moves();
    }

    /// The number of legal moves, without building them where that is cheaper.
    fn count_moves(&self) -> usize {
        self.legal_moves().len()
    }

    /// The position after `mv`. `self` is left as it was.
    ///
    /// # Errors
    /// [`MoveError::GameOver`] when the game is over, [`MoveError::Illegal`] with the
    /// game's reason when the rules forbid `mv` here.
    fn apply(&self, mv: Self::Move) -> Result<Self, MoveError<Self::Reason>>;

    /// Plays `mv` on `self`, which becomes the position [`Game::apply`] returns. On an
    /// error `self` is left exactly as it was. Engines with large states override it to
    /// skip the copy.
    ///
    /// # Errors
    /// The errors of [`Game::apply`].
    ///
    /// ```
    /// use boardcore::Game;
    /// use boardcore::example::{Countdown, CountdownConfig};
    ///
    /// let mut state = Countdown::new(CountdownConfig::default());
    /// let mv = state.legal_moves()[0];
    /// let expected = state.apply(mv).unwrap();
    /// state.apply_in_place(mv).unwrap();
    /// assert_eq!(state, expected);
    /// ```
    fn apply_in_place(&mut self, mv: Self::Move) -> Result<(), MoveError<Self::Reason>> {
        *self = self.apply(mv)?;
        Ok(())
    }

    /// The possible chance outcomes with their weights when chance decides next; empty
    /// otherwise.
    fn chance_outcomes(&self) -> Self::ChanceList;

    /// A key that depends only on the position (not on how it was reached, nor on the
    /// process or platform), for repetition rules and transposition tables. Different
    /// positions may share a key only by hash collision.
    fn position_key(&self) -> u64;

    /// Reads a move in the game's notation, in the context of this position.
    ///
    /// # Errors
    /// A [`ParseError`] when `text` is not a move in the notation.
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseError>;

    /// Plays a game record (moves in notation separated by spaces) from this position.
    /// Any run of whitespace separates two moves, so a record saved over several lines
    /// reads as well; a move written with commas or semicolons between moves is refused
    /// with a hint that moves are separated by spaces.
    ///
    /// # Errors
    /// A [`RecordError`] naming the first move that cannot be read or played, with its
    /// place in the record.
    ///
    /// # Examples
    /// See the game crates, for example `pyrga::State::replay`.
    fn replay(&self, record: &str) -> Result<Self, RecordError<Self::Reason>> {
        walk(self, record, |_| ())
    }

    /// Reads a game record played from this position into its moves, the inverse of
    /// [`format_record`]: each move is read in the position the earlier ones reach, and
    /// must be legal there.
    ///
    /// # Errors
    /// As [`Game::replay`].
    ///
    /// ```
    /// use boardcore::example::{Countdown, CountdownConfig};
    /// use boardcore::{Game, format_record};
    ///
    /// let start = Countdown::new(CountdownConfig { pile: 5, wind: false });
    /// let moves = start.parse_record("2 1").unwrap();
    /// assert_eq!(format_record(&moves), "2 1");
    /// assert_eq!(start.parse_record("2 9").unwrap_err().ply, 2);
    /// ```
    fn parse_record(&self, record: &str) -> Result<Vec<Self::Move>, RecordError<Self::Reason>> {
        let mut moves = Vec::new();
        walk(self, record, |mv| moves.push(mv))?;
        Ok(moves)
    }
}

/// Plays `record` from `start`, handing each move to `each`; the position reached.
fn walk<G: Game>(
    start: &G,
    record: &str,
    mut each: impl FnMut(G::Move),
) -> Result<G, RecordError<G::Reason>> {
    let mut state = start.clone();
    for (index, text) in record.split_whitespace().enumerate() {
        let failure = |error: ReplayError<G::Reason>| RecordError {
            ply: index + 1,
            text: text.to_owned(),
            error,
        };
        let mv = state
            .parse_move(text)
            .map_err(|e| failure(ReplayError::Parse(separator_hint(&state, text, e))))?;
        state = state.apply(mv).map_err(|e| failure(e.into()))?;
        each(mv);
    }
    Ok(state)
}

/// The legal moves of `state` in notation, sorted by their text (byte order): the listing
/// that programs show and compare (`towers moves`, the JavaScript package).
///
/// ```
/// use boardcore::example::{Countdown, CountdownConfig};
/// use boardcore::{Game, sorted_move_texts};
///
/// let start = Countdown::new(CountdownConfig { pile: 5, wind: false });
/// let texts = sorted_move_texts(&start);
/// assert!(texts.windows(2).all(|pair| pair[0] <= pair[1]));
/// assert_eq!(texts.len(), start.legal_moves().len());
/// ```
pub fn sorted_move_texts<G: Game>(state: &G) -> Vec<String> {
    let mut texts: Vec<String> = state
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    texts.sort_unstable();
    texts
}

/// The default seat names.
const SEATS: [&str; MAX_PLAYERS] = ["Seat 0", "Seat 1", "Seat 2", "Seat 3"];

/// `error` with a hint when `text` is several moves run together with commas or
/// semicolons (`Sb2,Tb1e`), the likeliest mistake in a record.
fn separator_hint<G: Game>(state: &G, text: &str, error: ParseError) -> ParseError {
    let joined = text
        .match_indices([',', ';'])
        .any(|(at, _)| at > 0 && state.parse_move(&text[..at]).is_ok());
    if joined {
        ParseError::new(
            error.what(),
            error.input(),
            "moves in a record are separated by spaces, not by commas or semicolons",
        )
    } else {
        error
    }
}

/// Writes moves as a game record: their notation separated by single spaces.
///
/// ```
/// use boardcore::{format_record, Direction};
///
/// assert_eq!(format_record(&[Direction::North, Direction::East]), "n e");
/// assert_eq!(format_record::<Direction>(&[]), "");
/// ```
pub fn format_record<M: fmt::Display>(moves: &[M]) -> String {
    let mut record = String::new();
    for (index, mv) in moves.iter().enumerate() {
        if index > 0 {
            record.push(' ');
        }
        record.push_str(&mv.to_string());
    }
    record
}
