"""Scored sessions in PBN 2.1 and USEBIO 1.2: the spec's examples field by field, round trips, refusals."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from scoring.contests.ranking import Place
from scoring.contract.board import Vulnerability
from scoring.files.pbn_session import read_pbn_session, write_pbn_session
from scoring.files.session import (
    Adjusted,
    BoardRecord,
    Competition,
    DoubleDummy,
    Event,
    Line,
    LineFigures,
    Match,
    MatchFigures,
    Method,
    Participant,
    Player,
    Producer,
    Reported,
    Section,
    Segment,
    Session,
    check_bounds,
    parse_direction,
)
from scoring.files.usebio import LARGEST_FILE, read_usebio, write_usebio
from scoring.shared.cards import Hands
from scoring.shared.errors import PbnError, ScoringError, UsebioError
from scoring.shared.seats import Seat, Side

DEAL = "N:A764.AK4.A8.J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94"

SPEC_PBN = rf"""% PBN 2.1
% EXPORT
[Event "Club Pairs"]
[Site "Example BC"]
[Date "2025.01.15"]
[Board "1"]
[West ""]
[North ""]
[East ""]
[South ""]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{DEAL}"]
[Scoring "MP"]
[Declarer "S"]
[Contract "4S"]
[Result "11"]
[ScoreTable "Table\1R;Round\1R;PairId_NS\1R;PairId_EW\1R;Contract\4L;Declarer\1R;Result\2R;Score_NS\5R;Score_EW\5R;MP_NS\3R;MP_EW\3R"]
1 1 1 1 4S   S 11 "450" - 4.0 0.0
2 1 2 2 4S   S 10 "420" - 1.0 3.0
3 1 3 3 4S   N 10 "420" - 1.0 3.0
[TotalScoreTable "Rank\1R;RankTie\1R;PairId\1R;Direction\5R;TotalScoreMP\4R;TotalPercentage\6R;Names\20L"]
1 - 1 "N-S" 4.0 100.00 "Ann Able - Bob Baker"
2 3 2 "N-S" 1.0 25.00 "Cy Cole - Di Dean"
2 3 3 "N-S" 1.0 25.00 "Ed Eve - Flo Fox"
"""  # noqa: E501

SPEC_USEBIO = b"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">
<USEBIO Version="1.2">
  <CLUB><CLUB_NAME>Example BC</CLUB_NAME><CLUB_ID_NUMBER>999</CLUB_ID_NUMBER></CLUB>
  <EVENT EVENT_TYPE="MP_PAIRS">
    <EVENT_DESCRIPTION>Club Pairs</EVENT_DESCRIPTION>
    <PROGRAM_NAME>ExampleScorer</PROGRAM_NAME>
    <WINNER_TYPE>2</WINNER_TYPE>
    <DATE>15/01/2025</DATE>
    <SESSION_COUNT>1</SESSION_COUNT>
    <SECTION_COUNT>1</SECTION_COUNT>
    <PARTICIPANTS>
      <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION><PERCENTAGE>100.00</PERCENTAGE><PLACE>1</PLACE>
        <PLAYER><PLAYER_NAME>Ann Able</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Bob Baker</PLAYER_NAME></PLAYER></PAIR>
      <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>NS</DIRECTION><PERCENTAGE>25.00</PERCENTAGE><PLACE>2=</PLACE>
        <PLAYER><PLAYER_NAME>Cy Cole</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Di Dean</PLAYER_NAME></PLAYER></PAIR>
      <!-- pair 3 NS and pairs 1-3 EW follow the same pattern -->
    </PARTICIPANTS>
    <BOARD>
      <BOARD_NUMBER>1</BOARD_NUMBER>
      <TRAVELLER_LINE>
        <NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER>
        <CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY><LEAD>JH</LEAD><TRICKS>11</TRICKS>
        <SCORE>450</SCORE><NS_MATCH_POINTS>4</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS>
      </TRAVELLER_LINE>
      <!-- lines for tables 2 and 3: 420 / 1 / 3 -->
    </BOARD>
  </EVENT>
</USEBIO>
"""  # noqa: E501


# -- the spec's examples, field by field --------------------------------------------------


