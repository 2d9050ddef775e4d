"""Plain factories for contract bridge nights: an event by method, results from traveller text."""

from __future__ import annotations

import uuid
from typing import Any

from scoring.contract.entry import parse_result
from tests.tournament.factories import make_club, make_event, make_member
from tournament.models import Event, Pair, Seating
from tournament.services import events as event_service
from tournament.services.result_facts import Facts
from tournament.services.results import record


def make_contract_event(club: Any = None, director: Any = None, **kwargs: Any) -> Event:
    """A contract bridge night: 6 pairs (3 tables) of Mitchell scored by matchpoints, unless told."""
    club = club or make_club()
    director = director or make_member(club)
    kwargs.setdefault("game", Event.Game.CONTRACT)
    if kwargs.get("form") == Event.Form.TEAMS:
        kwargs.setdefault("movement", "teams")
        kwargs.setdefault("method", Event.Method.TEAM_IMPS)
        kwargs.setdefault("pairs", 2)
        kwargs.setdefault("boards", 8)
    kwargs.setdefault("method", Event.Method.MATCHPOINTS)
    return make_event(club, director, **kwargs)


def bridge_facts(text: str) -> Facts:
    entry = parse_result(text)
    return Facts(game="contract", contract=entry.contract, declarer=entry.declarer, tricks=entry.tricks or 0)


def make_contract_result(seating: Seating, board_number: int, text: str, **kwargs: Any) -> Any:
    """Record a contract bridge result through the service: ``make_contract_result(s, 3, "4HX N =")``."""
    kwargs.setdefault("request_key", uuid.uuid4())
    return record(seating=seating, board_number=board_number, facts=bridge_facts(text), **kwargs).result


def play_contract(event: Event, text_for: Any, **kwargs: Any) -> list[Any]:
    """A result at every table on every board: ``text_for(seating, board)`` gives the text, or None."""
    results = []
    seatings = Seating.objects.filter(section__event=event).select_related(
        "table", "ns", "ew", "section__event"
    )
    for seating in seatings.order_by("round", "table__number"):
        for number in seating.board_numbers:
            text = text_for(seating, number)
            if text is not None:
                results.append(make_contract_result(seating, number, text, **kwargs))
    return results


def name_pairs(event: Event, director: Any) -> None:
    for index, pair in enumerate(Pair.objects.filter(section__event=event, is_phantom=False).order_by("id")):
        event_service.name_pair(
            pair=pair, first=f"Player {2 * index}", second=f"Player {2 * index + 1}", user=director
        )


TEXTS = ("4H N =", "4H N +1", "3NT S -1", "2S E =", "PASS", "4HX N -2", "3NT N =", "5DX W -3", "1NT S +2")


def varied(seating: Seating, board: int) -> str:
    return TEXTS[(board * 5 + seating.table.number * 3 + seating.round) % len(TEXTS)]
