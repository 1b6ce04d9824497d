//! The bots by name and level, for every front-end. Each is built either with its level's
//! own budget ([`BotMaker::bot`], as `towers play` runs it), or searching by iterations or
//! depth only, so that a seed always gives the same move, a time budget being met from
//! outside: searches of growing size, timed by the caller's clock, until the next one would
//! not fit ([`BotMaker::choose`], as the browser runs it). The `perfect` bot is the
//! exception: the solver keeps its own clock, and its moves are exact whatever the budget
//! (only the fallback depends on the time).

use std::time::Duration;

use boardcore::rand_core::SeedableRng;
use boardcore::{Actor, Game, Status, random_move};
use bots::{
    AlphaBeta, ArchitektonMcts, Bot, Budget, CrescendoMcts, Evaluate, GreedyBot, Level, Mcts,
    MctsConfig, Perfect, RandomBot, Style,
};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::error::{Error, ErrorKind};

/// How a bot's search grows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Growth {
    /// It does not search (`random`, `greedy`).
    Fixed,
    /// Alpha-beta: one ply deeper at a time.
    Depth,
    /// MCTS: twice the iterations at a time.
    Iterations,
    /// It keeps its own clock (`perfect`): the whole move within the time budget, in
    /// milliseconds.
    OwnClock,
}

/// A bot of one game: how to build it for a search limit and a seed, or with its level's
/// own budget (iterations and time, as `towers play` runs it).
pub struct BotMaker<G: Game> {
    growth: Growth,
    /// The level's limit (depth, iterations, or milliseconds for [`Growth::OwnClock`]).
    level_limit: u64,
    make: Box<dyn Fn(u64, u64) -> Box<dyn Bot<G>>>,
    at_level: Box<dyn Fn(u64) -> Box<dyn Bot<G>>>,
    /// The bot searching for a fixed time a move instead of its level's limit.
    timed: Box<dyn Fn(Duration, u64) -> Box<dyn Bot<G>>>,
}

/// The iteration limit of an MCTS configuration, without its time limit.
fn iterations_of(config: &MctsConfig) -> u64 {
    config.budget.max_iterations().unwrap_or(1_000)
}

/// The time of `level` for the `perfect` bot: 1, 2, 5, 15 or 45 seconds.
fn perfect_time(level: Level) -> Duration {
    level
        .alphabeta()
        .max_time()
        .unwrap_or(Duration::from_secs(5))
}

impl<G: Game + 'static> BotMaker<G> {
    /// The bot seeded with `seed` under its level's own budget: a search limit and a
    /// time limit, so its moves depend on the machine's speed only when the time runs out.
    pub fn bot(&self, seed: u64) -> Box<dyn Bot<G>> {
        (self.at_level)(seed)
    }

    /// The bot seeded with `seed` searching for `time` a move (wall clock) whatever its
    /// level's limit, as `towers arena --time` compares bots at equal time; a bot that
    /// does not search (`random`, `greedy`) is the same as at its level.
    pub fn bot_with_time(&self, time: Duration, seed: u64) -> Box<dyn Bot<G>> {
        (self.timed)(time, seed)
    }

    /// `random`: a uniformly random legal move.
    pub fn random() -> BotMaker<G> {
        BotMaker {
            growth: Growth::Fixed,
            level_limit: 0,
            make: Box::new(|_, seed| Box::new(RandomBot::new(seed))),
            at_level: Box::new(|seed| Box::new(RandomBot::new(seed))),
            timed: Box::new(|_, seed| Box::new(RandomBot::new(seed))),
        }
    }

    /// `mcts` with uniform playouts at `level` ([`Level::mcts`]).
    pub fn mcts(level: Level) -> BotMaker<G> {
        BotMaker::mcts_with(level.mcts(), |config, seed| {
            Box::new(Mcts::new(config, seed))
        })
    }

    /// An MCTS bot of `config`, built by `new`.
    fn mcts_with(
        config: MctsConfig,
        new: impl Fn(MctsConfig, u64) -> Box<dyn Bot<G>> + Copy + 'static,
    ) -> BotMaker<G> {
        BotMaker {
            growth: Growth::Iterations,
            level_limit: iterations_of(&config),
            make: Box::new(move |limit, seed| {
                // The level's time limit, if it has one, still holds.
                let budget = match config.budget.max_time() {
                    Some(time) => Budget::iterations(limit).with_time(time),
                    None => Budget::iterations(limit),
                };
                new(MctsConfig { budget, ..config }, seed)
            }),
            at_level: Box::new(move |seed| new(config, seed)),
            timed: Box::new(move |time, seed| {
                let budget = Budget::time(time);
                new(MctsConfig { budget, ..config }, seed)
            }),
        }
    }

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

    /// `alphabeta` at `level` ([`Level::alphabeta`]), its choice among equally good moves
    /// drawn from the seed.
    pub fn alphabeta(level: Level) -> BotMaker<G> {
        BotMaker {
            growth: Growth::Depth,
            level_limit: level.alphabeta().max_iterations().unwrap_or(4),
            make: Box::new(|limit, seed| {
                Box::new(AlphaBeta::new(Budget::iterations(limit)).with_seed(seed))
            }),
            at_level: Box::new(move |seed| {
                Box::new(AlphaBeta::new(level.alphabeta()).with_seed(seed))
            }),
            timed: Box::new(|time, seed| {
                let budget = Budget::iterations(u64::from(u8::MAX)).with_time(time);
                Box::new(AlphaBeta::new(budget).with_seed(seed))
            }),
        }
    }
}

