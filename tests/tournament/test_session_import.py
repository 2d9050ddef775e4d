"""Scored sessions imported from the real files other programs wrote, and scored again by the product.

Every real pairs file in tests/conformance/realworld/ that a club night can hold (matchpoints
with Neuberg and artificial scores, Butler and cross-IMPs, one field or two winners, several
sections as one field) is imported; the product's own scoring of the imported night agrees
with the file's figures on every pair and every traveller line, except the two lines whose
matchpoints a Compscore director set by hand (SOURCES.md, file 8). The second session of
the Finnish championship, added to the first as one event of two sessions, reproduces the
running totals. Another club's people reach nothing; a bad file leaves nothing behind.
"""

from __future__ import annotations

import re
import threading
import uuid
from collections import defaultdict
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import connection
from django.urls import reverse

from scoring.files.pbn_session import read_pbn_session
from tests.tournament.factories import make_club, make_member
from tournament.games import CONTRACT
from tournament.interchange.compare import SessionComparison, compare_event
from tournament.interchange.files import export_session, session_sheets
from tournament.interchange.importing import Imported, SessionRefused, import_session
from tournament.models import (
    AuditEntry,
    Board,
    Event,
    Membership,
    Pair,
    Player,
    Result,
    Ruling,
    Seating,
    Section,
    SessionFile,
)
from tournament.services import analyses
from tournament.services.changes import edit_event

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def deals_left_unanalysed(monkeypatch: pytest.MonkeyPatch) -> None:
    """An imported session's figures do not depend on its deals' double-dummy analysis (made apart,
    tested in test_double_dummy_analyses): hundreds of real deals are not solved here."""
    monkeypatch.setattr(analyses, "request", lambda board_ids: None)


REAL = Path(__file__).resolve().parents[1] / "conformance" / "realworld"
PAIRS_FILES = [
    "compscore_usebio_butler_mitchell.xml",
    "compscore_usebio_cross_imp_howell.xml",
    "compscore_usebio_mp_howell.xml",
    "compscore_usebio_mp_mitchell_neuberg.xml",
    "magiccontest_butler_imp_pairs_h6_2013.pbn",
    "ruter_cross_imp_pairs_orebro2011.pbn",
    "ruter_mp_pairs_fin_sm2014_s1.pbn",
    "ruter_mp_pairs_fin_sm2014_s2.pbn",
]
ADJUSTED = "compscore_usebio_mp_mitchell_adjusted.xml"
DIRECTOR_SET = {(3, "1NS", "1EW"), (4, "1NS", "21EW")}


def everything() -> tuple[int, ...]:
    """Every kind of row an import writes: nothing may be left behind by a refused file."""
    return tuple(
        model.objects.count()
        for model in (Event, Section, Pair, Player, Board, Seating, Result, Ruling, SessionFile, AuditEntry)
    )


def imported(name: str, **kwargs: Any) -> Imported:
    club = kwargs.pop("club", None) or make_club()
    user = kwargs.pop("user", None) or make_member(club)
    return import_session(club=club, user=user, content=(REAL / name).read_bytes(), name=name, **kwargs)


def only(comparisons: list[SessionComparison]) -> SessionComparison:
    assert len(comparisons) == 1
    return comparisons[0]


@pytest.mark.parametrize("name", PAIRS_FILES)
def test_the_products_scoring_of_a_real_session_agrees_with_the_file(name: str) -> None:
    result = imported(name)
    assert result.event is not None
    comparison = only(compare_event(result.event))
    figures = result.file.figures if result.file else {}
    scored = [line for line in figures["lines"] if line["score"] is not None or line["adjusted"]]
    assert comparison.lines == len(scored) > 0
    assert len(comparison.standings) == len(figures["participants"]) > 0
    assert comparison.differences == ()
    assert comparison.standings_differing == []
    assert comparison.agrees


