"""A contract bridge night on paper and in spreadsheets: the PDFs, the workbook and the CSV, read back.

Every expected figure comes from the engine, through ``score_section`` (the matchpoints, IMPs,
tops, datums, VPs and places it computed), never from the writers: the PDF's text (pdftotext),
the workbook's cells (openpyxl) and the CSV's fields must carry the same pairs and the same
numbers. The nights are played through the services, with their deals dealt from a seed, an
artificial adjusted score (Law 12C2) and an assigned one (Law 12C1), and names that are markup
or spreadsheet formulas.
"""

from __future__ import annotations

import copy
import csv
import io
from fractions import Fraction
from typing import Any

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse

from scoring.shared.numbers import round_half_away
from tests.tournament.contract_night import make_contract_event, play_contract, varied
from tests.tournament.factories import make_member
from tests.tournament.pdf_text import plain, raw_pages, read_pdf, shown
from tests.tournament.test_pdf_views import DOCUMENT_QUERIES
from tournament.exports import export_standings
from tournament.games.contract.facts import vulnerability_of
from tournament.games.contract.figures import ContractContest
from tournament.models import Event, Pair, Result, Ruling
from tournament.pdf import documents_for, renderer_for
from tournament.scores.standings import score_section
from tournament.scores.types import SectionScores
from tournament.services import double_dummy, hand_records
from tournament.services import events as event_service
from tournament.services.rulings import add_ruling

pytestmark = pytest.mark.django_db

MARKUP = "<b>Zoë</b> & Brontë"
FORMULA = '=HYPERLINK("http://evil.example","T")'
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


_SOLVED: dict[tuple[str, ...], Any] = {}


@pytest.fixture(autouse=True)
def solved_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every night here deals from the same seed: the solver's tricks and par of a deal are worked out
    once for the whole module (they depend on the cards, the vulnerability and the dealer only)."""

    def once(solve: Any) -> Any:
        def cached(hands: Any, *args: str | None) -> Any:
            key = (solve.__name__, hands.to_pbn(), *args)
            if key not in _SOLVED:
                _SOLVED[key] = solve(hands, *args)
            return copy.deepcopy(_SOLVED[key])

        return cached

    monkeypatch.setattr(double_dummy, "analyse", once(double_dummy.analyse))


def contract_night(tables: int = 3, **kwargs: Any) -> Event:
    """A finished contract bridge night: named pairs (one a piece of markup, one a formula), every board
    dealt from a seed, a result at every table, an A-/A+ on one table and an assigned result on another."""
    if kwargs.get("form") != Event.Form.TEAMS:
        kwargs.setdefault("pairs", 2 * tables)
    club_event = make_contract_event(**kwargs)
    director = club_event.club.memberships.first().user
    pairs = Pair.objects.filter(section__event=club_event, is_phantom=False).order_by("id")
    for index, pair in enumerate(pairs):
        first = {0: MARKUP, 1: FORMULA}.get(index, f"Player {2 * index}")
        event_service.name_pair(pair=pair, first=first, second=f"Player {2 * index + 1}", user=director)
    hand_records.deal_boards(event=club_event, seed=7, user=director)
    play_contract(club_event, varied)
    results = list(Result.objects.filter(section__event=club_event).order_by("id"))
    add_ruling(
        result=results[2],
        user=director,
        kind=Ruling.Kind.ARTIFICIAL,
        law="Law 12C2",
        reason="<i>Fouled</i> board & =1+1",
        ns_average="A-",
        ew_average="A+",
    )
    add_ruling(
        result=results[4],
        user=director,
        kind=Ruling.Kind.ASSIGNED,
        law="Law 12C1",
        reason="Misinformation.",
        assigned="3NT S =",
    )
    return event_service.set_status(
        event=club_event, user=director, status=Event.Status.LOCKED, published=True, lock_anyway=True
    )


def team_night(**kwargs: Any) -> Event:
    kwargs.setdefault("method", Event.Method.TEAM_IMPS)
    kwargs.setdefault("victory_points", Event.VictoryPoints.WBF)
    return contract_night(form=Event.Form.TEAMS, **kwargs)


def sheet_of(event: Event) -> SectionScores:
    return score_section(event.sections.get())


def contest_of(event: Event) -> ContractContest:
    contest = sheet_of(event).payload
    assert contest is not None and not contest.problems
    return contest


def render(event: Event, doc: str) -> str:
    _, content_type, content = renderer_for(event, doc).render()
    assert content_type == "application/pdf"
    return " \f ".join(raw_pages(content))


def number(value: Fraction) -> str:
    """A figure as the CSV writes it: whole, or to the hundredth (halves away from zero)."""
    return str(value.numerator) if value.denominator == 1 else percent(value)


def percent(value: Fraction) -> str:
    """A percentage or VPs as the sheets print them: two decimals, halves away from zero."""
    hundredths = round_half_away(value * 100)
    return f"{hundredths // 100}.{hundredths % 100:02d}"


def tables_headed(ws: Any, first: str) -> list[tuple[list[str], list[list[Any]]]]:
    """Every table of a sheet whose header row begins with ``first``: (header, rows under it)."""
    found = []
    for row in ws.iter_rows():
        if row[0].value == first:
            header = [cell.value for cell in row if cell.value is not None]
            body = []
            for values in ws.iter_rows(min_row=row[0].row + 1, values_only=True):
                if all(value is None for value in values):
                    break
                body.append(list(values)[: len(header)])
            found.append((header, body))
    assert found, f"no table headed {first!r} in {ws.title}"
    return found


def table_after(ws: Any, first: str) -> tuple[list[str], list[list[Any]]]:
    return tables_headed(ws, first)[0]


def names_of(event: Event) -> dict[str, str]:
    return {pair.label: pair.names for pair in Pair.objects.filter(section__event=event).with_players()}


def collapse(text: str) -> str:
    return " ".join(text.split())


def board_block(text: str, number: int) -> str:
    """The traveller of one board: from its heading to the next board's."""
    start = text.index(f"Board {number} · dealer")
    following = text.find(f"Board {number + 1} · dealer", start)
    return text[start : following if following >= 0 else len(text)]


