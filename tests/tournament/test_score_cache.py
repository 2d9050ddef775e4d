"""A section is scored once per change, and no page ever shows scores older than the facts.

Each write of a fact raises the versions of what it changes in its own transaction
(``scores.versions``), and the scores are kept under them (``scores.cache``). The tests write
through every service, then read every standings-type page and export — the public pages, the
live fragment, the director's running view, CSV, XLSX and the PDFs — and compare them with the
same pages made after the cache is emptied: they must be the same (never stale), and differ from
the pages before the write (the write shows).
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

import openpyxl
import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.tournament.contract_night import make_contract_event, make_contract_result
from tests.tournament.contract_night import name_pairs as name_contract_pairs
from tests.tournament.factories import (
    PLAYED_DEAL,
    make_club,
    make_event,
    make_member,
    make_result,
    rule_the_missing_not_played,
)
from tests.tournament.pdf_text import read_pdf
from tournament.games import duplicate
from tournament.models import Event, Pair, Result, Ruling, Seating, Section, Team
from tournament.scores import cache as score_cache
from tournament.scores import standings, versions
from tournament.services import changes, hand_records, results, rulings
from tournament.services import events as event_service
from tournament.services.result_facts import Facts

pytestmark = pytest.mark.django_db

TEXTS = ("1H N 7", "2S E 8", "3NT S 9", "2D W 7", "1NT N 8", "4H S 9", "2C E 8", "3D N 8")


class Night:
    """A night in play, every board played but the last board of the last round at table 3."""

    def __init__(self, game: str = Event.Game.AUCTION, form: str = Event.Form.PAIRS) -> None:
        self.club = make_club()
        self.director = make_member(self.club)
        if game == Event.Game.CONTRACT:
            self.event = make_contract_event(self.club, self.director, form=form)
            name_contract_pairs(self.event, self.director)
        else:
            kwargs: dict[str, Any] = {"game": game, "form": form}
            if form == Event.Form.TEAMS:
                kwargs.update(movement="teams", pairs=2, boards=8)
            self.event = make_event(self.club, self.director, **kwargs)
            for index, pair in enumerate(Pair.objects.filter(section__event=self.event, is_phantom=False)):
                event_service.name_pair(
                    pair=pair,
                    first=f"Player {2 * index}",
                    second=f"Player {2 * index + 1}",
                    user=self.director,
                )
        self.section = self.event.sections.get()
        if game == Event.Game.AUCTION:
            self.section.boards.update(hands=PLAYED_DEAL)
            versions.boards_written(self.section.boards.all())  # a bulk update sends no signal
        self.event = event_service.set_status(
            event=self.event, user=self.director, status=Event.Status.RUNNING
        )
        seatings = list(Seating.objects.filter(section=self.section).order_by("round", "table__number"))
        self.left_out = (seatings[-1], seatings[-1].board_numbers[-1])
        for seating in seatings:
            for number in seating.board_numbers:
                if (seating, number) != self.left_out:
                    self.play(seating, number, (number + seating.table.number) % len(TEXTS))

    def play(self, seating: Seating, number: int, which: int) -> Result:
        if self.event.is_contract:
            return make_contract_result(
                seating, number, ["4H N =", "3NT S -1", "2S E +1", "1NT W ="][which % 4]
            )
        if self.event.is_whist:
            return make_result(seating, number, ["H 8", "H 6", "H 9", "H 5"][which % 4])
        return make_result(seating, number, TEXTS[which])

    def result(self, table: int = 1) -> Result:
        return (
            Result.objects.filter(section=self.section, seating__table__number=table)
            .select_related("section__event", "board", "seating__table", "ns", "ew")
            .order_by("id")
            .first()
        )

    def pair(self) -> Pair:
        return Pair.objects.filter(section=self.section, is_phantom=False).order_by("id").first()


def _normal(html: bytes) -> str:
    """A page as a person reads it: without its CSRF token and the ETag it carries."""
    text = html.decode()
    text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", text)
    return re.sub(r'data-etag="[^"]*"', "", text)


def _cells(content: bytes) -> str:
    book = openpyxl.load_workbook(io.BytesIO(content))
    return repr([[list(row) for row in sheet.iter_rows(values_only=True)] for sheet in book.worksheets])


def read_everything(client: Client, event: Event) -> dict[str, str]:
    """Every standings-type page and export of the event, as the director and a phone read them."""
    event = Event.objects.get(pk=event.pk)
    section = event.sections.get()
    args = [event.club.slug, event.pk]
    addresses = {
        "event": reverse("event", args=args),
        "fragment": reverse("standings_fragment", args=args),
        "running": reverse("event_run_fragment", args=args),
        "running page": reverse("event_run", args=args),
        "csv": reverse("export_csv", args=args),
    }
    for board in section.boards.all():
        addresses[f"traveller {board.number}"] = reverse("traveller", args=[*args, "A", board.number])
    for pair in section.pairs.filter(is_phantom=False):
        addresses[f"recap {pair.label}"] = reverse("recap", args=[*args, pair.pk])
    for result in Result.objects.filter(section=section):
        addresses[f"explain {result.pk}"] = reverse("explain", args=[*args, result.pk])
    if event.is_teams:
        addresses["match"] = reverse("match", args=args)
    pages = {}
    for name, address in addresses.items():
        response = client.get(address)
        assert response.status_code == 200, name
        pages[name] = _normal(response.content)
    pages["xlsx"] = _cells(client.get(reverse("export_xlsx", args=args)).content)
    for doc in ("standings", "recaps", "travellers"):
        response = client.get(reverse("pdf_document", args=[*args, doc]))
        assert response.status_code == 200, doc
        pages[f"pdf {doc}"] = read_pdf(response.content).text
    return pages


def _forget() -> None:
    cache.clear()


def _check_write(night: Night, write: Callable[[Night], object]) -> None:
    client = Client()
    client.force_login(night.director)
    before = read_everything(client, night.event)  # every page read, the scores cached
    version = Section.objects.get(pk=night.section.pk).version
    write(night)
    assert Section.objects.get(pk=night.section.pk).version > version
    after = read_everything(client, night.event)
    _forget()
    fresh = read_everything(client, night.event)
    stale = [name for name in fresh if after[name] != fresh[name]]
    assert stale == [], f"stale after the write: {stale}"
    assert before != after, "the write shows on no page"


def _law_f(night: Night) -> Ruling:
    return rulings.add_ruling(
        result=night.result(),
        user=night.director,
        kind=Ruling.Kind.AWARD,
        law="Law F",
        reason="Out of turn.",
        side="EW",
        points=50,
    )


def _record_missing(night: Night) -> None:
    seating, number = night.left_out
    night.play(
        Seating.objects.select_related("section__event", "table", "ns", "ew").get(pk=seating.pk), number, 2
    )


def _correct(night: Night) -> None:
    result = night.result()
    if night.event.is_contract:
        from tests.tournament.contract_night import bridge_facts

        facts = bridge_facts("6NT N -3")
    else:
        facts = _facts_of("4S E 10")
    results.correct(result=result, facts=facts, reason="Misread the traveller.", user=night.director)


def _facts_of(text: str) -> Facts:
    from scoring.auction.entry import parse_entry

    entry = parse_entry(text, allow_pass=True)
    return Facts(contract=entry.contract, declarer=entry.declarer, tricks=entry.tricks)


def _undo(night: Night) -> None:
    ruling = _law_f(night)
    _forget()  # the ruling's scores are read below, cached, and then undone
    client = Client()
    client.force_login(night.director)
    read_everything(client, night.event)
    rulings.undo_ruling(ruling=Ruling.objects.get(pk=ruling.pk), user=night.director, reason="Wrong table.")


def _substitute(night: Night) -> None:
    pair = Pair.objects.select_related("section__event", "player1").get(pk=night.pair().pk)
    last = Seating.objects.filter(ns=pair).order_by("round").last()
    Result.objects.filter(seating=last).delete()  # the pair's last round is still to play
    _read_cached(night)
    changes.substitute(
        pair=pair, user=night.director, from_round=last.round, player_out=pair.player1, player_in="Cy Sand"
    )


def _read_cached(night: Night) -> None:
    client = Client()
    client.force_login(night.director)
    read_everything(client, night.event)


def _withdraw(night: Night) -> None:
    seating, _ = night.left_out
    pair = Pair.objects.select_related("section__event").get(pk=seating.ns_id)
    # The left-out board is the last of the last round: the pair withdraws before it is played.
    Result.objects.filter(seating=seating).delete()
    _forget()
    client = Client()
    client.force_login(night.director)
    read_everything(client, night.event)
    changes.withdraw(pair=pair, user=night.director, from_round=seating.round, reason="Unwell.")


AUCTION_WRITES: dict[str, Callable[[Night], object]] = {
    "a result recorded": _record_missing,
    "a result corrected": _correct,
    "a result deleted": lambda n: results.delete(result=n.result(), reason="Entered twice.", user=n.director),
    "a result confirmed by the director": lambda n: results.set_status(
        result=n.result(), status=Result.Status.CONFIRMED, user=n.director
    ),
    "a result disputed": lambda n: results.set_status(
        result=n.result(), status=Result.Status.DISPUTED, table=n.result().seating.table
    ),
    "a round agreed": lambda n: results.agree_round(
        seating=Seating.objects.select_related("section__event", "table").get(pk=n.result().seating_id),
        user=n.director,
        on_authority=True,
    ),
    "a ruling": _law_f,
    "a ruling undone": _undo,
    "irregular hands (Law B)": lambda n: rulings.rule_irregular_hands(
        seating=Seating.objects.select_related("section__event", "table", "ns", "ew").get(
            pk=n.result(2).seating_id
        ),
        board_number=n.result(2).board.number,
        user=n.director,
        discovered="after_overplay_began",
        surplus_with="adversary",
        short_side="NS",
    ),
    "a substitute": _substitute,
    "a withdrawal": _withdraw,
    "a pair's names": lambda n: event_service.name_pair(
        pair=n.pair(), first="Ann Lee", second="Bob Ray", user=n.director
    ),
    "the slam scale": lambda n: changes.edit_event(
        event=Event.objects.get(pk=n.event.pk),
        user=n.director,
        name="Renamed night",
        date=n.event.date,
        slams=Event.Slams.ENGLISH if n.event.slams == Event.Slams.AMERICAN else Event.Slams.AMERICAN,
    ),
    "the night closed": lambda n: (
        rule_the_missing_not_played(n.event, n.director),
        event_service.set_status(
            event=Event.objects.get(pk=n.event.pk),
            user=n.director,
            status=Event.Status.LOCKED,
            lock_anyway=True,
        ),
    ),
    "the hand records": lambda n: hand_records.deal_boards(
        event=Event.objects.get(pk=n.event.pk), seed=7, user=n.director, replace=True
    ),
}


def _trump_card(night: Night) -> None:
    board = night.section.boards.select_related("section__event").get(number=night.left_out[1])
    hand_records.set_turned_card(board=board, card="H5" if board.trumps != "H" else "S5", user=night.director)


WHIST_WRITES: dict[str, Callable[[Night], object]] = {
    "a result recorded (its trumps kept for the board)": _record_missing,
    "the trump card turned up": _trump_card,
}


TEAM_WRITES: dict[str, Callable[[Night], object]] = {
    "a team renamed": lambda n: event_service.rename_team(
        team=Team.objects.filter(event=n.event).first(), name="The Royals", user=n.director
    ),
}


def _artificial(night: Night) -> None:
    rulings.add_ruling(
        result=night.result(),
        user=night.director,
        kind=Ruling.Kind.ARTIFICIAL,
        law="Law 12C2",
        reason="Fouled board.",
        ns_average="A+",
        ew_average="A-",
    )


CONTRACT_WRITES: dict[str, Callable[[Night], object]] = {
    "a result recorded": _record_missing,
    "a result corrected": _correct,
    "an adjusted score (Law 12C2)": _artificial,
    "an assigned score (Law 12C1)": lambda n: rulings.add_ruling(
        result=n.result(),
        user=n.director,
        kind=Ruling.Kind.ASSIGNED,
        law="Law 12C1",
        reason="Misinformation.",
        assigned="3NT N =",
    ),
    "the scoring method": lambda n: changes.edit_event(
        event=Event.objects.get(pk=n.event.pk),
        user=n.director,
        name=n.event.name,
        date=n.event.date,
        method=Event.Method.BUTLER,
    ),
    "the hand records (vulnerability and par)": lambda n: hand_records.deal_boards(
        event=Event.objects.get(pk=n.event.pk), seed=11, user=n.director, replace=True
    ),
}


# Every write of every kind of night, each on a night of its own: (game, form) -> writes.
WRITES: dict[tuple[str, str], dict[str, Callable[[Night], object]]] = {
    (Event.Game.AUCTION, Event.Form.PAIRS): AUCTION_WRITES,
    (Event.Game.WHIST, Event.Form.PAIRS): WHIST_WRITES,
    (Event.Game.AUCTION, Event.Form.TEAMS): TEAM_WRITES,
    (Event.Game.CONTRACT, Event.Form.PAIRS): CONTRACT_WRITES,
}


@pytest.mark.parametrize(
    ("game", "form", "write"),
    [
        pytest.param(game, form, write, id=f"{game} {form}: {name}")
        for (game, form), writes in WRITES.items()
        for name, write in writes.items()
    ],
)
def test_every_page_shows_the_change_at_once(game: str, form: str, write: Callable[[Night], object]) -> None:
    _check_write(Night(game=game, form=form), write)


# Scored once ------------------------------------------------------------------------------


def test_a_second_read_does_not_score_the_section_again(client, monkeypatch):
    night = Night()
    scored: list[int] = []  # the results the engine scored, by id
    real = duplicate.scored
    monkeypatch.setattr(
        duplicate, "scored", lambda result, *rest: scored.append(result.pk) or real(result, *rest)
    )
    client.force_login(night.director)
    args = [night.club.slug, night.event.pk]
    every = set(Result.objects.filter(section=night.section).values_list("pk", flat=True))
    for _ in range(2):
        client.get(reverse("event", args=args))
        client.get(reverse("standings_fragment", args=args))
        client.get(reverse("export_csv", args=args))
        client.get(reverse("pdf_document", args=[*args, "standings"]))
    assert sorted(scored) == sorted(every)  # each once, by the first read
    scored.clear()
    _record_missing(night)
    client.get(reverse("event", args=args))
    client.get(reverse("export_xlsx", args=args))
    # A change to one board: that board's results scored again, every other board's taken as kept.
    board = night.left_out[1]
    on_board = set(
        Result.objects.filter(section=night.section, board__number=board).values_list("pk", flat=True)
    )
    assert set(scored) == on_board and len(scored) == len(on_board)
    section = Section.objects.select_related("event").get(pk=night.section.pk)
    assert len(standings.score_section(section).results) == Result.objects.filter(section=section).count()
    assert len(scored) == len(on_board)


def test_scores_made_in_a_transaction_rolled_back_are_never_read(monkeypatch):
    """A cache that does not roll back with the database (another server) is not written inside a
    transaction: the version the rolled-back change used would come again with other facts."""
    night = Night()
    monkeypatch.setattr(score_cache, "_rolls_back_with_transaction", lambda: False)
    _forget()
    standings.score_section(night.section)  # inside the test's transaction: computed, not kept
    assert cache.get(score_cache.key(night.section.pk)) is None


def test_the_scores_kept_are_plain_data_with_no_model_in_them():
    """What the cache holds of a section is the engine's figures alone: the facts are loaded fresh."""
    from django.db.models import Model

    night = Night()
    _forget()
    standings.score_section(Section.objects.select_related("event").get(pk=night.section.pk))
    kept = cache.get(score_cache.key(night.section.pk))
    assert isinstance(kept, score_cache.Kept)
    found: list[type] = []

    def walk(value: Any, seen: set[int]) -> None:
        if id(value) in seen:
            return
        seen.add(id(value))
        if isinstance(value, Model):
            found.append(type(value))
        elif isinstance(value, dict):
            for item in (*value.keys(), *value.values()):
                walk(item, seen)
        elif isinstance(value, list | tuple | set | frozenset):
            for item in value:
                walk(item, seen)
        elif hasattr(value, "__dataclass_fields__"):
            for name in value.__dataclass_fields__:
                walk(getattr(value, name, None), seen)

    walk(kept, set())
    assert kept.boards and found == []


