"""Time every export of a night on a synthetic event and on one four times larger (issue 5 §4).

The small night is 30 tables of Duplicate Auction pairs playing 27 boards: 9 rounds of 3
boards, N-S pairs stationary, E-W pairs moving up one table a round. 30 tables cannot share
9 sets of boards in a plain Mitchell (the checker refuses it: boards would be played unequally
often), so the boards are duplicated, as a large congress does: in round r table t plays set
(3t + r) mod 9, which gives every table, and every E-W pair, each of the nine sets exactly once.
The large night is the same movement with 120 tables: 4 × the pairs and 4 × the results on the
same 27 boards (810 and 3240 results). Both movements pass ``scoring.contests.movements.check``.

The nights are built by ``tournament.synthetic`` (as ``manage.py make_synthetic_event`` builds
them): every result recorded, confirmed and its round agreed through the services
(``results.record``, ``set_status``, ``agree_round``, ``rulings.add_ruling``), in a throwaway
SQLite database in a temporary directory (never the developer's ``db.sqlite3``); that is
set-up and is not timed. Then each export is timed once on each night: ``score_section``
itself, the XLSX workbook, the CSV and every PDF document of ``tournament.pdf``. The table
printed gives the seconds and the ratio large/small; the script exits 1 when a ratio
passes 4.5 — the cost of an export must grow no faster than the work.

The ratio is taken on the process's CPU time, which other programs on a busy machine do not
stretch (wall time is printed beside it). Before the timed runs every export runs once, untimed,
on a 9-table night, so that first-call costs (imports, font registration) are not counted in the
small night's time, where they would flatter the ratio.

    make benchmark            # DEBUG=1 .venv/bin/python benchmarks/exports.py
"""

from __future__ import annotations

import argparse
import gc
import importlib
import inspect
import os
import pkgutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SMALL_TABLES = 30
LARGE_TABLES = 120
BOARDS = 27  # 9 rounds of 3 (tournament.synthetic)
LIMIT = 4.5
REPEATS = 3  # each side's best of three, taken in turn, within this one run of the benchmark
SCALE = 4  # the large night has four times the results: four small runs are the same work as one large
WARM_UP_TABLES = 9  # a small untimed night that runs every export once before the timed runs


@dataclass(frozen=True)
class Job:
    """One export to time: its name and what runs it on an event."""

    name: str
    run: Callable[[Any], object]


def pdf_jobs() -> list[Job]:
    """Every PDF document of ``tournament.pdf``, each through its renderer; none if there is no package."""
    try:
        package = importlib.import_module("tournament.pdf")
        from tournament.pdf.base import PdfRenderer
    except ImportError:
        return []
    renderers: dict[str, type] = {}
    for module in pkgutil.iter_modules(package.__path__):
        loaded = importlib.import_module(f"tournament.pdf.{module.name}")
        for _, cls in inspect.getmembers(loaded, inspect.isclass):
            if issubclass(cls, PdfRenderer) and cls is not PdfRenderer and getattr(cls, "slug", ""):
                renderers[cls.slug] = cls
    return [Job(f"pdf {slug}", _pdf_runner(cls)) for slug, cls in sorted(renderers.items())]


def _pdf_runner(cls: type) -> Callable[[Any], object]:
    def run(event: Any) -> object:
        if cls.unavailable(event):
            return None  # a document this kind of night does not have (a match sheet, say)
        return cls(event).render()

    return run


def jobs() -> list[Job]:
    from tournament.exports import export_standings
    from tournament.scores.standings import score_section

    return [
        Job("score_section", lambda event: [score_section(section) for section in event.sections.all()]),
        Job("xlsx", lambda event: export_standings(event, "xlsx")),
        Job("csv", lambda event: export_standings(event, "csv")),
        *pdf_jobs(),
    ]


@dataclass(frozen=True)
class Timing:
    cpu: float
    wall: float
    queries: int
    size: int


def time_job(job: Job, event_id: int) -> Timing | None:
    """One run of ``job`` on a freshly loaded event: CPU and wall seconds, queries and bytes.

    None when the document is not offered for this kind of night (a match sheet for pairs).

    The ratio is taken on CPU time: other processes on a busy machine stretch wall time but not
    this process's own work. The collector is run
    first and the objects alive before the run are frozen out of it, so one export does not pay
    for scanning what set-up left behind.
    """
    from django.core.cache import cache
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    from tournament.models import Event

    event = Event.objects.select_related("club").get(pk=event_id)
    # Every export is timed as the first read after a change: the section is scored afresh.
    cache.clear()
    reset_queries()
    gc.collect()
    gc.freeze()
    try:
        with CaptureQueriesContext(connection) as queries:
            wall, cpu = time.perf_counter(), time.process_time()
            output = job.run(event)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    finally:
        gc.unfreeze()
    if output is None:
        return None
    size = len(output[2]) if isinstance(output, tuple) and isinstance(output[2], bytes) else 0
    return Timing(cpu, wall, len(queries), size)