# --- the documents a contract night has --------------------------------------------------------------


def test_a_contract_pairs_night_prints_every_document_but_the_match_sheet_and_a_match_all():
    pairs_night, match_night = contract_night(), team_night()
    assert not {"match", "pads"} & {r.slug for r in documents_for(pairs_night)}
    assert {"standings", "recaps", "travellers", "handrecords", "guide"} <= {
        r.slug for r in documents_for(pairs_night)
    }
    assert "match" in [r.slug for r in documents_for(match_night)]


@pytest.mark.parametrize("doc", ["standings", "recaps", "travellers", "handrecords", "guide"])
def test_every_contract_document_embeds_its_fonts_and_numbers_its_pages(doc):
    event = contract_night()
    read = read_pdf(renderer_for(event, doc).render()[2])
    assert all(embedded == "yes" for _, embedded in read.fonts), read.fonts
    for number, page in enumerate(read.pages, start=1):
        assert f"page {number} of {read.page_count}" in page
        assert "Duplicate Contract Bridge" in page


# --- standings ---------------------------------------------------------------------------------------


def test_the_matchpoint_standings_print_each_directions_places_matchpoints_top_and_percentage():
    event = contract_night()
    contest = contest_of(event)
    names = names_of(event)
    text = render(event, "standings")
    assert contest.two_winner
    assert "North-South" in text and "East-West" in text
    assert "Matchpoints, European: 2 a score beaten, 1 a tie (Law 78A)" in text
    assert "Average-plus 60 %, Average 50 %, Average-minus 40 %" in text
    for line in contest.standings:
        row = (
            f"{line.place.text} {line.pair} {collapse(names[line.pair])} {plain(line.total)} "
            f"{plain(line.top)} {percent(line.percent)} {line.boards}"
        )
        assert row in text, row
    north_south = text.index("North-South")
    east_west = text.index("East-West")
    assert all(
        north_south < text.index(f" {line.pair} ") < east_west for line in contest.direction_standings("NS")
    )


