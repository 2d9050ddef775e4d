"""The table cards (issue 9 §3): one page a table, read back and held to the movement as saved.

Each page must carry its table's number, PIN and QR code (decoded from the printed page with
zxing-cpp), and each round exactly as ``Movement.table_card`` says it: the pairs, the boards, where
the boards are played next and where each pair goes. Only the club's directors and scorers print
them; the query count does not grow with the night.
"""

from __future__ import annotations

import io
import re
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest
import zxingcpp
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from PIL import Image

from scoring.contests.movements import Movement, boards_text
from tests.tournament.director_cast import Cast, make_cast
from tests.tournament.factories import make_club, make_event, make_member
from tests.tournament.pdf_text import raw_pages, read_pdf
from tournament.models import Club, Event, Pair, Table
from tournament.pdf import DocumentUnavailable, renderer_for
from tournament.services.events import name_pair
from tournament.services.plans import movement_of

pytestmark = pytest.mark.django_db

BASE = "http://192.168.1.20:8000/"

NIGHTS = {
    "mitchell": {"pairs": 6, "movement": "mitchell"},
    "mitchell with a sit-out": {"pairs": 9, "movement": "mitchell"},
    "relay and bye stand": {"pairs": 8, "movement": "relay_mitchell"},
    "skip": {"pairs": 8, "movement": "skip_mitchell"},
    "howell": {"pairs": 8, "movement": "howell"},
    "teams": {"pairs": 2, "form": Event.Form.TEAMS, "movement": "teams", "boards": 8},
    "whist": {"pairs": 6, "game": Event.Game.WHIST},
}


def night(**kwargs: Any) -> Event:
    club = kwargs.pop("club", None) or make_club()
    return make_event(club, make_member(club), **kwargs)


def render(event: Event, base_url: str = BASE) -> bytes:
    filename, content_type, content = renderer_for(event, "tablecards", base_url=base_url).render()
    assert content_type == "application/pdf"
    assert filename.endswith("-tablecards.pdf")
    return content


def tables_of(event: Event) -> list[Table]:
    return list(Table.objects.filter(section__event=event).order_by("section__letter", "number"))


def page_of_table(pages: list[str], table: Table) -> str:
    found = [page for page in pages if f"Table {table.number} " in page and f"PIN {table.pin}" in page]
    assert len(found) == 1, (table.number, len(found))
    return found[0]


def boards_go_to(movement: Movement, round_: int, boards: tuple[int, ...]) -> str | None:
    """Where the boards are played in the next round, read from the seatings; None when they rest."""
    tables = sorted(s.table for s in movement.seatings if s.round == round_ + 1 and s.boards == boards)
    if not tables:
        return None
    return ("tables " if len(tables) > 1 else "table ") + " and ".join(map(str, tables))


def row_pattern(movement: Movement, table: int, names: dict[str, str]) -> list[re.Pattern[str]]:
    """Each round of ``table`` as the card must read it, cell after cell."""
    patterns = []
    for row in movement.table_card(table):
        ns = " ".join(filter(None, [row.ns, names.get(row.ns, "")]))
        ew = " ".join(filter(None, [row.ew, names.get(row.ew, "")]))
        go = boards_go_to(movement, row.round, row.boards)
        cells = [
            re.escape(f"{row.round} {ns} {ew} {boards_text(row.boards)}"),
            re.escape(go) if go else r"[^|]*?",  # resting boards: the bye stand, the sit-out table
            re.escape(" ".join(filter(None, [row.ns_next, row.ew_next]))),
        ]
        patterns.append(re.compile(r"(?:^| )" + r" ?".join(cells) + r"(?![\w-])"))
    return patterns


@pytest.mark.parametrize("kwargs", NIGHTS.values(), ids=NIGHTS.keys())
def test_each_table_has_one_page_with_its_number_pin_and_every_round_as_the_movement_says(kwargs):
    event = night(**kwargs)
    content = render(event)
    read, pages = read_pdf(content), raw_pages(content)
    section = event.sections.get()
    movement = movement_of(section)
    tables = tables_of(event)

    assert read.page_count == len(tables) == section.tables
    notes = movement.table_notes()
    for table in tables:
        page = page_of_table(pages, table)
        assert f"{BASE}t/{table.secret}/" in page
        assert f"Movement: {section.get_movement_display()}." in page
        for line in notes.get(table.number, ()):
            assert line in page, (table.number, line)
        if table.number not in {s.table for s in movement.seatings}:
            assert page.count("No play at this table this round.") == movement.rounds
            continue
        for pattern in row_pattern(movement, table.number, {}):
            assert pattern.search(page), (table.number, pattern.pattern, page)


