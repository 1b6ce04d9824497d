"""The four games as PettingZoo AEC environments, with action masks.

``env(name, **options)`` (or ``pyrga_env()``, ``pylos_env()``, ``architekton_env()``,
``crescendo_env(players=3)``) is an environment of agents ``player_0`` … ``player_<n-1>``
(the seats in order). Each observation is a dict: ``observation``, the game's observation
tensor (float32, of ``Game.observation_shape``), and ``action_mask`` (an ``ActionMask``:
a read-only int8 array, 1 for each legal action of the fixed action space, all 0 for an
agent not to move and after the end or the truncation, whose ``np.flatnonzero`` is read
from the legal actions rather than scanned). Rewards come at
the end only: the game's ``returns()``. Chance (Architekton's draws) is sampled by weight
from the generator seeded by ``reset(seed=…)``. A game still going after ``max_plies``
moves (by default the game's ``maxPlies``) is truncated. ``render_mode`` is None,
``"ansi"`` (``render()`` returns the position text) or ``"human"`` (the text printed after
every move); ``step`` takes whole numbers only (``operator.index``).
"""

import operator

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ._native import Game as _Game
from ._native import game_info as _game_info


class ActionMask(np.ndarray):
    """An action mask: a read-only int8 NumPy array of 1 for each legal action, which
    keeps the legal actions it was made from, so that ``nonzero`` (and with it
    ``np.nonzero`` and ``np.flatnonzero``) answers from them instead of scanning the whole
    action space (141,198 entries in Pylos). Slices and copies are plain arrays."""

    def __new__(cls, size, legal):
        mask = np.zeros(size, np.int8).view(cls)
        legal = np.asarray(legal, dtype=np.intp)
        mask[legal] = 1
        mask.flags.writeable = False
        mask._legal = legal
        return mask

    def __array_finalize__(self, obj):
        self._legal = None

    def nonzero(self):
        """The indices of the legal actions, ascending (as ``ndarray.nonzero``)."""
        if self._legal is None:
            return super().nonzero()
        return (self._legal.copy(),)

    def ravel(self, order="C"):
        """The mask itself (it is flat), so ``np.flatnonzero`` keeps the legal actions."""
        if self._legal is None:
            return super().ravel(order)
        return self


class TowersEnv(AECEnv):
    """An AEC environment of one of the games."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, name, render_mode=None, max_plies=None, **options):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r}: the modes are None, 'ansi' (render() returns "
                "the position text) and 'human' (printed after every move)"
            )
        self.game_name = name
        self.options = options
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"towers_{name}_v0")
        self.max_plies = max_plies or _game_info(name)["maxPlies"]
        start = _Game(name, **options)
        self.start = start
        self.possible_agents = [f"player_{seat}" for seat in range(start.num_players())]
        shape = start.observation_shape
        actions = start.num_distinct_actions
        observation = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape=tuple(shape), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.rng = np.random.default_rng()
        self.game = start
        self.plies = 0

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        observation = self.game.observation()
        seat = self.possible_agents.index(agent)
        moves = self.game.to_move() == seat and self.plies < self.max_plies
        legal = self.game.legal_actions() if moves else []
        mask = ActionMask(self.game.num_distinct_actions, legal)
        return {"observation": observation, "action_mask": mask}

    def _resolve_chance(self):
        while self.game.is_chance():
            outcomes = self.game.chance_outcomes()
            weights = np.array([weight for _, weight in outcomes], dtype=np.float64)
            pick = self.rng.choice(len(outcomes), p=weights / weights.sum())
            self.game = self.game.play(outcomes[pick][0])

    def _select(self):
        """The agent to move, or the end of the game for everyone."""
        if self.game.is_over() or self.plies >= self.max_plies:
            over = self.game.is_over()
            returns = self.game.returns()
            for seat, agent in enumerate(self.agents):
                self.rewards[agent] = returns[seat]
                self.terminations[agent] = over
                self.truncations[agent] = not over
            return
        self.agent_selection = self.possible_agents[self.game.to_move()]

    def reset(self, seed=None, options=None):
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        self.game = self.start
        self.plies = 0
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._resolve_chance()
        self.agent_selection = self.agents[0]
        self._select()

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        try:
            action = operator.index(action)
        except TypeError:
            raise TypeError(
                f"an action is a whole number, not {type(action).__name__} ({action!r})"
            ) from None
        self._cumulative_rewards[agent] = 0.0
        for other in self.agents:
            self.rewards[other] = 0.0
        self.game = self.game.play_action(action)
        self.plies += 1
        self._resolve_chance()
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        """The position text: returned in mode ``ansi``, printed in mode ``human``."""
        if self.render_mode == "human":
            print(self.game.to_text())
            return None
        return self.game.to_text()

    def close(self):
        pass


def env(name, render_mode=None, max_plies=None, **options):
    """The environment of game ``name`` with ``options`` (as ``Game(name, **options)``),
    truncated after ``max_plies`` moves."""
    return TowersEnv(name, render_mode=render_mode, max_plies=max_plies, **options)


def pyrga_env(render_mode=None, **options):
    """Pyrga (option ``rules``)."""
    return env("pyrga", render_mode, **options)


def pylos_env(render_mode=None, **options):
    """Pylos (options ``variant``, ``takeback``, ``end``)."""
    return env("pylos", render_mode, **options)


def architekton_env(render_mode=None, **options):
    """Architekton (option ``buildingMatch``)."""
    return env("architekton", render_mode, **options)


def crescendo_env(render_mode=None, **options):
    """Crescendo (option ``players``, 2 to 4)."""
    return env("crescendo", render_mode, **options)