# The phones' live refresh -------------------------------------------------------------------


def test_the_standings_poll_is_answered_not_modified_while_nothing_changes(client, django_assert_num_queries):
    night = Night()
    event = event_service.set_status(event=night.event, user=night.director, published=True)
    address = reverse("standings_fragment", args=[night.club.slug, event.pk])
    first = client.get(address)
    etag = first["ETag"]
    assert first.status_code == 200 and etag
    # 1. the event with its club, 2. its sections with their versions: no scoring, no rendering.
    with django_assert_num_queries(2):
        again = client.get(address, headers={"if-none-match": etag})
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag and again["X-Event-Status"] == "running"


def test_the_standings_poll_gets_the_new_standings_after_a_result(client):
    night = Night()
    event = event_service.set_status(event=night.event, user=night.director, published=True)
    address = reverse("standings_fragment", args=[night.club.slug, event.pk])
    etag = client.get(address)["ETag"]
    _record_missing(night)
    response = client.get(address, headers={"if-none-match": etag})
    assert response.status_code == 200
    assert response["ETag"] != etag
    assert client.get(address, headers={"if-none-match": response["ETag"]}).status_code == 304


def test_the_event_page_gives_the_poll_the_etag_of_what_it_shows(client):
    night = Night()
    event = event_service.set_status(event=night.event, user=night.director, published=True)
    page = client.get(reverse("event", args=[night.club.slug, event.pk])).content.decode()
    fragment = client.get(reverse("standings_fragment", args=[night.club.slug, event.pk]))
    assert f'data-etag="{fragment["ETag"].replace(chr(34), "&quot;")}"' in page


def test_a_club_member_and_a_visitor_are_given_different_etags(client):
    night = Night()
    event = event_service.set_status(event=night.event, user=night.director, published=True)
    address = reverse("standings_fragment", args=[night.club.slug, event.pk])
    visitor = client.get(address)["ETag"]
    client.force_login(night.director)
    member = client.get(address)
    assert member["ETag"] != visitor
    assert client.get(address, headers={"if-none-match": visitor}).status_code == 200