@pytest.mark.parametrize("pairs", [8, 7], ids=["8 pairs", "7 pairs, a sit-out"])
def test_a_relay_mitchell_names_the_bye_stand_where_the_boards_go_to_it(pairs):
    event = night(pairs=pairs, movement="relay_mitchell")
    pages = raw_pages(render(event))
    movement = movement_of(event.sections.get())
    to_stand = [
        table.number
        for table in tables_of(event)
        if any("boards go to the bye stand" in line for line in movement.table_notes().get(table.number, ()))
    ]
    assert to_stand  # the movement puts boards on the stand at some table
    for table in tables_of(event):
        page = page_of_table(pages, table)
        assert ("the bye stand" in page.split("E-W next", 1)[1]) == (table.number in to_stand)


def test_the_cards_print_the_players_names_escaped_and_cut_to_the_cell():
    event = night(pairs=6, movement="mitchell")
    director = event.club.memberships.get().user
    pairs = {pair.label: pair for pair in Pair.objects.filter(section__event=event)}
    name_pair(pair=pairs["1NS"], first="Zoë Brontë", second="<b>Tom & Jerry</b>", user=director)
    name_pair(pair=pairs["2EW"], first="W" * 80, second="X" * 80, user=director)
    movement = movement_of(event.sections.get())
    pages = raw_pages(render(event))

    names = {"1NS": "Zoë Brontë <b>Tom & Jerry</b>"}
    for table in tables_of(event):
        page = page_of_table(pages, table)
        for pattern in row_pattern(movement, table.number, names):
            if "2EW" not in pattern.pattern:
                assert pattern.search(page), (table.number, pattern.pattern)
    text = " ".join(pages)
    assert text.count("1NS Zoë Brontë <b>Tom & Jerry</b>") == movement.rounds  # 1NS stays at table 1
    long_names = re.search(r"2EW (W+…) (X+…) ", text)
    assert long_names and all(len(name) < 40 for name in long_names.groups())  # cut to the cell's width


