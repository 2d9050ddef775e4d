"""A change to some boards rescores those boards only, and the scores are exactly a whole rescoring's.

Random writes go through the services (results recorded, corrected, deleted, confirmed and
disputed, rulings made and undone, rounds agreed) on every kind of night; after each one the page's
scores (``score_section``: the boards whose version moved scored again, the others' figures taken
from the cache) must equal the section scored again from nothing (``rescore_section``), field by
field, and only the boards whose version the write raised must have been scored again.

These tests commit (``transaction=True``), as the writes and reads of a night do.
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
from tournament.scores.types import ScoredResult, SectionScores
from tournament.services import changes, hand_records, results, rulings
from tournament.services.result_facts import Facts, ResultRefused

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


def _fingerprint(sheet: SectionScores) -> Any:
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
        sheet.payload,
        sheet.problems,
        {label: row(pair) for label, pair in sheet.pairs.items()},
        {number: row(board) for number, board in sheet.boards.items()},
    )


def _board_versions(night: Night) -> dict[int, int]:
    return dict(Board.objects.filter(section=night.section).values_list("pk", "version"))


@pytest.fixture
def rescored(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The boards ``score_section`` scores again (rather than take from the cache), in order."""
    boards: list[int] = []
    real = standings._board_scores

    def counted(game: Any, event: Event, scored: list[ScoredResult]) -> Any:
        figures = real(game, event, scored)
        boards.extend({s.result.board_id for s in scored})
        return figures

    monkeypatch.setattr(standings, "_board_scores", counted)
    return boards


def _check_incremental(night: Night, seed: int, rescored: list[int], steps: int = 14) -> None:
    rng = random.Random(seed)
    standings.score_section(_section())  # every board scored and kept, as by a page read
    for _ in range(steps):
        before = _board_versions(night)
        try:
            rng.choice(WRITES)(night, rng)
        except ResultRefused:
            continue  # a write the laws refuse (a board already entered, a round not confirmed)
        moved = {pk for pk, version in _board_versions(night).items() if version != before.get(pk)}
        rescored.clear()
        incremental = standings.score_section(_section())
        played = set(Result.objects.filter(section=night.section).values_list("board_id", flat=True))
        assert set(rescored) == moved & played, "a board scored again whose facts did not change"
        full = standings.rescore_section(_section())
        assert incremental == full
        assert _fingerprint(incremental) == _fingerprint(full)
        assert [s.result.pk for s in incremental.disputed()] == [s.result.pk for s in full.disputed()]
        for label in full.pairs:
            assert incremental.pair_info(label) == full.pair_info(label)


@pytest.fixture(autouse=True)
def _no_cache_between_tests():
    from django.core.cache import cache

    cache.clear()


@pytest.mark.parametrize("seed", [1, 2])
def test_an_auction_pairs_nights_changes_rescore_their_boards_exactly(seed, rescored):
    _check_incremental(Night(), seed, rescored)


def test_a_whist_nights_changes_rescore_their_boards_exactly(rescored):
    _check_incremental(Night(game=Event.Game.WHIST), 3, rescored)


def test_an_auction_team_matchs_changes_rescore_their_boards_exactly(rescored):
    _check_incremental(Night(form=Event.Form.TEAMS), 4, rescored)


@pytest.mark.parametrize("method", [Event.Method.MATCHPOINTS, Event.Method.BUTLER, Event.Method.CROSS_IMPS])
def test_a_contract_nights_changes_rescore_their_boards_exactly(method, rescored):
    night = Night(game=Event.Game.CONTRACT)
    if method != Event.Method.MATCHPOINTS:
        event = Event.objects.get(pk=night.event.pk)
        changes.edit_event(event=event, user=night.director, name=event.name, date=event.date, method=method)
        night.event = Event.objects.get(pk=night.event.pk)
    _check_incremental(night, 5, rescored)


def test_a_change_every_result_is_scored_by_rescores_every_board(rescored):
    """A pair's label or names (each board's travellers hold the labels) raise every board's version."""
    night = Night()
    standings.score_section(_section())
    pair = night.pair()
    from tournament.services import events as event_service

    event_service.name_pair(pair=pair, first="Ann Other", second="Bea Other", user=night.director)
    rescored.clear()
    sheet = standings.score_section(_section())
    assert sorted(rescored) == sorted({s.result.board_id for s in sheet.results})
    assert _fingerprint(sheet) == _fingerprint(standings.rescore_section(_section()))


