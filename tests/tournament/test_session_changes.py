"""Changes during the session: details, deletion, movement before play, substitutes and withdrawals.

Each behaviour through the director's pages where a director would do it; refusals say why and
change nothing; every change is audited. The night is the cast's three-table Mitchell (pairs
1NS-3NS and 1EW-3EW, three rounds of two boards).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from scoring.shared.seats import Side
from tests.tournament.director_cast import Cast, make_cast
from tests.tournament.factories import make_event, make_result
from tournament.forms.changes import delete_confirmation
from tournament.models import AuditEntry, Event, Pair, Result, Ruling, Section, Substitution, Table
from tournament.scores.standings import score_section
from tournament.services import events as event_services
from tournament.services.events import name_pair

pytestmark = pytest.mark.django_db


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", response.content.decode()).replace("&#x27;", "'").replace("&amp;", "&")


def pair(cast: Cast, label: str) -> Pair:
    return Pair.objects.select_related("player1", "player2").get(section=cast.section, label=label)


def named(cast: Cast) -> Cast:
    for p in cast.section.pairs.filter(is_phantom=False):
        name_pair(pair=p, first=f"North {p.label}", second=f"South {p.label}", user=cast.director)
    return cast


def running(cast: Cast) -> Cast:
    event_services.set_status(event=cast.event, user=cast.director, status=Event.Status.RUNNING)
    return cast


def play_round(cast: Cast, round_: int) -> None:
    for table in (1, 2, 3):
        seating = cast.seating(round_, table)
        for number in seating.board_numbers:
            make_result(seating, number, "3H N 9" if table % 2 else "2S E 8", user=cast.director)


def post(cast: Cast, name: str, data: dict[str, Any], actor: str = "director") -> Any:
    return cast.clients[actor].post(reverse(name, args=cast.url_args()), data)


@pytest.fixture
def cast() -> Cast:
    return named(make_cast())


# The event's details ---------------------------------------------------------------------


def details(**changes: Any) -> dict[str, Any]:
    data = {"name": "Tuesday pairs", "date": "2025-03-04", "slams": "american", "royals_distinct": "on"}
    return {**data, **changes}


def test_a_director_renames_an_event_and_changes_its_slams_and_the_audit_log_keeps_both(cast: Cast) -> None:
    response = post(cast, "event_edit", details(name="Tuesday open pairs", slams="english"))

    assert response.status_code == 302
    cast.event.refresh_from_db()
    assert (cast.event.name, cast.event.slams, str(cast.event.date)) == (
        "Tuesday open pairs",
        "english",
        "2025-03-04",
    )
    entry = AuditEntry.objects.filter(event=cast.event, subject="Event details").get()
    assert entry.before["name"] == "Tuesday pairs" and entry.after["slams"] == "english"
    assert "scored under the new options" in entry.reason


def test_a_slam_made_is_scored_again_under_the_new_scale(cast: Cast) -> None:
    running(cast)
    make_result(cast.seating(1, 1), 1, "6H N 12", user=cast.director)
    american = score_section(cast.section).results[0].points(Side.NS)

    post(cast, "event_edit", details(slams="english"))

    english = score_section(Section.objects.get(pk=cast.section.pk)).results[0].points(Side.NS)
    assert english is not None and american is not None
    assert english - american == 50 - 20  # a small slam: 20 American, 50 English (note to Law H)


def test_the_english_rule_stays_while_a_board_is_passed_out_under_it(cast: Cast) -> None:
    Event.objects.filter(pk=cast.event.pk).update(english_rule=True)
    make_result(cast.seating(1, 1), 1, "pass", user=cast.director)

    response = post(cast, "event_edit", details(name="Renamed"))

    assert "1 board was passed out under the English rule" in text(response)
    cast.event.refresh_from_db()
    assert cast.event.english_rule and cast.event.name == "Tuesday pairs"


def test_a_closed_events_details_cannot_change(cast: Cast) -> None:
    Event.objects.filter(pk=cast.event.pk).update(status=Event.Status.LOCKED)

    response = post(cast, "event_edit", details(name="Renamed"))

    assert "The event is closed: reopen it" in text(response)
    assert Event.objects.get(pk=cast.event.pk).name == "Tuesday pairs"


# Deleting an event ---------------------------------------------------------------------------


def deleting(cast: Cast, **data: Any) -> dict[str, Any]:
    """What the confirmation page's form posts: the director's answers and the page's token."""
    return {"confirm": delete_confirmation(cast.event), **data}


