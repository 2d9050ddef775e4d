"""The demo's contract bridge nights, loaded as ``make run`` loads them, scored again straight by the engine.

The expected standings are worked out here from the stored facts alone (each table's contract,
declarer and tricks, and the director's adjusted scores), through ``scoring`` and nothing of the
club night's services: Law 77 for every table, then the matchpoint session of spec §2 or the team
match of spec §3.4 with its VPs (§3.5). The standings page's figures, the CSV, the workbook and
the PDF must say the same.
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import openpyxl
import pytest
from django.core.management import call_command
from django.test import override_settings

from scoring.contests import matchpoint_session, matchpoints, team_matches
from scoring.contests.adjusted import AdjustedPercents, Artificial
from scoring.contests.imps import Award
from scoring.contract.board import Vulnerability, vulnerability
from scoring.contract.deal import ContractBid, score_contract
from scoring.contract.entry import parse_result
from scoring.shared.numbers import round_half_away
from scoring.shared.seats import Seat
from tests.tournament.pdf_text import raw_pages
from tournament.exports import export_standings
from tournament.models import Event, Result, Ruling
from tournament.pdf import documents_for, renderer_for
from tournament.scores.standings import score_section

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo() -> dict[str, Event]:
    with override_settings(DEBUG=True):
        call_command("load_demo", stdout=io.StringIO())
    events = Event.objects.filter(club__slug="demo", game=Event.Game.CONTRACT)
    return {event.form: event for event in events}


def law_77(result: Result) -> int:
    """N-S's score at one table by Law 77: the director's assigned result where one stands (Law 12C1)."""
    board = result.board
    vul = Vulnerability.parse(board.vulnerability) if board.vulnerability else vulnerability(board.number)
    assigned = [r for r in result.rulings.all() if r.active and r.kind == Ruling.Kind.ASSIGNED]
    if assigned:
        entry = parse_result(assigned[-1].assigned)
        bid, declarer, tricks = entry.contract, entry.declarer, entry.tricks
    elif result.passed_out:
        bid, declarer, tricks = None, None, None
    else:
        bid = ContractBid(result.level, result.strain, result.doubling)
        declarer, tricks = Seat.parse(result.declarer), result.tricks
    if bid is None or declarer is None:
        return score_contract(None, None, None, False).score_ns
    return score_contract(bid, declarer, tricks, vul.of_seat(declarer)).score_ns


def artificial(result: Result) -> tuple[str, str] | None:
    rulings = [r for r in result.rulings.all() if r.active and r.kind == Ruling.Kind.ARTIFICIAL]
    return (rulings[-1].ns_average, rulings[-1].ew_average) if rulings else None


def results_of(event: Event) -> list[Result]:
    return list(
        Result.objects.filter(section__event=event)
        .select_related("board", "ns", "ew", "ns__team")
        .prefetch_related("rulings")
    )


def engine_pairs(event: Event) -> matchpoint_session.MatchpointSession:
    tables = []
    for result in results_of(event):
        awards = artificial(result)
        outcome = Artificial.of(*awards) if awards else law_77(result)
        tables.append(
            matchpoints.TableResult(str(result.board.number), result.ns.label, result.ew.label, outcome)
        )
    options = matchpoints.MatchpointOptions(
        scale=matchpoints.Scale.parse(event.scale),
        neuberg=event.neuberg,
        percents=AdjustedPercents(event.average_plus, event.average, event.average_minus),
        winners=matchpoints.Winners.TWO,  # a Mitchell: N-S and E-W are ranked apart
    )
    return matchpoint_session.score_session(tables, options)


def engine_match(event: Event) -> team_matches.MatchResult:
    home: dict[int, Result] = {}
    away: dict[int, Result] = {}
    for result in results_of(event):
        (home if result.ns.team.label == "A" else away)[result.board.number] = result
    boards = []
    for number in sorted(home):
        awards = artificial(home[number])
        if awards:
            boards.append(
                team_matches.TeamBoard(str(number), adjusted=(Award.parse(awards[0]), Award.parse(awards[1])))
            )
        else:
            boards.append(team_matches.TeamBoard(str(number), law_77(home[number]), law_77(away[number])))
    teams = {team.label: team.name for team in event.teams.all()}
    return team_matches.team_match(teams["A"], teams["B"], boards)


def two_decimals(value: Fraction) -> str:
    hundredths = round_half_away(value * 100)
    return f"{hundredths // 100}.{hundredths % 100:02d}"


def test_the_demo_has_a_played_contract_mitchell_with_hand_records_and_an_imp_teams_match(demo):
    pairs, teams = demo[Event.Form.PAIRS], demo[Event.Form.TEAMS]
    assert pairs.method == Event.Method.MATCHPOINTS and pairs.sections.get().movement == "mitchell"
    assert teams.method == Event.Method.TEAM_IMPS and teams.victory_points == Event.VictoryPoints.WBF
    for event in (pairs, teams):
        assert event.published and event.is_locked
        boards = list(event.sections.get().boards.all())
        assert all(board.hands and board.double_dummy and board.par for board in boards)
        assert "handrecords" in [doc.slug for doc in documents_for(event)]
        assert score_section(event.sections.get()).problems == []
    laws = {r.law for r in Ruling.objects.filter(result__section__event=pairs)}
    assert {"Law 12C2", "Law 21B; Law 12C1"} <= laws


def test_the_demo_pairs_standings_are_the_engines_on_screen_in_the_csv_workbook_and_pdf(demo):
    event = demo[Event.Form.PAIRS]
    expected = engine_pairs(event)
    contest = score_section(event.sections.get()).payload
    assert [(p.pair, p.mp, p.top, p.percent, p.place) for p in expected.pairs] == [
        (line.pair, line.total, line.top, line.percent, line.place) for line in contest.standings
    ]
    rows = list(csv.reader(io.StringIO(export_standings(event, "csv").content.decode("utf-8-sig"))))
    by_pair = {row[1]: row for row in rows[1:]}
    book = openpyxl.load_workbook(io.BytesIO(export_standings(event, "xlsx").content))
    cells = {
        row[1]: row
        for row in book["Standings A"].iter_rows(values_only=True)
        if row[1] in by_pair and isinstance(row[0], int)
    }
    pdf = " ".join(raw_pages(renderer_for(event, "standings").render()[2]))
    for pair in expected.pairs:
        assert by_pair[pair.pair][0] == pair.place.text
        # Figures as plain numbers: whole, or to the hundredth as percentages are shown.
        mp = str(pair.mp) if pair.mp.denominator == 1 else two_decimals(pair.mp)
        assert by_pair[pair.pair][4:7] == [mp, str(pair.top), two_decimals(pair.percent)]
        assert Fraction(cells[pair.pair][4]).limit_denominator(999) == pair.mp
        assert f"{pair.place.text} {pair.pair} " in pdf and f" {two_decimals(pair.percent)} " in pdf


def test_the_demo_match_is_the_engines_in_the_csv_and_on_the_match_sheet(demo):
    event = demo[Event.Form.TEAMS]
    expected = engine_match(event)
    match = score_section(event.sections.get()).payload.match
    assert (match.imps_home, match.imps_away, match.vp_home, match.vp_away) == (
        expected.imps_home,
        expected.imps_away,
        expected.vp_home,
        expected.vp_away,
    )
    rows = list(csv.reader(io.StringIO(export_standings(event, "csv").content.decode("utf-8-sig"))))
    assert rows[1:] == [
        [expected.home, str(expected.imps_home), two_decimals(expected.vp_home)],
        [expected.away, str(expected.imps_away), two_decimals(expected.vp_away)],
    ]
    sheet = " ".join(raw_pages(renderer_for(event, "match").render()[2]))
    assert f"{expected.home} {expected.imps_home} {two_decimals(expected.vp_home)}" in sheet
    assert f"{expected.away} {expected.imps_away} {two_decimals(expected.vp_away)}" in sheet


def test_the_demo_travellers_print_every_boards_par(demo):
    event = demo[Event.Form.PAIRS]
    text = " ".join(raw_pages(renderer_for(event, "travellers").render()[2]))
    for board in event.sections.get().boards.all():
        side = "N-S" if board.par["score"] > 0 else "E-W"
        assert f"Par: {side} +{abs(board.par['score'])}" in text or board.par["score"] == 0
