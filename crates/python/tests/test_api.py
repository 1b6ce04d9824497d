"""The Python API of towers_games, as the JavaScript one."""

import pickle
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import towers_games as tg

LATE_PYRGA = "Cd1 Sd1 Sc1 Tc2w Tb2s Tb1w Ca1 Ta1n Ta4s Ta3e Tb3s Sb1 Cc1 Tc1e Td1n Cd4"


def test_a_game_is_played_by_text():
    start = tg.Game("Pylos")
    assert start.name == "pylos"
    assert start.perft(2) == 240
    after = start.play("0a1")
    assert after.record() == "0a1"
    assert start.record() == ""
    assert after.status() == "ongoing 1"
    assert after.to_move() == 1
    assert after.result() is None
    assert after.view()["players"][0]["name"] == "Light"
    assert tg.Game.from_text("pylos", after.to_text()).key() == after.key()
    again = tg.Game.from_file(after.to_file())
    assert again.record() == "0a1" and again.to_text() == after.to_text()
    assert pickle.loads(pickle.dumps(after)).record() == "0a1"


def test_options_and_info():
    classic = tg.Game("pyrga", rules="classic")
    assert '[rules "classic"]' in classic.to_file()
    named = classic.play("Sa1").to_file(players=["you", "mcts bot, level 3"])
    assert '[player1 "you"]' in named and '[player2 "mcts bot, level 3"]' in named
    assert tg.Game.from_file(named).record() == "Sa1"
    with pytest.raises(tg.BadOptionError, match="at most 2 names"):
        classic.to_file(players=["a", "b", "c"])
    assert tg.Game("crescendo", players=3).num_players() == 3
    info = tg.game_info("crescendo")
    assert info["options"][0]["key"] == "players"
    assert info["seats"] == ["Red", "Blue", "Yellow", "Green"]
    assert tg.games() == ["pyrga", "pylos", "architekton", "crescendo"]


@pytest.mark.parametrize(
    "call, error, kind",
    [
        (lambda: tg.Game("pylos").play("9z9"), tg.ParseError, "parse"),
        (lambda: tg.Game("pylos").play("1a1"), tg.IllegalMoveError, "illegal"),
        (lambda: tg.Game("chess"), tg.BadOptionError, "badOption"),
        (lambda: tg.Game("pyrga", rules="odd"), tg.BadOptionError, "badOption"),
        (lambda: tg.Game("pyrga", rules=1.5), tg.BadOptionError, "badOption"),
        (lambda: tg.Game("pyrga", players=3), tg.BadOptionError, "badOption"),
        (lambda: tg.Game.from_text("pyrga", "nonsense"), tg.ParseError, "parse"),
        (lambda: tg.Game.from_file('[game "pyrga"'), tg.ParseError, "parse"),
        (lambda: tg.bot_move(tg.Game("pyrga"), bot="deep"), tg.BadOptionError, "badOption"),
        (lambda: tg.bot_move(tg.Game("pyrga"), level=9), tg.BadOptionError, "badOption"),
        (lambda: tg.bot_move(tg.Game("pyrga"), level=-300), tg.BadOptionError, "badOption"),
        (lambda: tg.bot_move(tg.Game("pyrga"), seed=-1), tg.BadOptionError, "badOption"),
        (lambda: tg.bot_move(tg.Game("pyrga"), seed=2**64), tg.BadOptionError, "badOption"),
        (lambda: tg.bot_move(tg.Game("pyrga"), time_ms=-5), tg.BadOptionError, "badOption"),
        (lambda: tg.solve(tg.Game("pyrga"), time_ms=float("nan")), tg.BadOptionError, "badOption"),
        (lambda: tg.solve(tg.Game("pylos")), tg.OutOfBudgetError, "outOfBudget"),
        (lambda: tg.solve(tg.Game("crescendo")), tg.BadOptionError, "badOption"),
        (lambda: tg.solve(tg.Game("pyrga").play("Sb2"), nodes=10), tg.OutOfBudgetError, "outOfBudget"),
        (lambda: tg.Game("pyrga").action_to_move(96), tg.BadOptionError, "badOption"),
        (lambda: tg.Game("pyrga").action_to_move(-1), tg.BadOptionError, "badOption"),
    ],
)
def test_errors_have_their_kind(call, error, kind):
    with pytest.raises(error) as raised:
        call()
    assert isinstance(raised.value, tg.TowersError)
    assert raised.value.kind == kind


