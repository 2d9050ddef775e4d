"""A contract bridge night written as PBN 2.1 and USEBIO 1.2, read back by the engine's readers.

The night is the spec's format example (§6.1, §6.2; TV-35): three tables play board 1,
N-S +450, +420, +420, so N-S score 4, 1 and 1 matchpoints (European, top 4), E-W 0, 3
and 3; the standings are 100 %, 25 % and 25 %, the last two tied for places 2-3. Each file
is read back with the engine's reader and checked field by field against the event.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.core.management import call_command
from django.urls import reverse

from scoring.contests.ranking import Place
from scoring.contract.board import Vulnerability, dealer, vulnerability
from scoring.files.pbn_session import read_pbn_session
from scoring.files.session import Session
from scoring.files.usebio import read_usebio
from scoring.shared.cards import Hands
from scoring.shared.seats import Seat, Side
from tests.tournament.contract_night import make_contract_event, play_contract
from tests.tournament.factories import make_club, make_member
from tournament.interchange.files import ExportRefused, event_session, export_session
from tournament.models import Board, Event, Membership, Pair, Seating
from tournament.services import events as event_service

pytestmark = pytest.mark.django_db

DEAL = "N:A764.AK4.A8.J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94"
RESULTS = {1: "4S S +1", 2: "4S S =", 3: "4S N ="}
NAMES = {1: ("Ann Able", "Bob Baker"), 2: ("Cy Cole", "Di Dean"), 3: ("Ed Eve", "Flo Fox")}


def spec_night() -> tuple[Event, Any, dict[int, str]]:
    """The spec's example: board 1 at three tables; returns the event, its director, table → N-S label."""
    club = make_club("Example BC")
    director = make_member(club)
    event = make_contract_event(club, director, name="Club Pairs")
    Board.objects.filter(section__event=event, number=1).update(hands=DEAL)
    ns_at: dict[int, str] = {}

    def text_for(seating: Seating, board: int) -> str | None:
        if board != 1:
            return None
        ns_at[seating.table.number] = seating.ns.label
        return RESULTS[seating.table.number]

    play_contract(event, text_for, user=director)
    for table, label in ns_at.items():
        pair = Pair.objects.get(section__event=event, label=label)
        event_service.name_pair(pair=pair, first=NAMES[table][0], second=NAMES[table][1], user=director)
    return event, director, ns_at


def check_against_the_spec(read: Session, ns_at: dict[int, str]) -> None:
    assert read.event.name == "Club Pairs"
    assert read.event.club == "Example BC" or read.event.site == "Example BC"
    board = read.board(1)
    assert board is not None
    assert board.hands == Hands.parse(DEAL)
    # USEBIO gives neither: they come from the board's number (spec §1.3).
    assert (board.dealer or dealer(1)) is Seat.N
    assert (board.vulnerability or vulnerability(1)) is Vulnerability.NONE
    lines = sorted(read.lines_of(1), key=lambda line: line.table or 0)
    assert [line.table for line in lines] == [1, 2, 3]
    assert [line.ns for line in lines] == [ns_at[1], ns_at[2], ns_at[3]]
    assert [line.contract for line in lines] == ["4S", "4S", "4S"]
    assert [line.declarer for line in lines] == [Seat.S, Seat.S, Seat.N]
    assert [line.tricks for line in lines] == [11, 10, 10]
    assert [line.score for line in lines] == [450, 420, 420]
    assert [line.reported.ns for line in lines] == [Decimal(4), Decimal(1), Decimal(1)]
    assert [line.reported.ew for line in lines] == [Decimal(0), Decimal(3), Decimal(3)]
    standings = {p.id: p for p in read.participants}
    first, second, third = (standings[ns_at[table]] for table in (1, 2, 3))
    assert first.names == "Ann Able - Bob Baker"
    assert second.names == "Cy Cole - Di Dean"
    assert [p.direction for p in (first, second, third)] == [Side.NS] * 3
    assert [p.reported.total for p in (first, second, third)] == [Decimal(4), Decimal(1), Decimal(1)]
    assert [p.reported.percent for p in (first, second, third)] == [Decimal(100), Decimal(25), Decimal(25)]
    assert [p.reported.place for p in (first, second, third)] == [Place(1, 1), Place(2, 3), Place(2, 3)]
    east_west = [p for p in read.participants if p.direction is Side.EW]
    assert sorted(p.reported.total for p in east_west) == [Decimal(0), Decimal(3), Decimal(3)]
    assert sorted(p.reported.place.first for p in east_west if p.reported.place) == [1, 1, 3]