def test_butler_standings_print_signed_imps_and_how_the_datum_is_taken():
    event = contract_night(method=Event.Method.BUTLER, datum_drop=0)
    contest = contest_of(event)
    text = render(event, "standings")
    assert "dropping none, rounded to the nearest ten" in text
    assert " MP " not in text
    for line in contest.standings:
        assert f"{line.place.text} {line.pair} " in text
        assert f" {shown(line.total)} {line.boards}" in text


def test_the_markup_in_a_name_is_printed_as_it_was_typed():
    event = contract_night()
    for doc in ("standings", "recaps"):
        assert MARKUP in render(event, doc)
    assert "<i>Fouled</i> board &amp; =1+1" not in render(event, "travellers")
    assert "<i>Fouled</i> board & =1+1" in render(event, "travellers")


def test_a_team_matchs_standings_print_each_teams_imps_and_victory_points_to_two_decimals():
    event = team_night()
    match = contest_of(event).match
    assert match is not None and match.vp_home is not None
    text = render(event, "standings")
    for team, imps, vps in (
        (match.home, match.imps_home, match.vp_home),
        (match.away, match.imps_away, match.vp_away),
    ):
        assert f"{team} {imps} {percent(vps)}" in text
    assert round_half_away(match.vp_home + match.vp_away) == 20
    winner = f"{match.winner} win the match." if match.winner else "The match is tied."
    assert winner in text


# --- recaps ------------------------------------------------------------------------------------------


def test_each_pairs_recap_prints_every_board_with_its_contract_score_and_matchpoints():
    event = contract_night()
    sheet = sheet_of(event)
    contest = sheet.payload
    pages = raw_pages(renderer_for(event, "recaps").render()[2])
    for pair in sheet.pairs.values():
        page = next(p for p in pages if f"Recap — pair {pair.label} " in p)
        line = contest.standing(pair.label)
        score = f"{plain(line.total)} MP of {plain(line.top)} ({percent(line.percent)} %)"
        assert f"rank {line.place.text} of 3, {score}" in page
        running = Fraction(0)
        for scored in sorted(sheet.for_pair(pair.label), key=lambda s: s.result.seating.round):
            result = scored.result
            side = "NS" if result.ns.label == pair.label else "EW"
            figure = contest.table(result.pk).figure(side)
            running += figure
            start = f"{result.seating.round} {result.seating.table.number} {result.board.number}"
            assert start in page
            assert (
                f"{plain(figure)} {plain(contest.boards[result.board.number].top)} {plain(running)}" in page
            )


def test_a_recap_prints_an_artificial_score_and_an_assigned_result_with_their_laws():
    event = contract_night()
    text = render(event, "recaps")
    assert "Adjusted A−" in text and "Adjusted A+" in text
    assert "Law 12C2: <i>Fouled</i> board & =1+1" in text
    assigned = Ruling.objects.get(kind=Ruling.Kind.ASSIGNED, result__section__event=event).result
    assert f"the director assigned 3NT S = in place of the table's {assigned.contract_text}" in text
    assert "(Law 12C1)" in text


def test_an_imp_pairs_recap_prints_signed_imps_and_the_running_total():
    event = contract_night(method=Event.Method.CROSS_IMPS)
    sheet = sheet_of(event)
    contest = sheet.payload
    pages = raw_pages(renderer_for(event, "recaps").render()[2])
    label = next(iter(sheet.pairs))
    page = next(p for p in pages if f"Recap — pair {label} " in p)
    assert f"{shown(contest.standing(label).total)} IMPs" in page
    for scored in sheet.for_pair(label):
        side = "NS" if scored.result.ns.label == label else "EW"
        assert f" {shown(contest.table(scored.result.pk).figure(side))} " in page