def test_a_players_name_changed_runs_the_contest_again_from_every_boards_kept_figures(rescored):
    """A fact of the section's pages alone (a player's name, as the admin saves it) raises the
    section's version and no board's: no board is scored again, and the page shows the new name."""
    night = Night()
    standings.score_section(_section())
    version = Section.objects.get(pk=night.section.pk).version
    player = night.pair().player1
    player.name = "Renamed Player"
    player.save()
    assert Section.objects.get(pk=night.section.pk).version == version + 1
    rescored.clear()
    sheet = standings.score_section(_section())
    assert rescored == []
    assert "Renamed Player" in sheet.pairs[night.pair().label].names
    assert _fingerprint(sheet) == _fingerprint(standings.rescore_section(_section()))


def test_a_cache_emptied_or_holding_another_releases_figures_scores_the_section_whole(rescored):
    from django.core.cache import cache

    night = Night()
    standings.score_section(_section())
    cache.clear()
    rescored.clear()
    standings.score_section(_section())
    assert sorted(rescored) == sorted(dict(_board_versions(night)))
    cache.set(score_cache.key(night.section.pk), ("figures", "of", "another", "release"))
    score_cache.forget_in_process()  # another release runs in workers started afresh
    rescored.clear()
    sheet = standings.score_section(_section())
    assert sorted(rescored) == sorted(dict(_board_versions(night)))
    assert _fingerprint(sheet) == _fingerprint(standings.rescore_section(_section()))


def _section() -> Section:
    return Section.objects.select_related("event").get()


@on_postgresql
def test_two_results_corrected_at_once_are_both_in_the_scores():
    """Two writes at once: the versions rise by two, and the next read shows both changes (never one)."""
    night = Night()
    rng = random.Random(6)
    for _ in range(5):
        standings.score_section(_section())  # the scores kept before the writes
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
        incremental = standings.score_section(_section())
        full = standings.rescore_section(_section())
        assert _fingerprint(incremental) == _fingerprint(full)


def test_a_result_recorded_or_deleted_moves_the_others_and_their_problems_follow(rescored):
    """A result recorded after every other one, and a result with a problem deleted: the results'
    problems are found from the results as they now stand."""
    night = Night()

    def read() -> SectionScores:
        incremental = standings.score_section(_section())
        full = standings.rescore_section(_section())
        assert _fingerprint(incremental) == _fingerprint(full)
        return incremental

    def reloaded(pk: int) -> Result:
        return Result.objects.select_related("section__event", "board", "seating__table", "ns", "ew").get(
            pk=pk
        )

    last = reloaded(read().results[-1].result.pk)
    seating = Seating.objects.select_related("section__event", "table", "ns", "ew").get(pk=last.seating_id)
    rescored.clear()
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
    assert set(rescored) == {last.board_id}  # only its board, each time


def test_a_worker_adds_a_change_to_the_figures_it_holds_without_reading_every_boards_again(
    monkeypatch, rescored
):
    from django.core.cache import cache

    night = Night()
    standings.score_section(_section())  # kept in the shared cache and held by this worker
    _correct(night, random.Random(3))
    read: list[str] = []
    real_get = cache.get

    def get(key: str, *args: Any, **kwargs: Any) -> Any:
        read.append(key)
        return real_get(key, *args, **kwargs)

    monkeypatch.setattr(cache, "get", get)
    rescored.clear()
    sheet = standings.score_section(_section())
    assert read == [score_cache.stamp_key(night.section.pk)]  # the stamp alone, not every board's figures
    assert len(set(rescored)) == 1  # the corrected board, the others' figures as held
    assert _fingerprint(sheet) == _fingerprint(standings.rescore_section(_section()))


def test_figures_another_worker_kept_since_are_read_from_the_shared_cache_not_those_held(
    monkeypatch, rescored
):
    night = Night()
    standings.score_section(_section())
    first_worker = dict(score_cache._held)
    score_cache.forget_in_process()  # another worker, which corrects a result and reads the scores
    _correct(night, random.Random(4))
    standings.score_section(_section())
    monkeypatch.setattr(score_cache, "_held", first_worker)  # the first worker reads again
    rescored.clear()
    sheet = standings.score_section(_section())
    assert rescored == []  # every board as the other worker kept it, the corrected one too
    assert _fingerprint(sheet) == _fingerprint(standings.rescore_section(_section()))


def test_a_worker_holds_the_figures_of_a_few_sections_only(monkeypatch):
    monkeypatch.setattr(score_cache, "_held", {})
    for pk in range(score_cache.MEMO_SIZE + 3):
        score_cache._hold(pk, score_cache.Kept(1, None, {}, stamp=str(pk)))
    assert list(score_cache._held) == list(range(3, score_cache.MEMO_SIZE + 3))