def test_only_the_two_lines_a_director_set_by_hand_differ() -> None:
    result = imported(ADJUSTED)
    assert result.event is not None and result.file is not None
    comparison = only(compare_event(result.event))
    assert comparison.lines == 567
    assert {(d.board, d.ns, d.ew) for d in comparison.differences} == DIRECTOR_SET
    # Those two lines alone explain the three pairs' totals: the file's figures on them, put in
    # place of the product's, give the file's totals; every place is the same.
    tables = {
        (table.board, table.ns, table.ew): table
        for own in map(CONTRACT.own_figures, session_sheets(result.event, 1))
        for board in (own.boards.values() if own is not None else ())
        for table in board.tables
    }
    shift: dict[str, Fraction] = defaultdict(Fraction)
    for line in result.file.figures["lines"]:
        key = (line["board"], line["ns"], line["ew"])
        if key in DIRECTOR_SET:
            table = tables[key]
            assert table.ns_figure is not None and table.ew_figure is not None
            shift[line["ns"]] += Fraction(Decimal(line["ns_figure"])) - table.ns_figure
            shift[line["ew"]] += Fraction(Decimal(line["ew_figure"])) - table.ew_figure
    differing = {row.label: row for row in comparison.standings_differing}
    assert set(differing) == set(shift) == {"1NS", "1EW", "21EW"}
    for label, row in differing.items():
        assert row.place_agrees
        assert row.total.product is not None and row.total.file is not None
        assert abs(Fraction(row.total.file) - row.total.product - shift[label]) <= Fraction(1, 200)


def test_two_sessions_of_one_championship_make_one_event_with_running_totals() -> None:
    club = make_club()
    director = make_member(club)
    first = imported("ruter_mp_pairs_fin_sm2014_s1.pbn", club=club, user=director)
    assert first.event is not None
    second = imported("ruter_mp_pairs_fin_sm2014_s2.pbn", club=club, user=director, event=first.event)
    assert second.event == first.event and second.session == 2
    assert sorted(first.event.sections.values_list("session", flat=True)) == [1, 2]
    one, two = compare_event(first.event)
    assert one.agrees and two.agrees
    assert len(two.running) == 36
    assert all(row.agrees for row in two.running)
    # The running figures are sm1's totals and sm2's added (105 boards of top 34).
    leader = next(row for row in two.running if row.label == "2")
    assert leader.total.file == Decimal("2084.4")
    assert leader.percent.file == Decimal("58.39")
    assert leader.total.product is not None and leader.percent.product is not None
    assert abs(leader.percent.product - 100 * leader.total.product / (105 * 34)) < Fraction(1, 10**9)


def test_the_second_session_alone_is_compared_on_its_own_figures() -> None:
    result = imported("ruter_mp_pairs_fin_sm2014_s2.pbn")
    assert result.event is not None
    comparison = only(compare_event(result.event))
    assert comparison.agrees
    assert comparison.running == ()
    assert "run over 2 sessions" in comparison.running_note


def test_a_later_session_is_written_with_the_session_and_the_running_figures() -> None:
    club = make_club()
    first = imported("ruter_mp_pairs_fin_sm2014_s1.pbn", club=club)
    assert first.event is not None
    imported("ruter_mp_pairs_fin_sm2014_s2.pbn", club=club, user=first.file.imported_by, event=first.event)
    read = read_pbn_session(export_session(first.event, "pbn", 2)[2])
    assert read.event.session == 2 and read.event.session_count == 2
    source = read_pbn_session((REAL / "ruter_mp_pairs_fin_sm2014_s2.pbn").read_bytes())
    theirs = {p.id: p.reported for p in source.participants}
    for participant in read.participants:
        mine = participant.reported
        assert mine.session_place == theirs[participant.id].session_place
        assert mine.place == theirs[participant.id].place
        assert abs(mine.total - theirs[participant.id].total) <= Decimal("0.05")
        assert abs(mine.session_total - theirs[participant.id].session_total) <= Decimal("0.05")