# --- travellers --------------------------------------------------------------------------------------


def test_each_traveller_prints_the_boards_marks_par_double_dummy_and_every_lines_matchpoints():
    event = contract_night()
    sheet = sheet_of(event)
    contest = sheet.payload
    text = render(event, "travellers")
    for number, figures in contest.boards.items():
        board = sheet.boards[number]
        vul = vulnerability_of(board).label
        assert f"Board {number} · dealer {SEAT_NAMES[board.dealer]} · Vul: {vul}" in text
        assert board.par is not None
        side = "N-S" if board.par["score"] > 0 else "E-W"
        assert f"Par: {side} +{abs(board.par['score'])}" in text
        assert f"Top {plain(figures.top)}" in text
        block = board_block(text, number)
        for table in figures.tables:
            row = block[block.index(f" {table.ns} {table.ew} ") :][:60]
            assert f" {plain(table.ns_figure)} {plain(table.ew_figure)}" in row, row
    assert "Double-dummy tricks: Declarer ♣ ♦ ♥ ♠ NT" in text


def test_a_butler_traveller_prints_the_datum_and_each_lines_imps():
    event = contract_night(method=Event.Method.BUTLER)
    contest = contest_of(event)
    text = render(event, "travellers")
    for number, figures in contest.boards.items():
        block = board_block(text, number)
        assert f"Butler datum {shown(figures.datum)}." in block
        for table in figures.tables:
            row = block[block.index(f" {table.ns} {table.ew} ") :][:60]
            assert f" {shown(table.ns_figure)} {shown(table.ew_figure)}" in row, row


def test_an_assigned_result_is_printed_on_the_traveller_beside_the_score_it_gives():
    event = contract_night()
    assigned = Ruling.objects.get(kind=Ruling.Kind.ASSIGNED, result__section__event=event).result
    text = render(event, "travellers")
    assert "3NT assigned S = 9" in text
    assert f"the director assigned 3NT S = in place of the table's {assigned.contract_text}" in text


def test_the_hand_records_print_each_boards_vulnerability_and_par():
    event = contract_night()
    text = render(event, "handrecords")
    for board in event.sections.get().boards.all():
        assert f"Board {board.number} · dealer {SEAT_NAMES[board.dealer]} · Vul: " in text
    assert text.count("Par: ") == event.sections.get().boards.count()


def test_a_doubled_sacrifice_at_par_reads_as_a_traveller_writes_it():
    from tournament.services.double_dummy import _letters

    assert _letters("5♣Ex-3") == "5CX E -3"
    assert _letters("4♠Wxx-1") == "4SXX W -1"
    assert _letters("3NTN+1") == "3NT N +1"


# --- the team match ----------------------------------------------------------------------------------


def test_the_match_sheet_prints_both_tables_the_net_each_teams_imps_and_the_running_total():
    event = team_night()
    match = contest_of(event).match
    text = render(event, "match")
    assert f"{match.home} v {match.away}" in text
    running = Fraction(0)
    for board in match.boards:
        running += board.home
        if board.net is not None:
            assert f"{shown(board.net)} {shown(board.home)} {shown(board.away)} {shown(running)}" in text
    assert running == match.home_total
    assert f"{match.home} {match.imps_home} IMPs, {match.away} {match.imps_away} IMPs (Law 78B)." in text


def test_a_team_pairs_recap_prints_its_teams_imps_board_by_board():
    event = team_night()
    match = contest_of(event).match
    text = render(event, "recaps")
    assert "Team IMPs" in text
    total = sum((board.home for board in match.boards), Fraction(0))
    assert f" {shown(total)} " in text


# --- the CSV and the workbook ------------------------------------------------------------------------


def csv_rows(event: Event) -> list[list[str]]:
    export = export_standings(event, "csv")
    assert export.filename.endswith("-standings.csv")
    return list(csv.reader(io.StringIO(export.content.decode("utf-8-sig"))))