def test_the_spec_pbn_example_reads_field_by_field() -> None:
    session = read_pbn_session(SPEC_PBN)
    event = session.event
    assert (event.name, event.site, event.date, event.scoring) == (
        "Club Pairs",
        "Example BC",
        datetime.date(2025, 1, 15),
        "MP",
    )
    assert event.competition is Competition.PAIRS and session.method is Method.MATCHPOINTS
    assert session.boards == (BoardRecord(1, Seat.N, Vulnerability.NONE, Hands.parse(DEAL)),)
    assert session.lines == (
        Line(
            1,
            table=1,
            round=1,
            ns="1",
            ew="1",
            contract="4S",
            declarer=Seat.S,
            tricks=11,
            score=450,
            reported=LineFigures(Decimal("4.0"), Decimal("0.0")),
        ),
        Line(
            1,
            table=2,
            round=1,
            ns="2",
            ew="2",
            contract="4S",
            declarer=Seat.S,
            tricks=10,
            score=420,
            reported=LineFigures(Decimal("1.0"), Decimal("3.0")),
        ),
        Line(
            1,
            table=3,
            round=1,
            ns="3",
            ew="3",
            contract="4S",
            declarer=Seat.N,
            tricks=10,
            score=420,
            reported=LineFigures(Decimal("1.0"), Decimal("3.0")),
        ),
    )
    first, second, third = session.participants
    assert first == Participant(
        "1",
        direction=Side.NS,
        players=(Player("Ann Able"), Player("Bob Baker")),
        reported=Reported(total=Decimal("4.0"), percent=Decimal("100.00"), place=Place(1, 1)),
    )
    assert (second.id, second.names, second.reported.place) == ("2", "Cy Cole - Di Dean", Place(2, 3))
    assert (third.id, third.reported.total, third.reported.percent) == ("3", Decimal("1.0"), Decimal("25.00"))


def test_the_spec_usebio_example_reads_field_by_field() -> None:
    session = read_usebio(SPEC_USEBIO)
    event = session.event
    assert event == Event(
        name="Club Pairs",
        date=datetime.date(2025, 1, 15),
        club="Example BC",
        club_id="999",
        event_type="MP_PAIRS",
        producer=Producer("ExampleScorer"),
        winner_type=2,
        session_count=1,
    )
    assert session.method is Method.MATCHPOINTS
    assert session.participants[0] == Participant(
        "1",
        direction=Side.NS,
        players=(Player("Ann Able"), Player("Bob Baker")),
        reported=Reported(percent=Decimal("100.00"), place=Place(1, 1)),
    )
    # "2=" shares second place with the pair the comment leaves out: places 2 to 3.
    assert session.participants[1].reported.place == Place(2, 3)
    assert session.lines == (
        Line(
            1,
            ns="1",
            ew="1",
            contract="4S",
            declarer=Seat.S,
            tricks=11,
            lead="JH",
            score=450,
            reported=LineFigures(Decimal("4"), Decimal("0")),
        ),
    )
    assert session.boards == (BoardRecord(1),)


# -- round trips --------------------------------------------------------------------------


def pairs_session() -> Session:
    """A session with something in every field both formats carry."""
    players = (Player("Åsa Öberg", "1040", "17"), Player("Bob Baker", "+22", ""))
    return Session(
        event=Event(
            name="Club Pairs",
            date=datetime.date(2025, 1, 15),
            club="Example BC",
            club_id="999",
            scoring="MatchPoints;MP1",
            event_type="MP_PAIRS",
            producer=Producer("ExampleScorer", "1.0"),
            winner_type=2,
            session=2,
            session_count=2,
            extra=(("EVENT_IDENTIFIER", "77"),),
        ),
        participants=(
            Participant(
                "1",
                Side.NS,
                section="A",
                players=players,
                reported=Reported(Decimal("4.0"), Decimal("100.00"), Place(1, 1), masterpoints="6"),
            ),
            Participant(
                "2",
                Side.EW,
                section="A",
                players=(Player("Cy Cole"), Player("Di Dean")),
                reported=Reported(Decimal("1.50"), Decimal("37.50"), Place(2, 3)),
            ),
            Participant(
                "3",
                Side.EW,
                section="A",
                players=(Player("Ed Eve"), Player("Flo Fox")),
                reported=Reported(Decimal("1.50"), Decimal("37.50"), Place(2, 3)),
            ),
        ),
        boards=(
            BoardRecord(1, hands=Hands.parse(DEAL)),
            BoardRecord(2, datum=-30),
        ),
        lines=(
            Line(
                1,
                section="A",
                table=1,
                round=1,
                ns="1",
                ew="2",
                contract="4SX",
                declarer=Seat.S,
                tricks=11,
                lead="HJ",
                score=690,
                reported=LineFigures(Decimal("4"), Decimal("0")),
            ),
            Line(
                1,
                section="A",
                table=2,
                round=1,
                ns="4",
                ew="3",
                contract="PASS",
                score=0,
                reported=LineFigures(Decimal("1.5"), Decimal("2.5")),
            ),
            Line(
                2,
                section="A",
                table=1,
                round=2,
                ns="1",
                ew="3",
                adjusted=Adjusted(60, 40),
                reported=LineFigures(Decimal("2.4"), Decimal("1.6")),
            ),
            Line(
                2,
                section="A",
                table=2,
                round=2,
                ns="4",
                ew="2",
                contract="3NT",
                declarer=Seat.W,
                tricks=7,
                score=-100,
            ),
        ),
        sections=(Section("A"),),
    )