def test_the_import_keeps_the_files_facts() -> None:
    result = imported("magiccontest_butler_imp_pairs_h6_2013.pbn")
    event = result.event
    assert event is not None
    assert (event.game, event.form, event.status) == (
        Event.Game.CONTRACT,
        Event.Form.PAIRS,
        Event.Status.LOCKED,
    )
    assert event.name == "H6 20.8.2013" and str(event.date) == "2013-08-20"
    assert (event.method, event.datum_drop, event.scale_sit_outs) == (Event.Method.BUTLER, 1, True)
    section = event.sections.get()
    assert (section.rounds, section.boards_per_round, section.tables) == (7, 4, 4)
    pair = Pair.objects.select_related("player1", "player2").get(section=section, label="5")
    assert (pair.player1.name, pair.player2.name) == ("Riku Mattila", "Patrik Eriksson")
    assert pair.player1.number == "1349"
    board = Board.objects.get(section=section, number=1)
    assert (board.dealer, board.vulnerability, board.hands) == ("N", "", "")
    # Board 1, table 1, round 1: pair 8 N-S against pair 1, 2H by West, 7 tricks (N-S +50).
    first = Result.objects.select_related("ns", "ew", "seating__table").get(
        section=section, board=board, seating__table__number=1
    )
    assert (first.ns.label, first.ew.label, first.seating.round) == ("8", "1", 1)
    assert (first.level, first.strain, first.doubling, first.declarer, first.tricks) == (2, "H", "", "W", 7)
    assert first.status == Result.Status.CONFIRMED
    assert Result.objects.filter(section=section).count() == 84
    entry = AuditEntry.objects.get(event=event)
    assert entry.subject.startswith("Session 1 imported from magiccontest")
    assert result.file is not None and len(result.file.digest) == 64


def test_artificial_scores_become_the_directors_rulings_under_law_12c2() -> None:
    result = imported("compscore_usebio_mp_howell.xml")
    assert result.event is not None
    ruling = Ruling.objects.select_related("result__board").get(result__section__event=result.event)
    assert (ruling.kind, ruling.law, ruling.ns_average, ruling.ew_average) == (
        "artificial",
        "Law 12C2",
        "A",
        "A",
    )
    assert ruling.result.board.number == 26 and ruling.result.not_played


def test_deals_and_vulnerability_come_from_the_file() -> None:
    result = imported("ruter_mp_pairs_fin_sm2014_s1.pbn")
    source = read_pbn_session((REAL / "ruter_mp_pairs_fin_sm2014_s1.pbn").read_bytes())
    assert result.event is not None
    boards = {b.number: b for b in Board.objects.filter(section__event=result.event)}
    for record in source.boards:
        board = boards[record.number]
        assert record.hands is not None and board.hands == record.hands.to_pbn()
        assert record.dealer is not None and board.dealer == record.dealer.value


def test_a_changed_setting_shows_in_the_comparison() -> None:
    result = imported("compscore_usebio_mp_howell.xml")
    event = result.event
    assert event is not None
    director = Membership.objects.get(club=event.club).user
    event.status = Event.Status.RUNNING
    event.save(update_fields=["status"])
    edit_event(event=event, user=director, name=event.name, date=event.date, scale=Event.Scale.ACBL)
    comparison = only(compare_event(Event.objects.get(pk=event.pk)))
    assert len(comparison.differences) > 100
    assert comparison.standings_differing


def test_the_teams_file_is_refused_with_its_reason_and_nothing_kept() -> None:
    before = everything()
    with pytest.raises(SessionRefused, match="teams event"):
        imported("ruter_teams_vp_salo2013.pbn")
    assert everything() == before


PBN_HEAD = (
    b'[Event "x"]\n[Board "1"]\n[Scoring "MatchPoints"]\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;'
    b'Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\5R;Score_EW\\5R"]\n'
)
BAD_FILES = [
    pytest.param(
        b"Hello, this is a letter, not a results file.\n", "Line 1 is not PBN", id="not-a-results-file"
    ),
    pytest.param(
        (REAL / "compscore_usebio_cross_imp_howell.xml").read_bytes()[:30000], "Line", id="truncated-xml"
    ),
    pytest.param(b"<html><body>results</body></html>", "not <USEBIO>", id="html"),
    pytest.param(
        PBN_HEAD + b'1 2 4S S 10 "abc" -\n',
        "Line 5",
        id="score-abc",
    ),
    pytest.param(
        PBN_HEAD + b"1 2 4S\n",
        "Line 5",
        id="row-too-short",
    ),
    pytest.param(
        PBN_HEAD + b'1 2 4S S 10 "420" -\n3 4 - - - "620" -\n',
        "no contract",
        id="score-without-contract",
    ),
    pytest.param(
        PBN_HEAD + b'1 2 4S S 10 "420" -\n1 4 4S S 10 "420" -\n',
        "pair 1 has two results",
        id="a-pair-twice-on-a-board",
    ),
    pytest.param(
        b'<?xml version="1.0"?><USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><BOARD>'
        b"<BOARD_NUMBER>1</BOARD_NUMBER>"
        b"<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
        b"<CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE>"
        b"<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>"
        b"<SCORE>A5545</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>",
        "Law 12C2",
        id="an-award-the-event-has-not",
    ),
    pytest.param(
        b'<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY boom "x">]><USEBIO Version="1.2"/>',
        "refused",
        id="entity-declaration",
    ),
]


