"""The double-dummy solver is never entered by two threads of a process at once, and never by a
request: a stored deal is analysed once, by a worker's task, while pages say it is coming."""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection, connections
from django.test import Client
from django.urls import reverse

from scoring.files.pbn import deal_from_seed
from scoring.shared.cards import Hands
from tests.tournament.background import on_the_database, queued, run_worker
from tests.tournament.factories import make_played_night
from tournament.models import Board, Event, Section
from tournament.services import analyses, double_dummy, hand_records

SOLVE = double_dummy.calc_dd_table


class Probe:
    """Stands in for DDS's entry point: counts the threads inside it at once, and who called it."""

    def __init__(self) -> None:
        self.inside = 0
        self.most_inside = 0
        self.callers: list[str] = []
        self._count = threading.Lock()
        self._one_at_a_time = threading.Lock()  # so the real solver is safe even when the code is not

    def __call__(self, deal: Any) -> Any:
        with self._count:
            self.inside += 1
            self.most_inside = max(self.most_inside, self.inside)
            self.callers.append(threading.current_thread().name)
        try:
            time.sleep(0.02)  # long enough for a second thread to come in, were it let in
            with self._one_at_a_time:
                return SOLVE(deal)
        finally:
            with self._count:
                self.inside -= 1


@pytest.fixture
def probe(monkeypatch: pytest.MonkeyPatch) -> Probe:
    watching = Probe()
    monkeypatch.setattr(double_dummy, "calc_dd_table", watching)
    return watching


def unanalysed_night(tables: int = 3) -> Event:
    """A published night whose deals were written as an imported session writes them: no analysis yet."""
    event = make_played_night(tables=tables)
    boards = list(Board.objects.filter(section__event=event).order_by("number"))
    records = deal_from_seed(99, [board.number for board in boards])
    for board, record in zip(boards, records, strict=True):
        Board.objects.filter(pk=board.pk).update(hands=record.hands.to_pbn(), double_dummy=None, par=None)
    return event


def run_together(calls: list[tuple[str, Any]]) -> list[Any]:
    """Each call in its own named thread and database connection, all released at once."""
    barrier = threading.Barrier(len(calls))
    outcomes: list[Any] = [None] * len(calls)

    def run(index: int, call: Any) -> None:
        try:
            barrier.wait(timeout=30)
            outcomes[index] = call()
        except Exception as error:  # the test reads what each thread met
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=run, args=(i, call), name=name) for i, (name, call) in enumerate(calls)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return outcomes


@pytest.mark.django_db(transaction=True)
def test_many_analyses_and_downloads_at_once_never_share_the_solver_and_downloads_never_call_it(
    probe: Probe, settings: Any
) -> None:
    if connection.vendor == "sqlite":
        # The test database is SQLite in memory, shared between threads with table locks that fail
        # at once ("database table is locked") where a file with WAL, as the server has, would
        # wait: the documents and counts go to this process's memory instead. PostgreSQL runs the
        # test on the shared database cache, as served.
        settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    event = unanalysed_night()
    ids = list(Board.objects.filter(section__event=event).values_list("pk", flat=True))
    hands = [Hands.parse(h) for h in Board.objects.filter(pk__in=ids).values_list("hands", flat=True)]
    travellers = reverse("pdf_document", args=[event.club.slug, event.pk, "travellers"])
    calls: list[tuple[str, Any]] = []
    for n in range(4):
        calls.append((f"download-{n}", lambda: Client().get(travellers)))
        calls.append((f"solve-{n}", lambda n=n: [double_dummy.analyse(h, "None", "N") for h in hands[n::4]]))
    calls.append(("analyse", lambda: analyses.analyse(ids)))

    outcomes = run_together(calls)

    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    assert probe.most_inside == 1  # the solver's lock: one thread inside DDS at a time, whoever calls
    assert not [name for name in probe.callers if name.startswith("download")]
    downloads = [o for o in outcomes if hasattr(o, "status_code")]
    assert [d.status_code for d in downloads] == [200] * 4
    assert all(d["Content-Type"] == "application/pdf" for d in downloads)
    assert analyses.pending(event=event.pk).count() == 0  # and the analysis was saved


