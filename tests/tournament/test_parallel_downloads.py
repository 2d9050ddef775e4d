"""Many phones download the travellers of an imported night at once, from the real server (gunicorn
with gunicorn.conf.py: three processes of four threads): no request runs the double-dummy solver, so
every download is answered and every worker lives on; the worker beside it (manage.py db_worker, as
make run starts it) analyses the deals."""

from __future__ import annotations

import http.client
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.tournament.background import worker_beside
from tests.tournament.test_production_server import get, gunicorn
from tests.tournament.test_settings import ROOT, production_env

# The real servers run one after another, in one process of the suite (make test: --dist loadgroup).
pytestmark = pytest.mark.xdist_group("real-server")

NIGHT = ROOT / "tests" / "conformance" / "realworld" / "ruter_mp_pairs_fin_sm2014_s2.pbn"

# An imported session as the release before this one left it: its deals stored, none analysed.
IMPORT = """
import sys
import django
django.setup()
from tests.tournament.factories import make_club, make_member
from tournament.models import Event
from tournament.services.events import set_status
from tournament.interchange.importing import import_session
try:
    from tournament.services import analyses
    analyses.request = lambda board_ids: None  # stored before the server analysed anything
except ImportError:  # a release that stored no analysis with an imported session
    pass
club = make_club("Parallel", slug="parallel")
director = make_member(club)
content = open(sys.argv[1], "rb").read()
event = import_session(club=club, user=director, content=content, name="night.pbn").event
set_status(event=event, user=director, status=Event.Status.LOCKED, published=True, lock_anyway=True)
board = event.sections.get().boards.exclude(hands="").first()
print(event.pk, board.section.letter, board.number)
"""


def fetch(port: int, path: str) -> tuple[int, bytes]:
    """A download's status and body, as bytes (a PDF is not text)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def workers_of(master: int) -> set[int]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return {int(pid) for pid in children}


@pytest.fixture
def club_server(tmp_path: Path) -> Iterator[tuple[int, str, subprocess.Popen[bytes], str]]:
    """The real server on a club's database holding one imported night; its port, the night's address."""
    env = production_env(tmp_path, DATABASE_URL=f"sqlite:///{tmp_path / 'club.sqlite3'}")
    for command in (["manage.py", "migrate", "-v0"], ["-c", IMPORT, str(NIGHT)]):
        done = subprocess.run([sys.executable, *command], cwd=ROOT, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    event, letter, number = done.stdout.split()[-3:]
    with gunicorn(env) as (port, process), worker_beside(env, ROOT):
        yield port, f"/c/parallel/e/{event}/", process, f"s/{letter}/boards/{number}/"


def test_six_parallel_downloads_of_an_imported_nights_travellers_leave_every_worker_alive(
    club_server: tuple[int, str, subprocess.Popen[bytes], str],
) -> None:
    port, night, process, board = club_server
    deadline = time.monotonic() + 30
    while len(workers_of(process.pid)) < 3:  # the config's three processes, all started
        assert time.monotonic() < deadline
        time.sleep(0.2)
    workers = workers_of(process.pid)
    travellers = f"{night}pdf/travellers.pdf"

    with ThreadPoolExecutor(max_workers=6) as pool:
        answers = list(pool.map(lambda _: fetch(port, travellers), range(6)))

    assert {status for status, _ in answers} <= {200, 202}, [status for status, _ in answers]
    assert all(body.startswith(b"%PDF") for status, body in answers if status == 200)
    assert process.poll() is None
    assert workers_of(process.pid) == workers  # none died and was replaced

    # Meanwhile the worker beside the server works the deals out; the pages show them then.
    deadline = time.monotonic() + 180
    while 'id="double-dummy"' not in (page := get(port, night + board))[2]:
        assert page[0] == 200 and 'id="double-dummy-coming"' in page[2]
        assert time.monotonic() < deadline, "the deals were not analysed within three minutes"
        time.sleep(1)
    assert workers_of(process.pid) == workers