def test_game_over_and_invalid_position():
    over = tg.Game("pyrga")
    while not over.is_over():
        over = over.play(tg.bot_move(over, bot="random", seed=1))
    with pytest.raises(tg.GameOverError) as raised:
        over.play("Sa1")
    assert raised.value.kind == "gameOver"
    assert over.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
    assert over.result()
    text = tg.Game("pylos").to_text()
    with pytest.raises(tg.TowersError):
        tg.Game.from_text("pylos", text.replace(".", "L"))


def test_bots_and_the_solver():
    game = tg.Game("pyrga")
    assert tg.bot_move(game, seed=3) == tg.bot_move(game, seed=3)
    assert tg.bot_move(game, bot="mcts", level=1, time_ms=50) in game.legal_moves()
    late = tg.Game.from_record("pyrga", LATE_PYRGA)
    assert tg.solve(late)["text"] == "White wins in 12"
    values = tg.move_values(late)
    assert [(v["move"], v["text"]) for v in values] == [
        ("Sd4", "win in 12"),
        ("Td4w", "draw"),
        ("Td4s", "loss in 14"),
    ]
    assert tg.bot_move(late, bot="perfect") == "Sd4"


@pytest.mark.parametrize("name", ["pyrga", "pylos", "architekton", "crescendo"])
def test_actions_and_observations_along_random_games(name):
    rng = np.random.default_rng(7)
    game = tg.Game(name)
    for _ in range(300):
        if game.is_over():
            break
        actions = game.legal_actions()
        assert sorted(game.action_to_move(a) for a in actions) == sorted(game.legal_moves())
        mask = game.action_mask()
        assert mask.shape == (game.num_distinct_actions,) and mask.sum() == len(actions)
        assert all(game.move_to_action(game.action_to_move(a)) == a for a in actions)
        observation = game.observation()
        assert observation.shape == tuple(game.observation_shape)
        assert observation.dtype == np.float32
        game = game.play_action(int(rng.choice(actions)))


def test_moves_are_read_in_any_case():
    game = tg.Game("pylos")
    assert game.move_to_action("0A1") == game.move_to_action("0a1")
    with pytest.raises(tg.ParseError):
        game.move_to_action("Sa1")


@pytest.mark.parametrize("name", ["pyrga", "pylos", "architekton", "crescendo"])
def test_no_input_crashes(name):
    """Odd text anywhere gives a TowersError, never a crash or a PanicException."""
    rng = np.random.default_rng(1)
    alphabet = list("0123456789abcdefghnswxXPEMSTC@*,-r ]\"[\n\t\x00é🂡") + ["-99999", "9" * 40]
    texts = ["", " ", "\x00", "x" * 100_000, "ranking", '[game "pyrga"]', "1,1,1,1"]
    texts += ["".join(rng.choice(alphabet, size=rng.integers(1, 30))) for _ in range(300)]
    game = tg.Game(name)
    game.legal_moves()
    for text in texts:
        for call in (
            lambda: game.play(text),
            lambda: game.move_to_action(text),
            lambda: game.choices([text]),
            lambda: tg.Game.from_text(name, text),
            lambda: tg.Game.from_record(name, text),
            lambda: tg.Game.from_file(text),
            lambda: tg.Game(name, **{text or "x": text}),
        ):
            try:
                call()
            except tg.TowersError:
                pass


CRESCENDO_MOVING = (
    "4 0123 - - move:0:{idle}{moves} 0,0r1;-2,1r0;1,2r2;2,4r1;-1,-2r1;-3,-3r1;0,5r3;-1,7r3;-5,-2r2;"
    "2,-1r3;-3,8r1;-5,1r2 0,0=33;-2,1=11;1,2=2;2,4=00;-1,-2=22;-3,-3=22;0,5=1;-1,7=11;"
    "-5,-2=33;2,-1=0;-3,8=00;-5,1=3"
)


