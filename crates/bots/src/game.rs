//! Playing a whole game between bots.

use boardcore::{Actor, Game, Status, format_record, random_move};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::Bot;

/// A game played by [`play`].
#[derive(Clone, Debug)]
pub struct PlayedGame<G: Game> {
    /// Every move, chance outcomes included, from the start.
    pub moves: Vec<G::Move>,
    /// The last position.
    pub state: G,
    /// Whether the game reached its end (otherwise the ply cap stopped it).
    pub finished: bool,
}

impl<G: Game> PlayedGame<G> {
    /// The moves as a game record.
    pub fn record(&self) -> String {
        format_record(&self.moves)
    }
}

/// Plays from `start` with `bots[seat]` deciding for each seat and chance sampled by
/// weight from a generator seeded with `chance_seed`, until the game ends or `max_plies`
/// moves have been played. A seat without a bot, or a bot that returns no move or an
/// illegal one, stops the game there (unfinished).
///
/// The bots are taken as a program holds them: a slice or `Vec` of one bot type, of
/// `Box<dyn Bot<G>>` or of `&mut dyn Bot<G>` (a `&mut` or `Box` of a bot is a bot).
///
/// ```
/// use bots::{Bot, Level, Mcts, RandomBot, play};
/// use pyrga::{Config, State};
///
/// let start = State::new(Config::default());
/// let mut table: Vec<Box<dyn Bot<State>>> =
///     vec![Box::new(RandomBot::new(1)), Box::new(Mcts::new(Level::default().mcts(), 2))];
/// let game = play(&start, &mut table, 7, 4);
/// assert_eq!(game.moves.len(), 4);
/// ```
pub fn play<G: Game, B: Bot<G>>(
    start: &G,
    bots: &mut [B],
    chance_seed: u64,
    max_plies: usize,
) -> PlayedGame<G> {
    let mut chance = Xoshiro256PlusPlus::seed_from_u64(chance_seed);
    let mut state = start.clone();
    let mut moves = Vec::new();
    while moves.len() < max_plies {
        let mv = match state.status() {
            Status::Finished(_) => break,
            Status::Ongoing(Actor::Chance) => random_move(&state, &mut chance),
            Status::Ongoing(Actor::Player(player)) => bots
                .get_mut(player.index())
                .and_then(|bot| bot.choose(&state)),
        };
        let Some(next) = mv.and_then(|mv| state.apply(mv).ok().map(|next| (mv, next))) else {
            break;
        };
        moves.push(next.0);
        state = next.1;
    }
    PlayedGame {
        finished: state.status().is_finished(),
        moves,
        state,
    }
}