def test_a_session_written_as_usebio_reads_back_equal() -> None:
    session = pairs_session()
    assert read_usebio(write_usebio(session)) == session


def test_a_session_written_as_pbn_reads_back_equal() -> None:
    session = pairs_session()
    # PBN has no club element: the club travels in USEBIO only; winner type likewise.
    expected = Session(
        event=Event(
            name="Club Pairs",
            date=datetime.date(2025, 1, 15),
            scoring="MatchPoints;MP1",
            producer=Producer("ExampleScorer", "1.0"),
            session=2,
            session_count=2,
            extra=(("EVENT_IDENTIFIER", "77"),),
        ),
        participants=session.participants,
        boards=(
            BoardRecord(1, Seat.N, Vulnerability.NONE, Hands.parse(DEAL)),
            BoardRecord(2, Seat.E, Vulnerability.NS, datum=-30),
        ),
        lines=session.lines,
        sections=session.sections,
    )
    written = Session(
        event=expected.event,
        participants=session.participants,
        boards=expected.boards,
        lines=session.lines,
        sections=session.sections,
    )
    text = write_pbn_session(written)
    assert read_pbn_session(text) == expected
    assert read_pbn_session(text.encode("utf-8")) == expected
    assert read_pbn_session(text.encode("latin-1", errors="strict")) == expected


def teams_session() -> Session:
    return Session(
        event=Event(
            name="Salo teams", scoring="Teams", competition=Competition.TEAMS, producer=Producer("Ruter")
        ),
        participants=(
            Participant(
                "5",
                name="URI",
                players=(Player("Uri Gilboa", "+22"), Player("Kauko Koistinen", "1438")),
                reported=Reported(Decimal("15.75"), place=Place(1, 1), masterpoints="2.1"),
                extra=(("Direction", "Hemma"),),
            ),
            Participant(
                "4",
                name="KARHU",
                players=(Player("Arttu Karhulahti", "1616"),),
                reported=Reported(Decimal("4.25"), place=Place(2, 2)),
                extra=(("Direction", "Borta"),),
            ),
        ),
        matches=(
            Match(
                1,
                1,
                "5",
                "4",
                Fraction(25),
                Fraction(8),
                (Segment(1, Fraction(12), Fraction(3)),),
                reported=MatchFigures(Decimal("15.75"), Decimal("4.25")),
            ),
            Match(2, 1, "4", "5"),
        ),
    )


def test_a_teams_session_round_trips_through_pbn() -> None:
    session = teams_session()
    assert read_pbn_session(write_pbn_session(session)) == session


def test_a_teams_session_round_trips_through_usebio_with_its_matches() -> None:
    session = teams_session()
    back = read_usebio(write_usebio(session))
    assert back.matches == tuple(
        Match(m.round, m.table, m.home, m.away, m.imps_home, m.imps_away, reported=m.reported)
        for m in session.matches
    )
    assert [(p.id, p.name, p.players, p.reported) for p in back.participants] == [
        (p.id, p.name, p.players, p.reported) for p in session.participants
    ]
    assert back.event.competition is Competition.TEAMS


def test_an_individual_session_round_trips_through_pbn() -> None:
    session = Session(
        event=Event(name="Indy", scoring="MatchPoints;MP1", competition=Competition.INDIVIDUALS),
        participants=(
            Participant(
                "27",
                seat=Seat.S,
                table=3,
                players=(Player("Lars Niklasson", "11361"),),
                reported=Reported(Decimal("22.0"), Decimal("100.00"), Place(1, 1)),
            ),
        ),
        boards=(BoardRecord(1, Seat.N, Vulnerability.NONE),),
        lines=(
            Line(
                1,
                table=3,
                round=1,
                players=("7", "44", "27", "11"),
                contract="3NT",
                declarer=Seat.W,
                tricks=9,
                score=-400,
                reported=LineFigures(Decimal("22.0"), Decimal("0.0"), Decimal("100"), Decimal("0")),
            ),
        ),
    )
    text = write_pbn_session(Session(session.event, session.participants, session.boards, session.lines))
    assert "PlayerId_North" in text
    assert read_pbn_session(text) == session


