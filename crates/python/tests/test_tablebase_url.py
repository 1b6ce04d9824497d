"""``PylosTablebase(url)``: a compact solution file read from a web host with HTTP range
requests, against a loopback server that also misbehaves on purpose."""

import http.server
import pathlib
import re
import threading
import time

import pytest

import towers_games as tg

CHILDREN_28 = pathlib.Path(__file__).resolve().parents[2] / "server" / "tests" / "data" / "children-28.dz"
# A `children` game with 29 balls on the board (as in test_api.py): Dark to move loses in 2.
CHILDREN_LATE = (
    "0c3 0a2 0b3 0a3 0d1 0b1 0b4 0a1 0b2 0d4 0c3-1a1 0c4 0a4 1a2 0d1-1a3 0c1 0d2 0d3 0d1 "
    "0c3 1b3 0c1-1c3 0c2 1c2 1b2 1c3-2a2 0d1-1c3 0d1 0c1 2b2 1c1 1b1 2a1"
)


def damaged(data):
    """``data`` with one byte of every block of values flipped."""
    blocks = int(data[:256].decode("ascii").split("blocks=")[1].split()[0])
    hurt = bytearray(data)
    for block in range(blocks):
        start = int.from_bytes(data[256 + 8 * block : 264 + 8 * block], "little")
        end = int.from_bytes(data[264 + 8 * block : 272 + 8 * block], "little")
        hurt[(start + end) // 2] ^= 0x5A
    return bytes(hurt)


class Host(http.server.BaseHTTPRequestHandler):
    """Serves ``files`` by name: ``/good.dz`` with ranges; ``/whole.dz`` ignoring them;
    ``/slow.dz`` after a pause; any other name 404."""

    files = {}
    requests = []

    def do_GET(self):  # noqa: N802 (the name http.server calls)
        name = self.path.lstrip("/")
        Host.requests.append(name)
        data = Host.files.get(name)
        if data is None:
            self.send_error(404)
            return
        if name == "slow.dz":
            time.sleep(1.0)
        asked = re.match(r"^bytes=(\d+)-(\d+)$", self.headers.get("Range", ""))
        if name == "whole.dz" or asked is None:
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        start, last = int(asked.group(1)), int(asked.group(2))
        if start >= len(data):
            self.send_response(416)
            self.send_header("Content-Range", f"bytes */{len(data)}")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        last = min(last, len(data) - 1)
        self.send_response(206)
        self.send_header("Content-Range", f"bytes {start}-{last}/{len(data)}")
        self.send_header("Content-Length", str(last + 1 - start))
        self.end_headers()
        self.wfile.write(data[start : last + 1])

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def host():
    data = CHILDREN_28.read_bytes()
    Host.files = {
        "good.dz": data,
        "whole.dz": data,
        "slow.dz": data,
        "cut.dz": data[: len(data) // 2],
        "damaged.dz": damaged(data),
    }
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Host)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_values_by_url_equal_those_by_path(host):
    by_path = tg.PylosTablebase(str(CHILDREN_28))
    by_url = tg.PylosTablebase(f"{host}/good.dz")
    assert by_url.options() == by_path.options()
    # The positions along the record and after each of their moves that the file covers.
    moves = CHILDREN_LATE.split()
    compared = 0
    for played in range(len(moves) + 1):
        game = tg.Game.from_record("pylos", " ".join(moves[:played]), variant="children")
        for position in [game] + [game.play(move) for move in game.legal_moves()]:
            try:
                expected = tg.move_values(position, tablebase=by_path)
            except (tg.NoDatabaseError, tg.GameOverError):
                continue
            assert tg.move_values(position, tablebase=by_url) == expected
            assert tg.solve(position, tablebase=by_url) == tg.solve(position, tablebase=by_path)
            compared += 1
    assert compared > 20
    late = tg.Game.from_record("pylos", CHILDREN_LATE, variant="children")
    assert tg.solve(late, tablebase=by_url)["plies"] == 2


def test_blocks_read_once_are_kept(host):
    tablebase = tg.PylosTablebase(f"{host}/good.dz")
    game = tg.Game.from_record("pylos", CHILDREN_LATE, variant="children")
    Host.requests.clear()
    tg.solve(game, tablebase=tablebase)
    assert Host.requests, "the first answer reads the blocks it needs"
    Host.requests.clear()
    tg.move_values(game, tablebase=tablebase)
    assert Host.requests == []


def test_a_position_the_file_does_not_cover(host):
    tablebase = tg.PylosTablebase(f"{host}/good.dz")
    with pytest.raises(tg.NoDatabaseError, match="does not cover"):
        tg.solve(tg.Game("pylos", variant="children"), tablebase=tablebase)


@pytest.mark.parametrize(
    ("name", "error", "words"),
    [
        ("missing.dz", tg.NetworkError, "404 Not Found"),
        ("whole.dz", tg.NetworkError, "ignores range requests"),
        ("cut.dz", tg.BadFileError, "truncated"),
    ],
)
def test_a_file_served_wrongly_is_refused_when_opened(host, name, error, words):
    with pytest.raises(error, match=words):
        tg.PylosTablebase(f"{host}/{name}")


def test_a_damaged_block_is_never_a_value(host):
    tablebase = tg.PylosTablebase(f"{host}/damaged.dz")
    game = tg.Game.from_record("pylos", CHILDREN_LATE, variant="children")
    with pytest.raises(tg.BadFileError, match="damaged"):
        tg.move_values(game, tablebase=tablebase)


def test_a_slow_host_runs_out_of_time(host):
    with pytest.raises(tg.NetworkError, match="did not arrive within 0.2 s"):
        tg.PylosTablebase(f"{host}/slow.dz", timeout=0.2)


def test_an_unreachable_host_and_a_bad_timeout():
    with pytest.raises(tg.NetworkError, match="cannot be reached"):
        tg.PylosTablebase("http://127.0.0.1:9/children.dz", timeout=2)
    with pytest.raises(tg.BadOptionError, match="timeout"):
        tg.PylosTablebase("http://127.0.0.1:9/children.dz", timeout=0)
    assert tg.NetworkError.kind == "network" and issubclass(tg.NetworkError, tg.TowersError)