def decoded_codes(content: bytes, page: int) -> list[str]:
    """The QR codes a phone's camera would read on a page printed at 150 dpi."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cards.pdf"
        path.write_bytes(content)
        subprocess.run(
            ["pdftoppm", "-png", "-r", "150", "-f", str(page), "-l", str(page), str(path), f"{folder}/p"],
            check=True,
        )
        (image,) = Path(folder).glob("p-*.png")
        return [code.text for code in zxingcpp.read_barcodes(Image.open(image))]


def test_each_pages_qr_code_opens_that_tables_page():
    event = night(pairs=6, movement="mitchell")
    content = render(event)
    pages = raw_pages(content)

    for table in tables_of(event):
        number = pages.index(page_of_table(pages, table)) + 1
        assert decoded_codes(content, number) == [BASE + table.get_absolute_url().lstrip("/")]


def test_the_cards_follow_the_clubs_paper_size():
    club = make_club()
    Club.objects.filter(pk=club.pk).update(paper_size=Club.PaperSize.LETTER)
    club.refresh_from_db()
    assert read_pdf(render(night(club=club))).page_size.startswith("612 x 792")
    assert read_pdf(render(night())).page_size.startswith("595.276 x 841.89")


def test_a_long_movement_still_fits_one_page_a_table():
    event = night(pairs=30, movement="mitchell", boards_per_round=1)  # 15 tables, 15 rounds
    read = read_pdf(render(event))
    assert read.page_count == 15


@pytest.mark.parametrize("base_url", ["", "192.168.1.20:8000", "ftp://club/", "http://club/?next=x"])
def test_the_cards_need_the_address_the_phones_open(base_url):
    with pytest.raises(DocumentUnavailable, match="address the phones open"):
        render(night(), base_url)


# --- the download ---------------------------------------------------------------------------------


def cards_url(cast: Cast) -> str:
    return reverse("pdf_document", args=[*cast.url_args(), "tablecards"])


@pytest.mark.parametrize("published", [False, True], ids=["unpublished", "published"])
@pytest.mark.parametrize(
    ("who", "status"),
    [("director", 200), ("scorer", 200), ("table_device", 404), ("other_director", 404), ("anonymous", 404)],
)
def test_only_the_clubs_directors_and_scorers_print_the_table_cards(who, status, published):
    cast = make_cast()
    Event.objects.filter(pk=cast.event.pk).update(published=published)

    response = cast.clients[who].get(cards_url(cast))

    assert response.status_code == status
    if status == 200:
        assert response["Content-Type"] == "application/pdf"
        assert response["Cache-Control"] == "no-store"


def test_the_downloaded_cards_link_each_table_at_the_address_the_director_opened(settings):
    settings.ALLOWED_HOSTS = ["192.168.1.20"]
    cast = make_cast()
    response = cast.clients["director"].get(cards_url(cast), HTTP_HOST="192.168.1.20:8000")
    pages = raw_pages(response.content)

    for table in tables_of(cast.event):
        page = page_of_table(pages, table)
        assert f"http://192.168.1.20:8000/t/{table.secret}/" in page
        assert "open http://192.168.1.20:8000/t/ and type the PIN" in page


def test_the_cards_are_a_read_only_download():
    cast = make_cast()
    assert cast.clients["director"].post(cards_url(cast)).status_code == 405


def test_the_table_links_and_the_club_peoples_print_list_link_the_cards_and_the_public_list_does_not():
    cast = make_cast()
    Event.objects.filter(pk=cast.event.pk).update(published=True)
    href = f'href="{cards_url(cast)}"'

    assert href in cast.clients["director"].get(reverse("table_links", args=cast.url_args())).content.decode()
    assert href in cast.clients["scorer"].get(cast.event.get_absolute_url()).content.decode()
    assert href not in cast.clients["anonymous"].get(cast.event.get_absolute_url()).content.decode()
    assert href not in cast.clients["other_director"].get(cast.event.get_absolute_url()).content.decode()


# A director, an unpublished night:
#   1-2. the session and the user
#   3. the event with its club, 4. the user's role (access.viewable_event)
#   5. the user's role again: may the user print a secret document? (views.pdfs)
#   6. the event's sections (PdfRenderer.sections)
#   7. the tables with their sections, 8. the pairs with their players (TableCardsPdf.story)
#   9. the seatings with tables and pairs, 10. the phantom's label, 11. the boards (events.movement_of)
@pytest.mark.parametrize("pairs", [6, 24], ids=["3 tables", "12 tables"])
def test_the_table_cards_make_eleven_queries_whatever_the_size(django_assert_num_queries, pairs):
    cast = make_cast(pairs=pairs, movement="howell" if pairs == 6 else "relay_mitchell")
    for pair in cast.section.pairs.all():  # names on every card: an N+1 on the players would show
        name_pair(
            pair=pair, first=f"North of {pair.label}", second=f"South of {pair.label}", user=cast.director
        )
    with django_assert_num_queries(11):
        response = cast.clients["director"].get(cards_url(cast))
    assert response.status_code == 200
    assert read_pdf(response.content).page_count == pairs // 2
    text = " ".join(raw_pages(response.content))
    assert all(f"South of {pair.label}" in text for pair in cast.section.pairs.filter(is_phantom=False))


# --- the command ----------------------------------------------------------------------------------


def test_render_pdf_prints_the_table_cards_for_the_address_given(tmp_path):
    event = night()
    target = tmp_path / "cards.pdf"
    out = io.StringIO()

    call_command(
        "render_pdf",
        str(event.pk),
        "--doc",
        "tablecards",
        "--base-url",
        BASE,
        "--output",
        str(target),
        stdout=out,
    )

    pages = raw_pages(target.read_bytes())
    assert f"Wrote {target}" in out.getvalue()
    for table in tables_of(event):
        assert f"{BASE}t/{table.secret}/" in page_of_table(pages, table)


def test_render_pdf_asks_for_the_address_the_phones_open():
    event = night()
    with pytest.raises(CommandError, match="address the phones open"):
        call_command("render_pdf", str(event.pk), "--doc", "tablecards", stdout=io.StringIO())