def test_the_real_files_round_trip_through_their_own_format() -> None:
    from pathlib import Path

    folder = Path(__file__).resolve().parents[1] / "conformance" / "realworld"
    for path in sorted(folder.glob("*.pbn")):
        session = read_pbn_session(path.read_bytes())
        assert read_pbn_session(write_pbn_session(session)) == session, path.name
    for path in sorted(folder.glob("*.xml")):
        session = read_usebio(path.read_bytes())
        assert read_usebio(write_usebio(session)) == session, path.name


# -- encodings -------------------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "latin-1"])
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_pbn_reads_the_same_in_every_encoding_and_line_end(encoding: str, newline: str) -> None:
    text = SPEC_PBN.replace("Ann Able", "Åsa Öberg").replace("\n", newline)
    session = read_pbn_session(text.encode(encoding))
    assert session.participants[0].players[0].name == "Åsa Öberg"
    assert session.lines == read_pbn_session(SPEC_PBN).lines


def test_usebio_reads_iso_8859_1_declared_or_not_and_windows_1252() -> None:
    declared = SPEC_USEBIO.replace(b"UTF-8", b"ISO-8859-1").replace(
        b"Ann Able", "Åsa Öberg".encode("latin-1")
    )
    assert read_usebio(declared).participants[0].players[0].name == "Åsa Öberg"
    undeclared = declared.replace(b' encoding="ISO-8859-1"', b"")
    assert read_usebio(undeclared).participants[0].players[0].name == "Åsa Öberg"
    windows = SPEC_USEBIO.replace(b"UTF-8", b"windows-1252").replace(
        b"Ann Able", "Ann \u2019Able".encode("cp1252")
    )
    assert read_usebio(windows).participants[0].players[0].name == "Ann \u2019Able"


# -- refusals ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('"450" - 4.0 0.0', '"abc" - 4.0 0.0'), r"Line 19: the Score_NS 'abc' is not a score in points"),
        (('"450" - 4.0 0.0', '"450" 4.0 0.0'), "Line 19: this ScoreTable row has only 10 values"),
        (("S 11", "S 14"), "Line 19: the Result '14' is not a number of tricks"),
        (("1 1 1 1 4S", "1 1 1 1 9S"), "Line 19: Nine is more than the seven"),
        (("1 1 1 1 4S   S", "1 1 1 1 4S   Q"), "Line 19: 'Q' is not a seat"),
        (('"N-S" 4.0', '"N-S" x4.0'), "Line 23: the TotalScoreMP 'x4.0' is not a number"),
        (('"450" -', '"450" "-420"'), "Line 19: Score_NS 450 and Score_EW -420 disagree"),
    ],
)
def test_a_broken_pbn_file_names_the_line(change: tuple[str, str], message: str) -> None:
    with pytest.raises(PbnError, match=message):
        read_pbn_session(SPEC_PBN.replace(*change, 1))


def test_a_pbn_file_without_score_tables_is_not_a_scored_session() -> None:
    with pytest.raises(PbnError, match="holds no score table"):
        read_pbn_session(f'[Board "1"]\n[Deal "{DEAL}"]\n')


def test_a_truncated_pbn_file_is_refused() -> None:
    with pytest.raises(PbnError, match="Line"):
        read_pbn_session(SPEC_PBN[: SPEC_PBN.index('"420" - 1.0') + 3])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ((b"<SCORE>450</SCORE>", b"<SCORE>abc</SCORE>"), r"Line 24: <SCORE> 'abc' is not a score in points"),
        ((b"<TRICKS>11</TRICKS>", b"<TRICKS>15</TRICKS>"), "Line 23: <TRICKS> 15 is not a number of tricks"),
        ((b"<CONTRACT>4S</CONTRACT>", b"<CONTRACT>4Q</CONTRACT>"), "Line 23: <CONTRACT>"),
        ((b"<PLACE>1</PLACE>", b"<PLACE>first</PLACE>"), "Line 13: <PLACE>"),
        (
            (b"<DIRECTION>NS</DIRECTION>", b"<DIRECTION>up</DIRECTION>"),
            "Line 13: <DIRECTION> 'up' is not NS or EW",
        ),
        ((b"<DATE>15/01/2025</DATE>", b"<DATE>2025-01-15</DATE>"), "Line 9: <DATE>"),
        ((b"<BOARD_NUMBER>1</BOARD_NUMBER>", b"<BOARD_NUMBER>one</BOARD_NUMBER>"), "Line 20: <BOARD_NUMBER>"),
        ((b"</USEBIO>", b""), "is not well-formed XML"),
    ],
)
def test_a_broken_usebio_file_names_the_element_and_line(change: tuple[bytes, bytes], message: str) -> None:
    with pytest.raises(UsebioError, match=message):
        read_usebio(SPEC_USEBIO.replace(*change, 1))


