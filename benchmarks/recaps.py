"""Time the recap sheets of a 120-table night, with and without reportlab's C accelerator (issue 11 §2).

    make benchmark-recaps        # DEBUG=1 .venv/bin/python benchmarks/recaps.py

The night is ``tournament.synthetic.build_night(120, 1913, boards=26)``, the night of
``manage.py make_synthetic_event --tables 120 --boards 26``: 240 pairs, 3,120 results, built
through the services in a throwaway SQLite database in a temporary directory (set-up, not
timed). The recap sheets (``render_pdf --doc recaps``: 240 pairs, each a table of its deals and
a bar chart) are then rendered in a fresh process each time, ``ROUNDS`` times in turn:

* **with** ``_rl_accel``, the C accelerator of ``rl-accel`` (requirements.txt), as installed;
* **without** it, the accelerator's module hidden, as reportlab runs when it is missing.

Each keeps its fastest CPU and wall seconds of the rendering alone (Django set-up and imports
excluded). The script checks that both PDFs are byte for byte the same, and prints the times
and the ratio with / without.
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


def render(event_id: int, output: Path, accelerator: str) -> tuple[float, float]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(event_id), str(output), accelerator],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    cpu, wall = (float(figure) for figure in done.stdout.split())
    return cpu, wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=ROUNDS, help=f"renders of each kind (default {ROUNDS})")
    arguments = parser.parse_args()
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
        best = {"with": (float("inf"), float("inf")), "without": (float("inf"), float("inf"))}
        for _ in range(arguments.rounds):
            for kind in best:
                cpu, wall = render(event.pk, Path(scratch) / f"{kind}.pdf", kind)
                best[kind] = (min(best[kind][0], cpu), min(best[kind][1], wall))
        same = (Path(scratch) / "with.pdf").read_bytes() == (Path(scratch) / "without.pdf").read_bytes()
        size = (Path(scratch) / "with.pdf").stat().st_size
    for kind, (cpu, wall) in best.items():
        print(f"recaps {kind:7} _rl_accel: {cpu:6.2f} s cpu {wall:6.2f} s wall")
    print(f"ratio with / without: {best['with'][0] / best['without'][0]:.2f} (cpu)")
    print(f"the two PDFs ({size:,} bytes) are {'byte for byte the same' if same else 'DIFFERENT'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