@pytest.mark.django_db
def test_storing_deals_requests_their_analysis_and_pages_show_it_once_saved(
    probe: Probe, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    requested: list[list[int]] = []
    monkeypatch.setattr(analyses, "analyse", lambda ids, **kw: requested.append(list(ids)))
    event = make_played_night(tables=3)
    director = event.club.memberships.get().user
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    event.refresh_from_db()
    hand_records.deal_boards(event=event, seed=5, user=director, replace=True)
    boards = set(Board.objects.filter(section__event=event).values_list("pk", flat=True))
    assert requested and set(requested[-1]) == boards  # every board whose deal was stored
    assert probe.callers == []  # storing the deals did not solve them: the analysis does, apart
    assert Board.objects.filter(section__event=event, double_dummy__isnull=True).count() == len(boards)

    address = reverse("traveller", args=[event.club.slug, event.pk, "A", 1])
    assert 'id="double-dummy-coming"' in client.get(address).content.decode()
    section = Section.objects.get(event=event)
    monkeypatch.undo()
    monkeypatch.setattr(double_dummy, "calc_dd_table", probe)
    assert analyses.analyse(sorted(boards)) == len(boards)
    assert Section.objects.get(pk=section.pk).version > section.version  # pages made before are stale
    page = client.get(address).content.decode()
    assert 'id="double-dummy"' in page and 'id="double-dummy-coming"' not in page
    assert analyses.analyse(sorted(boards)) == 0  # analysed once: nothing left to do


@pytest.mark.django_db(transaction=True)  # the worker commits as it goes, as in the server
def test_storing_deals_queues_their_analysis_and_the_worker_does_it(probe: Probe, settings: Any) -> None:
    on_the_database(settings)
    event = make_played_night(tables=3)
    director = event.club.memberships.get().user
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    event.refresh_from_db()

    hand_records.deal_boards(event=event, seed=8, user=director, replace=True)
    [task] = queued("analyse_deals")
    boards = sorted(Board.objects.filter(section__event=event).values_list("pk", flat=True))
    assert task.args_kwargs["args"] == [boards]  # queued with the deals, in their transaction
    assert probe.callers == [] and analyses.pending(event=event.pk).count() == len(boards)

    run_worker()

    assert analyses.pending(event=event.pk).count() == 0
    assert len(probe.callers) == len(boards) and probe.most_inside == 1
    assert queued() == []


@pytest.mark.django_db(transaction=True)  # the worker commits as it goes, as in the server
def test_deals_left_unanalysed_are_queued_when_the_server_starts_and_the_worker_does_them(
    probe: Probe, settings: Any
) -> None:
    on_the_database(settings)
    left = unanalysed_night()  # stored before the server stopped, or by hand: nobody queued them
    waiting = analyses.pending().count()
    out = io.StringIO()

    call_command("analyse_deals", "--in-background", stdout=out)  # as make run does at its start

    assert out.getvalue().strip() == f"Queued {waiting} deals for a worker to analyse."
    assert len(queued("analyse_deals")) == 1 and probe.callers == []
    run_worker()
    assert analyses.pending(event=left.pk).count() == 0 and len(probe.callers) == waiting


@pytest.mark.django_db
def test_analyse_deals_counts_on_a_dry_run_then_analyses_each_deal_once(probe: Probe) -> None:
    event = unanalysed_night(tables=3)
    waiting = analyses.pending(event=event.pk).count()
    out = io.StringIO()
    call_command("analyse_deals", "--event", str(event.pk), "--dry-run", stdout=out)
    assert out.getvalue().strip() == f"Would analyse {waiting} deals; nothing was changed."
    assert probe.callers == [] and analyses.pending(event=event.pk).count() == waiting

    out = io.StringIO()
    call_command("analyse_deals", "--club", event.club.slug, stdout=out)
    assert out.getvalue().strip() == f"Analysed {waiting} deals of {waiting} waiting."
    assert len(probe.callers) == waiting and analyses.pending().count() == 0
    with pytest.raises(CommandError, match="There is no club 'nowhere'"):
        call_command("analyse_deals", "--club", "nowhere")


@pytest.fixture(autouse=True)
def _no_thread_left_behind() -> Iterator[None]:
    yield
    connections.close_all()


@pytest.mark.django_db
def test_a_malformed_deal_is_left_alone_and_the_others_are_analysed(probe: Probe) -> None:
    event = unanalysed_night()
    first = Board.objects.filter(section__event=event).order_by("number").first()
    Board.objects.filter(pk=first.pk).update(hands="N:not a deal")
    waiting = analyses.pending(event=event.pk).count()
    assert analyses.analyse() == waiting - 1
    assert list(analyses.pending(event=event.pk)) == [first]
    assert analyses.analyse() == 0 and len(probe.callers) == waiting - 1
