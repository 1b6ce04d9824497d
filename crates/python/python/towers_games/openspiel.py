"""The four games as OpenSpiel Python games: ``towers_pyrga``, ``towers_pylos``,
``towers_architekton`` and ``towers_crescendo``.

Importing this module registers them with ``pyspiel.register_game``; then
``pyspiel.load_game("towers_pylos", {"variant": "expert"})`` loads one. The game parameters
are the game's options (``game_info(name)["options"]``), with ``players`` an integer
(Crescendo: 2 to 4 players), and ``max_plies``. A value with ``-`` between digits is
spelled with ``to`` in OpenSpiel (Pylos's ``takeback=1to2``, ``0to2-earlier``), which reads
``1-2`` as a number; a parameter dict may give either spelling. Actions are the game's
fixed action space; chance (the tile draws of Architekton) is OpenSpiel's chance player,
whose outcomes are the draws' actions with probabilities proportional to the engine's
weights. Returns are +1 for the winner, -1 for the loser, 0 each for a draw; a Crescendo
ranking scores +1 for the first down to -1 for the last, evenly spaced. A game that has
not ended after ``max_plies`` player moves (chance outcomes are not counted, as in
PettingZoo; by default the game's ``maxPlies``: 1000 in Pylos, whose take-backs can repeat
for ever, 100000 elsewhere) stops there as a draw. ``max_game_length()`` is the lesser of
``max_plies`` and the rules' longest game (30 in Pyrga).
"""

import re

import numpy as np
import pyspiel

from ._native import Game as _Game
from ._native import game_info as _game_info


def short_name(name):
    """The OpenSpiel name of game ``name``: ``towers_<name>``."""
    return "towers_" + name


def _spelled(value):
    """An option value as a game parameter's text: ``-`` between digits written ``to``
    (``1-2`` as ``1to2``), since OpenSpiel reads a text of digits and ``-`` as a number."""
    return re.sub(r"(?<=\d)-(?=\d)", "to", value)


def _option(value):
    """A game parameter's value as the engine's option: ``to`` between digits read back as
    ``-``; the engine's own spelling (``1-2``, given in a parameter dict) as it is."""
    if isinstance(value, str):
        return re.sub(r"(?<=\d)to(?=\d)", "-", value)
    return value


def _parameter(spec):
    """An option's default as a game parameter: an integer when its values are numbers."""
    default = spec["default"]
    return int(default) if all(v.isdigit() for v in spec["values"]) else _spelled(default)


def _game_type(name):
    info = _game_info(name)
    parameters = {spec["key"]: _parameter(spec) for spec in info["options"]}
    parameters["max_plies"] = info["maxPlies"]
    start = _Game(name)
    has_chance = name == "architekton"
    seats = len(info["seats"])
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name="towers " + name.capitalize(),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if has_chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=seats,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class TowersGame(pyspiel.Game):
    """One of the games, with its options as parameters."""

    def __init__(self, name, params=None):
        game_type = _game_type(name)
        parameters = dict(game_type.parameter_specification)
        parameters.update(params or {})
        self.name = name
        self.max_plies = parameters.pop("max_plies")
        if self.max_plies < 1:
            raise ValueError("max_plies must be at least 1")
        options = {key: _option(value) for key, value in parameters.items()}
        self.options = options
        start = _Game(name, **options)
        self.start = start
        longest = _game_info(name)["longestGame"]
        game_info = pyspiel.GameInfo(
            num_distinct_actions=start.num_distinct_actions,
            max_chance_outcomes=start.num_distinct_actions if name == "architekton" else 0,
            num_players=start.num_players(),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=min(self.max_plies, longest or self.max_plies),
        )
        spelled = {
            key: _spelled(value) if isinstance(value, str) else value
            for key, value in options.items()
        }
        super().__init__(game_type, game_info, dict(spelled, max_plies=self.max_plies))

    def new_initial_state(self):
        """The start of the game."""
        return TowersState(self, self.start)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer of the whole position (every game here has perfect information)."""
        return TowersObserver(self.start.observation_shape, params)


class TowersState(pyspiel.State):
    """A position; OpenSpiel's states change in place, so this one holds the current
    immutable ``towers_games.Game``."""

    def __init__(self, game, position):
        super().__init__(game)
        self.position = position
        self.plies = 0
        self.max_plies = game.max_plies

    def _stopped(self):
        return self.plies >= self.max_plies

    def current_player(self):
        if self.position.is_over() or self._stopped():
            return pyspiel.PlayerId.TERMINAL
        if self.position.is_chance():
            return pyspiel.PlayerId.CHANCE
        return self.position.to_move()

    def _legal_actions(self, player):
        return self.position.legal_actions()

    def chance_outcomes(self):
        outcomes = self.position.chance_outcomes()
        total = sum(weight for _, weight in outcomes)
        return [
            (self.position.move_to_action(move), weight / total) for move, weight in outcomes
        ]

    def _apply_action(self, action):
        if not self.position.is_chance():
            self.plies += 1
        self.position = self.position.play_action(action)

    def undo_action(self, player, action):
        """Refused: OpenSpiel keeps a Python game's history in C++, where a Python state
        cannot take its last action back. Clone the state before applying instead
        (``state.clone()``; positions are values, so a clone is cheap)."""
        raise NotImplementedError(
            "undo_action: OpenSpiel's history of a Python game cannot be taken back from "
            "Python; clone the state before applying the action instead"
        )

    def _action_to_string(self, player, action):
        return self.position.action_to_move(action)

    def is_terminal(self):
        return self.position.is_over() or self._stopped()

    def returns(self):
        return self.position.returns()

    def information_state_string(self, player=None):
        return self.position.to_file()

    def observation_string(self, player=None):
        return self.position.to_text()

    def __str__(self):
        return self.position.to_text()


class TowersObserver:
    """The observation tensor of a position (see ``Game.observation``) and its text."""

    def __init__(self, shape, params):
        if params:
            raise ValueError(f"observation parameters not supported: {params}")
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state, player):
        self.tensor[:] = state.position.observation().reshape(-1)

    def string_from(self, state, player):
        return state.position.to_text()


class TowersPyrga(TowersGame):
    """Pyrga (parameter ``rules``)."""

    def __init__(self, params=None):
        super().__init__("pyrga", params)


class TowersPylos(TowersGame):
    """Pylos (parameters ``variant``, ``takeback``, ``end``)."""

    def __init__(self, params=None):
        super().__init__("pylos", params)


class TowersArchitekton(TowersGame):
    """Architekton (parameter ``buildingMatch``)."""

    def __init__(self, params=None):
        super().__init__("architekton", params)


class TowersCrescendo(TowersGame):
    """Crescendo (parameter ``players``, 2 to 4)."""

    def __init__(self, params=None):
        super().__init__("crescendo", params)


for _class in (TowersPyrga, TowersPylos, TowersArchitekton, TowersCrescendo):
    pyspiel.register_game(_game_type(_class.__name__[len("Towers") :].lower()), _class)
