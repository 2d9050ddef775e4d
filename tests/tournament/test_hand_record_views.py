"""The director's hand-record page: who may deal, import, export and state a turned card; bad uploads."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoring.auction.core import Strain
from scoring.auction.honours import honours_held
from scoring.files.pbn import deal_from_seed, read_hand_records, write_hand_records
from scoring.shared.cards import Hands
from tests.tournament.director_cast import Cast, fingerprint, make_cast
from tests.tournament.factories import make_result
from tournament.models import AuditEntry, Board, Event
from tournament.services import hand_records

pytestmark = pytest.mark.django_db


def pbn(seed: int, boards: range = range(1, 7)) -> bytes:
    return write_hand_records(deal_from_seed(seed, boards)).encode("utf-8")


def boards_of(cast: Cast) -> list[tuple[Any, ...]]:
    return list(
        Board.objects.filter(section=cast.section).order_by("number").values_list("hands", "trumps", "turned")
    )


def upload(data: bytes, name: str = "night.pbn") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="application/octet-stream")


Request = tuple[str, dict[str, Any]]


def deal(cast: Cast) -> Request:
    return reverse("deals_deal", args=cast.url_args()), {"seed": "8", "section": "A"}


def import_file(cast: Cast) -> Request:
    return reverse("deals_import", args=cast.url_args()), {"file": upload(pbn(8)), "section": "A"}


def turn_a_card(cast: Cast) -> Request:
    return reverse("board_turned", args=[*cast.url_args(), "A"]), {"board": "1", "card": "H8"}


WRITES: dict[str, Callable[[Cast], Request]] = {
    "deal the boards": deal,
    "import a PBN file": import_file,
    "state a turned card": turn_a_card,
}
REFUSED = [
    (actor, write) for actor in ("scorer", "table_device", "anonymous", "other_director") for write in WRITES
]


@pytest.mark.parametrize("write", WRITES)
def test_the_director_may_write_hand_records(write: str) -> None:
    cast = make_cast(game=Event.Game.WHIST) if write == "state a turned card" else make_cast()
    url, data = WRITES[write](cast)
    response = cast.clients["director"].post(url, data)
    assert response.status_code == 302
    assert boards_of(cast) != [("", "", "")] * 6
    assert AuditEntry.objects.filter(event=cast.event, user=cast.director).exists()


@pytest.mark.parametrize(("actor", "write"), REFUSED, ids=[f"{a} cannot {w}" for a, w in REFUSED])
def test_no_one_else_may_write_hand_records_and_nothing_changes(actor: str, write: str) -> None:
    cast = make_cast(game=Event.Game.WHIST)
    url, data = WRITES[write](cast)
    before = (fingerprint(cast.event), boards_of(cast))
    response = cast.clients[actor].post(url, data)
    if actor == "scorer":
        assert response.status_code == 403
    elif actor == "other_director":
        assert response.status_code == 404
    else:
        assert response.status_code == 302 and response.url.startswith(reverse("login"))
    assert (fingerprint(cast.event), boards_of(cast)) == before


@pytest.mark.parametrize("actor", ["table_device", "anonymous", "other_director"])
@pytest.mark.parametrize("page", ["hand_records", "deals_export"])
def test_outsiders_never_see_the_deals(actor: str, page: str) -> None:
    cast = make_cast()
    hand_records.deal_boards(event=cast.event, seed=1, user=cast.director)
    args = [*cast.url_args(), "A"] if page == "deals_export" else cast.url_args()
    response = cast.clients[actor].get(reverse(page, args=args))
    assert response.status_code in (302, 404)
    assert b"[Deal" not in response.content


def test_the_director_downloads_the_deals_and_they_read_back() -> None:
    cast = make_cast()
    hand_records.deal_boards(event=cast.event, seed=21, user=cast.director)
    response = cast.clients["scorer"].get(reverse("deals_export", args=[*cast.url_args(), "A"]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="deals-{cast.event.pk}.pbn"'
    assert [r.hands for r in read_hand_records(response.content)] == [
        r.hands for r in deal_from_seed(21, range(1, 7))
    ]


@pytest.mark.parametrize(
    ("data", "name", "message"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" * 10, "photo.png", "This is not a PBN file"),
        (b"x" * 1_000_001, "huge.pbn", "The file is 1,000 kB"),
        (pbn(3, range(1, 9)), "night.pbn", "The file has 8 boards but section A plays 6"),
        (b"", "empty.pbn", "The file is empty"),
    ],
    ids=["not pbn", "over 1 MB", "wrong number of boards", "empty"],
)
def test_a_bad_upload_is_told_in_a_sentence_and_changes_nothing(data: bytes, name: str, message: str) -> None:
    cast = make_cast()
    before = (fingerprint(cast.event), boards_of(cast))
    response = cast.clients["director"].post(
        reverse("deals_import", args=cast.url_args()), {"file": upload(data, name), "section": "A"}
    )
    assert response.status_code == 400
    assert message in response.content.decode()
    assert (fingerprint(cast.event), boards_of(cast)) == before


def test_a_bad_seed_is_told_in_a_sentence() -> None:
    cast = make_cast()
    response = cast.clients["director"].post(reverse("deals_deal", args=cast.url_args()), {"seed": "x"})
    assert response.status_code == 400
    assert "The seed is a whole number." in response.content.decode()


def test_a_turned_card_the_dealer_does_not_hold_is_refused_on_the_page() -> None:
    cast = make_cast(game=Event.Game.WHIST)
    hand_records.deal_boards(event=cast.event, seed=4, user=cast.director)
    board = Board.objects.get(section=cast.section, number=1)
    east = sorted(str(c) for c in Hands.parse(board.hands).hands[1].cards)[0]
    response = cast.clients["director"].post(
        reverse("board_turned", args=[*cast.url_args(), "A"]), {"board": "1", "card": east}, follow=True
    )
    assert "is not in North&#x27;s hand" in response.content.decode()
    assert Board.objects.get(pk=board.pk).turned == board.turned


def test_an_import_after_results_flags_them_on_the_import_the_page_and_the_running_view() -> None:
    cast = make_cast()
    (record,) = deal_from_seed(8, [1])
    true = honours_held(record.hands, Strain.parse("H"))
    typed = (0, 0, 0, 0) if sum(true) else (1, 0, 0, 0)
    seating = next(s for s in (cast.seating(1, t) for t in (1, 2, 3)) if 1 in s.board_numbers)
    make_result(seating, 1, "3H N 9", honours=typed, user=cast.director)
    url, data = import_file(cast)
    response = cast.clients["director"].post(url, data, follow=True)
    flag = f"Board 1, round {seating.round}, table {seating.table.number} (3H): typed"
    assert "Stored the deals of 6 boards in section A; 1 result typed honours" in response.content.decode()
    assert flag in response.content.decode()
    page = cast.clients["director"].get(reverse("hand_records", args=cast.url_args())).content.decode()
    assert flag in page
    running = cast.clients["director"].get(reverse("event_run", args=cast.url_args())).content.decode()
    assert flag in running


def test_the_page_is_linked_from_the_event_navigation() -> None:
    cast = make_cast()
    page = cast.clients["director"].get(reverse("event_run", args=cast.url_args())).content.decode()
    assert reverse("hand_records", args=cast.url_args()) in page


@pytest.mark.parametrize("pairs", [pytest.param(6, id="3 tables"), pytest.param(12, id="6 tables")])
def test_the_hand_records_page_runs_nine_queries(django_assert_num_queries: Any, pairs: int) -> None:
    cast = make_cast(pairs=pairs)
    hand_records.deal_boards(event=cast.event, seed=2, user=cast.director)
    for table in range(1, pairs // 2 + 1):
        seating = cast.seating(1, table)
        for number in seating.board_numbers:
            make_result(seating, number, "1NT N 7", honours=(1, 1, 1, 1), user=cast.director)
    # session, user, event with its club, the user's role, sections; for the section: its boards,
    # its results with seatings and tables; the sections again for each form's choice of section.
    with django_assert_num_queries(9):
        response = cast.clients["director"].get(reverse("hand_records", args=cast.url_args()))
    assert response.status_code == 200


def test_the_audit_log_shows_each_boards_deal_before_and_after() -> None:
    cast = make_cast()
    hand_records.deal_boards(event=cast.event, seed=6, user=cast.director)
    deal = Board.objects.get(section=cast.section, number=1).hands
    page = cast.clients["director"].get(reverse("audit_log", args=cast.url_args())).content.decode()
    assert "Hand records of section A" in page
    assert "Board 1" in page and deal in page


@pytest.mark.parametrize("letter", ["A%00", "%C2%B2", "ABCDE"])
def test_a_strange_section_letter_is_not_found(letter: str) -> None:
    cast = make_cast()
    base = reverse("deals_export", args=[*cast.url_args(), "A"])
    assert cast.clients["director"].get(base.replace("/s/A/", f"/s/{letter}/")).status_code == 404
