"""Pyrga, Pylos, Architekton and Crescendo: exact rules engines in Rust, for Python.

``Game(name, **options)`` is a position with its record; ``play`` returns a new game.
``bot_move``, ``solve`` and ``move_values`` ask the bots and Pyrga's solver. Every error
is a ``TowersError`` whose ``kind`` is the JavaScript kind. For learning agents each game
has a fixed action space (``legal_actions``, ``action_mask``, ``action_to_move``,
``move_to_action``) and an observation tensor (``observation``, ``observation_shape``). The OpenSpiel games
are in ``towers_games.openspiel``, the PettingZoo environments in
``towers_games.pettingzoo``.
"""

from ._native import (
    BadFileError,
    BadOptionError,
    Game,
    GameOverError,
    IllegalMoveError,
    InvalidPositionError,
    NetworkError,
    NoDatabaseError,
    OutOfBudgetError,
    ParseError,
    PylosTablebase,
    TowersError,
    bot_move,
    game_info,
    games,
    move_values,
    solve,
)

__all__ = [
    "BadFileError",
    "BadOptionError",
    "Game",
    "GameOverError",
    "IllegalMoveError",
    "InvalidPositionError",
    "NetworkError",
    "NoDatabaseError",
    "OutOfBudgetError",
    "ParseError",
    "PylosTablebase",
    "TowersError",
    "bot_move",
    "game_info",
    "games",
    "move_values",
    "solve",
]
