"""Naming the pairs: a player sits in one pair of the event, and a pair has two players or none yet."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from tests.tournament.director_cast import Cast, make_cast
from tournament.models import AuditEntry, Pair, Player
from tournament.services.events import NamesRefused, name_pair

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast() -> Cast:
    return make_cast()


def pairs(cast: Cast) -> list[Pair]:
    return list(cast.section.pairs.filter(is_phantom=False).order_by("id"))


def post_names(cast: Cast, names: dict[Pair, tuple[str, str]]) -> Any:
    """Post the pairs page as a browser does: every pair's names, as shown, with ``names`` typed in."""
    url = reverse("event_pairs", args=cast.url_args())
    form = cast.clients["director"].get(url).context["form"]
    data = {name: form[name].value() or "" for name in form.fields}
    for pair, both in names.items():
        data |= {f"pair_{pair.pk}_{n}": name for n, name in enumerate(both, start=1)}
    return cast.clients["director"].post(url, data)


def field_errors(response: Any, pair: Pair, slot: int) -> list[str]:
    return list(response.context["form"].errors.get(f"pair_{pair.pk}_{slot}", []))


def test_the_same_player_in_two_pairs_is_refused_on_the_field_naming_the_other_pair(cast: Cast) -> None:
    first, second = pairs(cast)[:2]
    response = post_names(cast, {first: ("Ann Smith", "Bob Jones"), second: ("Carl Dee", "ann  smith")})
    assert response.status_code == 200
    assert field_errors(response, second, 2) == [f"ann smith already plays in pair {first.label}."]
    assert field_errors(response, first, 1) == []
    page = re.sub(r"\s+", " ", response.content.decode())
    assert f"ann smith already plays in pair {first.label}." in page
    assert not Player.objects.exists()
    assert not Pair.objects.filter(player1__isnull=False).exists()


def test_a_player_already_in_a_saved_pair_is_refused_for_another(cast: Cast) -> None:
    first, second = pairs(cast)[:2]
    name_pair(pair=first, first="Ann Smith", second="Bob Jones", user=cast.director)
    response = post_names(cast, {second: ("Bob Jones", "Carl Dee")})
    assert field_errors(response, second, 1) == [f"Bob Jones already plays in pair {first.label}."]
    second.refresh_from_db()
    assert second.names == "(names to come)"


def test_swapping_two_players_between_pairs_is_saved(cast: Cast) -> None:
    first, second = pairs(cast)[:2]
    name_pair(pair=first, first="Ann", second="Bob", user=cast.director)
    name_pair(pair=second, first="Carl", second="Dee", user=cast.director)
    response = post_names(cast, {first: ("Ann", "Dee"), second: ("Carl", "Bob")})
    assert response.status_code == 302
    assert [p.names for p in pairs(cast)[:2]] == ["Ann & Dee", "Carl & Bob"]


def test_a_pair_with_one_name_and_the_other_blank_is_refused_on_the_blank_field(cast: Cast) -> None:
    first = pairs(cast)[0]
    response = post_names(cast, {first: ("Ann Smith", "")})
    assert response.status_code == 200
    assert field_errors(response, first, 2) == [
        f"Pair {first.label} needs two players: give this name too, or leave both blank (names to come)."
    ]
    assert not Player.objects.exists()


def test_one_player_twice_in_a_pair_is_refused(cast: Cast) -> None:
    first = pairs(cast)[0]
    response = post_names(cast, {first: ("Ann Smith", "Ann Smith")})
    assert field_errors(response, first, 2) == [f"Ann Smith cannot be both players of pair {first.label}."]


def test_a_pair_with_no_names_stays_names_to_come(cast: Cast) -> None:
    first, second = pairs(cast)[:2]
    response = post_names(cast, {first: ("Ann Smith", "Bob Jones"), second: ("", "")})
    assert response.status_code == 302
    second.refresh_from_db()
    assert second.names == "(names to come)"
    assert AuditEntry.objects.filter(subject=f"Pair {first.label} named").count() == 1


def test_the_service_refuses_the_same_player_in_two_pairs_whoever_calls_it(cast: Cast) -> None:
    first, second = pairs(cast)[:2]
    name_pair(pair=first, first="Ann Smith", second="Bob Jones", user=cast.director)
    with pytest.raises(NamesRefused, match=f"Ann Smith already plays in pair {first.label}."):
        name_pair(pair=second, first="Ann Smith", second="Carl Dee", user=cast.director)
    with pytest.raises(NamesRefused, match="needs two players"):
        name_pair(pair=second, first="Carl Dee", second="", user=cast.director)


@pytest.mark.parametrize(
    ("player1", "player2"),
    [("Ann", None), (None, "Ann"), ("Ann", "Ann")],
    ids=["no-second", "no-first", "twice"],
)
def test_the_database_refuses_a_half_named_pair_or_one_player_twice(
    cast: Cast, player1: str | None, player2: str | None
) -> None:
    ann = Player.objects.create(club=cast.club, name="Ann")
    pair = pairs(cast)[0]
    pair.player1 = ann if player1 else None
    pair.player2 = ann if player2 else None
    with pytest.raises(IntegrityError), transaction.atomic():
        pair.save()