def test_the_pbn_file_reads_back_as_the_spec_example() -> None:
    event, _, ns_at = spec_night()
    name, content_type, content = export_session(event, "pbn")
    assert name.endswith(".pbn") and content_type.startswith("application/x-pbn")
    text = content.decode("utf-8")
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n")
    assert '[Scoring "MatchPoints"]' in text
    assert "[TotalScoreTable " in text and "[ScoreTable " in text
    read = read_pbn_session(content)
    assert read.event.scoring == "MatchPoints"
    check_against_the_spec(read, ns_at)


def test_the_usebio_file_reads_back_as_the_spec_example() -> None:
    event, _, ns_at = spec_night()
    name, _, content = export_session(event, "usebio")
    assert name.endswith(".xml")
    assert b'<USEBIO Version="1.2">' in content and b'EVENT_TYPE="MP_PAIRS"' in content
    read = read_usebio(content)
    assert read.event.event_type == "MP_PAIRS"
    assert read.event.winner_type == 2
    assert b"<PLACE>2=</PLACE>" in content
    check_against_the_spec(read, ns_at)


def test_the_files_hold_every_result_of_a_full_night_and_the_products_figures() -> None:
    from tests.tournament.contract_night import varied

    event = make_contract_event(method=Event.Method.BUTLER)
    director = Membership.objects.get(club=event.club).user
    play_contract(event, varied, user=director)
    written = event_session(event)
    played = Seating.objects.filter(section__event=event)
    assert len(written.lines) == sum(len(s.board_numbers) for s in played)
    for format, reader in (("pbn", read_pbn_session), ("usebio", read_usebio)):
        read = reader(export_session(event, format)[2])
        assert [(line.board, line.ns, line.ew, line.score) for line in read.lines] == [
            (line.board, line.ns, line.ew, line.score) for line in written.lines
        ]
        assert [line.reported.ns for line in read.lines] == [line.reported.ns for line in written.lines]
        datums = {board.number: board.datum for board in read.boards}
        assert datums == {board.number: board.datum for board in written.boards}
        assert all(datum is not None for datum in datums.values())
        assert {p.id: p.reported.total for p in read.participants} == {
            p.id: p.reported.total for p in written.participants
        }


def test_an_auction_night_is_not_a_results_file() -> None:
    from tests.tournament.factories import make_event

    event = make_event(make_club())
    with pytest.raises(ExportRefused, match="contract bridge pairs"):
        export_session(event, "pbn")


def test_the_command_writes_the_file(tmp_path: Any) -> None:
    event, _, ns_at = spec_night()
    target = tmp_path / "night.xml"
    call_command("export_session", str(event.pk), "--format", "usebio", "--output", str(target))
    check_against_the_spec(read_usebio(target.read_bytes()), ns_at)


def test_the_director_downloads_both_files(client: Any) -> None:
    event, director, ns_at = spec_night()
    client.force_login(director)
    for format, reader in (("pbn", read_pbn_session), ("usebio", read_usebio)):
        response = client.get(reverse("session_export", args=[event.club.slug, event.pk, format]))
        assert response.status_code == 200
        assert response["Content-Disposition"].startswith("attachment;")
        check_against_the_spec(reader(response.content), ns_at)


def test_another_clubs_director_cannot_export(client: Any) -> None:
    event, _, _ = spec_night()
    other = make_member(make_club("Another club"), Membership.Role.DIRECTOR)
    client.force_login(other)
    for format in ("pbn", "usebio"):
        response = client.get(reverse("session_export", args=[event.club.slug, event.pk, format]))
        assert response.status_code == 404
    client.logout()
    response = client.get(reverse("session_export", args=[event.club.slug, event.pk, "pbn"]))
    assert response.status_code == 302