@pytest.mark.parametrize(("content", "message"), BAD_FILES)
def test_a_bad_file_gets_a_sentence_and_leaves_nothing_behind(content: bytes, message: str) -> None:
    club = make_club()
    director = make_member(club)
    before = everything()
    with pytest.raises(SessionRefused, match=message):
        import_session(club=club, user=director, content=content, name="bad.pbn")
    assert everything() == before


def test_a_dry_run_checks_everything_and_keeps_nothing() -> None:
    club = make_club()
    director = make_member(club)
    before = everything()
    result = imported("compscore_usebio_butler_mitchell.xml", club=club, user=director, dry_run=True)
    assert result.event is None and result.summary.startswith("Checked, nothing changed")
    assert everything() == before


# The page and the command ------------------------------------------------------------------


def upload(name: str, content: bytes | None = None) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content if content is not None else (REAL / name).read_bytes())


def test_the_director_imports_through_the_page_and_reads_the_comparison(client: Any) -> None:
    club = make_club()
    client.force_login(make_member(club))
    response = client.get(reverse("session_import", args=[club.slug]))
    assert response.status_code == 200
    response = client.post(
        reverse("session_import", args=[club.slug]), {"file": upload("compscore_usebio_cross_imp_howell.xml")}
    )
    event = Event.objects.get(club=club)
    assert response.status_code == 302
    assert response.url == reverse("session_files", args=[club.slug, event.pk])
    page = client.get(response.url)
    assert page.status_code == 200
    text = page.content.decode()
    assert "agrees with the file on all 108 traveller lines" in text
    assert 'id="session-standings-1"' in text


def test_the_page_lists_the_differing_lines(client: Any) -> None:
    club = make_club()
    director = make_member(club)
    result = imported(ADJUSTED, club=club, user=director)
    assert result.event is not None
    client.force_login(director)
    page = client.get(reverse("session_files", args=[club.slug, result.event.pk]))
    text = page.content.decode()
    assert "2 traveller line(s) of 567" in text
    assert "N-S 23 MP in the file, 20.0 here; E-W 11 in the file, 20.0 here." in text or "N-S 23 MP" in text


def test_the_page_refuses_a_bad_file_on_the_form(client: Any) -> None:
    club = make_club()
    client.force_login(make_member(club))
    before = everything()
    response = client.post(
        reverse("session_import", args=[club.slug]), {"file": upload("bad.xml", b"<USEBIO><EVENT>")}
    )
    assert response.status_code == 400
    assert "not well-formed XML" in response.content.decode()
    assert "Nothing was imported" in response.content.decode()
    assert everything() == before


def test_a_file_too_large_is_refused_before_it_is_read(client: Any, monkeypatch: Any) -> None:
    from tournament.forms import session_files as form_module

    monkeypatch.setattr(form_module, "MOST_BYTES", 1000)
    club = make_club()
    client.force_login(make_member(club))
    response = client.post(
        reverse("session_import", args=[club.slug]), {"file": upload("compscore_usebio_mp_howell.xml")}
    )
    assert response.status_code == 400
    assert "at most 1 kB" in response.content.decode()
    assert not Event.objects.exists()


def test_the_next_session_is_added_from_the_page(client: Any) -> None:
    club = make_club()
    director = make_member(club)
    first = imported("ruter_mp_pairs_fin_sm2014_s1.pbn", club=club, user=director)
    assert first.event is not None
    client.force_login(director)
    response = client.post(
        reverse("session_import", args=[club.slug]),
        {"file": upload("ruter_mp_pairs_fin_sm2014_s2.pbn"), "event": first.event.pk},
    )
    assert response.status_code == 302
    assert Event.objects.filter(club=club).count() == 1
    page = client.get(reverse("session_files", args=[club.slug, first.event.pk])).content.decode()
    assert 'id="running-standings-2"' in page
    assert "Running totals over sessions 1 to 2." in page


# Who may import and read --------------------------------------------------------------------