def test_a_post_that_is_not_the_confirmation_pages_deletes_nothing_and_shows_that_page(cast: Cast) -> None:
    running(cast)
    url = reverse("event_delete", args=cast.url_args())

    for forged in ({}, {"confirm": "1"}, {"confirm": delete_confirmation(make_event(cast.club))}):
        response = post(cast, "event_delete", {"reason": "One click.", **forged})
        assert response.status_code == 302 and response.url == url
        assert Event.objects.filter(pk=cast.event.pk).exists()
    page = cast.clients["director"].get(url)
    assert "confirm the deletion on this page" in text(page)
    token = re.search(r'name="confirm" value="([^"]+)"', page.content.decode())
    assert token is not None

    response = post(cast, "event_delete", {"reason": "Set up twice.", "confirm": token.group(1)})

    assert response.status_code == 302 and response.url == reverse("dashboard")
    assert not Event.objects.filter(pk=cast.event.pk).exists()
    assert AuditEntry.objects.get(club=cast.club, action=AuditEntry.Action.DELETE).reason == "Set up twice."


def test_a_deleted_event_is_gone_and_the_clubs_audit_log_keeps_what_it_held(cast: Cast) -> None:
    make_result(cast.seating(1, 1), 1, "3H N 9", user=cast.director)

    response = post(cast, "event_delete", deleting(cast, reason="Set up twice by mistake."))

    assert response.status_code == 302 and response.url == reverse("dashboard")
    assert not Event.objects.filter(pk=cast.event.pk).exists()
    entry = AuditEntry.objects.get(club=cast.club, action=AuditEntry.Action.DELETE)
    assert entry.event is None and entry.user == cast.director
    assert entry.subject.startswith("Event deleted: Tuesday pairs")
    assert (entry.before["pairs"], entry.before["results"]) == (6, 1)
    assert entry.reason == "Set up twice by mistake."


def test_a_published_event_must_be_withdrawn_from_the_public_pages_before_it_is_deleted(cast: Cast) -> None:
    Event.objects.filter(pk=cast.event.pk).update(published=True)

    assert "withdraw it from the public pages first" in text(
        cast.clients["director"].get(reverse("event_delete", args=cast.url_args()))
    )
    response = post(cast, "event_delete", deleting(cast, reason=""))

    assert "withdraw it from the public pages first" in text(response)
    assert Event.objects.filter(pk=cast.event.pk).exists()


def test_a_closed_event_is_deleted_only_when_the_director_confirms_twice(cast: Cast) -> None:
    Event.objects.filter(pk=cast.event.pk).update(status=Event.Status.LOCKED)

    first = post(cast, "event_delete", deleting(cast, reason="Test night."))

    assert "Confirm a second time" in text(first)
    assert Event.objects.filter(pk=cast.event.pk).exists()
    post(cast, "event_delete", deleting(cast, reason="Test night.", closed_confirmed="on"))
    assert not Event.objects.filter(pk=cast.event.pk).exists()


# The movement, before play ------------------------------------------------------------------


def movement(pairs: int, kind: str, **data: Any) -> dict[str, Any]:
    return {"pairs": pairs, "movement": kind, "boards_per_round": 2, "change": "1", **data}


def test_a_late_pair_makes_four_tables_and_the_pairs_already_named_keep_their_names(cast: Cast) -> None:
    table_one = Table.objects.get(section=cast.section, number=1)

    response = post(cast, "event_movement", movement(8, "relay_mitchell"))

    assert response.status_code == 302
    section = Section.objects.get(pk=cast.section.pk)
    assert (section.movement, section.tables) == ("relay_mitchell", 4)
    assert pair(cast, "2EW").names == "North 2EW & South 2EW"
    assert pair(cast, "4NS").names == "(names to come)"
    assert Table.objects.get(section=section, number=1).secret == table_one.secret  # its card still works
    entry = AuditEntry.objects.filter(event=cast.event, subject__startswith="Movement changed").get()
    assert entry.before["tables"] == 3 and entry.after["tables"] == 4


def test_the_names_of_pairs_a_new_movement_drops_move_to_its_new_pairs(cast: Cast) -> None:
    post(cast, "event_movement", movement(6, "howell"))

    names = {p.names for p in Pair.objects.filter(section=cast.section, is_phantom=False).with_players()}
    assert "North 1NS & South 1NS" in names and "North 3EW & South 3EW" in names
    assert Section.objects.get(pk=cast.section.pk).movement == "howell"