def test_positions_that_differ_have_different_observations():
    """The face-up display of Architekton, the no-progress count and the round's moves of
    Crescendo and the mover of Pylos are in the observation."""
    same_table = [
        tg.Game.from_record("architekton", "*w *w *w *w *w *wepf *wepf *wepf"),
        tg.Game.from_record("architekton", "*w *w *e *p *f *wfep *wfep *wfep"),
    ]
    assert same_table[0].legal_actions() != same_table[1].legal_actions()
    assert (same_table[0].observation() != same_table[1].observation()).any()
    display = same_table[0].observation()[864:874] * 48  # W E P F, then the buildings
    assert display.round().tolist() == [3, 0, 0, 0, 3, 0, 0, 0, 0, 0]
    assert same_table[0].observation()[[910, 934]].tolist() == [1.0, 1.0]  # lay, Blue
    idle = [
        tg.Game.from_text("crescendo", CRESCENDO_MOVING.format(idle=n, moves="")) for n in (1, 5)
    ]
    assert (idle[0].observation() != idle[1].observation()).any()
    # The same position ten moves into its round and one move before the round's limit.
    moves = [
        tg.Game.from_text("crescendo", CRESCENDO_MOVING.format(idle=5, moves=f":{n}"))
        for n in (10, 999)
    ]
    assert (moves[0].observation() != moves[1].observation()).any()
    # Light to move without a move has lost; with Dark to move the same balls play on.
    board = "LDLD,DLDL,LDLD,DLDL/LDL,DLD,LDL/LD,L./."
    over, ongoing = (
        tg.Game.from_text("pylos", f"{board} {mover} 0 2 standard 1-2 nomove") for mover in "LD"
    )
    assert over.is_over() and ongoing.legal_actions()
    assert (over.observation() != ongoing.observation()).any()


@pytest.mark.parametrize(
    "name, games, plies", [("pyrga", 60, 40), ("pylos", 30, 200), ("architekton", 200, 300), ("crescendo", 4, 400)]
)
def test_the_observation_decides_the_legal_actions(name, games, plies):
    """Along random games, two states with the same observation have the same legal
    actions (chance outcomes included): the observation is the whole position."""
    rng = np.random.default_rng(3)
    seen = {}
    for _ in range(games):
        game = tg.Game(name)
        for _ in range(plies):
            actions = game.legal_actions()
            observation = game.observation()
            assert observation.min() >= 0.0 and observation.max() <= 1.0
            key = observation.tobytes()
            assert seen.setdefault(key, actions) == actions, game.to_text()
            if not actions:
                break
            game = game.play_action(int(rng.choice(actions)))


def test_sixteen_pyrga_actions_are_never_legal():
    """Of Pyrga's 96 actions, the 16 triangles pointing off the board can never be legal."""
    game = tg.Game("pyrga")
    off_board = set()
    for action in range(game.num_distinct_actions):
        move = game.action_to_move(action)
        if move[0] == "T":
            file, rank, points = move[1], move[2], move[3]
            if (file, points) in (("a", "w"), ("d", "e")) or (rank, points) in (("1", "s"), ("4", "n")):
                off_board.add(action)
    assert len(off_board) == 16
    rng = np.random.default_rng(4)
    legal = set()
    for _ in range(100):
        game = tg.Game("pyrga")
        while not game.is_over():
            legal.update(game.legal_actions())
            game = game.play_action(int(rng.choice(game.legal_actions())))
    assert not legal & off_board and len(legal) == 80


def test_games_with_the_same_record_are_equal():
    one, other = tg.Game("pyrga").play("Sa1"), tg.Game.from_record("pyrga", "Sa1")
    assert one == other and hash(one) == hash(other) and len({one, other}) == 1
    assert one != tg.Game("pyrga", rules="classic").play("Sa1")
    assert one != tg.Game.from_text("pyrga", one.to_text())  # another starting position
    assert one != "Sa1" and pickle.loads(pickle.dumps(one)) == one