def test_another_clubs_director_cannot_import_into_this_club(client: Any) -> None:
    club = make_club()
    make_member(club)
    client.force_login(make_member(make_club("Another club")))
    before = everything()
    url = reverse("session_import", args=[club.slug])
    assert client.get(url).status_code == 404
    response = client.post(url, {"file": upload("compscore_usebio_cross_imp_howell.xml")})
    assert response.status_code == 404
    assert everything() == before


def test_another_clubs_director_cannot_add_a_session_to_this_clubs_event(client: Any) -> None:
    club = make_club()
    result = imported("ruter_mp_pairs_fin_sm2014_s1.pbn", club=club)
    assert result.event is not None
    theirs = make_club("Another club")
    client.force_login(make_member(theirs))
    before = everything()
    response = client.post(
        reverse("session_import", args=[theirs.slug]),
        {"file": upload("ruter_mp_pairs_fin_sm2014_s2.pbn"), "event": result.event.pk},
    )
    assert response.status_code == 400
    assert "Choose one of the club" in response.content.decode()
    assert everything() == before


def test_another_clubs_director_cannot_read_the_comparison_or_download(client: Any) -> None:
    result = imported("compscore_usebio_cross_imp_howell.xml")
    assert result.event is not None
    club = result.event.club
    client.force_login(make_member(make_club("Another club")))
    for url in (
        reverse("session_files", args=[club.slug, result.event.pk]),
        reverse("session_export", args=[club.slug, result.event.pk, "usebio"]),
    ):
        assert client.get(url).status_code == 404


def test_a_scorer_may_read_but_not_import(client: Any) -> None:
    result = imported("compscore_usebio_cross_imp_howell.xml")
    assert result.event is not None
    club = result.event.club
    client.force_login(make_member(club, Membership.Role.SCORER))
    assert client.get(reverse("session_files", args=[club.slug, result.event.pk])).status_code == 200
    before = everything()
    response = client.post(
        reverse("session_import", args=[club.slug]), {"file": upload("compscore_usebio_mp_howell.xml")}
    )
    assert response.status_code == 403
    assert everything() == before


def test_an_anonymous_visitor_is_sent_to_log_in(client: Any) -> None:
    club = make_club()
    response = client.post(
        reverse("session_import", args=[club.slug]), {"file": upload("compscore_usebio_mp_howell.xml")}
    )
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    assert not Event.objects.exists()


def test_the_comparison_page_runs_a_fixed_number_of_queries(
    client: Any, django_assert_num_queries: Any
) -> None:
    club = make_club()
    director = make_member(club)
    client.force_login(director)
    small = imported("compscore_usebio_cross_imp_howell.xml", club=club, user=director)
    large = imported("compscore_usebio_mp_mitchell_adjusted.xml", club=club, user=director)
    for result in (small, large):
        assert result.event is not None
        # The login session and its user; the event and the user's role; the imported files with
        # their importer; the sections; the section's version, its pairs, boards, results and
        # rulings (loaded afresh: four more than when whole pickled sheets were kept, the same for
        # any night) and the figures kept for them (the night was scored when it was imported,
        # closed); the role again for the import link.
        with django_assert_num_queries(QUERIES):
            response = client.get(reverse("session_files", args=[club.slug, result.event.pk]))
        assert response.status_code == 200


QUERIES = 13


# The command -----------------------------------------------------------------------------------


def test_the_command_imports_a_file_and_says_what_it_did(capsys: Any) -> None:
    club = make_club()
    make_member(club)
    call_command(
        "import_session", str(REAL / "magiccontest_butler_imp_pairs_h6_2013.pbn"), "--club", club.slug
    )
    output = capsys.readouterr().out
    assert "Imported magiccontest_butler_imp_pairs_h6_2013.pbn as session 1" in output
    assert "28 Bye row(s)" in output
    assert Event.objects.filter(club=club).count() == 1


def test_the_command_dry_run_changes_nothing(capsys: Any) -> None:
    club = make_club()
    make_member(club)
    before = everything()
    call_command("import_session", str(REAL / "compscore_usebio_mp_howell.xml"), "--dry-run")
    assert "Checked, nothing changed" in capsys.readouterr().out
    assert everything() == before


def test_the_command_refuses_a_bad_file(tmp_path: Path) -> None:
    club = make_club()
    make_member(club)
    bad = tmp_path / "bad.pbn"
    bad.write_bytes(b"nothing here")
    before = everything()
    with pytest.raises(CommandError, match=r"bad\.pbn: .*Nothing was imported"):
        call_command("import_session", str(bad), "--club", club.slug)
    assert everything() == before