def workbook(event: Event) -> openpyxl.Workbook:
    return openpyxl.load_workbook(io.BytesIO(export_standings(event, "xlsx").content))


def expected_csv(event: Event) -> list[list[str]]:
    contest = contest_of(event)
    names = names_of(event)
    safe = {label: (name if name[0].isalnum() else "'" + name) for label, name in names.items()}
    rows = []
    for direction in ("NS", "EW"):
        for line in contest.direction_standings(direction):
            rows.append(
                [
                    line.place.text,
                    line.pair,
                    safe[line.pair],
                    {"NS": "N-S", "EW": "E-W"}[direction],
                    number(line.total),
                    number(line.top),
                    percent(line.percent),
                    str(line.boards),
                ]
            )
    return rows


def test_the_csv_lists_each_direction_with_the_engines_matchpoints_top_and_percentage():
    event = contract_night()
    rows = csv_rows(event)
    assert rows[0] == ["Rank", "Pair", "Names", "Direction", "MP", "Top", "Percent", "Boards"]
    assert rows[1:] == expected_csv(event)
    assert any(row[2].startswith("'=HYPERLINK") for row in rows)  # shown, never run


def test_the_csv_of_an_imp_pairs_night_has_signed_imps():
    event = contract_night(method=Event.Method.BUTLER)
    contest = contest_of(event)
    rows = csv_rows(event)
    assert rows[0] == ["Rank", "Pair", "Names", "Direction", "IMPs", "Boards"]
    by_pair = {row[1]: row for row in rows[1:]}
    for line in contest.standings:
        assert by_pair[line.pair][4] == number(line.total)
        float(by_pair[line.pair][4])  # a number a spreadsheet reads: no "+", no fraction
        assert by_pair[line.pair][0] == line.place.text


def test_the_csv_of_a_team_match_has_each_teams_imps_and_vps():
    event = team_night()
    match = contest_of(event).match
    rows = csv_rows(event)
    assert rows[0] == ["Team", "IMPs", "VPs"]
    assert rows[1:] == [
        [match.home, str(match.imps_home), percent(match.vp_home)],
        [match.away, str(match.imps_away), percent(match.vp_away)],
    ]


def test_a_contract_workbook_has_standings_matrix_travellers_boards_and_rulings_sheets():
    assert workbook(contract_night()).sheetnames == [
        "Standings A",
        "Matrix A",
        "Travellers A",
        "Boards A",
        "Rulings",
    ]
    assert workbook(team_night()).sheetnames == [
        "Standings A",
        "Match A",
        "Travellers A",
        "Boards A",
        "Rulings",
    ]


def test_the_workbook_standings_are_the_engines_as_numbers():
    event = contract_night()
    contest = contest_of(event)
    names = names_of(event)
    ws = workbook(event)["Standings A"]
    (header, north_south), (_, east_west) = tables_headed(ws, "Rank")
    assert header == ["Rank", "Pair", "Names", "Direction", "MP", "Top", "Percent", "Boards"]
    expected = [
        [
            line.place.first,
            line.pair,
            names[line.pair] if names[line.pair][0].isalnum() else "'" + names[line.pair],
            {"NS": "N-S", "EW": "E-W"}[line.direction],
            line.total,
            line.top,
            Fraction(round_half_away(line.percent * 100), 100),
            line.boards,
        ]
        for line in contest.standings
    ]
    got = [
        [
            row[0],
            row[1],
            row[2],
            row[3],
            Fraction(row[4]).limit_denominator(999),
            row[5],
            Fraction(str(row[6])),
            row[7],
        ]
        for row in north_south + east_west
    ]
    assert sorted(got, key=lambda r: r[1]) == sorted(expected, key=lambda r: r[1])
    tied = [cell for row in ws.iter_rows() for cell in row if cell.number_format == '0"="']
    assert len(tied) == sum(1 for line in contest.standings if line.place.first != line.place.last)


