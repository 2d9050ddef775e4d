"""The director's screens: set up a night, name pairs, run it, enter travellers, correct, rule, audit."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.urls import reverse

from tests.tournament.director_cast import Cast, grid_marks, make_cast, rule_irregular_after_the_overplay
from tests.tournament.factories import make_result, rule_the_missing_not_played
from tournament.models import AuditEntry, Event, Player, Result, Ruling, Seating, Team
from tournament.scores.standings import score_section
from tournament.services.result_facts import Facts
from tournament.services.results import record

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast() -> Cast:
    return make_cast()


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def plan(**changes: Any) -> dict[str, Any]:
    data = {"name": "Friday pairs", "date": "2025-03-07", "game": "auction", "form": "pairs", "pairs": 8}
    data |= {"boards_per_round": 2, "movement": "relay_mitchell", "slams": "american"}
    data |= {"royals_distinct": "on"}
    return data | changes


# The dashboard and a new event -----------------------------------------------------------


def test_the_dashboard_lists_the_users_clubs_with_their_events_and_a_way_to_create_one(cast: Cast) -> None:
    page = text(cast.clients["director"].get(reverse("dashboard")))
    assert cast.club.name.replace("&", "&amp;") in page
    assert reverse("event_run", args=cast.url_args()) in page
    assert reverse("event_create", args=[cast.club.slug]) in page


def test_a_scorer_sees_the_events_but_no_way_to_create_one(cast: Cast) -> None:
    page = text(cast.clients["scorer"].get(reverse("dashboard")))
    assert reverse("event_run", args=cast.url_args()) in page
    assert reverse("event_create", args=[cast.club.slug]) not in page


def test_checking_the_movement_shows_the_verdict_and_guide_cards_and_creates_nothing(cast: Cast) -> None:
    url = reverse("event_create", args=[cast.club.slug])
    response = cast.clients["director"].post(url, plan(movement="howell", pairs=8, preview="1"))
    page = text(response)
    assert response.status_code == 200
    assert "The movement passes every check." in page
    assert "complete Howell: 4 tables, 8 pairs, 7 rounds of 2 boards, 14 boards." in page
    assert "Round 1: 8 (N-S) against 1 (E-W), boards 1-2" in page  # table 1's guide card
    assert "Who meets whom" in page
    assert not Event.objects.filter(name="Friday pairs").exists()


def test_creating_an_event_lays_it_out_and_goes_to_the_pairs(cast: Cast) -> None:
    url = reverse("event_create", args=[cast.club.slug])
    response = cast.clients["director"].post(url, plan(create="1", english_rule="on", slams="english"))
    event = Event.objects.get(name="Friday pairs")
    assert response.status_code == 302
    assert response.url == reverse("event_pairs", args=[cast.club.slug, event.pk])
    assert (event.club, event.english_rule, event.slams, str(event.date)) == (
        cast.club,
        True,
        "english",
        "2025-03-07",
    )
    assert event.sections.get().tables == 4
    assert AuditEntry.objects.filter(event=event, action="event", user=cast.director).exists()


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        pytest.param({"pairs": 0}, "pairs", "At least 2 pairs.", id="no pairs"),
        pytest.param(
            {"pairs": 18, "movement": "howell"},
            "movement",
            "no verified complete Howell for 9 tables",
            id="9-table Howell",
        ),
        pytest.param(
            {"boards_per_round": 200},
            "boards_per_round",
            "At most 16 boards a round",
            id="200 boards a round",
        ),
        pytest.param({"pairs": "many"}, "pairs", "Write a whole number.", id="pairs not a number"),
        pytest.param(
            {"form": "teams"}, "movement", "A team event plays a team match", id="teams at a Mitchell"
        ),
        pytest.param({"movement": "teams"}, "form", "played by teams", id="a match of pairs"),
        pytest.param(
            {"movement": "mitchell", "pairs": 4},
            "movement",
            "A Mitchell needs at least three tables",
            id="2-table Mitchell",
        ),
    ],
)
@pytest.mark.parametrize("button", ["preview", "create"])
def test_a_bad_plan_gets_a_clear_message_on_its_field_and_nothing_is_created(
    cast: Cast, changes: dict[str, Any], field: str, message: str, button: str
) -> None:
    response = cast.clients["director"].post(
        reverse("event_create", args=[cast.club.slug]), plan(**changes, **{button: "1"})
    )
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert message in " ".join(errors.get(field, [])), errors
    assert not Event.objects.filter(name="Friday pairs").exists()


def test_a_plain_mitchell_of_even_tables_is_refused_with_what_to_pick_instead(cast: Cast) -> None:
    url = reverse("event_create", args=[cast.club.slug])
    for button in ("preview", "create"):
        response = cast.clients["director"].post(url, plan(movement="mitchell", pairs=8, **{button: "1"}))
        errors = " ".join(response.context["form"].errors["movement"])
        assert "8 pairs make 4 tables, an even number" in errors
        assert "Mitchell with a relay and bye stand" in errors and "Mitchell with a skip" in errors
        assert "movement-check" not in text(response)
    assert not Event.objects.filter(name="Friday pairs").exists()


def test_a_relay_or_skip_for_an_odd_number_of_tables_is_refused(cast: Cast) -> None:
    for movement in ("relay_mitchell", "skip_mitchell"):
        response = cast.clients["director"].post(
            reverse("event_create", args=[cast.club.slug]), plan(movement=movement, pairs=10, preview="1")
        )
        assert "5 tables, an odd number: choose the plain Mitchell" in " ".join(
            response.context["form"].errors["movement"]
        )


@pytest.mark.parametrize(
    ("movement", "chosen", "notes"),
    [
        (
            "relay_mitchell",
            "Mitchell with a relay and bye stand",
            [
                "Bye stand between tables 2 and 3: boards 5-6 in round 1; boards 7-8 in round 2;",
                "Relay: shares its boards with table 4 in every round",
            ],
        ),
        (
            "skip_mitchell",
            "Mitchell with a skip",
            ["After round 2 the E-W pairs skip a table: they move up two tables instead of one."],
        ),
    ],
)
def test_the_movement_check_says_which_mitchell_was_chosen_and_where_the_relay_or_skip_is(
    cast: Cast, movement: str, chosen: str, notes: list[str]
) -> None:
    response = cast.clients["director"].post(
        reverse("event_create", args=[cast.club.slug]), plan(movement=movement, pairs=8, preview="1")
    )
    page = text(response)
    assert f"Movement: <strong>{chosen}</strong>" in page
    for note in notes:
        assert note in page


def test_the_section_stores_the_mitchell_that_is_played(cast: Cast) -> None:
    url = reverse("event_create", args=[cast.club.slug])
    response = cast.clients["director"].post(url, plan(movement="skip_mitchell", pairs=8, create="1"))
    assert response.status_code == 302
    section = Event.objects.get(name="Friday pairs").sections.get()
    assert (section.movement, section.rounds) == ("skip_mitchell", 3)


def test_a_team_match_can_be_planned_and_created(cast: Cast) -> None:
    data = plan(form="teams", movement="teams", pairs=2, boards=8, boards_per_round=2, create="1")
    response = cast.clients["director"].post(reverse("event_create", args=[cast.club.slug]), data)
    assert response.status_code == 302
    assert sorted(Event.objects.get(name="Friday pairs").teams.values_list("label", flat=True)) == ["A", "B"]


# Pairs, players, teams -------------------------------------------------------------------


def test_naming_the_pairs_saves_the_players_and_offers_them_as_you_type(cast: Cast) -> None:
    Player.objects.create(club=cast.club, name="Mrs Hoffmann")
    pair = cast.section.pairs.get(label="1NS")
    url = reverse("event_pairs", args=cast.url_args())
    response = cast.clients["director"].post(
        url, {f"pair_{pair.pk}_1": "Mrs Hoffmann", f"pair_{pair.pk}_2": "Mr Foster"}
    )
    assert response.status_code == 302
    pair.refresh_from_db()
    assert pair.names == "Mrs Hoffmann & Mr Foster"
    assert Player.objects.filter(club=cast.club).count() == 2  # the existing player was reused
    page = text(cast.clients["director"].get(url))
    assert '<datalist id="club-players">' in page and '<option value="Mr Foster">' in page
    assert 'list="club-players"' in page


def test_a_name_too_long_is_refused_on_its_field_and_nothing_is_saved(cast: Cast) -> None:
    first, second = cast.section.pairs.all()[:2]
    data = {f"pair_{first.pk}_1": "Ann", f"pair_{second.pk}_1": "x" * 81}
    response = cast.clients["director"].post(reverse("event_pairs", args=cast.url_args()), data)
    assert response.status_code == 200
    assert response.context["form"].errors[f"pair_{second.pk}_1"]
    assert not Player.objects.exists()


def test_renaming_a_team_is_saved_and_audited() -> None:
    cast = make_cast(form="teams", movement="teams", pairs=2, boards=8)
    team = Team.objects.get(event=cast.event, label="A")
    data = {f"team_{t.pk}": t.name for t in Team.objects.filter(event=cast.event)} | {
        f"team_{team.pk}": "The Whisters"
    }
    response = cast.clients["director"].post(reverse("event_pairs", args=cast.url_args()), data)
    assert response.status_code == 302
    assert Team.objects.get(pk=team.pk).name == "The Whisters"
    entry = AuditEntry.objects.get(subject="Team A named")
    assert (entry.before, entry.after, entry.user) == (
        {"name": "Team A"},
        {"name": "The Whisters"},
        cast.director,
    )


# The running view ------------------------------------------------------------------------


def test_the_running_view_marks_each_board_in_missing_or_disputed_and_the_agreed_rounds(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    first, second = seating.board_numbers
    # Typed by the scorer: awaiting the opponents (what a director types is confirmed by him).
    make_result(seating, first, "3H N 9", user=cast.scorer)
    disputed = make_result(seating, second, "2S E 8", user=cast.scorer)
    Result.objects.filter(pk=disputed.pk).update(status="disputed")
    other = cast.seating(1, 2)
    for number in other.board_numbers:
        make_result(other, number, "1NT S 7", user=cast.scorer)
    Seating.objects.filter(pk=other.pk).update(agreed_at="2025-03-07T20:00Z")
    response = cast.clients["director"].get(reverse("event_run", args=cast.url_args()))
    marks = grid_marks(response)
    assert marks[(1, 1)] == ["entered", "disputed"]
    assert marks[(2, 1)] == ["entered", "entered"]
    assert marks[(3, 1)] == ["missing", "missing"]
    page = text(response)
    assert f'id="seating-{other.pk}"' in page and "agreed" in page
    assert reverse("result_edit", args=[*cast.url_args(), disputed.pk]) in page
    assert reverse("traveller_entry", args=[*cast.url_args(), "A", 3]) in page


def test_the_running_view_lists_the_problems_the_director_must_rule_on(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    record(
        seating=seating, board_number=seating.board_numbers[0], facts=Facts(not_played=True), request_key=None
    )
    page = text(cast.clients["director"].get(reverse("event_run", args=cast.url_args())))
    assert "no ruling under Law B stands; the director must rule" in page


@pytest.mark.parametrize(
    ("action", "status", "published"),
    [("start", "running", False), ("lock", "locked", False), ("publish", "setup", True)],
)
def test_the_event_state_buttons_change_it_and_say_so(
    cast: Cast, action: str, status: str, published: bool
) -> None:
    if action == "lock":
        rule_the_missing_not_played(cast.event, cast.director)  # no board may close without a result
    response = cast.clients["director"].post(
        reverse("event_status", args=cast.url_args()), {"action": action}, follow=True
    )
    cast.event.refresh_from_db()
    assert (cast.event.status, cast.event.published) == (status, published)
    assert AuditEntry.objects.filter(event=cast.event, subject="Event state").count() == 1
    assert list(response.context["messages"])


def test_withdrawing_the_standings_unpublishes_them(cast: Cast) -> None:
    Event.objects.filter(pk=cast.event.pk).update(published=True)
    cast.clients["director"].post(reverse("event_status", args=cast.url_args()), {"action": "withdraw"})
    assert not Event.objects.get(pk=cast.event.pk).published


def test_an_unknown_state_change_is_refused_with_a_message(cast: Cast) -> None:
    response = cast.clients["director"].post(
        reverse("event_status", args=cast.url_args()), {"action": "explode"}, follow=True
    )
    assert "Choose start, close" in text(response)
    assert not AuditEntry.objects.filter(subject="Event state").exists()


def test_the_table_links_give_each_tables_url_pin_and_qr_code(cast: Cast) -> None:
    page = text(cast.clients["director"].get(reverse("table_links", args=cast.url_args())))
    for table in cast.section.table_set.all():
        assert f"http://testserver/t/{table.secret}/" in page
        assert table.pin in page
    assert page.count("<svg") == 3


# Traveller entry -------------------------------------------------------------------------


def traveller_url(cast: Cast, number: int) -> str:
    return reverse("traveller_entry", args=[*cast.url_args(), "A", number])


def row(cast: Cast, seating: Seating, entry: str, **fields: Any) -> dict[str, Any]:
    return {"seating": seating.pk, "request_key": str(uuid.uuid4()), "entry": entry, **fields}


def test_the_traveller_shows_one_row_for_every_table_that_plays_the_board(cast: Cast) -> None:
    response = cast.clients["scorer"].get(traveller_url(cast, 1))
    lines = response.context["lines"]
    assert [(line.seating.round, line.seating.table.number) for line in lines] == [(1, 1), (2, 3), (3, 2)]
    assert all(1 in line.seating.board_numbers for line in lines)
    page = text(response)
    assert page.count('class="trow entry-row"') == 3
    assert page.count('name="request_key"') == 3
    assert "csrfmiddlewaretoken" in page
    assert "tournament/entry.js" in page


def test_a_traveller_row_is_saved_with_its_facts_and_audited(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    data = row(cast, seating, "3hx n 9", honours_n="2", honours_s="1")
    response = cast.clients["scorer"].post(traveller_url(cast, 1), data)
    assert response.status_code == 302
    result = Result.objects.get()
    assert (result.level, result.strain, result.doubling, result.declarer, result.tricks) == (
        3,
        "H",
        "X",
        "N",
        9,
    )
    assert result.honours == (2, 0, 1, 0)
    entry = AuditEntry.objects.get(action="create")
    assert (entry.user, entry.result, entry.after["contract"]) == (cast.scorer, result, "3HX")
    page = text(cast.clients["scorer"].get(response.url))
    assert reverse("result_edit", args=[*cast.url_args(), result.pk]) in page
    assert "net +" in page


@pytest.mark.parametrize(
    ("entry", "tricks"),
    [("4S E =", 10), ("4S E +1", 11), ("2NT W -2", 6), ("1C S 7", 7)],
    ids=["=", "+1", "-2", "plain"],
)
def test_tricks_may_be_written_against_the_contract(cast: Cast, entry: str, tricks: int) -> None:
    cast.clients["director"].post(traveller_url(cast, 1), row(cast, cast.seating(1, 1), entry))
    assert Result.objects.get().tricks == tricks


def test_a_duplicate_whist_row_is_the_tricks_north_south_took() -> None:
    cast = make_cast(game="whist")
    seating = cast.seating(1, 1)
    response = cast.clients["director"].post(traveller_url(cast, 1), row(cast, seating, "H 8"))
    assert response.status_code == 302
    result = Result.objects.get()
    assert (result.tricks, result.trumps) == (8, "H")
    page = text(cast.clients["director"].get(traveller_url(cast, 1)))
    assert "N-S 8 · E-W 5" in page


@pytest.mark.parametrize(
    ("entry", "fields", "field", "message"),
    [
        pytest.param(
            "8H N 13",
            {},
            "entry",
            "Eight is more than the seven odd tricks a declaration may name (Law 50)",
            id="level 8",
        ),
        pytest.param("3H N 14", {}, "entry", "14 tricks is impossible", id="14 tricks"),
        pytest.param("3H N +5", {}, "entry", "14 tricks is impossible", id="making 14"),
        pytest.param(
            "3H N 9",
            {"honours_n": "3", "honours_s": "3"},
            "honours_w",
            "The seats hold 6 honours",
            id="six honours",
        ),
        pytest.param("3H N 9", {"honours_n": "6"}, "honours_n", "At most 5", id="six honours in one hand"),
        pytest.param(
            "3NT N 9",
            {"honours_n": "3", "honours_e": "2"},
            "honours_w",
            "only four aces at no trump",
            id="five aces",
        ),
        pytest.param(
            "pass", {}, "entry", "cannot be passed out (Law 42)", id="pass without the English rule"
        ),
        pytest.param("3H N", {}, "entry", "write contract, declarer and tricks", id="no tricks"),
        pytest.param("", {}, "entry", "Write the result", id="empty"),
        pytest.param(
            "2S S 8", {"dealers_one_spade": "on"}, "dealers_one_spade", "Law 48", id="one spade not 1S"
        ),
    ],
)
def test_a_bad_row_gets_a_clear_message_on_its_field_and_nothing_is_saved(
    cast: Cast, entry: str, fields: dict[str, str], field: str, message: str
) -> None:
    seating = cast.seating(1, 1)
    response = cast.clients["director"].post(traveller_url(cast, 1), row(cast, seating, entry, **fields))
    assert response.status_code == 200
    posted = next(line.form for line in response.context["lines"] if line.seating.pk == seating.pk)
    assert message in " ".join(posted.errors.get(field, [])), posted.errors
    assert message.split("(")[0].strip()[:30] in text(response).replace("&#x27;", "'")
    assert not Result.objects.exists()
    assert not AuditEntry.objects.filter(action="create").exists()


def test_pass_is_accepted_under_the_english_rule() -> None:
    cast = make_cast(english_rule=True)
    response = cast.clients["director"].post(traveller_url(cast, 1), row(cast, cast.seating(1, 1), "pass"))
    assert response.status_code == 302
    assert Result.objects.get().passed_out


def test_a_board_not_played_at_that_table_is_refused_and_nothing_is_saved(cast: Cast) -> None:
    seating = cast.seating(1, 2)  # table 2 plays boards 3-4 in round 1
    assert 1 not in seating.board_numbers
    response = cast.clients["director"].post(traveller_url(cast, 1), row(cast, seating, "3H N 9"))
    assert response.status_code == 200
    assert "Board 1 is not played at table 2 in round 1" in text(response)
    assert not Result.objects.exists()


def test_a_seating_of_another_event_is_refused(cast: Cast) -> None:
    other = make_cast().seating(1, 1)
    response = cast.clients["director"].post(traveller_url(cast, 1), row(cast, other, "3H N 9"))
    assert response.status_code == 200
    assert "That table is not in this section." in text(response)
    assert not Result.objects.exists()


def test_a_double_submit_with_the_same_request_key_saves_one_result_and_one_audit_entry(cast: Cast) -> None:
    data = row(cast, cast.seating(1, 1), "4S E 10")
    first = cast.clients["director"].post(traveller_url(cast, 1), data)
    second = cast.clients["director"].post(traveller_url(cast, 1), data, follow=True)
    assert first.status_code == 302 and second.status_code == 200
    assert Result.objects.count() == 1
    assert AuditEntry.objects.filter(action="create").count() == 1
    assert "already saved; nothing was added" in text(second)


def test_a_second_different_result_for_the_same_board_is_refused(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    cast.clients["director"].post(traveller_url(cast, 1), row(cast, seating, "4S E 10"))
    response = cast.clients["director"].post(traveller_url(cast, 1), row(cast, seating, "1NT N 7"))
    assert response.status_code == 200
    assert "already entered at this table" in text(response)
    assert Result.objects.get().level == 4


def test_a_closed_event_refuses_new_results_with_a_message(cast: Cast) -> None:
    Event.objects.filter(pk=cast.event.pk).update(status="locked")
    response = cast.clients["director"].post(traveller_url(cast, 1), row(cast, cast.seating(1, 1), "4S E 10"))
    assert response.status_code == 200
    assert "The event is closed" in text(response)
    assert not Result.objects.exists()


def test_a_board_outside_the_section_is_not_found(cast: Cast) -> None:
    assert cast.clients["director"].get(traveller_url(cast, 99)).status_code == 404
    assert (
        cast.clients["director"].get(reverse("traveller_entry", args=[*cast.url_args(), "Z", 1])).status_code
        == 404
    )


# The live preview ------------------------------------------------------------------------


def preview(cast: Cast, **params: Any) -> Any:
    return cast.clients["scorer"].get(reverse("entry_preview", args=cast.url_args()), {"board": 1, **params})


def test_the_preview_gives_the_engines_score_and_its_explanation(cast: Cast) -> None:
    data = preview(cast, entry="3HX N 9").json()
    assert data["ok"] is True
    assert data["ns"] == {"trick": 48, "honour": 175, "total": 223}
    assert data["net_ns"] == 223
    assert "N-S, trick column: 3 odd tricks in hearts, doubled: 3 × 16 = 48 (Law 47)" in data["lines"]


def test_the_preview_puts_an_error_on_the_field_it_concerns(cast: Cast) -> None:
    assert preview(cast, entry="8H N 13").json() == {
        "ok": False,
        "errors": {"entry": "Eight is more than the seven odd tricks a declaration may name (Law 50)."},
    }
    six = preview(cast, entry="3H N 9", honours_n=3, honours_s=3).json()
    assert not six["ok"] and "6 honours" in six["errors"]["honours_w"]


def test_the_preview_says_when_the_board_is_not_played_at_the_table(cast: Cast) -> None:
    data = preview(cast, entry="3H N 9", seating=cast.seating(1, 2).pk).json()
    assert data == {"ok": False, "errors": {"__all__": "Board 1 is not played at this table in round 1."}}


def test_the_preview_of_an_unknown_board_is_a_bad_request(cast: Cast) -> None:
    response = preview(cast, board=99, entry="3H N 9")
    assert response.status_code == 400 and response.json()["ok"] is False


def test_the_preview_of_duplicate_whist_is_the_tricks_of_each_side() -> None:
    cast = make_cast(game="whist")
    assert preview(cast, entry="8").json()["ns"] == {"tricks": 8}
    assert preview(cast, entry="14").json()["ok"] is False


# A result: correction, deletion, settling ------------------------------------------------


@pytest.fixture
def entered(cast: Cast) -> Cast:
    seating = cast.seating(1, 1)
    cast.result = make_result(seating, seating.board_numbers[0], "3H N 9", user=cast.scorer)
    return cast


def result_url(cast: Cast) -> str:
    return reverse("result_edit", args=[*cast.url_args(), cast.result.pk])


def test_the_result_page_shows_the_facts_the_score_and_its_audit_trail(entered: Cast) -> None:
    page = text(entered.clients["director"].get(result_url(entered)))
    assert "3 odd tricks in hearts" in page  # the engine's explanation
    assert 'id="net-ns"' in page
    assert "Entered: Board 1, round 1, table 1" in page


def test_a_correction_without_a_reason_is_refused_and_changes_nothing(entered: Cast) -> None:
    data = {"action": "correct", "correct-entry": "3H N 10", "correct-reason": ""}
    response = entered.clients["scorer"].post(result_url(entered), data)
    assert response.status_code == 200
    assert response.context["correction_form"].errors["reason"]
    assert Result.objects.get().tricks == 9
    assert not AuditEntry.objects.filter(action="update").exists()


def test_a_correction_with_a_reason_changes_the_result_and_keeps_before_and_after(entered: Cast) -> None:
    data = {
        "action": "correct",
        "correct-entry": "3H N 10",
        "correct-honours_n": "3",
        "correct-reason": "Slip misread.",
    }
    response = entered.clients["scorer"].post(result_url(entered), data)
    assert response.status_code == 302
    assert (Result.objects.get().tricks, Result.objects.get().honours_n) == (10, 3)
    entry = AuditEntry.objects.get(action="update")
    assert (entry.before["tricks"], entry.after["tricks"], entry.reason, entry.user) == (
        9,
        10,
        "Slip misread.",
        entered.scorer,
    )
    page = text(entered.clients["director"].get(reverse("audit_log", args=entered.url_args())))
    assert "tricks: <del>9</del> → <ins>10</ins>" in page
    assert "Slip misread." in page


def test_a_bad_correction_is_refused_on_its_field(entered: Cast) -> None:
    data = {"action": "correct", "correct-entry": "3H N 14", "correct-reason": "Oops."}
    response = entered.clients["scorer"].post(result_url(entered), data)
    assert response.status_code == 200
    assert "14 tricks is impossible" in " ".join(response.context["correction_form"].errors["entry"])
    assert Result.objects.get().tricks == 9


def test_deleting_needs_a_reason_and_keeps_the_result_in_the_audit_log(entered: Cast) -> None:
    refused = entered.clients["director"].post(result_url(entered), {"action": "delete", "delete-reason": ""})
    assert refused.status_code == 200 and Result.objects.exists()
    response = entered.clients["director"].post(
        result_url(entered), {"action": "delete", "delete-reason": "Wrong table."}
    )
    assert response.status_code == 302
    assert not Result.objects.exists()
    entry = AuditEntry.objects.get(action="delete")
    assert (entry.before["tricks"], entry.after, entry.reason) == (9, None, "Wrong table.")


@pytest.mark.parametrize("status", ["confirmed", "disputed"])
def test_the_director_settles_a_result(entered: Cast, status: str) -> None:
    action = {"confirmed": "confirm", "disputed": "dispute"}[status]
    response = entered.clients["director"].post(
        result_url(entered), {"action": action, "status-reason": "Heard both."}
    )
    assert response.status_code == 302
    assert Result.objects.get().status == status
    assert AuditEntry.objects.get(action=action).reason == "Heard both."


def test_an_unknown_result_action_is_refused_with_a_message(entered: Cast) -> None:
    response = entered.clients["director"].post(result_url(entered), {"action": "explode"}, follow=True)
    assert "Choose correct, delete, confirm or dispute." in text(response)


# Rulings ---------------------------------------------------------------------------------


@pytest.fixture
def board_one(cast: Cast) -> Cast:
    """Board 1 played at all three tables: two part-scores and a game."""
    for (round_, table), entry in {(1, 1): "2H N 8", (2, 3): "2H N 8", (3, 2): "4H N 10"}.items():
        result = make_result(cast.seating(round_, table), 1, entry, user=cast.director)
        if (round_, table) == (1, 1):
            cast.result = result
    return cast


def contest_scores(cast: Cast) -> dict[str, Any]:
    contest = score_section(cast.section).contest
    assert contest is not None
    return {standing.pair: standing.score for standing in contest.standings}


def test_a_ruling_changes_the_contest_score_and_undoing_it_brings_it_back(board_one: Cast) -> None:
    cast = board_one
    before = contest_scores(cast)
    data = {"ruling-preset": "omitted_card", "ruling-side": "NS", "ruling-reason": ""}
    response = cast.clients["director"].post(
        reverse("ruling_add", args=[*cast.url_args(), cast.result.pk]), data
    )
    assert response.status_code == 302
    ruling = Ruling.objects.get()
    assert (ruling.kind, ruling.law, ruling.points, ruling.side) == ("award", "Law F (Law 81)", 50, "NS")
    ruled = contest_scores(cast)
    ns, ew = cast.result.ns.label, cast.result.ew.label
    assert ruled[ns] > before[ns] and ruled[ew] < before[ew]
    page = text(cast.clients["director"].get(result_url(cast)))
    assert "Without this ruling: N-S" in page
    undo = reverse("ruling_undo", args=[*cast.url_args(), ruling.pk])
    assert (
        cast.clients["director"].post(undo, {"undo-reason": "Card was played after all."}).status_code == 302
    )
    assert contest_scores(cast) == before
    ruling.refresh_from_db()
    assert ruling.undone_by == cast.director  # kept on record, marked undone
    assert AuditEntry.objects.filter(action__in=["ruling", "undo"]).count() == 2
    assert "Had it stood" in text(cast.clients["director"].get(result_url(cast)))


def test_a_declaration_out_of_turn_awards_50_and_bars_the_partner(board_one: Cast) -> None:
    data = {"ruling-preset": "declaration_out_of_turn", "ruling-side": "EW", "ruling-seat": "S"}
    board_one.clients["director"].post(
        reverse("ruling_add", args=[*board_one.url_args(), board_one.result.pk]), data
    )
    award, barred = Ruling.objects.order_by("pk")
    assert (award.kind, award.law, award.points, award.side) == ("award", "Law F", 50, "EW")
    assert (barred.kind, barred.seat, barred.law) == ("barred", "S", "Law F")


def test_an_established_revoke_is_scored_by_law_84(board_one: Cast) -> None:
    before = contest_scores(board_one)
    data = {
        "ruling-kind": "revoke",
        "ruling-seat": "E",
        "ruling-revoke_penalty": "points",
        "ruling-reason": "E revoked.",
    }
    board_one.clients["director"].post(
        reverse("ruling_add", args=[*board_one.url_args(), board_one.result.pk]), data
    )
    assert contest_scores(board_one)[board_one.result.ns.label] > before[board_one.result.ns.label]
    assert "100" in text(board_one.clients["director"].get(result_url(board_one)))


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"ruling-kind": "award", "ruling-points": "50", "ruling-reason": "x"}, "side"),
        ({"ruling-kind": "award", "ruling-side": "NS", "ruling-reason": "x"}, "points"),
        ({"ruling-kind": "award", "ruling-side": "NS", "ruling-points": "50"}, "reason"),
        ({"ruling-kind": "revoke", "ruling-reason": "x"}, "seat"),
        (
            {"ruling-kind": "award", "ruling-side": "NS", "ruling-points": "20000", "ruling-reason": "x"},
            "points",
        ),
    ],
    ids=[
        "award without a side",
        "award without points",
        "no reason",
        "revoke without a seat",
        "20,000 points",
    ],
)
def test_an_incomplete_ruling_is_refused_on_its_field(
    board_one: Cast, data: dict[str, str], field: str
) -> None:
    response = board_one.clients["director"].post(
        reverse("ruling_add", args=[*board_one.url_args(), board_one.result.pk]), data
    )
    assert response.status_code == 200
    assert response.context["ruling_form"].errors[field]
    assert not Ruling.objects.exists()


def test_undoing_a_ruling_needs_a_reason(board_one: Cast) -> None:
    data = {"ruling-kind": "note", "ruling-reason": "Noted."}
    board_one.clients["director"].post(
        reverse("ruling_add", args=[*board_one.url_args(), board_one.result.pk]), data
    )
    ruling = Ruling.objects.get()
    response = board_one.clients["director"].post(
        reverse("ruling_undo", args=[*board_one.url_args(), ruling.pk]), {}, follow=True
    )
    assert "Say why the ruling is undone" in text(response)
    assert Ruling.objects.get().active


def test_irregular_hands_found_after_the_overplay_began_take_the_average(cast: Cast) -> None:
    response = rule_irregular_after_the_overplay(cast)
    seating = cast.seating(3, 2)
    result = Result.objects.get(seating=seating)
    assert result.not_played
    assert Ruling.objects.get(result=result).kind == "irregular_average"
    assert "each pair takes the average score for that deal (Law B (3))" in text(response)
    scores = contest_scores(cast)
    assert scores[seating.ns.label] == 0 and scores[seating.ew.label] == 0


def test_irregular_hands_found_before_the_original_play_mean_a_new_deal_and_nothing_is_saved(
    cast: Cast,
) -> None:
    seating = cast.seating(1, 1)
    data = {"seating": seating.pk, "discovered": "before_or_during_original_play", "short_side": "NS"}
    response = cast.clients["director"].post(
        reverse("ruling_irregular", args=[*cast.url_args(), "A", 1]), data
    )
    assert response.status_code == 200
    assert "there must be a new deal (Law B (1))" in text(response)
    assert not Result.objects.exists() and not Ruling.objects.exists()


def test_irregular_hands_without_who_held_the_surplus_get_the_engines_question(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    data = {"seating": seating.pk, "discovered": "after_overplay_began", "short_side": "EW"}
    response = cast.clients["director"].post(
        reverse("ruling_irregular", args=[*cast.url_args(), "A", 1]), data
    )
    assert response.status_code == 200
    assert "turns on who held the surplus cards" in text(response)
    assert not Result.objects.exists()


# Agreeing a round, the audit log ---------------------------------------------------------


def agree_unconfirmed_round(cast: Cast, who: str) -> tuple[Seating, Any]:
    """Table 1's first round typed in by the scorer, never confirmed; ``who`` agrees it."""
    seating = cast.seating(1, 1)
    for number in seating.board_numbers:
        make_result(seating, number, "1NT S 7", user=cast.scorer)
    url = reverse("round_agree", args=[*cast.url_args(), seating.pk])
    return seating, cast.clients[who].post(url, follow=True)


