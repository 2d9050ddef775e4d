"""Plain factories for the Django tests: make_* functions with sensible defaults."""

from __future__ import annotations

import itertools
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser

from tournament.models import Club, Event, Membership, Section
from tournament.services.events import Plan, create_event

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
    """A pairs night by default: 6 pairs (3 tables) of Mitchell, 2 boards a round."""
    plan = Plan(
        game=kwargs.pop("game", Event.Game.AUCTION),
        form=kwargs.pop("form", Event.Form.PAIRS),
        movement=kwargs.pop("movement", Section.Movement.MITCHELL),
        pairs=kwargs.pop("pairs", 6),
        boards_per_round=kwargs.pop("boards_per_round", 2),
        rounds=kwargs.pop("rounds", None),
        boards=kwargs.pop("boards", None),
    )
    event = create_event(
        club=club, user=director, name=kwargs.pop("name", "Tuesday pairs"), plan=plan, **kwargs
    )
    return event