impl BotMaker<architekton::State> {
    /// Architekton's `mcts` at `level`: the generic search with random playouts
    /// ([`BotMaker::mcts`]) at levels 1 to 4, [`ArchitektonMcts`] at level 5.
    pub fn architekton_mcts(level: Level) -> BotMaker<architekton::State> {
        if level < Level::MAX {
            return BotMaker::mcts(level);
        }
        BotMaker::mcts_with(ArchitektonMcts::settings(level), |config, seed| {
            Box::new(ArchitektonMcts::new(config, seed))
        })
    }
}

impl BotMaker<crescendo::State> {
    /// Crescendo's `mcts` at `level` ([`CrescendoMcts::settings`], in the level's
    /// [`Style`]).
    pub fn crescendo_mcts(level: Level) -> BotMaker<crescendo::State> {
        BotMaker::mcts_with(CrescendoMcts::settings(level), move |config, seed| {
            Box::new(CrescendoMcts::new(config, seed).with_style(Style::of(level)))
        })
    }

    /// Crescendo's `greedy` player.
    pub fn greedy() -> BotMaker<crescendo::State> {
        BotMaker {
            growth: Growth::Fixed,
            level_limit: 0,
            make: Box::new(|_, seed| Box::new(GreedyBot::new(seed))),
            at_level: Box::new(|seed| Box::new(GreedyBot::new(seed))),
            timed: Box::new(|_, seed| Box::new(GreedyBot::new(seed))),
        }
    }
}

impl<G: Game + 'static> BotMaker<G>
where
    Perfect: Bot<G>,
{
    /// `perfect`: the solver's best move within the time budget (by default the level's
    /// time: 1, 2, 5, 15 or 45 seconds), alpha-beta's when the budget runs out first. In
    /// Pylos (feature `database`) it reads the first Pylos database installed in [`crate::Databases`].
    pub fn perfect(level: Level) -> BotMaker<G> {
        let level_ms = perfect_time(level).as_millis() as u64;
        BotMaker {
            growth: Growth::OwnClock,
            level_limit: level_ms,
            make: Box::new(|ms, _| Box::new(perfect(Duration::from_millis(ms)))),
            at_level: Box::new(move |_| Box::new(perfect(perfect_time(level)))),
            timed: Box::new(|time, _| Box::new(perfect(time))),
        }
    }
}

/// The perfect bot with `time` a move: a small table in the browser, the Pylos database
/// where there is one.
fn perfect(time: Duration) -> Perfect {
    let bot = Perfect::new(time);
    #[cfg(target_arch = "wasm32")]
    let bot = bot.with_table_bits(crate::solver::TABLE_BITS);
    #[cfg(feature = "database")]
    let bot = match crate::Databases::installed().pylos().first() {
        Some(database) => bot.with_database(std::sync::Arc::clone(database)),
        None => bot,
    };
    bot
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

impl<G: Game> BotMaker<G> {
    /// A move for whoever decides in `state`: the bot's choice, or a chance outcome drawn by
    /// weight with the request's seed when chance decides. `clock` reads the time in
    /// milliseconds from any fixed origin; searches grow while the next one fits in the
    /// request's `time_ms` on that clock.
    ///
    /// # Errors
    /// `gameOver` when the game is over, `illegal` if the bot finds no move.
    pub fn choose(
        &self,
        state: &G,
        request: BotRequest,
        clock: &dyn Fn() -> f64,
    ) -> Result<G::Move, Error> {
        let maker = self;
        let none = || Error::new(ErrorKind::Illegal, "the bot found no move");
        match state.status() {
            Status::Finished(_) => Err(Error::game_over()),
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
}
