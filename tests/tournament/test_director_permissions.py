"""Who may do what on the director's screens, with the fixed cast.

Directors (and club admins) do everything. A scorer enters, corrects and agrees results
(the travellers come off paper slips the players signed), but creating an event, naming
pairs, changing the event's state, deleting a result, settling a dispute and every ruling
are a director's acts: a scorer gets 403. A table device, an anonymous visitor and a
director of another club get a login redirect or a 404, and nothing changes.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse

from tests.tournament.director_cast import Cast, assert_refused, fingerprint, make_cast
from tests.tournament.factories import make_result, rule_the_missing_not_played
from tournament.models import Event, Player, Result, Ruling, Seating
from tournament.services.results import set_status
from tournament.services.rulings import add_ruling

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast() -> Cast:
    """The night with the first round of table 1 entered and a note on one of its results."""
    cast = make_cast()
    seating = cast.seating(1, 1)
    first, second = seating.board_numbers
    # Typed by the scorer, so awaiting the opponents (a director's own entry is confirmed by him).
    cast.result = make_result(seating, first, "3H N 9", user=cast.scorer)
    make_result(seating, second, "2S E 8", user=cast.scorer)
    cast.ruling = add_ruling(result=cast.result, user=cast.director, kind="note", law="", reason="A note.")
    ready = cast.seating(1, 3)  # a round the opponents have confirmed, ready to agree
    for number in ready.board_numbers:
        result = make_result(ready, number, "1NT S 7", table=ready.table)
        set_status(result=result, status="confirmed", table=ready.table)
    return cast


Request = tuple[str, dict[str, Any]]


def create_an_event(cast: Cast) -> Request:
    data = {"name": "Friday", "date": "2025-03-07", "game": "auction", "form": "pairs", "pairs": 8}
    data |= {"boards_per_round": 2, "movement": "relay_mitchell", "slams": "american", "create": "1"}
    return reverse("event_create", args=[cast.club.slug]), data


def name_the_pairs(cast: Cast) -> Request:
    data = {}
    for pair in cast.section.pairs.filter(is_phantom=False):
        data[f"pair_{pair.pk}_1"], data[f"pair_{pair.pk}_2"] = f"North {pair.label}", f"South {pair.label}"
    return reverse("event_pairs", args=cast.url_args()), data


def status(action: str, **data: str) -> Callable[[Cast], Request]:
    def change(cast: Cast) -> Request:
        return reverse("event_status", args=cast.url_args()), {"action": action, **data}

    return change


def enter_a_result(cast: Cast) -> Request:
    seating = cast.seating(1, 2)
    url = reverse("traveller_entry", args=[*cast.url_args(), "A", seating.board_numbers[0]])
    return url, {"seating": seating.pk, "request_key": str(uuid.uuid4()), "entry": "4S E 10"}


def result_action(action: str, **data: str) -> Callable[[Cast], Request]:
    def act(cast: Cast) -> Request:
        return reverse("result_edit", args=[*cast.url_args(), cast.result.pk]), {"action": action, **data}

    return act


def rule_on_a_result(cast: Cast) -> Request:
    data = {
        "ruling-kind": "award",
        "ruling-side": "NS",
        "ruling-points": "50",
        "ruling-reason": "Omitted card.",
    }
    return reverse("ruling_add", args=[*cast.url_args(), cast.result.pk]), data


def undo_a_ruling(cast: Cast) -> Request:
    return reverse("ruling_undo", args=[*cast.url_args(), cast.ruling.pk]), {"undo-reason": "Made in error."}


def rule_on_irregular_hands(cast: Cast) -> Request:
    seating = cast.seating(1, 2)
    url = reverse("ruling_irregular", args=[*cast.url_args(), "A", seating.board_numbers[0]])
    data = {"seating": seating.pk, "discovered": "after_overplay_began", "surplus_with": "adversary"}
    return url, data | {"short_side": "NS"}


def rule_on_irregular_hands_of_an_entered_board(cast: Cast) -> Request:
    url = reverse("ruling_irregular", args=[*cast.url_args(), "A", cast.result.board.number])
    data = {"seating": cast.result.seating_id, "discovered": "after_overplay_began"}
    return url, data | {"surplus_with": "adversary", "short_side": "NS"}


def agree_a_round(cast: Cast) -> Request:
    return reverse("round_agree", args=[*cast.url_args(), cast.seating(1, 3).pk]), {}


def lock_the_event(cast: Cast) -> Request:
    rule_the_missing_not_played(cast.event, cast.director)  # the event closes with every board ruled
    return status("lock", anyway="1")(cast)


def rule_on_a_missing_result(cast: Cast) -> Request:
    seating = cast.seating(2, 1)
    number = seating.board_numbers[0]
    key = f"{seating.pk}-{number}"
    url = reverse("missing_rule", args=[*cast.url_args(), seating.pk, number])
    return url, {f"{key}-choice": "not_played", f"{key}-reason": "The table ran out of time."}


def rule_every_missing_result_not_played(cast: Cast) -> Request:
    return reverse("missing_all_not_played", args=cast.url_args()), {"all-reason": "Table 2 left early."}


def _result(cast: Cast) -> Result | None:
    return Result.objects.filter(pk=cast.result.pk).first()


# Each write: the request, and how to tell that it was made.
WRITES: dict[str, tuple[Callable[[Cast], Request], Callable[[Cast], bool]]] = {
    "create an event": (create_an_event, lambda c: Event.objects.filter(name="Friday").exists()),
    "name the pairs": (name_the_pairs, lambda c: Player.objects.filter(name="North 1NS").exists()),
    "start play": (status("start"), lambda c: Event.objects.get(pk=c.event.pk).status == "running"),
    "lock the event": (lock_the_event, lambda c: Event.objects.get(pk=c.event.pk).status == "locked"),
    "rule on a missing result": (
        rule_on_a_missing_result,
        lambda c: Result.objects.filter(seating=c.seating(2, 1), not_played=True).exists(),
    ),
    "rule every missing result not played": (
        rule_every_missing_result_not_played,
        lambda c: Result.objects.filter(not_played=True).exists(),
    ),
    "publish the standings": (status("publish"), lambda c: Event.objects.get(pk=c.event.pk).published),
    "enter a result": (enter_a_result, lambda c: Result.objects.filter(seating=c.seating(1, 2)).exists()),
    "correct a result": (
        result_action("correct", **{"correct-entry": "3H N 10", "correct-reason": "Slip misread."}),
        lambda c: _result(c).tricks == 10,  # type: ignore[union-attr]
    ),
    "delete a result": (
        result_action("delete", **{"delete-reason": "Wrong table."}),
        lambda c: _result(c) is None,
    ),
    "confirm a result": (
        result_action("confirm", **{"status-reason": "Both pairs agree."}),
        lambda c: _result(c).status == "confirmed",  # type: ignore[union-attr]
    ),
    "dispute a result": (
        result_action("dispute", **{"status-reason": "E-W say 8 tricks."}),
        lambda c: _result(c).status == "disputed",  # type: ignore[union-attr]
    ),
    "rule on a result": (rule_on_a_result, lambda c: Ruling.objects.filter(kind="award").exists()),
    "undo a ruling": (undo_a_ruling, lambda c: Ruling.objects.get(pk=c.ruling.pk).undone_at is not None),
    "rule on irregular hands": (
        rule_on_irregular_hands,
        lambda c: Ruling.objects.filter(kind="irregular_average").exists(),
    ),
    "rule on irregular hands of an entered board": (
        rule_on_irregular_hands_of_an_entered_board,
        lambda c: Ruling.objects.filter(result=c.result.pk, kind="irregular_average").exists(),
    ),
    "agree a round": (
        agree_a_round,
        lambda c: Seating.objects.get(pk=c.seating(1, 3).pk).agreed_at is not None,
    ),
}
SCORER_MAY = {"enter a result", "correct a result", "agree a round"}
ALLOWED = [("director", write) for write in WRITES] + [("scorer", write) for write in sorted(SCORER_MAY)]
REFUSED = [("scorer", write) for write in WRITES if write not in SCORER_MAY] + [
    (actor, write) for actor in ("table_device", "anonymous", "other_director") for write in WRITES
]


@pytest.mark.parametrize(("actor", "write"), ALLOWED, ids=[f"{a} may {w}" for a, w in ALLOWED])
def test_the_people_entitled_to_a_write_can_make_it(cast: Cast, actor: str, write: str) -> None:
    make_request, done = WRITES[write]
    url, data = make_request(cast)
    response = cast.clients[actor].post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert done(cast)


@pytest.mark.parametrize(("actor", "write"), REFUSED, ids=[f"{a} cannot {w}" for a, w in REFUSED])
def test_no_one_else_can_make_a_write_and_nothing_changes(cast: Cast, actor: str, write: str) -> None:
    make_request, done = WRITES[write]
    url, data = make_request(cast)
    before = fingerprint(cast.event)
    response = cast.clients[actor].post(url, data)
    assert_refused(response, actor)
    assert not done(cast)
    assert fingerprint(cast.event) == before


def _pages(cast: Cast) -> dict[str, str]:
    args = cast.url_args()
    return {
        "running view": reverse("event_run", args=args),
        "running grid": reverse("event_run_fragment", args=args),
        "close the event": reverse("event_close", args=args),
        "pairs": reverse("event_pairs", args=args),
        "table links": reverse("table_links", args=args),
        "traveller entry": reverse("traveller_entry", args=[*args, "A", 1]),
        "irregular hands": reverse("ruling_irregular", args=[*args, "A", 1]),
        "result": reverse("result_edit", args=[*args, cast.result.pk]),
        "audit log": reverse("audit_log", args=args),
        "preview": reverse("entry_preview", args=args) + "?board=1&entry=3H+N+9",
        "new event": reverse("event_create", args=[cast.club.slug]),
    }


PAGES = [
    "running view",
    "running grid",
    "close the event",
    "pairs",
    "table links",
    "traveller entry",
    "irregular hands",
    "result",
    "audit log",
    "preview",
    "new event",
]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("actor", ["table_device", "anonymous", "other_director"])
def test_outsiders_never_see_a_director_page(cast: Cast, actor: str, page: str) -> None:
    response = cast.clients[actor].get(_pages(cast)[page])
    assert response.status_code in (302, 404)
    if response.status_code == 302:
        assert response.url.startswith(reverse("login"))
    assert cast.section.table_set.get(number=1).secret not in response.content.decode()


@pytest.mark.parametrize("page", [p for p in PAGES if p != "new event"])
def test_outsiders_never_see_a_director_page_even_once_the_event_is_published(cast: Cast, page: str) -> None:
    Event.objects.filter(pk=cast.event.pk).update(published=True)
    assert cast.clients["other_director"].get(_pages(cast)[page]).status_code == 404


@pytest.mark.parametrize("page", PAGES)
def test_a_scorer_may_look_at_every_director_page_but_new_event(cast: Cast, page: str) -> None:
    response = cast.clients["scorer"].get(_pages(cast)[page])
    assert response.status_code == (403 if page == "new event" else 200)


def test_director_of_another_club_cannot_correct_a_result(cast: Cast) -> None:
    url = reverse("result_edit", args=[*cast.url_args(), cast.result.pk])
    data = {"action": "correct", "correct-entry": "7NT N 13", "correct-reason": "Because I can."}
    assert cast.clients["other_director"].post(url, data).status_code == 404
    assert Result.objects.get(pk=cast.result.pk).tricks == 9


def test_a_table_device_cannot_open_the_table_links_that_hold_every_tables_secret(cast: Cast) -> None:
    response = cast.clients["table_device"].get(reverse("table_links", args=cast.url_args()))
    assert response.status_code == 302


def test_a_scorer_cannot_publish_the_standings(cast: Cast) -> None:
    response = cast.clients["scorer"].post(
        reverse("event_status", args=cast.url_args()), {"action": "publish"}
    )
    assert response.status_code == 403
    assert not Event.objects.get(pk=cast.event.pk).published


def test_the_dashboard_shows_only_the_users_own_clubs(cast: Cast) -> None:
    page = cast.clients["other_director"].get(reverse("dashboard")).content.decode()
    assert "Another club" in page
    assert cast.event.name not in page and cast.club.name not in page


def test_the_dashboard_asks_an_anonymous_visitor_to_log_in(cast: Cast) -> None:
    response = cast.clients["anonymous"].get(reverse("dashboard"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_a_result_of_another_event_is_not_reached_through_this_one(cast: Cast) -> None:
    other = make_cast()
    seating = other.seating(1, 1)
    foreign = make_result(seating, seating.board_numbers[0], "1NT S 7", user=other.director)
    response = cast.clients["director"].get(reverse("result_edit", args=[*cast.url_args(), foreign.pk]))
    assert response.status_code == 404
