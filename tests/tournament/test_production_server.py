"""What make run serves: gunicorn with gunicorn.conf.py and the production settings (DEBUG off,
the key from the key file, whitenoise for static files), tried over real HTTP on loopback."""

from __future__ import annotations

import http.client
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.tournament.test_settings import ROOT, production_env
from tournament.addresses import allowed_hosts, url

# The real servers run one after another, in one process of the suite (make test: --dist loadgroup).
pytestmark = pytest.mark.xdist_group("real-server")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def get(port: int, path: str, host: str = "127.0.0.1") -> tuple[int, dict[str, str], str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path, headers={"Host": f"{host}:{port}"})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read().decode()
    finally:
        conn.close()


@contextmanager
def gunicorn(env: dict[str, str]) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """The real server as make run starts it (gunicorn.conf.py) on a free port, once it answers."""
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}"]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                get(port, "/static/tournament/site.css")
                break
            except OSError:
                assert process.poll() is None, process.stderr.read().decode()  # type: ignore[union-attr]
                assert time.monotonic() < deadline, "gunicorn did not answer within 60 s"
                time.sleep(0.2)
        yield port, process
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[int]:
    (tmp_path / "tmp").mkdir()
    env = production_env(
        tmp_path,
        DATABASE_URL=f"sqlite:///{tmp_path / 'club.sqlite3'}",
        WEB_CONCURRENCY="1",
        GUNICORN_THREADS="2",
        TMPDIR=str(tmp_path / "tmp"),  # where an upload's temporary file would go
    )
    migrated = subprocess.run(
        [sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert migrated.returncode == 0, migrated.stderr
    with gunicorn(env) as (port, _):
        yield port


def test_gunicorn_serves_the_site_in_production_mode(server: int) -> None:
    status, headers, html = get(server, "/")
    assert status == 200
    assert "Duplicate Contract Bridge, Auction and Whist nights" in html
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert headers["X-Frame-Options"] == "DENY"

    status, headers, css = get(server, "/static/tournament/site.css")
    assert status == 200
    assert headers["Content-Type"].startswith("text/css")
    assert "header.site" in css

    # DEBUG is off: a mistyped address shows the site's page, not the list of URL patterns.
    status, _, html = get(server, "/t/mistyped/")
    assert status == 404
    assert "Page not found" in html and "URLconf" not in html

    status, _, html = get(server, "/", host="evil.example")
    assert status == 400
    assert "Bad request" in html and "DisallowedHost" not in html


def test_gunicorn_refuses_a_300_mb_post_unread_and_writes_nothing(server: int, tmp_path: Path) -> None:
    with socket.create_connection(("127.0.0.1", server), timeout=20) as conn:
        head = (
            "POST /login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Content-Type: multipart/form-data; boundary=b\r\n"
            "Cookie: csrftoken=abcdefghijklmnopqrstuvwxyzABCDEF\r\n"  # the CSRF check would read the body
            f"Content-Length: {300 * 1024 * 1024}\r\n\r\n"
        )
        conn.sendall(head.encode() + b"--b\r\n" + b"x" * 65536)  # a start, and no more
        raw = b""
        while b"</html>" not in raw and (chunk := conn.recv(65536)):
            raw += chunk
    answer = raw.decode(errors="replace")
    assert answer.startswith("HTTP/1.1 413 "), answer[:200]
    assert "That is more than a name and a password or a table PIN." in answer
    assert list((tmp_path / "tmp").iterdir()) == []


def test_listening_everywhere_allows_and_prints_the_laptops_own_address() -> None:
    lan = ["192.168.1.20", "10.0.0.5"]
    hosts = allowed_hosts("0.0.0.0", lan)
    assert hosts[:2] == lan
    assert {"127.0.0.1", "localhost", f"{socket.gethostname()}.local"} <= set(hosts)
    assert url("0.0.0.0", "8000", lan) == "http://192.168.1.20:8000/"
    assert allowed_hosts("127.0.0.1", []) == ["127.0.0.1", "localhost", "[::1]"]
    assert url("127.0.0.1", "8000", []) == "http://127.0.0.1:8000/"


@pytest.mark.parametrize(
    ("key", "refusal"),
    [
        ("", "SECRET_KEY is empty"),
        (
            "insecure-local-only-key-do-not-use-in-production",
            "SECRET_KEY is the key published in this project's source",
        ),
    ],
    ids=["empty", "published"],
)
def test_gunicorn_will_not_serve_on_a_key_it_refuses(tmp_path: Path, key: str, refusal: str) -> None:
    env = production_env(tmp_path, SECRET_KEY=key, DEBUG="0")
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "-c",
        "gunicorn.conf.py",
        "--bind",
        f"127.0.0.1:{free_port()}",
    ]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert refusal in done.stderr.strip().splitlines()[-1]