def best_of(job: Job, small_id: int, large_id: int) -> tuple[Timing | None, Timing | None]:
    """Time equal work on both nights: ``SCALE`` runs on the small night against one on the large.

    The two are taken in turn, ``REPEATS`` times, and each keeps its fastest. Comparing equal
    work over about the same span of time lets a slow spell of the machine fall on both sides
    alike; the fastest of each measures the export, not what else the machine was doing. The
    small night's timing is returned per run, so that large / small is the ratio of the costs.
    """
    small: Timing | None = None
    large: Timing | None = None
    for _ in range(REPEATS):
        runs = [time_job(job, small_id) for _ in range(SCALE)]
        if any(run is None for run in runs):
            return None, None
        total = Timing(
            sum(run.cpu for run in runs if run) / SCALE,
            sum(run.wall for run in runs if run) / SCALE,
            runs[0].queries if runs[0] else 0,
            runs[0].size if runs[0] else 0,
        )
        if small is None or total.cpu < small.cpu:
            small = total
        timing = time_job(job, large_id)
        if timing is None:
            return None, None
        if large is None or timing.cpu < large.cpu:
            large = timing
    return small, large


def describe(event: Any) -> str:
    from tournament.models import Board, Pair, Result, Ruling, Section

    section = Section.objects.get(event=event)
    return (
        f"{section.tables} tables, {Pair.objects.filter(section=section).count()} pairs, "
        f"{Board.objects.filter(section=section).count()} boards, "
        f"{Result.objects.filter(section=section).count()} results, "
        f"{Ruling.objects.filter(result__section=section).count()} rulings"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--small", type=int, default=SMALL_TABLES, help="tables of the small night (30)")
    parser.add_argument("--large", type=int, default=LARGE_TABLES, help="tables of the large night (120)")
    parser.add_argument(
        "--limit",
        type=float,
        default=LIMIT,
        help="the largest ratio allowed (4.5, for a large night of 4 × the small one)",
    )
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="exports-benchmark-") as scratch:
        # Before Django reads its settings: a throwaway database, whatever the shell had set.
        os.environ["DATABASE_URL"] = f"sqlite:///{scratch}/benchmark.sqlite3"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
        os.environ.setdefault("DEBUG", "1")
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0)
        from tournament.synthetic import build_night  # the night of manage.py make_synthetic_event

        nights = {}
        for label, tables, seed in (
            ("warm-up", WARM_UP_TABLES, 1912),
            ("small", args.small, 1913),
            ("large", args.large, 1914),
        ):
            start = time.perf_counter()
            event = build_night(tables, seed, boards=BOARDS)
            print(f"{label}: {describe(event)} (set up in {time.perf_counter() - start:.1f} s, not timed)")
            nights[label] = event.pk

        print()
        header = (
            f"{'export':<18}{'small cpu s':>12}{'large cpu s':>12}{'ratio':>7}"
            f"{'small wall s':>13}{'large wall s':>13}{'queries':>9}{'large size':>12}"
        )
        print(header)
        print("-" * len(header))
        too_slow = []
        for job in jobs():
            time_job(job, nights["warm-up"])  # imports, fonts, caches: first-call costs kept out of the ratio
            small, large = best_of(job, nights["small"], nights["large"])
            if small is None or large is None:
                print(f"{job.name:<18}  (not offered for a pair contest)")
                continue
            ratio = large.cpu / small.cpu if small.cpu else float("inf")
            flag = "  > limit" if ratio > args.limit else ""
            print(
                f"{job.name:<18}{small.cpu:>12.3f}{large.cpu:>12.3f}{ratio:>7.2f}{small.wall:>13.3f}"
                f"{large.wall:>13.3f}{f'{small.queries}/{large.queries}':>9}{large.size:>12,}{flag}"
            )
            if ratio > args.limit:
                too_slow.append(f"{job.name} ({ratio:.2f})")

        from django.db import connections

        connections.close_all()  # before the temporary directory and its database go

    print()
    if too_slow:
        print(f"FAIL: cost grows faster than the work (ratio > {args.limit}): " + ", ".join(too_slow))
        return 1
    print(f"OK: every export grows no faster than the work (each ratio ≤ {args.limit} for 4 × the results).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
