//! Monte-Carlo tree search (UCT) for every game: chance, 2 to 4 players, multi-step turns.

use boardcore::{Actor, Game, Status, sample, uniform_below};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::Bot;
use crate::budget::Budget;
use crate::policy::{Policy, Rewards, Uniform, neutral_rewards, outcome_rewards, playout};

/// Settings of an [`Mcts`] search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations and/or time per move.
    pub budget: Budget,
    /// The exploration constant of UCT (rewards are in `0..=1`).
    pub exploration: f64,
    /// Playouts stop after this many moves and are scored by the cut-off function; this
    /// keeps games that can loop (Pylos take-backs, Crescendo chases) from hanging a search.
    pub playout_plies: usize,
    /// The tree never grows beyond this many nodes; the search stops when it is full.
    pub max_nodes: usize,
}

impl Default for MctsConfig {
    /// 2000 iterations, exploration 1.0, playouts of at most 400 moves, 1 M nodes.
    fn default() -> Self {
        MctsConfig {
            budget: Budget::iterations(2_000),
            exploration: 1.0,
            playout_plies: 400,
            max_nodes: 1_000_000,
        }
    }
}

/// What one search found: the chosen move and the statistics of every root move.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsReport<M> {
    /// The most visited root move.
    pub best: M,
    /// Iterations run.
    pub iterations: u64,
    /// Each expanded root move with its visits and mean reward for the player to move.
    pub moves: Vec<(M, u32, f64)>,
}

const NO_PARENT: u32 = u32::MAX;

/// Narrows the legal moves of a tree node to those worth trying (see
/// [`Mcts::with_tree_moves`]).
type Narrow<G> = fn(&G, &mut Vec<<G as Game>::Move>);

struct Node<G: Game> {
    state: G,
    /// Who decides here, or `None` when the game is over.
    actor: Option<Actor>,
    /// The rewards of a finished game, computed once.
    terminal: Option<Rewards>,
    mv: Option<G::Move>,
    parent: u32,
    children: Vec<u32>,
    /// Legal moves not yet expanded (player nodes only).
    untried: Vec<G::Move>,
    visits: u32,
    sums: Rewards,
}

impl<G: Game> Node<G> {
    /// A node for `state`, whose moves to try are its legal moves narrowed by `narrow`.
    fn new(state: G, mv: Option<G::Move>, parent: u32, narrow: Narrow<G>) -> Self {
        let status = state.status();
        let (actor, terminal) = match &status {
            Status::Finished(outcome) => (None, Some(outcome_rewards(outcome, state.seats()))),
            Status::Ongoing(actor) => (Some(*actor), None),
        };
        let untried = match actor {
            Some(Actor::Player(_)) => {
                let mut moves = state.legal_moves().to_vec();
                narrow(&state, &mut moves);
                if moves.is_empty() {
                    moves = state.legal_moves().to_vec();
                }
                moves
            }
            _ => Vec::new(),
        };
        Node {
            state,
            actor,
            terminal,
            mv,
            parent,
            children: Vec::new(),
            untried,
            visits: 0,
            sums: [0.0; boardcore::MAX_PLAYERS],
        }
    }
}

/// A UCT Monte-Carlo tree search bot.
///
/// Each iteration descends the tree by UCT (each node maximising the reward of the player
/// who decides there; chance nodes follow an outcome sampled by weight), expands one new
/// move, plays the game out with the playout [`Policy`] for at most
/// [`MctsConfig::playout_plies`] moves, and adds the rewards of every seat along the path.
/// The move played is the most visited one. With an iteration budget the search is
/// deterministic for its seed. A game may narrow the moves the tree tries at its nodes
/// ([`Mcts::with_tree_moves`]), for example to settle minor decisions by a rule.
///
/// ```
/// use bots::{Bot, Budget, Mcts, MctsConfig};
/// use pyrga::{Config, State};
///
/// let config = MctsConfig { budget: Budget::iterations(300), ..MctsConfig::default() };
/// let mut bot = Mcts::new(config, 42);
/// let start = State::new(Config::default());
/// let chosen = bot.choose(&start).unwrap();
/// assert!(pyrga::legal_moves(&start).contains(&chosen));
/// assert_eq!(Mcts::new(config, 42).choose(&start), Some(chosen));
/// ```
pub struct Mcts<G: Game, P = Uniform> {
    config: MctsConfig,
    policy: P,
    cutoff: fn(&G) -> Rewards,
    narrow: Narrow<G>,
    rng: Xoshiro256PlusPlus,
}

