"""The fixed cast of the director's screens, and a fingerprint of everything they could change.

The club's director, a scorer, a player's table device (a phone that opened its table's
secret link), a director of another club and an anonymous visitor, around one three-table
Mitchell night of Duplicate Auction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.test import Client
from django.urls import reverse

from tests.tournament.factories import make_club, make_event, make_member, make_result
from tournament.models import (
    AuditEntry,
    Event,
    Membership,
    Pair,
    Player,
    Result,
    Ruling,
    Seating,
    Section,
    Team,
)


def grid_marks(response: Any) -> dict[tuple[int, int], list[str]]:
    """Each seating's board marks as the grid shows them, by (table, round)."""
    found = {}
    for table, cells in re.findall(r"<tr><th>(\d+)</th>(.*?)</tr>", response.content.decode(), re.S):
        for round_, cell in enumerate(re.split(r'<td class="cell', cells)[1:], start=1):
            if 'id="seating-' in cell:
                found[int(table), round_] = re.findall(r'<a class="badge (\w+)"', cell)
    return found


@dataclass
class Cast:
    club: Any
    event: Event
    section: Section
    director: Any
    scorer: Any
    other_director: Any
    clients: dict[str, Client]
    result: Any = None
    ruling: Any = None

    def url_args(self) -> list[Any]:
        return [self.club.slug, self.event.pk]

    def seating(self, round_: int = 1, table: int = 1) -> Seating:
        return Seating.objects.select_related("table", "ns", "ew", "section__event").get(
            section=self.section, round=round_, table__number=table
        )


def make_cast(**event_kwargs: Any) -> Cast:
    club = make_club("Hoboken Whist & Auction Club")
    director = make_member(club, Membership.Role.DIRECTOR)
    scorer = make_member(club, Membership.Role.SCORER)
    other_club = make_club("Another club")
    other_director = make_member(other_club, Membership.Role.DIRECTOR)
    event = make_event(club, director, **event_kwargs)
    section = event.sections.get()
    clients = {
        name: Client() for name in ("director", "scorer", "other_director", "table_device", "anonymous")
    }
    clients["director"].force_login(director)
    clients["scorer"].force_login(scorer)
    clients["other_director"].force_login(other_director)
    table = section.table_set.get(number=1)
    clients["table_device"].get(table.get_absolute_url())  # the phone opens its table's page
    return Cast(club, event, section, director, scorer, other_director, clients)


def assert_refused(response: Any, actor: str) -> None:
    """How a write is refused to each of the cast: 403 for the club's scorer (a club person who
    may look), 404 for another club's director (the URL confirms nothing), a login redirect for
    a table device or an anonymous visitor."""
    from django.urls import reverse

    if actor == "scorer":
        assert response.status_code == 403
    elif actor == "other_director":
        assert response.status_code == 404
    else:
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))


def rule_irregular_after_the_overplay(cast: Cast) -> Any:
    """Board 1 played at two tables, then found irregular at table 2 in round 3: Law B (3), averages.

    Returns the director's answer to the ruling; the ruled result is the one at that seating.
    """
    make_result(cast.seating(1, 1), 1, "2H N 8", user=cast.director)
    make_result(cast.seating(2, 3), 1, "4H N 10", user=cast.director)
    seating = cast.seating(3, 2)
    data = {
        "seating": seating.pk,
        "discovered": "after_overplay_began",
        "surplus_with": "adversary",
        "short_side": "NS",
    }
    return cast.clients["director"].post(
        reverse("ruling_irregular", args=[*cast.url_args(), "A", 1]), data, follow=True
    )


def fingerprint(event: Event) -> tuple[Any, ...]:
    """Everything a director's screen could change about a night, to prove that nothing did."""
    event.refresh_from_db()
    return (
        Event.objects.count(),
        event.status,
        event.published,
        list(
            Result.objects.order_by("pk").values_list(
                "pk", "level", "strain", "tricks", "status", "honours_n"
            )
        ),
        list(Ruling.objects.order_by("pk").values_list("pk", "kind", "undone_at")),
        AuditEntry.objects.count(),
        list(Pair.objects.order_by("pk").values_list("pk", "player1", "player2")),
        list(Team.objects.order_by("pk").values_list("pk", "name")),
        Player.objects.count(),
        list(Seating.objects.order_by("pk").values_list("pk", "agreed_at")),
    )
