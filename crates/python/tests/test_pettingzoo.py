"""The games as PettingZoo AEC environments: PettingZoo's own API test."""

import numpy as np
import pytest
from pettingzoo.test import api_test

from towers_games.pettingzoo import env


@pytest.mark.parametrize(
    "name, options",
    [
        ("pyrga", {}),
        ("pylos", {"variant": "expert"}),
        ("architekton", {}),
        ("crescendo", {"players": 3, "max_plies": 500}),
    ],
)
def test_api(name, options):
    api_test(env(name, **options), num_cycles=300, verbose_progress=False)


def test_a_whole_game_with_masks():
    environment = env("pyrga")
    environment.reset(seed=3)
    rng = np.random.default_rng(3)
    final = {}
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, _ = environment.last()
        if termination or truncation:
            final[agent] = reward
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(rng.choice(legal)))
    assert sorted(final.values()) in ([-1.0, 1.0], [0.0, 0.0])
