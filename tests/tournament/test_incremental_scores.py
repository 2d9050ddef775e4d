"""A change to some boards rescores those boards only, and the scores are exactly a whole rescoring's.

Random writes go through the services (results recorded, corrected, deleted, confirmed and
disputed, rulings made and undone, rounds agreed) on every kind of night; after each one the page's
scores (``score_section``, brought up to date board by board from the scores of the version before)
must equal the section scored again from nothing (``rescore_section``), field by field, and the
whole rescoring must not have been run for them.

These tests commit (``transaction=True``): a change is recorded for the next read only once its
transaction commits, and a worker keeps scores in its memory only outside a transaction.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from typing import Any

import pytest

from tests.tournament.contract_night import bridge_facts
from tests.tournament.test_races import on_postgresql, race
from tests.tournament.test_score_cache import Night, _facts_of
from tournament.models import Board, Event, Result, Ruling, Seating, Section
from tournament.scores import cache as score_cache
from tournament.scores import standings
from tournament.services import changes, hand_records, results, rulings
from tournament.services.results import Facts, ResultRefused

pytestmark = pytest.mark.django_db(transaction=True)

AUCTION_TEXTS = ("1H N 7", "2S E 8", "3NT S 9", "2D W 7", "1NT N 8", "4H S 9", "2C E 8", "pass", "7NT N 6")
WHIST_TEXTS = ("H 8", "S 6", "D 9", "C 5", "13", "H 0")
CONTRACT_TEXTS = ("4H N =", "3NT S -1", "2S E +1", "1NT W =", "6NT N -3", "7SXX S =", "PASS")


def _facts(event: Event, rng: random.Random) -> Facts:
    if event.is_contract:
        return bridge_facts(rng.choice(CONTRACT_TEXTS))
    if event.is_whist:
        from scoring.auction.entry import parse_whist_entry

        strain, tricks = parse_whist_entry(rng.choice(WHIST_TEXTS))
        return Facts(tricks=tricks, game="whist", trumps=strain.code if strain else "")
    return _facts_of(rng.choice(AUCTION_TEXTS))


def _a_result(night: Night, rng: random.Random) -> Result:
    pks = list(Result.objects.filter(section=night.section).values_list("pk", flat=True))
    return Result.objects.select_related("section__event", "board", "seating__table", "ns", "ew").get(
        pk=rng.choice(pks)
    )


def _correct(night: Night, rng: random.Random) -> None:
    results.correct(
        result=_a_result(night, rng), facts=_facts(night.event, rng), reason="Misread.", user=night.director
    )


def _status(night: Night, rng: random.Random) -> None:
    status = rng.choice([Result.Status.CONFIRMED, Result.Status.DISPUTED, Result.Status.ENTERED])
    results.set_status(result=_a_result(night, rng), status=status, user=night.director)


def _delete_and_record(night: Night, rng: random.Random) -> None:
    result = _a_result(night, rng)
    seating = Seating.objects.select_related("section__event", "table", "ns", "ew").get(pk=result.seating_id)
    results.delete(result=result, reason="Entered twice.", user=night.director)
    if rng.random() < 0.7:
        results.record(
            seating=seating,
            board_number=result.board.number,
            facts=_facts(night.event, rng),
            request_key=uuid.uuid4(),
        )


def _ruling(night: Night, rng: random.Random) -> None:
    result = _a_result(night, rng)
    if night.event.is_contract:
        kind = rng.choice(["artificial", "assigned"])
        if kind == "artificial":
            details: dict[str, Any] = {"ns_average": "A+", "ew_average": rng.choice(["A-", "A"])}
            rulings.add_ruling(
                result=result,
                user=night.director,
                kind=Ruling.Kind.ARTIFICIAL,
                law="Law 12C2",
                reason="Fouled board.",
                **details,
            )
        else:
            rulings.add_ruling(
                result=result,
                user=night.director,
                kind=Ruling.Kind.ASSIGNED,
                law="Law 12C1",
                reason="Misinformation.",
                assigned=rng.choice(["3NT N =", "4S E -2"]),
            )
        return
    if rng.random() < 0.5:
        rulings.add_ruling(
            result=result,
            user=night.director,
            kind=Ruling.Kind.AWARD,
            law="Law F",
            reason="Out of turn.",
            side=rng.choice(["NS", "EW"]),
            points=rng.choice([50, 100]),
        )
    else:
        kind = rng.choice([Ruling.Kind.IRREGULAR_AVERAGE, Ruling.Kind.IRREGULAR_NS_OFFENDED])
        rulings.add_ruling(
            result=result, user=night.director, kind=kind, law="Law B (3)", reason="A short hand."
        )


def _undo(night: Night, rng: random.Random) -> None:
    active = list(
        Ruling.objects.filter(result__section=night.section, undone_at=None).select_related(
            "result__section__event", "result__board"
        )
    )
    if active:
        rulings.undo_ruling(ruling=rng.choice(active), user=night.director, reason="Wrong table.")


def _agree(night: Night, rng: random.Random) -> None:
    seatings = list(
        Seating.objects.filter(section=night.section, agreed_at=None).select_related(
            "section__event", "table", "ns", "ew"
        )
    )
    if seatings:
        results.agree_round(seating=rng.choice(seatings), user=night.director, on_authority=True)


def _turn(night: Night, rng: random.Random) -> None:
    if night.event.is_whist:  # the trump card the dealer turned up changes the board's own facts
        board = rng.choice(list(Board.objects.filter(section=night.section).select_related("section__event")))
        hand_records.set_turned_card(
            board=board, card=rng.choice(["H2", "SK", "DA", "C7"]), user=night.director
        )


WRITES: tuple[Callable[[Night, random.Random], None], ...] = (
    _turn,
    _correct,
    _correct,
    _status,
    _delete_and_record,
    _ruling,
    _undo,
    _agree,
)


def _fingerprint(sheet: standings.SectionScores) -> Any:
    """Every fact and figure of the sheet, model rows by their fields rather than by their keys."""

    def row(obj: Any) -> tuple[Any, ...]:
        return tuple(getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields)

    return (
        [
            (
                row(s.result),
                row(s.result.seating),
                row(s.result.board),
                row(s.result.ns),
                row(s.result.ew),
                [row(r) for r in s.rulings],
                s.score,
                s.irregular,
                s.problem,
                s.adjusted,
                s.assigned,
            )
            for s in sheet.results
        ],
        sheet.contest,
        sheet.match,
        sheet.bridge,
        sheet.problems,
        {label: row(pair) for label, pair in sheet.pairs.items()},
        {number: row(board) for number, board in sheet.boards.items()},
    )


def _check_incremental(night: Night, seed: int, monkeypatch: pytest.MonkeyPatch, steps: int = 14) -> None:
    rng = random.Random(seed)
    section = Section.objects.select_related("event").get(pk=night.section.pk)
    standings.score_section(section)  # held in this worker, as by a page read
    whole = standings.rescore_section
    made_whole: list[int] = []

    def counted(section: Section) -> standings.SectionScores:
        made_whole.append(section.pk)
        return whole(section)

    monkeypatch.setattr(standings, "rescore_section", counted)
    for _ in range(steps):
        try:
            rng.choice(WRITES)(night, rng)
        except ResultRefused:
            continue  # a write the laws refuse (a board already entered, a round not confirmed)
        section = Section.objects.select_related("event").get(pk=night.section.pk)
        incremental = standings.score_section(section)
        assert made_whole == [], "the change to one board rescored the whole section"
        full = whole(Section.objects.select_related("event").get(pk=night.section.pk))
        assert incremental == full
        assert _fingerprint(incremental) == _fingerprint(full)
        # What a page reads besides the figures, kept from one version to the next: read here, so
        # that the next change brings it up to date rather than finding it anew.
        assert [s.result.pk for s in incremental.disputed()] == [s.result.pk for s in full.disputed()]
        for label in full.pairs:
            assert incremental.pair_info(label) == full.pair_info(label)


@pytest.fixture(autouse=True)
def _no_cache_between_tests():
    from django.core.cache import cache

    cache.clear()
    score_cache.forget_in_process()
    yield
    score_cache.forget_in_process()


@pytest.mark.parametrize("seed", [1, 2])
def test_an_auction_pairs_nights_changes_rescore_their_boards_exactly(seed, monkeypatch):
    _check_incremental(Night(), seed, monkeypatch)


def test_a_whist_nights_changes_rescore_their_boards_exactly(monkeypatch):
    _check_incremental(Night(game=Event.Game.WHIST), 3, monkeypatch)


def test_an_auction_team_matchs_changes_rescore_their_boards_exactly(monkeypatch):
    _check_incremental(Night(form=Event.Form.TEAMS), 4, monkeypatch)


@pytest.mark.parametrize("method", [Event.Method.MATCHPOINTS, Event.Method.BUTLER, Event.Method.CROSS_IMPS])
def test_a_contract_nights_changes_rescore_their_boards_exactly(method, monkeypatch):
    night = Night(game=Event.Game.CONTRACT)
    if method != Event.Method.MATCHPOINTS:
        event = Event.objects.get(pk=night.event.pk)
        changes.edit_event(event=event, user=night.director, name=event.name, date=event.date, method=method)
        night.event = Event.objects.get(pk=night.event.pk)
    _check_incremental(night, 5, monkeypatch)


def test_a_change_to_the_whole_section_rescores_it_whole(monkeypatch):
    night = Night()
    section = Section.objects.select_related("event").get(pk=night.section.pk)
    standings.score_section(section)
    made_whole: list[int] = []
    whole = standings.rescore_section
    monkeypatch.setattr(standings, "rescore_section", lambda s: made_whole.append(s.pk) or whole(s))
    pair = night.pair()
    from tournament.services import events as event_service

    event_service.name_pair(pair=pair, first="Ann Other", second="Bea Other", user=night.director)
    standings.score_section(Section.objects.select_related("event").get(pk=night.section.pk))
    assert made_whole == [night.section.pk]


def test_a_worker_further_behind_than_the_records_reach_rescores_whole():
    night = Night()
    section = Section.objects.select_related("event").get(pk=night.section.pk)
    standings.score_section(section)
    held = Section.objects.get(pk=section.pk).version
    Section.objects.filter(pk=section.pk).update(version=held + 2)  # a change the records never heard of
    assert score_cache.changes_between(section.pk, held, held + 2) is None


def test_the_record_of_a_change_is_written_with_the_change_itself():
    """In the database cache the record commits with the version it names: a poll arriving just
    after the commit never finds the new version without its record (and scores the night whole)."""
    from django.core.cache import cache
    from django.db import transaction

    night = Night()
    result = _a_result(night, random.Random(7))
    with transaction.atomic():
        results.set_status(result=result, status=Result.Status.DISPUTED, reason="Not so.")
        version = Section.objects.get(pk=night.section.pk).version
        assert cache.get(score_cache.change_key(night.section.pk, version)) == (
            (result.board_id,),
            (result.pk,),
        )
    with pytest.raises(RuntimeError), transaction.atomic():
        results.set_status(result=result, status=Result.Status.CONFIRMED)
        rolled_back = Section.objects.get(pk=night.section.pk).version
        raise RuntimeError("the change is rolled back")
    assert rolled_back == version + 1
    assert cache.get(score_cache.change_key(night.section.pk, rolled_back)) is None  # gone with it


def _section() -> Section:
    return Section.objects.select_related("event").get()


@on_postgresql
def test_two_results_corrected_at_once_are_both_in_the_scores():
    """Two writes at once: the versions rise by two, and the next read shows both changes (never one)."""
    night = Night()
    rng = random.Random(6)
    for _ in range(5):
        standings.score_section(_section())  # the worker holds the scores before the writes
        before = Section.objects.get(pk=night.section.pk).version
        numbers = sorted(
            set(Result.objects.filter(section=night.section).values_list("board__number", flat=True))
        )
        first, second = (
            Result.objects.filter(section=night.section, board__number=number)
            .select_related("section__event", "board", "seating__table", "ns", "ew")
            .first()
            for number in rng.sample(numbers, 2)
        )
        writes = [(result, _facts(night.event, rng)) for result in (first, second)]
        outcomes = race(
            *[
                lambda result=result, facts=facts: results.correct(
                    result=result, facts=facts, reason="Misread.", user=night.director
                )
                for result, facts in writes
            ],
            lambda: standings.score_section(_section()),  # a phone's poll in the middle of it
        )
        assert not any(isinstance(outcome, Exception) for outcome in outcomes), outcomes
        assert Section.objects.get(pk=night.section.pk).version == before + 2
        assert score_cache.changes_between(night.section.pk, before, before + 2) == score_cache.Changes(
            frozenset({first.board_id, second.board_id}), frozenset({first.pk, second.pk})
        )
        incremental = standings.score_section(_section())
        full = standings.rescore_section(_section())
        assert _fingerprint(incremental) == _fingerprint(full)


def test_scores_brought_up_to_date_are_kept_in_the_worker_and_a_whole_scoring_shared_once():
    """A change to a board is not pickled into the shared cache (the other workers catch up from the
    change records); a whole scoring is, and it replaces the one the worker shared before."""
    from django.core.cache import cache

    night = Night()
    standings.score_section(_section())
    first = Section.objects.get(pk=night.section.pk).version
    assert cache.get(score_cache.key(night.section.pk, first)) is not None
    rng = random.Random(9)
    for _ in range(3):
        _correct(night, rng)
        standings.score_section(_section())  # brought up to date here, not shared
    now = Section.objects.get(pk=night.section.pk).version
    assert now == first + 3
    assert all(cache.get(score_cache.key(night.section.pk, v)) is None for v in range(first + 1, now + 1))
    assert cache.get(score_cache.key(night.section.pk, first)) is not None  # still the current whole one
    from tournament.services import events as event_service

    event_service.name_pair(pair=night.pair(), first="Ann Other", second="Bea Other", user=night.director)
    standings.score_section(_section())  # a change to the whole section: scored whole, shared
    last = Section.objects.get(pk=night.section.pk).version
    assert cache.get(score_cache.key(night.section.pk, last)) is not None
    assert cache.get(score_cache.key(night.section.pk, first)) is None  # the one shared before is dropped


def test_a_result_recorded_or_deleted_moves_the_others_and_their_problems_follow(monkeypatch):
    """A result recorded after every other one, and a result with a problem deleted: the kept results
    no longer stand where they stood, so the results' problems are found again, not carried over."""
    night = Night()
    whole = standings.rescore_section
    made_whole: list[int] = []
    monkeypatch.setattr(standings, "rescore_section", lambda s: made_whole.append(s.pk) or whole(s))

    def read() -> standings.SectionScores:
        incremental = standings.score_section(_section())
        full = whole(_section())
        assert _fingerprint(incremental) == _fingerprint(full)
        return incremental

    def reloaded(pk: int) -> Result:
        return Result.objects.select_related("section__event", "board", "seating__table", "ns", "ew").get(
            pk=pk
        )

    last = reloaded(read().results[-1].result.pk)  # the read holds the scores in this worker
    seating = Seating.objects.select_related("section__event", "table", "ns", "ew").get(pk=last.seating_id)
    made_whole.clear()
    results.delete(result=last, reason="Entered twice.", user=night.director)
    read()
    saved = results.record(
        seating=seating,
        board_number=last.board.number,
        facts=Facts(not_played=True),
        request_key=uuid.uuid4(),
    )
    sheet = read()
    assert sheet.results[-1].result.pk == saved.result.pk  # the new result stands after every other
    assert any("not played" in line for line in sheet.problems)
    results.delete(result=reloaded(saved.result.pk), reason="Entered by mistake.", user=night.director)
    assert not any("not played" in line for line in read().problems)
    assert made_whole == []


def test_a_worker_holding_nothing_catches_up_from_the_latest_whole_scoring_shared(monkeypatch):
    """Another worker, or one started after the night began, reads the last whole scoring put in the
    shared cache and scores only the boards changed since; beyond the records' reach it scores whole."""
    night = Night()
    standings.score_section(_section())  # a whole scoring: shared, with its version
    whole = standings.rescore_section
    made_whole: list[int] = []
    monkeypatch.setattr(standings, "rescore_section", lambda s: made_whole.append(s.pk) or whole(s))
    rng = random.Random(11)
    for _ in range(3):
        _correct(night, rng)
    score_cache.forget_in_process()  # a worker that holds nothing of the section
    sheet = standings.score_section(_section())
    assert made_whole == []
    assert _fingerprint(sheet) == _fingerprint(whole(_section()))
    score_cache.forget_in_process()
    section = _section()
    Section.objects.filter(pk=section.pk).update(version=section.version + score_cache.STEPS + 1)
    standings.score_section(_section())  # no record reaches that far: scored whole, never wrongly
    assert made_whole == [night.section.pk]
