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


def test_render_modes(capsys):
    quiet = env("pyrga", render_mode="ansi")
    quiet.reset(seed=1)
    quiet.step(0)
    assert capsys.readouterr().out == ""
    assert quiet.render() == quiet.game.to_text()
    loud = env("pyrga", render_mode="human")
    loud.reset(seed=1)
    loud.step(np.int64(0))
    assert capsys.readouterr().out == loud.game.to_text() + "\n"
    for mode in ("rgb_array", "text"):
        with pytest.raises(ValueError, match="render_mode"):
            env("pyrga", render_mode=mode)


def test_actions_are_whole_numbers():
    environment = env("pyrga")
    environment.reset(seed=1)
    for action in (2.7, "2", None):
        with pytest.raises(TypeError, match="whole number"):
            environment.step(action)
    assert environment.game.record() == ""


def test_no_action_is_offered_after_truncation():
    environment = env("crescendo", players=2, max_plies=5)
    environment.reset(seed=1)
    for _ in range(5):
        observation = environment.observe(environment.agent_selection)
        environment.step(int(np.flatnonzero(observation["action_mask"])[0]))
    agent = environment.agent_selection
    _, _, termination, truncation, _ = environment.last()
    assert truncation and not termination and not environment.game.is_over()
    for agent in environment.agents:
        assert not environment.observe(agent)["action_mask"].any()


@pytest.mark.parametrize("name", ["pyrga", "pylos", "architekton", "crescendo"])
def test_the_mask_answers_nonzero_from_the_legal_actions(name):
    environment = env(name)
    environment.reset(seed=5)
    agent = environment.agent_selection
    mask = environment.observe(agent)["action_mask"]
    legal = environment.game.legal_actions()
    assert mask.dtype == np.int8 and mask.shape == (environment.game.num_distinct_actions,)
    assert np.flatnonzero(mask).tolist() == legal == np.flatnonzero(np.array(mask)).tolist()
    assert np.nonzero(mask)[0].tolist() == legal and int(mask.sum()) == len(legal)
    assert np.flatnonzero(mask[: legal[-1]]).tolist() == legal[:-1]
    assert environment.observation_space(agent)["action_mask"].contains(np.array(mask))
    with pytest.raises(ValueError):
        mask[0] = 1
    other = next(a for a in environment.agents if a != agent)
    assert np.flatnonzero(environment.observe(other)["action_mask"]).size == 0
