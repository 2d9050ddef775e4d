"""The director's screens on a contract bridge night: traveller entry (fast, fetched and plain), the
live preview, corrections, Law 12's adjusted scores with the law on screen, audited and undone."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.urls import reverse

from tests.tournament.contract_night import make_contract_result
from tests.tournament.director_cast import Cast, make_cast
from tournament.models import AuditEntry, Event, Result, Ruling, Seating
from tournament.scores.standings import score_section

pytestmark = pytest.mark.django_db

FETCH = {"HTTP_X_REQUESTED_WITH": "fetch"}


@pytest.fixture
def cast() -> Cast:
    return make_cast(game=Event.Game.CONTRACT, method=Event.Method.MATCHPOINTS)


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", response.content.decode()).strip()


def traveller_url(cast: Cast, number: int = 1) -> str:
    return reverse("traveller_entry", args=[*cast.url_args(), "A", number])


def row(seating: Seating, entry: str) -> dict[str, Any]:
    return {"seating": seating.pk, "request_key": str(uuid.uuid4()), "entry": entry}


def test_the_traveller_page_marks_the_vulnerability_and_asks_no_honours(cast: Cast) -> None:
    page = text(cast.clients["scorer"].get(traveller_url(cast, 2)))
    assert 'id="vulnerability">Vul: N-S<' in page
    assert "honours_n" not in page and "1♠" not in page
    assert "<code>4HX N =</code>" in page


def test_a_fetched_row_is_saved_once_and_shows_the_score(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    data = row(seating, "4hx n =")
    client = cast.clients["scorer"]
    first = client.post(traveller_url(cast), data, **FETCH)
    second = client.post(traveller_url(cast), data, **FETCH)
    assert first.status_code == 200 and second.status_code == 200
    result = Result.objects.get()
    assert (result.contract_text, result.declarer, result.tricks) == ("4HX", "N", 10)
    assert AuditEntry.objects.filter(action="create").count() == 1
    page = text(first)
    assert page.startswith(f'<div class="trow saved status-entered" id="seating-{seating.pk}"')
    assert "NS +590" in page  # 4♥X made, not vulnerable on board 1: 240 + 300 + 50


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ("8H N =", "Eight is more than the seven odd tricks a bid may name (Law 18A)."),
        ("4H N 14", "more than the thirteen a deal has"),
        ("4H Q =", "is not a seat"),
        ("4R N =", "does not start with a contract"),
        ("", "Write the result, for example 4HX N = or PASS."),
        ("4HXXX N =", "needs the declarer and the result after the contract"),
        ("４H N =", "does not start with a contract"),  # a full-width digit is not read as a level
        ("4H N " + "1" * 9_995, "The result is 10000 characters long: keep it to 80 at most."),
    ],
)
def test_a_fetched_row_with_nonsense_comes_back_with_the_reason(cast: Cast, entry: str, words: str) -> None:
    response = cast.clients["scorer"].post(traveller_url(cast), row(cast.seating(1, 1), entry), **FETCH)
    assert response.status_code == 422
    assert words in text(response)
    assert not Result.objects.exists()


def test_the_plain_form_without_javascript_saves_and_reloads(cast: Cast) -> None:
    response = cast.clients["scorer"].post(traveller_url(cast), row(cast.seating(1, 1), "PASS"))
    assert response.status_code == 302
    assert Result.objects.get().passed_out
    page = text(cast.clients["scorer"].get(response["Location"]))
    assert "PASS" in page


def test_the_preview_gives_the_score_and_its_lines(cast: Cast) -> None:
    url = reverse("entry_preview", args=cast.url_args())
    answer = cast.clients["scorer"].get(url, {"board": 2, "section": "A", "entry": "3NT S -1"}).json()
    assert answer["ok"] and answer["headline"] == "EW +100 (Vul: N-S)"
    assert answer["lines"][-1] == "3NT by South, 8 tricks, vulnerable: East-West score 100 (Law 77)."
    refused = cast.clients["scorer"].get(url, {"board": 2, "section": "A", "entry": "3NT S -10"}).json()
    assert not refused["ok"] and "at most 9 down" in refused["errors"]["entry"]


def test_a_correction_keeps_before_and_after_in_the_audit_log(cast: Cast) -> None:
    result = make_contract_result(cast.seating(1, 1), 1, "4H N =", user=cast.director)
    url = reverse("result_edit", args=[*cast.url_args(), result.pk])
    page = text(cast.clients["scorer"].get(url))
    assert "NS +420" in page and "Game premium, not vulnerable: 300 (Law 77)." in page
    data = {"action": "correct", "correct-entry": "4H N -1", "correct-reason": "One down, not made."}
    assert cast.clients["scorer"].post(url, data).status_code == 302
    result.refresh_from_db()
    assert result.tricks == 9
    audit = AuditEntry.objects.get(action="update")
    assert (audit.before["tricks"], audit.after["tricks"]) == (10, 9)


def rule(cast: Cast, result: Result, **data: Any) -> Any:
    url = reverse("ruling_add", args=[*cast.url_args(), result.pk])
    return cast.clients["director"].post(url, {f"ruling-{k}": v for k, v in data.items()})


def test_an_artificial_score_a_plus_a_minus_is_recorded_with_its_law_and_undone(cast: Cast) -> None:
    for table in (1, 2, 3):
        seating = cast.seating(1, table)
        make_contract_result(seating, seating.board_numbers[0], "4H N =", user=cast.director)
    result = Result.objects.get(seating__table__number=1)
    response = rule(cast, result, kind="artificial", ns_average="A+", ew_average="A-", reason="Fouled board.")
    assert response.status_code == 302
    ruling = Ruling.objects.get()
    assert (ruling.law, ruling.ns_average, ruling.ew_average) == ("Law 12C2", "A+", "A-")
    result.refresh_from_db()
    assert result.confirmed_by_director  # a ruling is the director's final act
    page = text(cast.clients["director"].get(reverse("result_edit", args=[*cast.url_args(), result.pk])))
    assert "Law 12C2" in page and "N-S A+ (60 % of the top), E-W A- (40 % of the top)" in page
    table = score_section(cast.section).payload.table(result.pk)
    assert table.adjusted == ("A+", "A-") and table.ns_figure == table.ew_figure * 3 / 2
    assert AuditEntry.objects.filter(action="ruling", after__ns_average="A+").exists()
    undo = reverse("ruling_undo", args=[*cast.url_args(), ruling.pk])
    assert cast.clients["director"].post(undo, {"undo-reason": "Wrong table."}).status_code == 302
    assert score_section(cast.section).payload.table(result.pk).adjusted is None
    assert AuditEntry.objects.filter(action="undo").count() == 1


def test_an_assigned_score_is_scored_by_law_77_in_place_of_the_tables(cast: Cast) -> None:
    result = make_contract_result(cast.seating(1, 1), 1, "4H N =", user=cast.director)
    response = rule(cast, result, kind="assigned", assigned="4h n -1", reason="Misinformation (Law 21B).")
    assert response.status_code == 302
    ruling = Ruling.objects.get()
    assert (ruling.law, ruling.assigned) == ("Law 12C1", "4H N -1")
    scored = next(s for s in score_section(cast.section).results if s.result.pk == result.pk)
    assert scored.assigned and scored.score.score_ns == -50
    page = text(cast.clients["director"].get(reverse("result_edit", args=[*cast.url_args(), result.pk])))
    assert "4H N -1 scores EW +50 by Law 77, in place of the table&#x27;s NS +420 (Law 12C1)." in page
    assert 'id="score-assigned"' in page and "EW +50" in page


def test_a_later_adjusted_score_replaces_the_earlier_and_the_page_says_which_stands(cast: Cast) -> None:
    result = make_contract_result(cast.seating(1, 1), 1, "4H N =", user=cast.director)
    rule(cast, result, kind="artificial", ns_average="A+", ew_average="A-", reason="Slow play.")
    rule(cast, result, kind="assigned", assigned="4S N =", reason="Misinformation (Law 21B).")
    scored = next(s for s in score_section(cast.section).results if s.result.pk == result.pk)
    assert scored.assigned and scored.adjusted is None  # the latest stands
    page = text(cast.clients["director"].get(reverse("result_edit", args=[*cast.url_args(), result.pk])))
    assert "4S N = scores NS +420 by Law 77, in place of the table&#x27;s NS +420 (Law 12C1)." in page
    assert (
        "N-S A+ (60 % of the top), E-W A- (40 % of the top), replaced by the later adjusted score, "
        "which stands (undo that one and this one applies) (Law 12C2)." in page
    )
    assert "E-W A- (40 % of the top), in place of" not in page


@pytest.mark.parametrize(
    ("data", "field", "words"),
    [
        ({"kind": "artificial", "ns_average": "A+", "reason": "x"}, "ew_average", "Give East-West"),
        ({"kind": "assigned", "assigned": "9S N =", "reason": "x"}, "assigned", "Nine is more than"),
        ({"kind": "assigned", "assigned": "", "reason": "x"}, "assigned", "Write the assigned result"),
        ({"kind": "award", "reason": "x"}, "kind", "Select a valid choice"),
    ],
)
def test_a_ruling_that_cannot_stand_is_refused_on_its_field(cast: Cast, data, field, words) -> None:
    result = make_contract_result(cast.seating(1, 1), 1, "4H N =", user=cast.director)
    response = rule(cast, result, **data)
    assert response.status_code == 200
    assert words in " ".join(response.context["ruling_form"].errors[field])
    assert not Ruling.objects.exists()


def test_the_service_refuses_foster_points_on_a_contract_night(cast: Cast) -> None:
    from tournament.services.result_facts import ResultRefused
    from tournament.services.rulings import add_ruling

    result = make_contract_result(cast.seating(1, 1), 1, "4H N =", user=cast.director)
    with pytest.raises(ResultRefused, match="scored by Law 77"):
        add_ruling(
            result=result, user=cast.director, kind="award", law="Law F", reason="x", side="NS", points=50
        )


def test_foster_law_b_is_not_offered_and_refused_on_a_contract_night(cast: Cast) -> None:
    result = make_contract_result(cast.seating(1, 1), 1, "4H N =", user=cast.director)
    page = text(cast.clients["scorer"].get(traveller_url(cast)))
    assert "Irregular hands on this board (Law B)" not in page and 'class="law-b"' not in page
    url = reverse("ruling_irregular", args=[*cast.url_args(), "A", 1])
    data = {"seating": result.seating_id, "discovered": "after_overplay_began", "short_side": "NS"}
    response = cast.clients["director"].post(url, data | {"surplus_with": "adversary"}, follow=True)
    assert response.redirect_chain[-1][0] == traveller_url(cast)
    assert "adjust the score under Law 12 from the result" in text(response)
    result.refresh_from_db()
    assert not result.not_played and not Ruling.objects.exists()


def test_the_law_b_page_is_not_shown_on_a_contract_night(cast: Cast) -> None:
    response = cast.clients["director"].get(
        reverse("ruling_irregular", args=[*cast.url_args(), "A", 1]), follow=True
    )
    assert response.redirect_chain[-1][0] == traveller_url(cast)
    page = text(response)
    assert "Irregular hands under Law B are ruled at Duplicate Auction" in page
    assert "surplus_with" not in page and "A player had more or fewer" not in page


def test_an_undo_with_a_reason_too_long_says_so_and_undoes_nothing(cast: Cast) -> None:
    result = make_contract_result(cast.seating(1, 1), 1, "4H N =", user=cast.director)
    rule(cast, result, kind="assigned", assigned="4S N =", reason="Misinformation.")
    ruling = Ruling.objects.get()
    undo = reverse("ruling_undo", args=[*cast.url_args(), ruling.pk])
    response = cast.clients["director"].post(undo, {"undo-reason": "x" * 5_000}, follow=True)
    assert "The reason is 5000 characters long: keep it to 200 at most." in text(response)
    ruling.refresh_from_db()
    assert ruling.active