def test_argument_errors_name_the_argument():
    with pytest.raises(TypeError, match="notation") as raised:
        tg.Game("pyrga").play(5)
    assert "r#" not in str(raised.value)
    with pytest.raises(tg.BadOptionError, match="too large"):
        tg.Game("crescendo", players=2**70)
    with pytest.raises(tg.BadOptionError, match="not 'float'|not float"):
        tg.Game("crescendo", players=2.0)


def test_ctrl_c_stops_the_solver_at_once():
    """A solve with a minute's budget answers Ctrl-C within a second or so."""
    code = (
        "import towers_games as tg\n"
        "game = tg.Game.from_record('pyrga', 'Sa1 Tb1w', rules='classic')\n"
        "print('solving', flush=True)\n"
        "tg.solve(game, time_ms=60000)\n"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout.readline() == "solving\n"
        time.sleep(0.5)
        started = time.monotonic()
        process.send_signal(signal.SIGINT)
        _, errors = process.communicate(timeout=10)
        assert time.monotonic() - started < 3
        assert "KeyboardInterrupt" in errors
    finally:
        process.kill()


# The compact solution file of the `children` positions with at least 28 balls.
CHILDREN_28 = (
    __import__("pathlib").Path(__file__).resolve().parents[2]
    / "server" / "tests" / "data" / "children-28.dz"
)
# A `children` game with 29 balls on the board: Dark to move loses in 2
# (`towers solve pylos --variant children --db children-28.dz --moves ...`).
CHILDREN_LATE = (
    "0c3 0a2 0b3 0a3 0d1 0b1 0b4 0a1 0b2 0d4 0c3-1a1 0c4 0a4 1a2 0d1-1a3 0c1 0d2 0d3 0d1 "
    "0c3 1b3 0c1-1c3 0c2 1c2 1b2 1c3-2a2 0d1-1c3 0d1 0c1 2b2 1c1 1b1 2a1"
)


def test_a_pylos_solution_file_answers_as_the_database(tmp_path):
    tablebase = tg.PylosTablebase(str(CHILDREN_28))
    options = tablebase.options()
    assert (options["variant"], options["minBalls"]) == ("children", 28)
    assert options["bytes"] == CHILDREN_28.stat().st_size
    game = tg.Game.from_record("pylos", CHILDREN_LATE, variant="children")
    value = tg.solve(game, tablebase=tablebase)
    assert (value["verdict"], value["plies"]) == ("loss", 2)
    moves = tg.move_values(game, tablebase=tablebase)
    assert sorted(m["move"] for m in moves) == sorted(game.legal_moves())
    assert (moves[0]["verdict"], moves[0]["plies"]) == ("loss", 2)
    # Not covered: the start; another game; a file cut short; a damaged block.
    with pytest.raises(tg.NoDatabaseError, match="does not cover"):
        tg.move_values(tg.Game("pylos", variant="children"), tablebase=tablebase)
    with pytest.raises(tg.BadOptionError):
        tg.solve(tg.Game("pyrga"), tablebase=tablebase)
    data = CHILDREN_28.read_bytes()
    cut = tmp_path / "cut.dz"
    cut.write_bytes(data[:-100])
    with pytest.raises(tg.BadFileError):
        tg.PylosTablebase(str(cut))
    header = data[:256].decode("ascii")
    blocks = int(header.split("blocks=")[1].split()[0])
    damaged = bytearray(data)
    for block in range(blocks):
        start = int.from_bytes(data[256 + 8 * block : 264 + 8 * block], "little")
        end = int.from_bytes(data[264 + 8 * block : 272 + 8 * block], "little")
        damaged[(start + end) // 2] ^= 0x5A
    hurt = tmp_path / "damaged.dz"
    hurt.write_bytes(bytes(damaged))
    with pytest.raises(tg.BadFileError, match="damaged"):
        tg.solve(game, tablebase=tg.PylosTablebase(str(hurt)))
    assert tg.BadFileError.kind == "badFile" and tg.NoDatabaseError.kind == "noDatabase"
