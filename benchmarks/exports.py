"""Time every export of a night on a synthetic event and on one four times larger (issue 5 §4).

The small night is 30 tables of Duplicate Auction pairs playing 27 boards: 9 rounds of 3
boards, N-S pairs stationary, E-W pairs moving up one table a round. 30 tables cannot share
9 sets of boards in a plain Mitchell (the checker refuses it: boards would be played unequally
often), so the boards are duplicated, as a large congress does: in round r table t plays set
(3t + r) mod 9, which gives every table, and every E-W pair, each of the nine sets exactly once.
The large night is the same movement with 120 tables: 4 × the pairs and 4 × the results on the
same 27 boards (810 and 3240 results). Both movements pass ``scoring.movements.check``.

Everything is recorded through the services a director uses (``results.record``, ``rulings.
add_ruling``), in a throwaway SQLite database in a temporary directory (never the developer's
``db.sqlite3``); that is set-up and is not timed. Then each export is timed once on each night:
``score_section`` itself, the XLSX workbook, the CSV and every PDF document of ``tournament.pdf``.
The table printed gives the seconds and the ratio large/small; the script exits 1 when a ratio
passes 4.5 — the cost of an export must grow no faster than the work.

The ratio is taken on the process's CPU time, which other programs on a busy machine do not
stretch (wall time is printed beside it). Before the timed runs every export runs once, untimed,
on a 9-table night, so that first-call costs (imports, font registration) are not counted in the
small night's time, where they would flatter the ratio.

    make benchmark            # DEBUG=1 .venv/bin/python benchmarks/exports.py
"""

from __future__ import annotations

import argparse
import datetime
import gc
import importlib
import inspect
import os
import pkgutil
import random
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
ROUNDS = 9
BOARD_SETS = 9
BOARDS_PER_ROUND = 3
LIMIT = 4.5
REPEATS = 3  # each side's best of three, taken in turn, within this one run of the benchmark
SCALE = 4  # the large night has four times the results: four small runs are the same work as one large
WARM_UP_TABLES = 9  # a small untimed night that runs every export once before the timed runs
RULING_EVERY = 50  # one ruling on every fiftieth result, so the rulings log grows with the night


def synthetic_movement(tables: int) -> Any:
    """N-S stationary, E-W up one table a round; table t plays board set (3t + r) mod 9 in round r.

    Each table meets each set once (r runs over nine residues). An E-W pair at table t = e + r - 1
    meets set (3e + 4r - 3) mod 9, again nine different sets, because 4 is prime to 9; and when it
    wraps from the last table to the first, 3t drops by 3 × tables, a multiple of 9 whenever
    the number of tables is a multiple of 3. So no pair plays a board twice.
    """
    from scoring import movements

    if tables % 3:
        raise SystemExit(f"The synthetic movement needs a multiple of 3 tables, not {tables}.")
    seatings = []
    for round_ in range(1, ROUNDS + 1):
        for table in range(1, tables + 1):
            ew = (table - round_) % tables + 1
            board_set = (3 * table + round_) % BOARD_SETS
            first = board_set * BOARDS_PER_ROUND + 1
            boards = tuple(range(first, first + BOARDS_PER_ROUND))
            seatings.append(movements.Seating(round_, table, f"{table}NS", f"{ew}EW", boards))
    movement = movements.enter_movement(seatings, board_count=BOARD_SETS * BOARDS_PER_ROUND)
    report = movements.check(movement)
    if not report.ok:
        raise SystemExit("The synthetic movement fails its checks: " + " ".join(report.problems))
    return movement


def build_night(tables: int, seed: int) -> Any:
    """A finished, published 27-board night of ``tables`` tables, every result entered by the services."""
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from scoring.cards import honours_held
    from tournament.demo import deal_cards, plausible_result
    from tournament.models import Board, Club, Event, Membership, Pair, Result, Ruling, Seating, Section
    from tournament.services import events as event_service
    from tournament.services import results as result_service
    from tournament.services import rulings as ruling_service

    rng = random.Random(seed)
    movement = synthetic_movement(tables)
    with transaction.atomic():
        club = Club.objects.create(name=f"Benchmark club {tables}", slug=f"benchmark-{tables}")
        director = get_user_model().objects.create_user(username=f"director-{tables}")
        Membership.objects.create(club=club, user=director, role=Membership.Role.DIRECTOR)
        event = Event.objects.create(
            club=club,
            name=f"{tables}-table pairs",
            date=datetime.date(2026, 11, 17),
            status=Event.Status.RUNNING,
        )
        section = Section.objects.create(
            event=event,
            movement=Section.Movement.CUSTOM,
            tables=movement.tables,
            rounds=movement.rounds,
            boards_per_round=movement.boards_per_round,
        )
        event_service.lay_out(section, movement)
        for index, pair in enumerate(Pair.objects.filter(section=section).order_by("id")):
            event_service.name_pair(
                pair=pair,
                first=f"Joueur {2 * index} Lefèvre",
                second=f"Spieler {2 * index + 1} Müller",
                user=director,
            )
        boards = list(Board.objects.filter(section=section))
        hands = {board.number: deal_cards(rng) for board in boards}
        for board in boards:
            board.hands = hands[board.number].to_pbn()
        Board.objects.bulk_update(boards, ["hands"])
        count = 0
        for seating in Seating.objects.filter(section=section).select_related(
            "table", "ns", "ew", "section__event"
        ):
            for number in seating.board_numbers:
                contract, declarer, tricks = plausible_result(hands[number], rng)
                facts = result_service.Facts(
                    contract=contract,
                    declarer=declarer,
                    tricks=tricks,
                    honours=honours_held(hands[number], contract.strain),
                )
                saved = result_service.record(
                    seating=seating, board_number=number, facts=facts, request_key=None, user=director
                )
                count += 1
                if count % RULING_EVERY == 0:
                    ruling_service.add_ruling(
                        result=saved.result,
                        user=director,
                        kind=Ruling.Kind.AWARD,
                        law="Law F",
                        side="EW",
                        points=50,
                        reason="North declared out of turn; the declaration stood (synthetic ruling).",
                    )
        Result.objects.filter(section=section).update(status=Result.Status.CONFIRMED)
        event_service.set_status(event=event, user=director, status=Event.Status.LOCKED, published=True)
    return event


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
    from tournament.services.standings import score_section

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
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    from tournament.models import Event

    event = Event.objects.select_related("club").get(pk=event_id)
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

        nights = {}
        for label, tables, seed in (
            ("warm-up", WARM_UP_TABLES, 1912),
            ("small", args.small, 1913),
            ("large", args.large, 1914),
        ):
            start = time.perf_counter()
            event = build_night(tables, seed)
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
