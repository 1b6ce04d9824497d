//! The bots of `towers play`, built by name and level, searching by iterations or depth
//! only, so that a seed always gives the same move. A time budget is met from outside
//! instead: searches of growing size, timed by the caller's clock, until the next one
//! would not fit. Pyrga's `perfect` bot is the exception: the solver keeps its own clock,
//! and its moves are exact whatever the budget (only the fallback depends on the time).

use boardcore::rand_core::SeedableRng;
use boardcore::{Actor, Game, Status, random_move};
use bots::{
    AlphaBeta, Bot, Budget, CrescendoMcts, Evaluate, GreedyBot, Level, Mcts, MctsConfig, Perfect,
    RandomBot,
};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::error::{ErrorKind, WebError};

/// How a bot's search grows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Growth {
    /// It does not search (`random`, `greedy`).
    Fixed,
    /// Alpha-beta: one ply deeper at a time.
    Depth,
    /// MCTS: twice the iterations at a time.
    Iterations,
    /// It keeps its own clock (`perfect`): one search within the time budget, in
    /// milliseconds.
    OwnClock,
}

/// A bot of one game: how to build it for a search limit and a seed.
pub struct BotMaker<G: Game> {
    growth: Growth,
    /// The level's limit (depth, iterations, or milliseconds for [`Growth::OwnClock`]).
    level_limit: u64,
    make: Box<dyn Fn(u64, u64) -> Box<dyn Bot<G>>>,
}

/// The iteration limit of an MCTS configuration, without its time limit.
fn iterations_of(config: &MctsConfig) -> u64 {
    config.budget.max_iterations().unwrap_or(1_000)
}

impl<G: Game + 'static> BotMaker<G> {
    /// `random`: a uniformly random legal move.
    pub fn random() -> BotMaker<G> {
        BotMaker {
            growth: Growth::Fixed,
            level_limit: 0,
            make: Box::new(|_, seed| Box::new(RandomBot::new(seed))),
        }
    }

    /// `mcts` with uniform playouts at `level` ([`Level::mcts`] without its time limit).
    pub fn mcts(level: Level) -> BotMaker<G> {
        let config = level.mcts();
        BotMaker {
            growth: Growth::Iterations,
            level_limit: iterations_of(&config),
            make: Box::new(move |limit, seed| {
                Box::new(Mcts::new(
                    MctsConfig {
                        budget: Budget::iterations(limit),
                        ..config
                    },
                    seed,
                ))
            }),
        }
    }
}

impl<G: Game + 'static> BotMaker<G> {
    /// The bots every game has, by name: `random` and `mcts`.
    pub fn general(name: &str, level: Level) -> Option<BotMaker<G>> {
        match name {
            "mcts" => Some(BotMaker::mcts(level)),
            "random" => Some(BotMaker::random()),
            _ => None,
        }
    }
}

impl<G: Evaluate + 'static> BotMaker<G> {
    /// The bots of a two-player game without chance, by name: `alphabeta` and the
    /// [general](BotMaker::general) ones.
    pub fn two_player(name: &str, level: Level) -> Option<BotMaker<G>> {
        match name {
            "alphabeta" => Some(BotMaker::alphabeta(level)),
            _ => BotMaker::general(name, level),
        }
    }

    /// `alphabeta` at `level` ([`Level::alphabeta`]'s depth, without its time limit), its
    /// choice among equally good moves drawn from the seed.
    pub fn alphabeta(level: Level) -> BotMaker<G> {
        BotMaker {
            growth: Growth::Depth,
            level_limit: level.alphabeta().max_iterations().unwrap_or(4),
            make: Box::new(|limit, seed| {
                Box::new(AlphaBeta::new(Budget::iterations(limit)).with_seed(seed))
            }),
        }
    }
}