impl<G: Game> Mcts<G, Uniform> {
    /// A search with uniformly random playouts, seeded with `seed`.
    pub fn new(config: MctsConfig, seed: u64) -> Self {
        Mcts::with_policy(config, Uniform, seed)
    }
}

impl<G: Game, P: Policy<G>> Mcts<G, P> {
    /// A search whose playouts follow `policy`, seeded with `seed`; playouts cut off by
    /// the ply cap score equally for every seat until [`Mcts::with_cutoff`] says otherwise.
    pub fn with_policy(config: MctsConfig, policy: P, seed: u64) -> Self {
        Mcts {
            config,
            policy,
            cutoff: |state| neutral_rewards(state.seats()),
            narrow: |_, _| {},
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }

    /// Scores playouts stopped by the ply cap with `cutoff` (an evaluation of the position
    /// as rewards per seat) instead of equal shares.
    #[must_use]
    pub fn with_cutoff(mut self, cutoff: fn(&G) -> Rewards) -> Self {
        self.cutoff = cutoff;
        self
    }

    /// Narrows the moves the tree tries where a player decides: `narrow` receives the
    /// position and its legal moves and keeps those worth searching (one, to settle a
    /// decision by a rule; a few, to prune). It must keep only legal moves; a list it
    /// empties is refilled with every legal move. The root is narrowed too. Playouts are
    /// not affected: they follow the policy.
    ///
    /// ```
    /// use bots::{Bot, Budget, Mcts, MctsConfig};
    /// use pyrga::{Config, State};
    ///
    /// let config = MctsConfig { budget: Budget::iterations(100), ..MctsConfig::default() };
    /// // Search only the first legal move of every position.
    /// let mut bot = Mcts::new(config, 1).with_tree_moves(|_, moves| moves.truncate(1));
    /// let start = State::new(Config::default());
    /// assert_eq!(bot.choose(&start), pyrga::legal_moves(&start).first().copied());
    /// ```
    #[must_use]
    pub fn with_tree_moves(mut self, narrow: fn(&G, &mut Vec<G::Move>)) -> Self {
        self.narrow = narrow;
        self
    }

    /// The settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Searches `state`, where a player must decide; `None` when no player decides there.
    pub fn search(&mut self, state: &G) -> Option<MctsReport<G::Move>> {
        let Status::Ongoing(Actor::Player(_)) = state.status() else {
            return None;
        };
        let mut nodes = vec![Node::new(state.clone(), None, NO_PARENT, self.narrow)];
        let legal = nodes.first().map(|root| root.untried.clone())?;
        if legal.len() == 1 {
            return legal.first().map(|&best| MctsReport {
                best,
                iterations: 0,
                moves: vec![(best, 0, 0.0)],
            });
        }
        let meter = self.config.budget.start();
        let mut iterations = 0;
        while !meter.exhausted(iterations) && nodes.len() < self.config.max_nodes {
            self.iterate(&mut nodes);
            iterations += 1;
        }
        let root = nodes.first()?;
        let player = root.actor.and_then(|a| match a {
            Actor::Player(p) => Some(p.index()),
            Actor::Chance => None,
        })?;
        let moves: Vec<(G::Move, u32, f64)> = root
            .children
            .iter()
            .filter_map(|&c| {
                let child = nodes.get(c as usize)?;
                let mean = child.sums[player] / f64::from(child.visits.max(1));
                Some((child.mv?, child.visits, mean))
            })
            .collect();
        let best = moves
            .iter()
            .max_by(|a, b| a.1.cmp(&b.1).then(a.2.total_cmp(&b.2)))
            .map(|m| m.0)
            .or_else(|| legal.first().copied())?;
        Some(MctsReport {
            best,
            iterations,
            moves,
        })
    }

    /// One iteration: select, expand, play out, back up.
    fn iterate(&mut self, nodes: &mut Vec<Node<G>>) {
        let mut at = 0usize;
        let (leaf, rewards) = loop {
            let node = &mut nodes[at];
            if let Some(terminal) = node.terminal {
                break (at, terminal);
            }
            let seats = node.state.seats();
            match node.actor {
                Some(Actor::Chance) => {
                    let Some(outcome) = sample(&mut self.rng, &node.state.chance_outcomes()) else {
                        break (at, neutral_rewards(seats));
                    };
                    let existing = nodes[at]
                        .children
                        .iter()
                        .copied()
                        .find(|&c| nodes[c as usize].mv == Some(outcome));
                    match existing {
                        Some(child) => at = child as usize,
                        None => break self.expand(nodes, at, outcome),
                    }
                }
                Some(Actor::Player(player)) => {
                    if !node.untried.is_empty() {
                        let pick = uniform_below(&mut self.rng, node.untried.len() as u64) as usize;
                        let mv = node.untried.swap_remove(pick);
                        break self.expand(nodes, at, mv);
                    }
                    match self.select(nodes, at, player.index()) {
                        Some(child) => at = child,
                        None => break (at, neutral_rewards(seats)),
                    }
                }
                None => break (at, neutral_rewards(seats)),
            }
        };
        let mut index = leaf;
        loop {
            let node = &mut nodes[index];
            node.visits += 1;
            for (sum, reward) in node.sums.iter_mut().zip(rewards) {
                *sum += reward;
            }
            if node.parent == NO_PARENT {
                break;
            }
            index = node.parent as usize;
        }
    }

    /// Adds the child of `parent` reached by `mv` and plays it out; returns the new node
    /// and the playout's rewards.
    fn expand(&mut self, nodes: &mut Vec<Node<G>>, parent: usize, mv: G::Move) -> (usize, Rewards) {
        let Ok(state) = nodes[parent].state.apply(mv) else {
            return (parent, neutral_rewards(nodes[parent].state.seats()));
        };
        let rewards = match state.status() {
            Status::Finished(outcome) => outcome_rewards(&outcome, state.seats()),
            Status::Ongoing(_) => playout(
                &state,
                &mut self.policy,
                &mut self.rng,
                self.config.playout_plies,
                self.cutoff,
            ),
        };
        let index = nodes.len();
        nodes.push(Node::new(state, Some(mv), parent as u32, self.narrow));
        nodes[parent].children.push(index as u32);
        (index, rewards)
    }

    /// The child of `at` with the best UCT value for seat `player`.
    fn select(&self, nodes: &[Node<G>], at: usize, player: usize) -> Option<usize> {
        let node = &nodes[at];
        let log_visits = f64::from(node.visits.max(1)).ln();
        node.children
            .iter()
            .map(|&c| {
                let child = &nodes[c as usize];
                let visits = f64::from(child.visits.max(1));
                let value = child.sums[player] / visits
                    + self.config.exploration * (log_visits / visits).sqrt();
                (c as usize, value)
            })
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(c, _)| c)
    }
}

impl<G: Game, P: Policy<G>> Bot<G> for Mcts<G, P> {
    fn name(&self) -> &'static str {
        "mcts"
    }

    fn choose(&mut self, state: &G) -> Option<G::Move> {
        self.search(state).map(|report| report.best)
    }
}
