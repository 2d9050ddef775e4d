"""Plain factories for the Django tests: make_* functions with sensible defaults."""

from __future__ import annotations

import itertools
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser

from tournament.models import Club, Event, Membership, Section
from tournament.services.events import create_event
from tournament.services.plans import Plan

_counter = itertools.count(1)


def make_user(username: str | None = None, **kwargs: Any) -> AbstractBaseUser:
    username = username or f"user{next(_counter)}"
    kwargs.setdefault("password", "a-long-test-password")
    return get_user_model().objects.create_user(username=username, **kwargs)


def make_club(name: str | None = None, **kwargs: Any) -> Club:
    number = next(_counter)
    kwargs.setdefault("slug", f"club-{number}")
    return Club.objects.create(name=name or f"Club {number}", **kwargs)


def make_member(
    club: Club, role: str = Membership.Role.DIRECTOR, username: str | None = None
) -> AbstractBaseUser:
    user = make_user(username)
    Membership.objects.create(club=club, user=user, role=role)
    return user


def make_event(club: Club, director: Any = None, **kwargs: Any) -> Event:
    """A pairs night by default: 6 pairs (3 tables) of Mitchell, 2 boards a round.

    An even number of tables plays the relay Mitchell unless ``movement`` says otherwise.
    """
    pairs = kwargs.pop("pairs", 6)
    even = (pairs + 1) // 2 % 2 == 0
    plan = Plan(
        game=kwargs.pop("game", Event.Game.AUCTION),
        form=kwargs.pop("form", Event.Form.PAIRS),
        movement=kwargs.pop(
            "movement", Section.Movement.RELAY_MITCHELL if even else Section.Movement.MITCHELL
        ),
        pairs=pairs,
        boards_per_round=kwargs.pop("boards_per_round", 2),
        rounds=kwargs.pop("rounds", None),
        boards=kwargs.pop("boards", None),
    )
    event = create_event(
        club=club, user=director, name=kwargs.pop("name", "Tuesday pairs"), plan=plan, **kwargs
    )
    return event


def make_result(
    seating: Any,
    board_number: int,
    text: str,
    honours: tuple[int, int, int, int] = (0, 0, 0, 0),
    **kwargs: Any,
) -> Any:
    """Record a result through the service, from the compact text a director types.

    Auction: ``make_result(seating, 3, "3HX N 9", honours=(2, 0, 1, 0))`` or ``"pass"``;
    Duplicate Whist: ``make_result(seating, 3, "H 8")`` (trumps, tricks N-S won).
    """
    import uuid

    from scoring.auction.entry import parse_entry, parse_whist_entry
    from tournament.services.result_facts import Facts
    from tournament.services.results import record

    if seating.section.event.is_whist:
        strain, tricks = parse_whist_entry(text)
        facts = Facts(tricks=tricks, game="whist", trumps=strain.code if strain else "")
    else:
        entry = parse_entry(text, allow_pass=True)
        facts = Facts(contract=entry.contract, declarer=entry.declarer, tricks=entry.tricks, honours=honours)
    kwargs.setdefault("request_key", uuid.uuid4())
    return record(seating=seating, board_number=board_number, facts=facts, **kwargs).result


def play_all(event: Event, text_for: Any, **kwargs: Any) -> list[Any]:
    """Record a result for every board at every table: ``text_for(seating, board_number)`` gives the
    compact text (or None to leave the board unplayed). Returns the results recorded."""
    from tournament.models import Seating

    results = []
    seatings = Seating.objects.filter(section__event=event).select_related(
        "table", "ns", "ew", "section__event"
    )
    for seating in seatings.order_by("round", "table__number"):
        for number in seating.board_numbers:
            text = text_for(seating, number)
            if text is not None:
                results.append(make_result(seating, number, text, **kwargs))
    return results


def rule_the_missing_not_played(event: Event, director: Any = None) -> int:
    """Every board still without a result ruled not played by the club's director, as closing asks first."""
    from tournament.services.closing import rule_every_missing_not_played

    if director is None:
        director = event.club.memberships.filter(role__in=["admin", "director"]).first().user
    return rule_every_missing_not_played(event=event, user=director, reason="Not played at this table.")


def make_played_night(tables: int = 3, **kwargs: Any) -> Event:
    """A finished night through the services: named pairs (one with accents), the deal of every board
    known, a result at every table on every board, a Law F award on each board at table 1.

    Pairs by default (``tables`` tables of Mitchell, 2 boards a round); ``form=Event.Form.TEAMS``
    gives a match of ``tables`` pairs a team on ``4 * tables`` deals; ``game=Event.Game.WHIST``
    plays whist. ``published`` (default True) publishes it.
    """
    from tournament.models import Pair, Result, Ruling
    from tournament.services import events as event_service
    from tournament.services import rulings as ruling_service

    published = kwargs.pop("published", True)
    club = kwargs.pop("club", None) or make_club()
    director = make_member(club)
    if kwargs.get("form") == Event.Form.TEAMS:
        kwargs.setdefault("movement", "teams")
        event = make_event(club, director, pairs=tables, boards=4 * tables, **kwargs)
    else:
        event = make_event(club, director, pairs=2 * tables, **kwargs)
    for index, pair in enumerate(Pair.objects.filter(section__event=event, is_phantom=False).order_by("id")):
        first = "Zoë Brontë" if index == 0 else f"Player {2 * index}"
        event_service.name_pair(pair=pair, first=first, second=f"Player {2 * index + 1}", user=director)
    event.sections.get().boards.update(hands=PLAYED_DEAL)
    whist = event.is_whist
    play_all(event, lambda seating, board: _played_text(seating, board, whist))
    for result in Result.objects.filter(section__event=event, seating__table__number=1):
        ruling_service.add_ruling(
            result=result,
            user=director,
            kind=Ruling.Kind.AWARD,
            law="Law F",
            reason="Out of turn.",
            side="EW",
            points=50,
        )
    # The results were typed by the director and never confirmed at the tables: he closes it anyway.
    return event_service.set_status(
        event=event, user=director, status=Event.Status.LOCKED, published=published, lock_anyway=True
    )


PLAYED_DEAL = "N:AKQJT.AK.AKQ.AKQ 98765.QJT.JT9.JT 432.98765.876.98 .432.5432.765432"
_PLAYED_TEXTS = ("1H N 7", "2S E 8", "3NT S 9", "2D W 7", "1NT N 8", "4H S 9", "2C E 8", "1R W 6", "3D N 8")


def _played_text(seating: Any, board: int, whist: bool) -> str:
    index = (board * 5 + seating.table.number * 3 + seating.round) % len(_PLAYED_TEXTS)
    return f"H {4 + index}" if whist else _PLAYED_TEXTS[index]