impl BotMaker<crescendo::State> {
    /// Crescendo's `mcts` at `level` ([`CrescendoMcts::settings`] without its time limit).
    pub fn crescendo_mcts(level: Level) -> BotMaker<crescendo::State> {
        let config = CrescendoMcts::settings(level);
        BotMaker {
            growth: Growth::Iterations,
            level_limit: iterations_of(&config),
            make: Box::new(move |limit, seed| {
                Box::new(CrescendoMcts::new(
                    MctsConfig {
                        budget: Budget::iterations(limit),
                        ..config
                    },
                    seed,
                ))
            }),
        }
    }

    /// Crescendo's `greedy` player.
    pub fn greedy() -> BotMaker<crescendo::State> {
        BotMaker {
            growth: Growth::Fixed,
            level_limit: 0,
            make: Box::new(|_, seed| Box::new(GreedyBot::new(seed))),
        }
    }
}

impl BotMaker<pyrga::State> {
    /// Pyrga's `perfect`: the solver's best move within the time budget (by default the
    /// level's time, as `towers play` gives it: 1, 2, 5, 15 or 45 seconds), alpha-beta's
    /// when the budget runs out first.
    pub fn perfect(level: Level) -> BotMaker<pyrga::State> {
        let level_ms = level
            .alphabeta()
            .max_time()
            .map_or(5_000, |time| time.as_millis() as u64);
        BotMaker {
            growth: Growth::OwnClock,
            level_limit: level_ms,
            make: Box::new(|ms, _| {
                Box::new(
                    Perfect::new(std::time::Duration::from_millis(ms))
                        .with_table_bits(crate::solver::TABLE_BITS),
                )
            }),
        }
    }
}

/// What `botMove` was asked for.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct BotRequest {
    /// The strength.
    pub level: Level,
    /// The seed of the bot's choices (and of chance's, when chance decides).
    pub seed: u64,
    /// A time budget in milliseconds, if any: the search stops growing before it would
    /// run out, but never beyond the level's own limit.
    pub time_ms: Option<f64>,
}

/// A move for whoever decides in `state`: the bot's choice, or a chance outcome drawn by
/// weight with the request's seed when chance decides.
///
/// # Errors
/// `gameOver` when the game is over, `illegal` if the bot finds no move.
pub(crate) fn choose<G: Game>(
    state: &G,
    maker: &BotMaker<G>,
    request: BotRequest,
    clock: &dyn Fn() -> f64,
) -> Result<G::Move, WebError> {
    let none = || WebError::new(ErrorKind::Illegal, "the bot found no move");
    match state.status() {
        Status::Finished(_) => Err(WebError::new(ErrorKind::GameOver, "the game is over")),
        Status::Ongoing(Actor::Chance) => {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(request.seed);
            random_move(state, &mut rng).ok_or_else(none)
        }
        Status::Ongoing(Actor::Player(_)) => {
            if maker.growth == Growth::OwnClock {
                let ms = request
                    .time_ms
                    .map_or(maker.level_limit, |budget| budget.ceil() as u64);
                return (maker.make)(ms, request.seed)
                    .choose(state)
                    .ok_or_else(none);
            }
            let Some(budget) = request.time_ms.filter(|_| maker.growth != Growth::Fixed) else {
                return (maker.make)(maker.level_limit, request.seed)
                    .choose(state)
                    .ok_or_else(none);
            };
            let started = clock();
            let mut limit = match maker.growth {
                Growth::Depth => 1,
                _ => 32.min(maker.level_limit),
            };
            let mut last_time = 0.0_f64;
            loop {
                let before = clock();
                let chosen = (maker.make)(limit, request.seed).choose(state);
                let took = (clock() - before).max(0.0);
                let growth = if maker.growth == Growth::Depth && last_time > 0.0 {
                    (took / last_time).max(2.0)
                } else {
                    2.0
                };
                let next_fits = clock() - started + took * growth <= budget;
                if limit >= maker.level_limit || !next_fits {
                    return chosen.ok_or_else(none);
                }
                last_time = took.max(0.001);
                limit = match maker.growth {
                    Growth::Depth => limit + 1,
                    _ => (limit * 2).min(maker.level_limit),
                };
            }
        }
    }
}