def test_an_exported_night_imports_back_and_agrees_with_itself() -> None:
    from tests.tournament.contract_night import make_contract_event, play_contract, varied

    event = make_contract_event(method=Event.Method.BUTLER, pairs=8)
    director = Membership.objects.get(club=event.club).user
    play_contract(event, varied, user=director)
    for format in ("pbn", "usebio"):
        content = export_session(event, format)[2]
        result = import_session(club=event.club, user=director, content=content, name=f"night.{format}")
        assert result.event is not None
        comparison = only(compare_event(result.event))
        assert comparison.lines == Result.objects.filter(section__event=event).count()
        assert comparison.agrees, (comparison.differences[:3], comparison.standings_differing[:3])


# The spec's own examples (§6.1, §6.2; TV-35): each direction numbered from 1 ----------------------

SPEC_PBN = "\n".join(
    [
        "% PBN 2.1",
        "% EXPORT",
        '[Event "Club Pairs"]',
        '[Site "Example BC"]',
        '[Date "2025.01.15"]',
        '[Board "1"]',
        '[West ""]',
        '[North ""]',
        '[East ""]',
        '[South ""]',
        '[Dealer "N"]',
        '[Vulnerable "None"]',
        '[Deal "N:A764.AK4.A8.J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94"]',
        '[Scoring "MP"]',
        '[Declarer "S"]',
        '[Contract "4S"]',
        '[Result "11"]',
        '[ScoreTable "Table\\1R;Round\\1R;PairId_NS\\1R;PairId_EW\\1R;Contract\\4L;Declarer\\1R;Result\\2R;'
        'Score_NS\\5R;Score_EW\\5R;MP_NS\\3R;MP_EW\\3R"]',
        '1 1 1 1 4S   S 11 "450" - 4.0 0.0',
        '2 1 2 2 4S   S 10 "420" - 1.0 3.0',
        '3 1 3 3 4S   N 10 "420" - 1.0 3.0',
        '[TotalScoreTable "Rank\\1R;RankTie\\1R;PairId\\1R;Direction\\5R;TotalScoreMP\\4R;'
        'TotalPercentage\\6R;Names\\20L"]',
        '1 - 1 "N-S" 4.0 100.00 "Ann Able - Bob Baker"',
        '2 3 2 "N-S" 1.0 25.00 "Cy Cole - Di Dean"',
        '2 3 3 "N-S" 1.0 25.00 "Ed Eve - Flo Fox"',
        "",
    ]
).encode("latin-1")


def spec_usebio() -> bytes:
    pairs = ""
    for number, direction, percent, place, names in (
        (1, "NS", "100.00", "1", ("Ann Able", "Bob Baker")),
        (2, "NS", "25.00", "2=", ("Cy Cole", "Di Dean")),
        (3, "NS", "25.00", "2=", ("Ed Eve", "Flo Fox")),
        (1, "EW", "0.00", "3", ("Gus Gill", "Hal Hope")),
        (2, "EW", "75.00", "1=", ("Ivy Inge", "Jo Jones")),
        (3, "EW", "75.00", "1=", ("Kay King", "Lu Lamb")),
    ):
        people = "".join(f"<PLAYER><PLAYER_NAME>{name}</PLAYER_NAME></PLAYER>" for name in names)
        pairs += (
            f"<PAIR><PAIR_NUMBER>{number}</PAIR_NUMBER><DIRECTION>{direction}</DIRECTION>"
            f"<PERCENTAGE>{percent}</PERCENTAGE><PLACE>{place}</PLACE>{people}</PAIR>"
        )
    lines = "".join(
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{n}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{n}</EW_PAIR_NUMBER>"
        f"<CONTRACT>4S</CONTRACT><PLAYED_BY>{by}</PLAYED_BY><LEAD>JH</LEAD><TRICKS>{tricks}</TRICKS>"
        f"<SCORE>{score}</SCORE><NS_MATCH_POINTS>{ns}</NS_MATCH_POINTS><EW_MATCH_POINTS>{ew}</EW_MATCH_POINTS>"
        "</TRAVELLER_LINE>"
        for n, by, tricks, score, ns, ew in (
            (1, "S", 11, 450, 4, 0),
            (2, "S", 10, 420, 1, 3),
            (3, "N", 10, 420, 1, 3),
        )
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">\n'
        '<USEBIO Version="1.2"><CLUB><CLUB_NAME>Example BC</CLUB_NAME>'
        "<CLUB_ID_NUMBER>999</CLUB_ID_NUMBER></CLUB>"
        '<EVENT EVENT_TYPE="MP_PAIRS"><EVENT_DESCRIPTION>Club Pairs</EVENT_DESCRIPTION>'
        "<PROGRAM_NAME>ExampleScorer</PROGRAM_NAME><WINNER_TYPE>2</WINNER_TYPE><DATE>15/01/2025</DATE>"
        f"<SESSION_COUNT>1</SESSION_COUNT><SECTION_COUNT>1</SECTION_COUNT><PARTICIPANTS>{pairs}</PARTICIPANTS>"
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{lines}</BOARD></EVENT></USEBIO>"
    ).encode()


