"""One vocabulary for the whole product: the same words for the same thing on every page and sheet.

A match is won with one verb form; a range that collapses to one number is written as that
number; the audit log shows the labels the screens use, never a stored code; a contract and a
suit are written alike on the screens, in the audit log, the PDFs, the XLSX and the CSV.
"""

from __future__ import annotations

import csv
import io
import re
from html import unescape

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse

from tests.tournament.director_cast import make_cast, rule_irregular_after_the_overplay
from tests.tournament.factories import make_played_night, make_result
from tests.tournament.pdf_text import read_pdf
from tournament.exports import export_standings
from tournament.models import Event, Result, Ruling
from tournament.pdf import renderer_for

pytestmark = pytest.mark.django_db


def words(html: str) -> str:
    """A page's text as a reader sees it: no tags, one space between words."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", html)))


def page(client: Client, name: str, *args: object, query: str = "") -> str:
    response = client.get(reverse(name, args=args) + query)
    assert response.status_code == 200
    return response.content.decode()


def pdf_text(event: Event, doc: str) -> str:
    return re.sub(r"\s+", " ", read_pdf(renderer_for(event, doc).render()[2]).text)


def test_a_team_match_is_won_with_one_verb_form_on_the_screen_and_on_paper() -> None:
    event = make_played_night(2, form=Event.Form.TEAMS)
    args = (event.club.slug, event.pk)
    texts = [words(page(Client(), "match", *args)), words(page(Client(), "event", *args))]
    texts.append(pdf_text(event, "match"))
    for text in texts:
        assert re.search(r"\w win by \d", text)
        assert "wins by" not in text


@pytest.mark.parametrize(
    ("changes", "said", "never"),
    [
        (
            {"movement": "howell", "pairs": 8},
            [
                "two pairs hold the same cards on 3 sets (balance)",
                "Two pairs hold the same cards on 6 boards.",
            ],
            ["3 to 3 sets", "6 to 6 boards"],
        ),
        (
            {"movement": "howell", "pairs": 4},
            ["two pairs hold the same cards on 1 set (balance)"],
            ["1 to 1 sets"],
        ),
        (
            {"movement": "relay_mitchell", "pairs": 8},
            ["Two pairs hold the same cards on 8 boards, or on none."],
            ["0 to 8 boards"],
        ),
    ],
    ids=["four-table Howell", "two-table Howell", "relay Mitchell"],
)
def test_the_movement_check_never_writes_a_range_that_collapses_or_starts_at_zero(
    changes: dict[str, object], said: list[str], never: list[str]
) -> None:
    cast = make_cast()
    data = {"name": "Friday", "date": "2025-03-07", "game": "auction", "form": "pairs"}
    data |= {"boards_per_round": 2, "slams": "american", "preview": "1", **changes}
    response = cast.clients["director"].post(reverse("event_create", args=[cast.club.slug]), data)
    text = words(response.content.decode())
    for sentence in said:
        assert sentence in text
    for sentence in never:
        assert sentence not in text


def test_the_audit_log_shows_the_label_of_every_stored_choice_never_its_code() -> None:
    cast = make_cast()
    rule_irregular_after_the_overplay(cast)
    ruling = Ruling.objects.get(result__seating=cast.seating(3, 2))
    text = words(page(cast.clients["director"], "audit_log", *cast.url_args()))

    assert f"kind: — → {Ruling.Kind.IRREGULAR_AVERAGE.label}" in text
    # The director records the deal not played himself: confirmed by him when recorded.
    assert "status: — → Confirmed" in text and "confirmed by: — → the director" in text
    assert "declarer: — → North" in text
    for code in (ruling.kind, "entered", "irregular_"):
        assert not re.search(rf"→ {code}\b", text), code


def test_a_contract_is_written_alike_on_the_screens_the_audit_log_a_pdf_the_xlsx_and_the_csv() -> None:
    cast = make_cast()
    director = cast.clients["director"]
    make_result(cast.seating(1, 1), 1, "2R N 8", user=cast.director)
    args = cast.url_args()
    csv_rows = list(csv.reader(io.StringIO(page(director, "traveller", *args, "A", 1, query="?_export=csv"))))
    xlsx = openpyxl.load_workbook(io.BytesIO(export_standings(cast.event, "xlsx").content))
    cells = [cell for row in xlsx["Travellers A"].iter_rows(values_only=True) for cell in row]

    places = {
        "traveller page": words(page(director, "traveller", *args, "A", 1)),
        "result page": words(page(director, "result_edit", *args, Result.objects.get().pk)),
        "director's traveller": words(page(director, "traveller_entry", *args, "A", 1)),
        "audit log": words(page(director, "audit_log", *args)),
        "travellers PDF": pdf_text(cast.event, "travellers"),
        "CSV": " ".join(cell for row in csv_rows for cell in row),
        "XLSX": " ".join(str(cell) for cell in cells if cell is not None),
    }
    for place, text in places.items():
        assert "2R♠" in text, place
        assert not re.search(r"2R(?!♠)", text), place


def test_a_whist_trump_suit_is_written_as_its_symbol_on_the_directors_traveller() -> None:
    cast = make_cast(game=Event.Game.WHIST)
    make_result(cast.seating(1, 1), 1, "H 8", user=cast.director)
    text = words(page(cast.clients["director"], "traveller_entry", *cast.url_args(), "A", 1))
    assert "(♥ trumps)" in text
    assert "(H trumps)" not in text
