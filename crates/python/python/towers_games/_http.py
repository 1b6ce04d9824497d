"""Byte ranges of a solution file on a web host, read with HTTP ``Range`` requests (the
standard library's ``urllib``), for ``PylosTablebase(url)``.

Each request asks for one range and must be answered ``206 Partial Content`` with that
range: a host that ignores ranges (``200``, the whole file), a missing file (``404``), a
host that does not answer within the timeout or cannot be reached all raise
``NetworkError``; a range past the end of the file (``416``) raises ``BadFileError`` (the
file was cut short). The bytes themselves are checked by the native reader.
"""

import re
import socket
import urllib.error
import urllib.request

from ._native import BadFileError, NetworkError

_CONTENT_RANGE = re.compile(r"^bytes (\d+)-(\d+)/(\d+)$")


def is_url(source):
    """Whether ``source`` is an ``http`` or ``https`` address rather than a file path."""
    return isinstance(source, str) and source.lower().startswith(("http://", "https://"))


def range_reader(url, timeout):
    """``read(start, end)``: the bytes ``start`` to ``end - 1`` of the file at ``url`` and
    the file's length, as ``(bytes, length)``; each request waits at most ``timeout``
    seconds."""

    def read(start, end):
        request = urllib.request.Request(url, headers={"Range": f"bytes={start}-{end - 1}"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                status = response.status
                if status == 200:
                    raise NetworkError(
                        f"the host of {url} ignores range requests (it sent the whole file): "
                        "serve the file from a host that answers them (206)"
                    )
                if status != 206:
                    raise NetworkError(f"the host of {url} answered {status} {response.reason}")
                found = _CONTENT_RANGE.match(response.headers.get("Content-Range", ""))
                data = response.read()
        except urllib.error.HTTPError as error:
            if error.code == 404:
                raise NetworkError(f"there is no solution file at {url} (404 Not Found)") from None
            if error.code == 416:
                raise BadFileError(
                    f"the solution file at {url} is shorter than it should be: it was cut short"
                ) from None
            raise NetworkError(f"the host of {url} answered {error.code} {error.reason}") from None
        except (socket.timeout, TimeoutError):
            raise NetworkError(
                f"the solution file at {url} did not arrive within {timeout:g} s: "
                "the host is too slow or unreachable"
            ) from None
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise NetworkError(f"the solution file at {url} cannot be reached: {reason}") from None
        if found is None or int(found.group(1)) != start:
            raise NetworkError(f"the host of {url} sent other bytes than those asked for")
        return data, int(found.group(3))

    return read
