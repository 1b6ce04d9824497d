"""OpenSpiel's MCTSBot (random rollouts, a fixed number of simulations a move) on the
ratings scale of ``towers ladder``: it plays our bots through towers_games, seats
alternating, and its Bradley–Terry rating is fitted against their ratings, read from a
table that ``towers ladder`` printed (their ratings held fixed; one drawn game added per
opponent, as the ladder adds per pair).

    towers ladder pyrga --games 20 --seed 1 > pyrga.txt
    python crates/python/benchmarks/ladder_openspiel.py pyrga pyrga.txt \\
        --opponents random mcts@1 mcts@2 --games 10 --simulations 100

Our bots move with ``towers_games.bot_move`` at their level's own budget (iterations or
depth, no clock), so both sides are repeatable for a seed. The standard error printed is
that of the fit with the opponents' ratings taken as exact.
"""

import argparse
import math
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import towers_games as tg
import towers_games.openspiel as tg_openspiel

ELO_PER_LOG_ODDS = 400 / math.log(10)


def table_ratings(path):
    """The ratings of a ``towers ladder`` table: ``{"mcts@2": 412.0, "random@1": 0.0}``."""
    ratings = {}
    with open(path, encoding="utf-8") as table:
        for line in table:
            words = line.split()
            if len(words) < 3 or words[0] in ("bot", "step"):
                continue
            level = "1" if words[1] == "-" else words[1]
            ratings[f"{words[0]}@{level}"] = float(words[2])
    return ratings


def entrant(text):
    """``mcts@2`` as ``("mcts", 2)``; a bot without a level is at level 1."""
    bot, _, level = text.partition("@")
    return bot, int(level or 1)


def play(game, opponent, seat, simulations, seed):
    """One game of MCTSBot against ``opponent`` (MCTSBot in ``seat``): MCTSBot's points
    (1, ½ or 0), its moves and the time it thought."""
    rng = np.random.RandomState(seed)
    openspiel_bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=simulations,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        solve=False,
        random_state=rng,
    )
    bot, level = entrant(opponent)
    chance = random.Random(seed)
    state = game.new_initial_state()
    thought, moves = 0.0, 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes())
            state.apply_action(chance.choices(actions, weights)[0])
        elif state.current_player() == seat:
            started = time.perf_counter()
            state.apply_action(openspiel_bot.step(state))
            thought += time.perf_counter() - started
            moves += 1
        else:
            position = state.position
            move = tg.bot_move(position, bot, level, seed + len(state.history()))
            state.apply_action(position.move_to_action(move))
    returns = state.returns()
    mine, theirs = returns[seat], returns[1 - seat]
    points = 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
    return points, moves, thought


def fit(scores, ratings, prior=1.0):
    """The rating (and its standard error) that makes ``scores`` most likely against
    opponents of fixed ``ratings``: ``scores`` maps an opponent to (games, points)."""
    rating = 0.0
    for _ in range(100):
        gradient, information = 0.0, 0.0
        for opponent, (games, points) in scores.items():
            expected = 1 / (1 + math.exp((ratings[opponent] - rating) / ELO_PER_LOG_ODDS))
            games, points = games + prior, points + prior / 2
            gradient += (points - games * expected) / ELO_PER_LOG_ODDS
            information += games * expected * (1 - expected) / ELO_PER_LOG_ODDS**2
        step = max(-400.0, min(400.0, gradient / information))
        rating += step
        if abs(step) < 1e-9:
            break
    return rating, 1 / math.sqrt(information)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=tg.games())
    parser.add_argument("table", help="the output of `towers ladder GAME`")
    parser.add_argument("--opponents", nargs="+", default=["random", "mcts@1", "mcts@2"])
    parser.add_argument("--games", type=int, default=10, help="games per opponent")
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ratings = table_ratings(args.table)
    opponents = [f"{entrant(o)[0]}@{entrant(o)[1]}" for o in args.opponents]
    missing = [o for o in opponents if o not in ratings]
    if missing:
        parser.error(f"not in the table: {', '.join(missing)}")
    params = {"players": 2} if args.game == "crescendo" else {}
    game = pyspiel.load_game(tg_openspiel.short_name(args.game), params)
    scores, thought, moves = {}, 0.0, 0
    for opponent in opponents:
        points = 0.0
        for number in range(args.games):
            seed = args.seed * 1_000_003 + number
            won, made, took = play(game, opponent, number % 2, args.simulations, seed)
            points, thought, moves = points + won, thought + took, moves + made
        scores[opponent] = (args.games, points)
        print(f"MCTSBot({args.simulations}) {points} – {args.games - points} {opponent}")
    rating, error = fit(scores, ratings)
    print(
        f"MCTSBot({args.simulations}) rating {rating:.0f} ±{error:.0f}, "
        f"{1000 * thought / max(moves, 1):.0f} ms/move"
    )


if __name__ == "__main__":
    main()