def test_an_xml_file_of_another_kind_is_not_usebio() -> None:
    with pytest.raises(UsebioError, match="Line 1: the file's root element is <html>, not <USEBIO>"):
        read_usebio(b"<html><body>results</body></html>")


def test_the_standard_doctype_is_accepted_and_an_internal_subset_refused() -> None:
    assert read_usebio(SPEC_USEBIO).event.name == "Club Pairs"
    laughs = SPEC_USEBIO.replace(
        b'<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">',
        b'<!DOCTYPE USEBIO [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>',
    ).replace(b"Club Pairs", b"&lol2;")
    with pytest.raises(UsebioError, match="Line 2: the document type declares its own entities"):
        read_usebio(laughs)


def test_an_external_entity_is_never_fetched() -> None:
    outside = SPEC_USEBIO.replace(
        b'<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">',
        b'<!DOCTYPE USEBIO [<!ENTITY secret SYSTEM "file:///etc/passwd">]>',
    ).replace(b"Club Pairs", b"&secret;")
    with pytest.raises(UsebioError, match="refused"):
        read_usebio(outside)


def test_an_undeclared_entity_is_refused() -> None:
    with pytest.raises(UsebioError, match="Line 6: the file uses the entity &secret; that it never declares"):
        read_usebio(SPEC_USEBIO.replace(b"Club Pairs", b"&secret;"))


def test_a_file_larger_than_any_session_is_refused_unread() -> None:
    with pytest.raises(UsebioError, match="never larger"):
        read_usebio(b" " * (LARGEST_FILE + 1))


def test_deep_nesting_is_refused() -> None:
    with pytest.raises(UsebioError, match="nested too deeply"):
        read_usebio(b"<USEBIO>" + b"<A>" * 40 + b"</A>" * 40 + b"</USEBIO>")


def test_errors_belong_to_the_engines_family() -> None:
    assert issubclass(UsebioError, ScoringError) and issubclass(PbnError, ScoringError)


# -- small pieces --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "shares"),
    [("A+", (60, 60)), ("A-", (40, 40)), ("A", (50, 50)), ("A5050", (50, 50)), ("A6040", (60, 40))],
)
def test_artificial_scores_read_as_shares_of_the_top(text: str, shares: tuple[int, int]) -> None:
    adjusted = Adjusted.parse(text)
    assert (adjusted.ns, adjusted.ew) == shares
    assert Adjusted.parse(adjusted.usebio) == adjusted


@pytest.mark.parametrize(
    ("text", "side"), [("N-S", Side.NS), ("Ö-V", Side.EW), ("E-W", Side.EW), ("NS", Side.NS)]
)
def test_directions_in_the_files_words(text: str, side: Side) -> None:
    assert parse_direction(text) is side
    assert parse_direction("Hemma") is None


def test_a_pbn_double_dummy_table_is_kept() -> None:
    text = (
        SPEC_PBN
        + '[OptimumScore "NS 450"]\n'
        + '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT 10\nS  S 11\n'
    )
    board = read_pbn_session(text).boards[0]
    assert board.optimum_score == "NS 450"
    assert board.double_dummy == (DoubleDummy(Seat.N, "NT", 10), DoubleDummy(Seat.S, "S", 11))


@pytest.mark.parametrize(
    ("text", "shares"),
    [("A+/A-", (60, 40)), ("A60/A40", (60, 40)), ("A50/A50", (50, 50)), ("a- / a+", (40, 60))],
)
def test_both_sides_in_one_cell_are_read_by_the_travellers_own_parser(
    text: str, shares: tuple[int, int]
) -> None:
    assert Adjusted.is_mark(text)
    adjusted = Adjusted.parse(text)
    assert (adjusted.ns, adjusted.ew) == shares