@pytest.mark.parametrize(
    "content", [pytest.param(SPEC_PBN, id="PBN"), pytest.param(spec_usebio(), id="USEBIO")]
)
def test_the_specs_example_imports_and_agrees(content: bytes) -> None:
    club = make_club()
    result = import_session(club=club, user=make_member(club), content=content, name="example")
    assert result.event is not None
    comparison = only(compare_event(result.event))
    assert comparison.lines == 3
    assert comparison.agrees
    section = result.event.sections.get()
    assert section.movement == Section.Movement.MITCHELL
    pairs = {p.label: p for p in Pair.objects.filter(section=section).select_related("player1", "player2")}
    assert sorted(pairs) == ["1EW", "1NS", "2EW", "2NS", "3EW", "3NS"]
    assert (pairs["1NS"].player1.name, pairs["1NS"].player2.name) == ("Ann Able", "Bob Baker")
    first = Result.objects.select_related("ns", "ew").get(section=section, seating__table__number=1)
    assert (first.ns.label, first.ew.label, first.level, first.strain, first.tricks) == (
        "1NS",
        "1EW",
        4,
        "S",
        11,
    )
    board = Board.objects.get(section=section, number=1)
    assert board.hands.startswith("N:A764.AK4.A8.J832") or b"HANDSET" not in content
    rows = {row.label: row for row in comparison.standings}
    assert rows["2NS"].file_place is not None and rows["2NS"].file_place.text == "2="
    assert rows["1NS"].percent.product == 100


def test_a_score_that_law_77_does_not_give_is_listed_on_its_board() -> None:
    club = make_club()
    content = SPEC_PBN.replace(b'2 1 2 2 4S   S 10 "420" - 1.0 3.0', b'2 1 2 2 4S   S 10 "430" - 1.0 3.0')
    result = import_session(club=club, user=make_member(club), content=content, name="example.pbn")
    assert result.event is not None
    comparison = only(compare_event(result.event))
    assert [(d.board, d.ns, d.ew) for d in comparison.differences] == [(1, "2NS", "2EW")]
    assert comparison.differences[0].what == ("N-S scored +430 in the file, +420 here (Law 77).",)


def test_sections_with_their_own_winners_stay_apart() -> None:
    rows = {
        "A": ['"A" 1 1 1 4S S 10 "420" -', '"A" 2 2 2 4S S 9 - "50"'],
        "B": ['"B" 1 1 1 3NT N 10 "430" -', '"B" 2 2 2 3NT N 9 "400" -'],
    }
    table = (
        '[ScoreTable "Section\\\\1R;Table\\\\1R;PairId_NS\\\\1R;PairId_EW\\\\1R;Contract\\\\3L;'
        'Declarer\\\\1R;Result\\\\2R;Score_NS\\\\5R;Score_EW\\\\5R"]'
    )
    standings = [
        '[TotalScoreTable "Rank\\\\1R;PairId\\\\1R;Section\\\\1R;Direction\\\\5R;TotalScoreMP\\\\4R"]',
        *(
            f'{rank} {pair} "{section}" "{side}" {mp}'
            for section in "AB"
            for rank, pair, side, mp in (
                (1, 1, "N-S", "2.0"),
                (2, 2, "N-S", "0.0"),
                (1, 2, "E-W", "2.0"),
                (2, 1, "E-W", "0.0"),
            )
        ),
    ]
    text = "\n".join(
        ['[Event "Two sections"]', '[Board "1"]', '[Scoring "MatchPoints"]', *standings, table]
        + rows["A"]
        + rows["B"]
    )
    club = make_club()
    result = import_session(club=club, user=make_member(club), content=text.encode(), name="two.pbn")
    assert result.event is not None
    assert sorted(result.event.sections.values_list("letter", flat=True)) == ["A", "B"]
    comparison = only(compare_event(result.event))
    assert comparison.lines == 4
    assert comparison.agrees, (comparison.differences, comparison.standings_differing)