def test_a_movement_the_checker_refuses_is_not_saved(cast: Cast) -> None:
    response = post(cast, "event_movement", movement(8, "mitchell"))

    assert "an even number" in text(response)
    assert Section.objects.get(pk=cast.section.pk).tables == 3


def test_the_movement_cannot_change_once_play_has_started(cast: Cast) -> None:
    running(cast)

    response = post(cast, "event_movement", movement(8, "relay_mitchell"))

    assert "Play has started: the movement can no longer change" in text(response)
    assert Section.objects.get(pk=cast.section.pk).tables == 3


def test_the_movement_cannot_change_once_a_result_is_recorded(cast: Cast) -> None:
    make_result(cast.seating(1, 1), 1, "3H N 9", user=cast.director)

    response = post(cast, "event_movement", movement(8, "relay_mitchell"))

    assert "Results are recorded" in text(response)
    assert Section.objects.get(pk=cast.section.pk).tables == 3


# Substitutes -------------------------------------------------------------------------------


def substitution(cast: Cast, label: str, who: str, newcomer: str, from_round: int) -> dict[str, Any]:
    p = pair(cast, label)
    player = p.player1 if p.player1 and p.player1.name == who else p.player2
    assert player is not None
    return {"player_out": f"{p.pk}-{player.pk}", "player_in": newcomer, "from_round": from_round}


def test_a_substitute_from_round_two_is_named_on_the_recap_and_the_standings(cast: Cast) -> None:
    running(cast)
    play_round(cast, 1)

    response = post(cast, "pair_substitute", substitution(cast, "1NS", "South 1NS", "Cy Sand", 2))

    assert response.status_code == 302
    names = "North 1NS & South 1NS (Cy Sand for South 1NS from round 2)"
    assert pair(cast, "1NS").names == names
    recap = text(
        cast.clients["director"].get(reverse("recap", args=[*cast.url_args(), pair(cast, "1NS").pk]))
    )
    assert names in recap
    assert names in text(cast.clients["director"].get(reverse("event", args=cast.url_args())))
    sub = Substitution.objects.get()
    assert (sub.from_round, sub.player_out.name, sub.player_in.name) == (2, "South 1NS", "Cy Sand")
    assert AuditEntry.objects.filter(subject="Pair 1NS: substitute from round 2", user=cast.director).exists()


def test_a_substitute_cannot_come_in_for_a_round_already_played(cast: Cast) -> None:
    running(cast)
    play_round(cast, 1)
    play_round(cast, 2)

    response = post(cast, "pair_substitute", substitution(cast, "1NS", "South 1NS", "Cy Sand", 2))

    assert "a substitute plays from round 3 at the earliest" in text(response)
    assert not Substitution.objects.exists()


def test_a_player_already_in_another_pair_cannot_substitute_in_the_same_round(cast: Cast) -> None:
    running(cast)

    response = post(cast, "pair_substitute", substitution(cast, "1NS", "South 1NS", "North 2EW", 2))

    assert "North 2EW already plays in pair 2EW from round 2" in text(response)
    assert not Substitution.objects.exists()


def test_the_same_substitute_cannot_sit_in_two_pairs(cast: Cast) -> None:
    running(cast)
    post(cast, "pair_substitute", substitution(cast, "1NS", "South 1NS", "Cy Sand", 3))

    response = post(cast, "pair_substitute", substitution(cast, "2EW", "North 2EW", "Cy Sand", 2))

    assert "Cy Sand already plays in pair 1NS from round 2" in text(response)
    assert Substitution.objects.count() == 1


def test_before_play_a_player_is_changed_on_the_pairs_page_not_by_a_substitution(cast: Cast) -> None:
    response = post(cast, "pair_substitute", substitution(cast, "1NS", "South 1NS", "Cy Sand", 1))

    assert "Play has not started: change the pair's players on the pairs page" in text(response)


# Withdrawals -------------------------------------------------------------------------------


