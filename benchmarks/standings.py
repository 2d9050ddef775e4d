"""The public standings and the running view of a 120-table night, as ratios to the login page (issue 11 §1).

A 120-table, 27-board Duplicate Auction pairs night (3,240 results) is built by
``tournament.synthetic`` (as ``manage.py make_synthetic_event --tables 120`` builds it) in a throwaway
SQLite database, with ``DEBUG`` off; that is set-up and is not timed. Then, through Django's test
client in this one process, each page is asked for ``--repeats`` times and its median kept:

- ``login`` — the login page: the yardstick, a page that does almost nothing (read five times as
  often as the others: every ratio is divided by it, and it costs two milliseconds);
- ``standings cold`` — the public event page as the first read after a change: the shared cache
  and this process's copy emptied before each request, so the section is scored and kept;
- ``standings from the shared cache`` — as another gunicorn worker reads it: the scores' figures
  read back from the database cache (the pages this process holds dropped before each request);
- ``standings warm`` — as the same worker reads it again;
- ``poll, nothing changed`` — the phones' refresh with the ETag of what they show: 304;
- ``poll after a result`` — a result corrected through the service (not timed), then the refresh:
  the section's scores brought up to date and the fragment rendered;
- ``result entered -> standings`` — the same, timed whole: the service's write and its commit, then
  the phone's refresh showing it. The write raises its board's version, so the read scores that
  board again and adds the contest up from every other board's kept figures, not the night;
- ``result entered -> scores`` — the same write, then only the section's scores as a page gets them
  (``score_section``), no page rendered: the scores' part of the row above.
- ``running view …`` — the director's running grid (the page ``event_run``), read by the club's
  director, cold, from the shared cache and warm as above, and its poll (``event_run_fragment``)
  answered 304 while nothing changed.

"From the shared cache" and "cold" drop what a worker holds in its memory, the scores' figures
(``scores.cache``), which it then reads back from the shared cache; the rendered standings are
kept in the shared cache alone (``views.live``).

Wall time, as a person waits for the page; every figure is printed as a ratio to the login page
measured in the same run, so a faster or slower machine changes the seconds, not the ratios.

    make benchmark-standings     # .venv/bin/python benchmarks/standings.py
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TABLES = 120
BOARDS = 27
REPEATS = 15
YARDSTICK = 5  # the login page is read this many times as often: every ratio is divided by it


def median_seconds(
    run: Callable[[], object], repeats: int, before: Callable[[], object] | None = None
) -> float:
    times = []
    for _ in range(repeats):
        if before is not None:
            before()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=TABLES, help="tables of the night (120)")
    parser.add_argument(
        "--repeats", type=int, default=REPEATS, help="requests per page; the median is kept (15)"
    )
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="standings-benchmark-") as scratch:
        os.environ["DATABASE_URL"] = f"sqlite:///{scratch}/benchmark.sqlite3"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
        os.environ["DEBUG"] = "0"
        os.environ.setdefault(
            "SECRET_KEY", secrets.token_urlsafe(50)
        )  # a throwaway key for a throwaway database
        os.environ.setdefault("ALLOWED_HOSTS", "testserver")
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0)
        from django.core.cache import cache
        from django.test import Client
        from django.urls import reverse

        from tournament.models import Membership, Result, Section
        from tournament.scores import cache as score_cache
        from tournament.scores import standings
        from tournament.services import results
        from tournament.services.result_facts import Facts
        from tournament.synthetic import build_night
        from tournament.views import live

        start = time.perf_counter()
        event = build_night(args.tables, 1915, boards=BOARDS, publish=True)
        count = Result.objects.filter(section__event=event).count()
        took = time.perf_counter() - start
        print(f"{args.tables} tables, {count} results (set up in {took:.0f} s, not timed)")
        # The night is left running, so that its standings poll as during play.
        event.status = event.Status.RUNNING
        event.save(update_fields=["status"])

        client = Client()
        page = reverse("event", args=[event.club.slug, event.pk])
        fragment = reverse("standings_fragment", args=[event.club.slug, event.pk])
        login = reverse("login")

        def get(address: str, **headers: str) -> None:
            response = client.get(address, headers=headers)
            assert response.status_code in (200, 304), (address, response.status_code)

        def another_worker() -> None:
            score_cache.forget_in_process()
            live.forget_in_process()

        def cold() -> None:
            cache.clear()
            another_worker()

        get(login)
        get(page)  # imports and templates loaded once, for every figure alike
        figures = {"login": median_seconds(lambda: get(login), args.repeats * YARDSTICK)}
        figures["standings cold"] = median_seconds(lambda: get(page), args.repeats, before=cold)
        get(page)
        figures["standings from the shared cache"] = median_seconds(
            lambda: get(page), args.repeats, before=another_worker
        )
        get(page)
        figures["standings warm"] = median_seconds(lambda: get(page), args.repeats)
        etag = client.get(fragment)["ETag"]
        figures["poll, nothing changed (304)"] = median_seconds(
            lambda: get(fragment, if_none_match=etag), args.repeats
        )
        result = (
            Result.objects.filter(section__event=event)
            .select_related("section__event", "board", "seating__table")
            .first()
        )

        def change() -> None:
            from scoring.auction.entry import parse_entry

            entry = parse_entry("3NT S 9" if result.tricks != 9 else "3NT S 10")
            facts = Facts(contract=entry.contract, declarer=entry.declarer, tricks=entry.tricks)
            results.correct(result=result, facts=facts, reason="Benchmark correction.")

        figures["poll after a result"] = median_seconds(
            lambda: get(fragment, if_none_match=etag), args.repeats, before=change
        )

        def entered_then_read() -> None:
            change()
            get(fragment, if_none_match=etag)

        figures["result entered -> standings"] = median_seconds(entered_then_read, args.repeats)

        def entered_then_scored() -> None:
            change()
            standings.score_section(Section.objects.select_related("event").get(pk=result.section_id))

        figures["result entered -> scores"] = median_seconds(entered_then_scored, args.repeats)

        director = Client()
        director.force_login(Membership.objects.filter(club=event.club).first().user)
        running = reverse("event_run", args=[event.club.slug, event.pk])
        grid = reverse("event_run_fragment", args=[event.club.slug, event.pk])

        def read(address: str, **headers: str) -> None:
            response = director.get(address, headers=headers)
            assert response.status_code in (200, 304), (address, response.status_code)

        read(running)
        figures["running view cold"] = median_seconds(lambda: read(running), args.repeats, before=cold)
        read(running)
        figures["running view from the shared cache"] = median_seconds(
            lambda: read(running), args.repeats, before=another_worker
        )
        read(running)
        figures["running view warm"] = median_seconds(lambda: read(running), args.repeats)
        grid_etag = director.get(grid)["ETag"]
        figures["running poll, nothing changed (304)"] = median_seconds(
            lambda: read(grid, if_none_match=grid_etag), args.repeats
        )

        base = figures["login"]
        print(f"\n{'page':<40}{'median s':>10}{'× login':>10}")
        print("-" * 60)
        for name, seconds in figures.items():
            print(f"{name:<40}{seconds:>10.4f}{seconds / base:>10.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
