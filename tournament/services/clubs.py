"""A club and its first admin: what a club's own install starts from (manage.py create_club)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.text import slugify

from .. import limits
from ..models import Club, Membership


class ClubRefused(Exception):
    """A club that cannot be created as asked; the message says why and what to do."""


@dataclass(frozen=True)
class Founded:
    club: Club
    admin: Any
    new_user: bool


def found_club(*, name: str, username: str, password: str | None, slug: str = "") -> Founded:
    """Create the club and make ``username`` its admin, creating the account with ``password``
    when there is none by that name (an existing account keeps its password)."""
    name = limits.one_line(name)
    if not name:
        raise ClubRefused("The club needs a name.")
    if len(name) > Club._meta.get_field("name").max_length:  # type: ignore[operator]
        raise ClubRefused("The club's name is too long: 120 characters at most.")
    problem = limits.name_problem(name, len(name), "The club's name")
    if problem:
        raise ClubRefused(problem)
    slug = slugify(slug or name)[:60]
    if not slug:
        raise ClubRefused(f"{name!r} gives no web address: choose one with --slug (letters, digits, -).")
    if Club.objects.filter(slug=slug).exists():
        raise ClubRefused(f"There is already a club at /c/{slug}/: choose another --slug.")
    users = get_user_model()
    with transaction.atomic():
        admin = users.objects.filter(username=username).first()
        new_user = admin is None
        if admin is None:
            if not password:
                raise ClubRefused(f"{username!r} is a new account and needs a password.")
            admin = users.objects.create_user(username=username, password=password)
        club = Club.objects.create(name=name, slug=slug)
        Membership.objects.create(club=club, user=admin, role=Membership.Role.ADMIN)
    return Founded(club, admin, new_user)
