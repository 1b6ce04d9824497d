"""Random playouts per second: through the Python API of towers_games, through our games
in OpenSpiel, and through OpenSpiel's own C++ Connect Four (driven from Python, as an agent
drives it). The same loop as the Rust example `playouts`: a uniformly random legal action
(chance outcomes by weight) until the end or the ply cap.

    python crates/python/benchmarks/playouts.py [seconds per row]
"""

import random
import sys
import time

import pyspiel

import towers_games as tg
import towers_games.openspiel  # noqa: F401  (registers the games)

# Crescendo's cap is above its longest match (4,608 plies), so its playouts end by the rules.
CAPS = {"pyrga": 1000, "pylos": 1000, "architekton": 1000, "crescendo": 5000}


def api_playout(start, cap, rng):
    game, plies = start, 0
    while plies < cap and not game.is_over():
        if game.is_chance():
            outcomes = game.chance_outcomes()
            move = rng.choices([m for m, _ in outcomes], [w for _, w in outcomes])[0]
            game = game.play(move)
        else:
            game = game.play_action(rng.choice(game.legal_actions()))
        plies += 1
    return plies


def spiel_playout(game, cap, rng):
    state, plies = game.new_initial_state(), 0
    while plies < cap and not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        plies += 1
    return plies


def rate(playout, seconds):
    rng = random.Random(1)
    began, playouts, plies = time.perf_counter(), 0, 0
    while time.perf_counter() - began < seconds:
        plies += playout(rng)
        playouts += 1
    elapsed = time.perf_counter() - began
    return playouts / elapsed, plies / elapsed


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    rows = []
    for name, cap in CAPS.items():
        start = tg.Game(name)
        rows.append((f"{name} (Python API)", rate(lambda r: api_playout(start, cap, r), seconds)))
        spiel = pyspiel.load_game(f"towers_{name}", {"max_plies": cap})
        rows.append((f"towers_{name} (OpenSpiel)", rate(lambda r: spiel_playout(spiel, cap, r), seconds)))
    c4 = pyspiel.load_game("connect_four")
    rows.append(("connect_four (OpenSpiel C++)", rate(lambda r: spiel_playout(c4, 1000, r), seconds)))
    for label, (playouts, plies) in rows:
        print(f"{label:34} {playouts:>10.1f} playouts/s {plies:>12.0f} plies/s")


if __name__ == "__main__":
    main()
