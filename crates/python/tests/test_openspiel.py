"""The games in OpenSpiel: its own random-simulation conformance test on every game and
option set, its MCTS bot against its uniform random bot, and Pyrga's values against our
solver."""

import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.bots import uniform_random

import towers_games as tg
import towers_games.openspiel  # noqa: F401  (registers the games)

OPTION_SETS = [
    ("towers_pyrga", {"rules": "standard"}),
    ("towers_pyrga", {"rules": "classic"}),
    *[
        ("towers_pylos", {"variant": variant, "takeback": takeback, "end": end})
        for variant in ("children", "standard", "expert")
        for takeback in ("1to2", "0to2", "1to2-earlier", "0to2-earlier")
        for end in ("nomove", "reserve")
    ],
    ("towers_architekton", {"buildingMatch": "all"}),
    ("towers_architekton", {"buildingMatch": "one"}),
    *[("towers_crescendo", {"players": players}) for players in (2, 3, 4)],
]


@pytest.mark.parametrize("name, params", OPTION_SETS)
def test_random_simulation(name, params):
    game = pyspiel.load_game(name, params)
    assert game.num_players() == params.get("players", 2)
    assert str(pyspiel.load_game(str(game))) == str(game)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_the_engine_spelling_of_take_backs_is_read_too():
    """OpenSpiel reads `1-2` in a game string as a number, so the strings say `1to2`; a
    parameter dict may still give the engine's spelling."""
    game = pyspiel.load_game("towers_pylos", {"takeback": "0-2"})
    assert "takeback=0to2" in str(game)
    assert game.new_initial_state().position.to_text().endswith("0-2 nomove")
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[3])
    again, restored = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state)
    )
    assert str(again) == str(game) and restored.history() == state.history()
    environment = rl_environment.Environment("towers_pylos(takeback=1to2)")
    step = environment.reset()
    for _ in range(5):
        player = step.observations["current_player"]
        step = environment.step([step.observations["legal_actions"][player][0]])
    assert len(environment.get_state.position.record().split()) == 5


def test_chance_is_the_chance_player():
    game = pyspiel.load_game("towers_architekton")
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    weights = dict(state.position.chance_outcomes())
    total = sum(weights.values())
    for action, probability in outcomes:
        assert probability == pytest.approx(weights[state.action_to_string(action)] / total)


@pytest.mark.parametrize(
    "name, simulations, games",
    [("towers_pyrga", 200, 10), ("towers_pylos", 200, 10), ("towers_architekton", 100, 6)],
)
def test_mcts_beats_random(name, simulations, games):
    """Crescendo is left out: its random rollouts last 560 to 2,600 plies (docs/crescendo.md),
    so a game of MCTS against random would take minutes."""
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    score = 0.0
    for index in range(games):
        seat = index % 2
        bots = [uniform_random.UniformRandomBot(1 - seat, rng)] * 2
        bots[seat] = mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng)
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        score += returns[seat]
    assert score >= 0.6 * games, f"MCTS scored {score} in {games} games"


def test_pyrga_values_agree_with_the_solver():
    """Late positions of random games: the solver's value is what two perfect players
    reach, played through OpenSpiel."""
    game = pyspiel.load_game("towers_pyrga")
    rng = np.random.default_rng(11)
    checked = 0
    for _ in range(12):
        state = game.new_initial_state()
        for _ in range(18):
            if state.is_terminal():
                break
            state.apply_action(int(rng.choice(state.legal_actions())))
        if state.is_terminal():
            continue
        mover = state.current_player()
        value = tg.solve(state.position)
        while not state.is_terminal():
            move = tg.bot_move(state.position, bot="perfect")
            state.apply_action(state.position.move_to_action(move))
        expected = {"win": 1.0, "draw": 0.0, "loss": -1.0}[value["verdict"]]
        assert state.returns()[mover] == expected
        checked += 1
    assert checked >= 5


def test_pylos_values_agree_with_the_solver():
    """Late Pylos positions (26 balls on the board, solved directly): the solver's value is
    what two perfect players reach, played through OpenSpiel."""
    game = pyspiel.load_game("towers_pylos")
    rng = np.random.default_rng(5)
    checked = 0
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal():
            balls = sum(c in "LD" for c in state.position.to_text().split(" ")[0])
            if balls >= 26:
                break
            state.apply_action(int(rng.choice(state.legal_actions())))
        if state.is_terminal():
            continue
        try:
            value = tg.solve(state.position)
        except tg.OutOfBudgetError:
            continue
        mover = state.current_player()
        plies = 0
        while not state.is_terminal():
            move = tg.bot_move(state.position, bot="perfect", level=1)
            state.apply_action(state.position.move_to_action(move))
            plies += 1
        expected = {"win": 1.0, "draw": 0.0, "loss": -1.0}[value["verdict"]]
        assert state.returns()[mover] == expected
        if value["verdict"] != "draw":
            assert plies == value["plies"]
        checked += 1
        if checked == 6:
            break
    assert checked >= 4


def test_sizes_follow_the_rules():
    """Pyrga lasts at most 30 plies; max_plies counts player moves, not chance outcomes,
    in OpenSpiel as in PettingZoo."""
    from towers_games.pettingzoo import env

    assert pyspiel.load_game("towers_pyrga").max_game_length() == 30
    assert pyspiel.load_game("towers_pyrga", {"max_plies": 12}).max_game_length() == 12
    game = pyspiel.load_game("towers_architekton", {"max_plies": 10})
    state = game.new_initial_state()
    rng = np.random.default_rng(2)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    moves = [m for m in state.full_history() if m.player != pyspiel.PlayerId.CHANCE]
    assert len(moves) == 10 and not state.position.is_over()
    environment = env("architekton", max_plies=10)
    environment.reset(seed=2)
    steps = 0
    while not any(environment.truncations.values()):
        mask = environment.observe(environment.agent_selection)["action_mask"]
        environment.step(int(np.flatnonzero(mask)[0]))
        steps += 1
    assert steps == 10


def test_undo_is_refused_clearly():
    state = pyspiel.load_game("towers_pyrga").new_initial_state()
    state.apply_action(0)
    with pytest.raises(NotImplementedError, match="clone"):
        state.undo_action(0, 0)
    assert state.history() == [0]