def test_the_workbook_writes_every_name_and_reason_as_text_never_a_formula():
    event = contract_night()
    book = workbook(event)
    cells = [cell for ws in book.worksheets for row in ws.iter_rows() for cell in row]
    assert [cell.coordinate for cell in cells if cell.data_type == "f"] == []
    texts = {cell.value for cell in cells if cell.data_type == "s"}
    assert any(str(value).startswith("'" + FORMULA) for value in texts)
    assert "'<i>Fouled</i> board & =1+1" in texts


def test_the_workbook_travellers_carry_every_table_with_its_score_and_matchpoints():
    event = contract_night()
    sheet = sheet_of(event)
    contest = sheet.payload
    ws = workbook(event)["Travellers A"]
    header, rows = table_after(ws, "Board")
    assert header == [
        "Board",
        "Dealer",
        "Vul",
        "Round",
        "Table",
        "N-S",
        "E-W",
        "Contract",
        "By",
        "Result",
        "Tricks",
        "N-S score",
        "E-W score",
        "N-S MP",
        "E-W MP",
        "Status",
        "Notes",
    ]
    assert len(rows) == len(sheet.results)
    column = {name: index for index, name in enumerate(header)}
    for row in rows:
        result = Result.objects.get(
            section__event=event,
            board__number=row[column["Board"]],
            seating__table__number=row[column["Table"]],
        )
        figures = contest.table(result.pk)
        assert Fraction(row[column["N-S MP"]]).limit_denominator(999) == figures.ns_figure
        assert Fraction(row[column["E-W MP"]]).limit_denominator(999) == figures.ew_figure
        if figures.score_ns:
            score = row[column["N-S score"]] if figures.score_ns > 0 else -row[column["E-W score"]]
            assert score == figures.score_ns
    adjusted = next(row for row in rows if str(row[column["Contract"]]).startswith("Adjusted"))
    assert adjusted[column["Contract"]] == "Adjusted A-/A+"
    assert "Law 12C2" in adjusted[column["Notes"]]


def test_the_workbook_boards_sheet_gives_each_boards_top_and_par():
    event = contract_night()
    contest = contest_of(event)
    ws = workbook(event)["Boards A"]
    header, rows = table_after(ws, "Board")
    assert header[:6] == ["Board", "Dealer", "Vul", "Top or datum", "Figure", "Par N-S"]
    boards = {board.number: board for board in event.sections.get().boards.all()}
    for row in rows:
        number = row[0]
        assert row[3] == "Top" and row[4] == contest.boards[number].top
        assert row[5] == boards[number].par["score"]


def test_the_rulings_sheet_names_each_adjusted_score():
    ws = workbook(contract_night())["Rulings"]
    header, rows = table_after(ws, "Board")
    column = header.index("Adjusted score")
    assert sorted(row[column] for row in rows) == ["3NT S =", "A-/A+"]


def test_the_team_workbook_has_the_match_board_by_board_and_the_vps():
    event = team_night()
    match = contest_of(event).match
    book = workbook(event)
    header, rows = table_after(book["Match A"], "Board")
    assert header[-3:] == [match.home, match.away, "Running"]
    assert [row[0] for row in rows] == [board.number for board in match.boards]
    assert [row[-3] for row in rows] == [board.home for board in match.boards]
    _, totals = table_after(book["Standings A"], "Team")
    assert totals == [
        [match.home, match.imps_home, float(match.vp_home)],
        [match.away, match.imps_away, float(match.vp_away)],
    ]
    assert book["Standings A"]["C3"].number_format == "0.00"


# --- queries -----------------------------------------------------------------------------------------