@pytest.mark.parametrize("seed", range(24))
def test_a_damaged_real_file_is_imported_whole_or_refused_whole(seed: int) -> None:
    """Real files cut short, with bytes changed or lines dropped: a sentence or a whole import,
    never a traceback and never half an import."""
    import random

    rng = random.Random(seed)
    names = ["magiccontest_butler_imp_pairs_h6_2013.pbn", "compscore_usebio_cross_imp_howell.xml"]
    data = bytearray((REAL / names[seed % 2]).read_bytes())
    if seed % 3 == 0:
        data = data[: rng.randrange(len(data))]
    elif seed % 3 == 1:
        for _ in range(5):
            data[rng.randrange(len(data))] = rng.choice(b'0123456789-+"<>/ ABCXNSEW.;=\\\n\x00\xff')
    else:
        lines = data.split(b"\n")
        del lines[rng.randrange(len(lines))]
        data = bytearray(b"\n".join(lines))
    club = make_club()
    director = make_member(club)
    before = everything()
    try:
        result = import_session(club=club, user=director, content=bytes(data), name="damaged")
    except SessionRefused as error:
        assert str(error).strip()
        assert everything() == before
    else:
        assert result.event is not None and result.file is not None


def test_an_upload_sent_twice_makes_one_event_and_the_second_answer_points_at_it(client: Any) -> None:
    club = make_club()
    client.force_login(make_member(club))
    page = client.get(reverse("session_import", args=[club.slug])).content.decode()
    key = re.search(r'name="request_key" value="([0-9a-f-]+)"', page)
    assert key is not None
    sent = []
    for _ in range(2):  # the connection dropped after the first was sent, and the browser sent it again
        data = {"file": upload("compscore_usebio_cross_imp_howell.xml"), "request_key": key.group(1)}
        sent.append(client.post(reverse("session_import", args=[club.slug]), data))
    event = Event.objects.get(club=club)
    assert [response.status_code for response in sent] == [302, 302]
    assert sent[1].url == sent[0].url == reverse("session_files", args=[club.slug, event.pk])
    assert SessionFile.objects.count() == 1
    assert "Already imported" in client.get(sent[1].url).content.decode()


@pytest.mark.django_db(transaction=True)
def test_an_upload_sent_twice_at_once_makes_one_event() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("SQLite writes one transaction at a time: the two cannot overlap")
    club = make_club()
    director = make_member(club)
    key = uuid.uuid4()
    content = (REAL / "compscore_usebio_cross_imp_howell.xml").read_bytes()
    start = threading.Barrier(2)
    answers: list[Imported] = []

    def send() -> None:
        try:
            start.wait()
            answers.append(
                import_session(club=club, user=director, content=content, name="x.xml", request_key=key)
            )
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert Event.objects.filter(club=club).count() == 1
    assert len(answers) == 2 and {answer.event.pk for answer in answers if answer.event} == {
        Event.objects.get(club=club).pk
    }


def test_a_file_of_70000_pairs_is_refused_at_once_on_the_page_and_by_the_command(
    client: Any, tmp_path: Path
) -> None:
    from tests.scoring.test_session_files import flooded_usebio

    club = make_club()
    client.force_login(make_member(club))
    content = flooded_usebio(70_000)
    before = everything()
    response = client.post(reverse("session_import", args=[club.slug]), {"file": upload("big.xml", content)})
    assert response.status_code == 400
    assert "This file names 70,000 pairs; a session holds at most 400. Nothing was imported." in (
        response.content.decode()
    )
    path = tmp_path / "big.xml"
    path.write_bytes(content)
    with pytest.raises(
        CommandError, match=re.escape("big.xml: This file names 70,000 pairs; a session holds at most 400")
    ):
        call_command("import_session", str(path), "--club", club.slug)
    assert everything() == before