def test_a_pbn_score_cell_holding_both_sides_is_an_artificial_score() -> None:
    text = SPEC_PBN.replace('3 1 3 3 4S   N 10 "420" - 1.0 3.0', '3 1 3 3 -   - - "A+/A-" - 2.4 1.6')
    line = read_pbn_session(text).lines[2]
    assert line.adjusted == Adjusted(60, 40) and line.score is None


def test_a_file_cell_with_both_sides_that_the_law_refuses_says_why() -> None:
    with pytest.raises(ScoringError, match=r"'A\*' is not an artificial score: use A\+ \(Average-plus\)"):
        Adjusted.parse("A+/A*")


@pytest.mark.parametrize("broken", ["\n", "\r\n", "\t", "\u2028", "\u2029", "\x0b"])
def test_a_name_with_a_line_break_is_written_to_pbn_on_one_line_and_reads_back(broken: str) -> None:
    session = pairs_session()
    first = session.participants[0]
    players = (Player(f"Åsa{broken}Öberg", "1040", "17"), first.players[1])
    named = Session(
        event=Event(name=f"Club{broken}Pairs", scoring="MatchPoints;MP1"),
        participants=(Participant("1", Side.NS, section="A", players=players), *session.participants[1:]),
        boards=session.boards,
        lines=session.lines,
        sections=session.sections,
    )
    read = read_pbn_session(write_pbn_session(named))
    assert read.event.name == "Club" + " " * len(broken) + "Pairs"
    assert read.participants[0].players[0].name == "Åsa" + " " * len(broken) + "Öberg"


# The bounds of a session's file -------------------------------------------------------------

HOWELL = (
    Path(__file__).resolve().parents[1]
    / "conformance"
    / "realworld"
    / "compscore_usebio_cross_imp_howell.xml"
)


def flooded_usebio(pairs: int) -> bytes:
    """The real file, its participants replaced by ``pairs`` bare pairs (4.7 MB for 70,000 of them)."""
    head, _ = HOWELL.read_bytes().split(b"<PAIR>", 1)
    pair = b"<PAIR><PAIR_NUMBER>%d</PAIR_NUMBER><DIRECTION></DIRECTION></PAIR>\n"
    return head + b"".join(pair % n for n in range(1, pairs + 1)) + b"</PARTICIPANTS></EVENT></USEBIO>"


def test_a_usebio_file_of_70000_pairs_is_refused_at_once_with_how_many_it_names() -> None:
    data = flooded_usebio(70_000)
    assert 4_500_000 < len(data) < 5_000_000
    with pytest.raises(UsebioError, match=r"^This file names 70,000 pairs; a session holds at most 400\.$"):
        read_usebio(data)


def test_a_usebio_file_of_a_flood_of_other_elements_is_refused_at_the_bound() -> None:
    data = b"<USEBIO><EVENT>" + b"<X/>" * 250_000 + b"</EVENT></USEBIO>"
    with pytest.raises(UsebioError, match="more than 200,000 elements"):
        read_usebio(data)


def pbn_with(boards: int, rows: int) -> str:
    totals = "\n".join(f'{n} "Ann {n} - Bob {n}" {n}' for n in range(1, rows + 1))
    games = [
        f'[Event "Big"]\n[Board "1"]\n[TotalScoreTable "PairId\\\\3R;Names\\\\20L;TotalScoreMP"]\n{totals}\n'
    ]
    games += [
        f'[Board "{n}"]\n[ScoreTable "PairId_NS\\\\2R;PairId_EW\\\\2R;Score_NS"]\n1 2 100\n'
        for n in range(2, boards + 1)
    ]
    return "% PBN 2.1\n" + "\n".join(games)


@pytest.mark.parametrize(
    ("boards", "rows", "says"),
    [
        (201, 2, "This file names 201 boards; a session holds at most 200."),
        (2, 70_000, "This file names 70,000 participants; a session holds at most 400."),
    ],
)
def test_a_pbn_file_over_a_bound_is_refused_before_its_rows_are_read(
    boards: int, rows: int, says: str
) -> None:
    read_pbn_session(pbn_with(2, 2))  # the same file within the bounds reads
    with pytest.raises(PbnError, match=re.escape(says)):
        read_pbn_session(pbn_with(boards, rows).encode())


def test_a_session_of_more_traveller_lines_than_a_session_holds_is_refused() -> None:
    lines = tuple(Line(board=1 + n % 20, ns="1", ew="2") for n in range(10_001))
    with pytest.raises(PbnError, match=r"10,001 traveller lines; a session holds at most 10,000"):
        check_bounds(Session(Event("Big"), lines=lines), PbnError)