# An anonymous visitor, published night. Each document or download makes:
#   1. the event with its club (access.viewable_event)
#   2. the event's sections
#   3. the section's version, read afresh (scores.cache.version_of)
#   4-7. its pairs, boards with their versions, results and rulings (standings.load_section)
#   8. the engine's figures for those versions, from the cache: the night was scored when it was
#      closed (only the figures are kept, no model: four more than when whole sheets were kept)
# and the same for any night around it (tournament.documents; named in test_pdf_views)
SCORED_QUERIES = 8 + DOCUMENT_QUERIES


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("pdf_document", ["standings"]),
        ("pdf_document", ["recaps"]),
        ("pdf_document", ["travellers"]),
        ("export_xlsx", []),
        ("export_csv", []),
    ],
)
def test_a_contract_download_makes_the_same_queries_for_a_night_twice_the_size(
    django_assert_num_queries, name, args
):
    for tables in (3, 5):
        event = contract_night(tables=tables)
        url = reverse(name, args=[event.club.slug, event.pk, *args])
        with django_assert_num_queries(SCORED_QUERIES):
            assert Client().get(url).status_code == 200


def test_the_match_sheet_of_a_contract_match_makes_the_scored_queries(django_assert_num_queries):
    event = team_night()
    url = reverse("pdf_document", args=[event.club.slug, event.pk, "match"])
    with django_assert_num_queries(SCORED_QUERIES):
        assert Client().get(url).status_code == 200


def test_a_director_sees_the_contract_documents_of_an_unpublished_night():
    event = contract_night()
    Event.objects.filter(pk=event.pk).update(published=False)
    url = reverse("pdf_document", args=[event.club.slug, event.pk, "standings"])
    assert Client().get(url).status_code == 404
    client = Client()
    client.force_login(make_member(event.club))
    assert client.get(url).status_code == 200


# --- other shapes of night -----------------------------------------------------------------------------


def test_a_night_with_no_result_yet_prints_and_exports_without_a_figure():
    event = make_contract_event()
    for doc in ("standings", "recaps", "travellers"):
        assert "No result" in render(event, doc)
    assert csv_rows(event) == [["Rank", "Pair", "Names", "Direction", "MP", "Top", "Percent", "Boards"]]
    assert "No results yet." in [cell.value for cell in workbook(event)["Standings A"]["A"]]
    match = make_contract_event(form=Event.Form.TEAMS)
    assert "No board has been played at both tables yet" in render(match, "match")
    assert csv_rows(match) == [["Team", "IMPs", "VPs"]]


def test_a_howell_has_one_list_of_standings_overall():
    event = contract_night(movement="howell", pairs=6)
    contest = contest_of(event)
    assert not contest.two_winner
    text = render(event, "standings")
    assert "Overall" in text and "North-South" not in text
    rows = csv_rows(event)
    assert [row[3] for row in rows[1:]] == [""] * len(contest.standings)
    assert [row[1] for row in rows[1:]] == [line.pair for line in contest.standings]


def test_a_board_a_match_prints_each_boards_points_won_and_the_total():
    event = team_night(method=Event.Method.BOARD_A_MATCH, victory_points=Event.VictoryPoints.NONE)
    match = contest_of(event).match
    text = render(event, "match")
    assert f"{match.home} {plain(match.home_total)} {match.away} {plain(match.away_total)}" in text
    assert "VPs" not in text
    rows = csv_rows(event)
    assert rows == [
        ["Team", "BAM", "VPs"],
        [match.home, number(match.home_total), ""],
        [match.away, number(match.away_total), ""],
    ]


def test_a_board_not_played_and_not_yet_ruled_is_listed_for_the_director():
    event = make_contract_event()
    play_contract(event, varied)
    result = Result.objects.filter(section__event=event).order_by("id").first()
    Result.objects.filter(pk=result.pk).update(not_played=True)
    text = render(event, "standings")
    assert "For the director: results not yet counted" in text
    assert f"Board {result.board.number}, table {result.seating.table.number}" in text
    assert "not counted yet" in render(event, "travellers")
    notes = workbook(event)["Travellers A"]
    assert any("Not counted yet" in str(cell.value) for row in notes.iter_rows() for cell in row)