def test_a_pair_withdrawn_from_round_three_leaves_its_opponents_the_laws_average(cast: Cast) -> None:
    running(cast)
    play_round(cast, 1)
    play_round(cast, 2)
    leaving = pair(cast, "1NS")

    response = post(cast, "pair_withdraw", {"pair": leaving.pk, "from_round": 3, "reason": "Train to catch."})

    assert response.status_code == 302
    seating = cast.seating(3, 1)
    ruled = Result.objects.filter(seating=seating)
    assert sorted(r.board.number for r in ruled) == sorted(seating.board_numbers)
    assert all(r.not_played and r.status == "confirmed" for r in ruled)
    assert Ruling.objects.filter(kind=Ruling.Kind.WITHDRAWN, result__in=ruled, law="Law B (3)").count() == 2
    assert pair(cast, "1NS").names.endswith("(withdrew from round 3)")
    entry = AuditEntry.objects.get(subject="Pair 1NS withdrew from round 3")
    assert entry.after["boards ruled not played"] == 2 and entry.reason == "Train to catch."


def test_the_recap_of_the_withdrawn_pairs_opponents_shows_the_average_and_its_law(cast: Cast) -> None:
    running(cast)
    play_round(cast, 1)
    play_round(cast, 2)
    opponents = cast.seating(3, 1).ew
    post(cast, "pair_withdraw", {"pair": pair(cast, "1NS").pk, "from_round": 3})
    # The boards of table 1 in round 3 are played at the other tables too, so they have an average.
    for table in (2, 3):
        seating = cast.seating(3, table)
        for number in seating.board_numbers:
            make_result(seating, number, "1NT S 7", user=cast.director)

    page = text(cast.clients["director"].get(reverse("recap", args=[*cast.url_args(), opponents.pk])))

    assert "Not played: a pair withdrew" in page
    assert "Law B (3)" in page
    assert "neither gains nor loses on the deal" in page


def test_a_pair_cannot_withdraw_from_a_round_before_one_already_recorded(cast: Cast) -> None:
    running(cast)
    play_round(cast, 1)
    play_round(cast, 2)

    response = post(cast, "pair_withdraw", {"pair": pair(cast, "1NS").pk, "from_round": 2})

    assert "has results in round 2: it can withdraw from round 3 at the earliest" in text(response)
    assert pair(cast, "1NS").withdrawn_from_round is None
    assert not Ruling.objects.filter(kind=Ruling.Kind.WITHDRAWN).exists()


def test_both_pairs_of_a_table_may_withdraw_and_each_board_is_ruled_once(cast: Cast) -> None:
    running(cast)
    seating = cast.seating(3, 1)
    post(cast, "pair_withdraw", {"pair": seating.ns.pk, "from_round": 3})

    response = post(cast, "pair_withdraw", {"pair": seating.ew.pk, "from_round": 3})

    assert response.status_code == 302
    assert Result.objects.filter(seating=seating).count() == len(seating.board_numbers)


def test_standings_wait_for_a_withdrawn_tables_board_until_another_table_plays_it(cast: Cast) -> None:
    running(cast)
    post(cast, "pair_withdraw", {"pair": pair(cast, "1NS").pk, "from_round": 1})

    page = text(cast.clients["director"].get(reverse("event_run", args=cast.url_args())))

    assert "has no validly played table" not in page


def test_a_team_match_gains_a_pair_a_team_and_keeps_its_team_names() -> None:
    cast = make_cast(form="teams", movement="teams", pairs=2, boards=8)
    event_services.rename_team(team=cast.event.teams.get(label="A"), name="The Aces", user=cast.director)

    response = post(cast, "event_movement", movement(3, "teams", boards=12))

    assert response.status_code == 302, text(response)[:3000]
    section = Section.objects.get(pk=cast.section.pk)
    assert section.tables == 3
    assert cast.event.teams.get(label="A").name == "The Aces"
    assert Pair.objects.filter(section=section, team__label="B").count() == 3


def test_a_pair_of_a_team_match_cannot_withdraw() -> None:
    match = make_cast(form="teams", movement="teams", pairs=2, boards=8)
    running(match)

    response = post(match, "pair_withdraw", {"pair": match.section.pairs.first().pk, "from_round": 2})

    assert "A team match plays every deal at every table (Law G)" in text(response)
    assert not Ruling.objects.exists()


def test_a_substitute_cannot_then_be_named_in_another_pair_on_the_pairs_page(cast: Cast) -> None:
    running(cast)
    post(cast, "pair_substitute", substitution(cast, "1NS", "South 1NS", "Cy Sand", 2))
    other = pair(cast, "2EW")

    response = post(cast, "event_pairs", {f"pair_{other.pk}_1": "Cy Sand", f"pair_{other.pk}_2": "South 2EW"})

    assert "Cy Sand already plays in pair 1NS from round 2" in text(response)
    assert pair(cast, "2EW").names == "North 2EW & South 2EW"
