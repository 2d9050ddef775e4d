"""Time the recap sheets of a 120-table night: drawn, and asked for on their page (issue 11 §2).

    make benchmark-recaps        # DEBUG=1 .venv/bin/python benchmarks/recaps.py
    DEBUG=1 .venv/bin/python benchmarks/recaps.py --before-root ../checkout-of-an-older-commit

The night is ``tournament.synthetic.build_night(120, 1913, boards=26)``, the night of
``manage.py make_synthetic_event --tables 120 --boards 26``: 240 pairs, 3,120 results, built
through the services in a throwaway SQLite database in a temporary directory (set-up, not
timed). The recap sheets (``render_pdf --doc recaps``: 240 pairs, each a table of its deals and
a bar chart) are then rendered in a fresh process each time, ``ROUNDS`` times in turn:

* **with** ``_rl_accel``, the C accelerator of ``rl-accel`` (requirements.txt), as installed;
* **without** it, the accelerator's module hidden, as reportlab runs when it is missing;
* **before**, with ``--before-root``: the renderer of another checkout (an older commit) drawing
  the same night from the same database, with the accelerator.

Each keeps its fastest CPU and wall seconds of the rendering alone (Django set-up and imports
excluded). The script checks that the PDFs with and without the accelerator are byte for byte the
same, and prints the times and the ratios.

Then the night's director asks for the sheets as a browser does (Django's test client, the job made
by the worker command beside it, ``manage.py db_worker``, as ``make run`` runs it;
``pdf.jobs``): the script prints how long the first answer (the page "Preparing the recap
sheets: k of n pairs") took, and how long until the PDF was served, asking again every 0.2 s as the
page would every 2 s.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TABLES, BOARDS, SEED = 120, 26, 1913
ROUNDS = 2

# The child: render the recap sheets of one event to a file, print CPU and wall seconds.
CHILD = """
import os, sys, time
sys.path.insert(0, os.getcwd())
if sys.argv[3] == "without":
    sys.modules["_rl_accel"] = None  # reportlab falls back to its Python code
import django
django.setup()
from tournament.models import Event
from tournament.pdf import renderer_for
event = Event.objects.get(pk=int(sys.argv[1]))
wall, cpu = time.perf_counter(), time.process_time()
_, _, content = renderer_for(event, "recaps").render()
print(time.process_time() - cpu, time.perf_counter() - wall)
open(sys.argv[2], "wb").write(content)
"""


# The page: the director asks for the recap sheets; the job is made by a worker beside this process.
PAGE = """
import os, subprocess, sys, time
import django
django.setup()
from django.test import Client
from django.test.utils import setup_test_environment
from django.urls import reverse
from tournament.models import Event, Membership
setup_test_environment()
event = Event.objects.select_related("club").get(pk=int(sys.argv[1]))
client = Client()
client.force_login(Membership.objects.filter(club=event.club).first().user)
url = reverse("pdf_document", args=[event.club.slug, event.pk, "recaps"])
start = time.perf_counter()
first = client.get(url)
answered = time.perf_counter() - start
assert first.status_code == 202, first.status_code
assert b"Preparing the recap sheets" in first.content
worker = subprocess.Popen([sys.executable, "manage.py", "db_worker", "--batch", "--no-startup-delay"])
while True:
    time.sleep(0.2)
    again = client.get(url)
    if again["Content-Type"] == "application/pdf":
        break
    assert again.status_code == 202, again.content[:2000]
worker.wait(timeout=600)
print(answered, time.perf_counter() - start, len(again.content))
"""


def render(event_id: int, output: Path, kind: str, root: Path) -> tuple[float, float]:
    accelerator = "without" if kind == "without" else "with"
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(event_id), str(output), accelerator],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    cpu, wall = (float(figure) for figure in done.stdout.split())
    return cpu, wall


def ask_for_the_page(event_id: int) -> tuple[float, float, int]:
    environment = {**os.environ, "RECAP_SHEETS_IN_BACKGROUND_TABLES": "30"}
    done = subprocess.run(
        [sys.executable, "-c", PAGE, str(event_id)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env=environment,
    )
    answered, ready, size = done.stdout.split()
    return float(answered), float(ready), int(size)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=ROUNDS, help=f"renders of each kind (default {ROUNDS})")
    parser.add_argument(
        "--before-root", type=Path, help="another checkout whose renderer to time as 'before'"
    )
    arguments = parser.parse_args()
    roots = {"with": ROOT, "without": ROOT}
    if arguments.before_root:
        roots["before"] = arguments.before_root.resolve()
    with tempfile.TemporaryDirectory(prefix="recaps-benchmark-") as scratch:
        os.environ["DATABASE_URL"] = f"sqlite:///{scratch}/benchmark.sqlite3"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
        os.environ.setdefault("DEBUG", "1")
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0)
        from tournament.synthetic import build_night

        start = time.perf_counter()
        event = build_night(TABLES, SEED, boards=BOARDS)
        print(f"{TABLES} tables, {BOARDS} boards: built in {time.perf_counter() - start:.0f} s (not timed)")
        from django.db import connections

        connections.close_all()
        best = {kind: (float("inf"), float("inf")) for kind in roots}
        for _ in range(arguments.rounds):
            for kind, root in roots.items():
                cpu, wall = render(event.pk, Path(scratch) / f"{kind}.pdf", kind, root)
                best[kind] = (min(best[kind][0], cpu), min(best[kind][1], wall))
        same = (Path(scratch) / "with.pdf").read_bytes() == (Path(scratch) / "without.pdf").read_bytes()
        size = (Path(scratch) / "with.pdf").stat().st_size
        answered, ready, served = ask_for_the_page(event.pk)
    names = {
        "with": "now, with _rl_accel",
        "without": "now, without _rl_accel",
        "before": "before, with _rl_accel",
    }
    for kind, (cpu, wall) in best.items():
        print(f"recaps {names[kind]:23}: {cpu:6.2f} s cpu {wall:6.2f} s wall")
    print(f"ratio with / without: {best['with'][0] / best['without'][0]:.2f} (cpu)")
    if "before" in best:
        print(f"ratio now / before: {best['with'][0] / best['before'][0]:.2f} (cpu)")
    print(f"the two PDFs of now ({size:,} bytes) are {'byte for byte the same' if same else 'DIFFERENT'}")
    print(f"asked for on the page: the progress page in {answered:.3f} s,", end=" ")
    print(f"the PDF ({served:,} bytes) in {ready:.2f} s")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