def test_a_director_agreeing_a_round_confirms_its_boards_on_his_authority_and_says_so(cast: Cast) -> None:
    seating, response = agree_unconfirmed_round(cast, "director")
    assert Seating.objects.get(pk=seating.pk).agreed_at is not None
    assert set(Result.objects.values_list("status", "confirmed_by")) == {("confirmed", cast.director.pk)}
    assert "Confirmed on your authority: boards 1, 2." in text(response)
    confirms = AuditEntry.objects.filter(action="confirm")
    assert [(e.user, e.after["confirmed_by"]) for e in confirms] == [(cast.director, "the director")] * 2
    assert AuditEntry.objects.get(action="agree").after["confirmed_by_the_director"] == [1, 2]


def test_a_scorer_may_not_agree_a_round_the_opponents_have_not_confirmed(cast: Cast) -> None:
    seating, response = agree_unconfirmed_round(cast, "scorer")
    assert "still to confirm: 1, 2." in text(response)
    assert Seating.objects.get(pk=seating.pk).agreed_at is None
    assert set(Result.objects.values_list("status", flat=True)) == {"entered"}


def test_agreeing_a_round_with_a_board_missing_says_which(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    make_result(seating, seating.board_numbers[0], "1NT S 7", user=cast.scorer)
    response = cast.clients["director"].post(
        reverse("round_agree", args=[*cast.url_args(), seating.pk]), follow=True
    )
    assert f"missing: {seating.board_numbers[1]}" in text(response)
    assert Seating.objects.get(pk=seating.pk).agreed_at is None


def test_the_audit_log_says_who_made_each_change_person_or_table_device(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    make_result(seating, seating.board_numbers[0], "3H N 9", table=seating.table)
    page = text(cast.clients["director"].get(reverse("audit_log", args=cast.url_args())))
    assert "Table 1 device" in page
    assert cast.director.get_username() in page  # who set the event up
    assert "contract: <del>—</del> → <ins>3♥</ins>" in page


def test_the_audit_log_shows_200_entries_a_page(cast: Cast) -> None:
    AuditEntry.objects.bulk_create(
        [
            AuditEntry(event=cast.event, action="event", subject=f"Change {n}", user=cast.director)
            for n in range(250)
        ]
    )
    first = cast.clients["director"].get(reverse("audit_log", args=cast.url_args()))
    second = cast.clients["director"].get(reverse("audit_log", args=cast.url_args()) + "?page=2")
    assert len(first.context["rows"]) == 200
    assert len(second.context["rows"]) == 51  # and the event's own set-up entry
    assert "Page 2 of 2" in text(second)


def test_a_whist_result_takes_notes_but_no_auction_penalty() -> None:
    cast = make_cast(game="whist")
    seating = cast.seating(1, 1)
    result = make_result(seating, seating.board_numbers[0], "H 8", user=cast.director)
    url = reverse("ruling_add", args=[*cast.url_args(), result.pk])
    data = {"ruling-kind": "award", "ruling-side": "NS", "ruling-points": "50", "ruling-reason": "x"}
    response = cast.clients["director"].post(url, data)
    assert response.status_code == 200
    assert response.context["ruling_form"].errors["kind"]
    assert (
        cast.clients["director"].post(url, {"ruling-kind": "note", "ruling-reason": "Slow play."}).status_code
        == 302
    )
    assert list(Ruling.objects.values_list("kind", flat=True)) == ["note"]


def test_a_team_of_more_than_ten_pairs_is_refused(cast: Cast) -> None:
    data = plan(form="teams", movement="teams", pairs=11, boards=22, preview="1")
    response = cast.clients["director"].post(reverse("event_create", args=[cast.club.slug]), data)
    assert "At most 10 pairs in each team" in " ".join(response.context["form"].errors["pairs"])


def test_the_new_event_form_offers_todays_date_in_the_form_a_date_picker_reads(cast: Cast) -> None:
    page = text(cast.clients["director"].get(reverse("event_create", args=[cast.club.slug])))
    assert re.search(r'type="date" name="date" value="\d{4}-\d{2}-\d{2}"', page)
