"""The rows layer: every figure equals what the engine gives when run directly on the same facts."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.auction.deal import Options, score_deal
from scoring.auction.deal_record import Deal
from scoring.auction.entry import parse_entry
from scoring.contests.pairs import TableResult, pair_contest, signed_text
from scoring.contests.teams import Team, TeamResult, team_match
from scoring.shared.seats import Side
from tests.tournament.factories import make_club, make_event, make_member, make_result, play_all
from tournament import reports
from tournament.models import Event, Ruling, Seating
from tournament.scores.standings import score_section
from tournament.services import rulings as ruling_service

pytestmark = pytest.mark.django_db

TEXTS = ("1H N 7", "2S E 8", "3NT S 9", "2D W 7", "1NT N 8", "4H S 9", "2C E 8", "1R W 6", "3D N 8")


def varied(seating: Seating, board: int) -> str:
    """A different, deterministic result at each table on each board."""
    return TEXTS[(board * 5 + seating.table.number * 3 + seating.round) % len(TEXTS)]


def net_ns(text: str) -> int:
    """The net to N-S straight from the engine, not through the app."""
    entry = parse_entry(text, allow_pass=True)
    return score_deal(Deal(entry.contract, entry.declarer, entry.tricks), Options(duplicate=True)).net_ns


def expected_contest(event: Event, text_for):
    seatings = Seating.objects.filter(section__event=event).select_related("ns", "ew")
    return pair_contest(
        TableResult.auction(str(n), s.ns.label, s.ew.label, net_ns(text_for(s, n)))
        for s in seatings
        for n in s.board_numbers
    )


@pytest.fixture
def director():
    club = make_club()
    return club, make_member(club)


def played(director, text_for=varied, **kwargs):
    club, user = director
    event = make_event(club, user, **kwargs)
    play_all(event, text_for)
    return event, score_section(event.sections.get())


@pytest.mark.parametrize("direction", [None, Side.NS, Side.EW], ids=["overall", "N-S", "E-W"])
def test_standings_rows_equal_the_engine_run_on_the_same_nets(director, direction):
    event, sheet = played(director)
    contest = expected_contest(event, varied)
    expected = contest.standings if direction is None else contest.direction_standings(direction)
    rows = reports.standings_rows(sheet, direction)
    assert [(r.pair, r.score, r.rounded, r.rank, r.deals) for r in rows] == [
        (s.pair, s.score, s.rounded, s.rank, s.deals) for s in expected
    ]
    assert sum(r.score for r in rows) == 0  # a contest's scores sum to zero (Law H)


def only_one_table_differs(seating: Seating, board: int) -> str:
    return "2S N 8" if (board, seating.table.number) == (1, 1) else "1S N 7"


def test_equal_scores_share_a_rank_and_the_next_rank_is_skipped(director):
    _, sheet = played(director, only_one_table_differs)
    rows = reports.standings_rows(sheet)
    ranks = [row.rank_text for row in rows]
    # One N-S pair beat the field on board 1; the two E-W pairs who did not face it share 2nd,
    # the two N-S pairs who did not play it share 4th, and the E-W pair who lost to it is 6th.
    assert ranks == ["1", "2=", "2=", "4=", "4=", "6"]
    assert [row.tied for row in rows] == [False, True, True, True, True, False]


def test_exact_text_shows_only_where_rounding_hides_the_fraction(director):
    _, sheet = played(director, only_one_table_differs)
    for row in reports.standings_rows(sheet):
        assert (row.exact != "") == (row.score.denominator != 1)
        assert row.rounded == round(row.score) or abs(row.score - row.rounded) == Fraction(1, 2)


def test_recap_running_total_ends_at_the_pairs_contest_score(director):
    _, sheet = played(director)
    for label in sheet.pairs:
        rows = reports.recap_rows(sheet, label)
        assert rows, label
        assert rows[-1].running == sheet.exact_score(label)
        assert [(r.round, r.board) for r in rows] == sorted((r.round, r.board) for r in rows)
        for row in rows:
            assert row.difference == row.score - row.average
            expected_net = net_ns(varied(Seating.objects.get(pk=row_seating(sheet, row)), row.board))
            assert row.net == (expected_net if row.direction == "N-S" else -expected_net)


def row_seating(sheet, row) -> int:
    return next(s.result.seating_id for s in sheet.results if s.result.pk == row.result_pk)


def test_traveller_rows_carry_each_directions_average_and_each_pairs_difference(director):
    event, sheet = played(director)
    expected = expected_contest(event, varied).traveller("3")
    rows = reports.traveller_rows(sheet, 3)
    assert len(rows) == len(expected.rows) == 3
    for row in rows:
        assert row.ns_average == expected.ns_average and row.ew_average == expected.ew_average
        assert row.ns_difference == row.ns_score - expected.ns_average
        assert row.ew_difference == -row.ns_difference
        assert row.net_ns == row.ns_points - row.ew_points


def test_whist_compass_standings_equal_the_engine_on_the_same_tricks(director):
    def tricks(seating, board):
        return f"H {(board * 3 + seating.table.number) % 9 + 3}"

    event, sheet = played(director, tricks, game=Event.Game.WHIST)
    seatings = Seating.objects.filter(section__event=event).select_related("ns", "ew")
    contest = pair_contest(
        TableResult.whist(str(n), s.ns.label, s.ew.label, int(tricks(s, n).split()[1]))
        for s in seatings
        for n in s.board_numbers
    )
    for direction in (Side.NS, Side.EW):
        rows = reports.standings_rows(sheet, direction)
        assert [(r.pair, r.score, r.rank) for r in rows] == [
            (s.pair, s.score, s.rank) for s in contest.direction_standings(direction)
        ]
    recap = reports.recap_rows(sheet, "1EW")
    assert all(row.net is None and row.contract == "H" for row in recap)


def test_match_rows_give_each_teams_gross_and_the_swing_as_the_engine_does(director):
    club, user = director
    event = make_event(club, user, form=Event.Form.TEAMS, movement="teams", pairs=2, boards=8)
    play_all(event, varied)
    sheet = score_section(event.sections.get())
    seatings = Seating.objects.filter(section__event=event).select_related("ns", "ew")
    results = []
    for s in seatings:
        for n in s.board_numbers:
            entry = parse_entry(varied(s, n))
            score = score_deal(Deal(entry.contract, entry.declarer, entry.tricks), Options(duplicate=True))
            results.append(TeamResult(str(n), s.ns.label, s.ew.label, score.ns.total, score.ew.total))
    expected = team_match(Team("Team A", ("A1", "A2")), Team("Team B", ("B1", "B2")), results)
    rows = reports.match_rows(sheet)
    assert [row.deal for row in rows] == list(range(1, 9))
    assert [(row.first_points, row.second_points, row.swing) for row in rows] == [
        (d.first_points, d.second_points, d.swing) for d in sorted(expected.deals, key=lambda d: int(d.deal))
    ]
    assert all(len(row.tables) == 2 and row.tables[0].table == 1 for row in rows)
    assert rows[-1].running_swing == expected.first.total - expected.second.total
    summary = reports.match_summary(sheet)
    assert (summary.first.total, summary.second.total, summary.winner) == (
        expected.first.total,
        expected.second.total,
        expected.winner,
    )


def test_an_irregular_table_is_credited_by_law_b_and_says_so(director):
    club, user = director
    event = make_event(club, user)
    seating = Seating.objects.select_related("section__event", "table").get(
        section__event=event, round=1, table__number=1
    )
    play_all(event, lambda s, n: None if (s.pk, n) == (seating.pk, 1) else varied(s, n))
    ruling_service.rule_irregular_hands(
        seating=seating,
        board_number=1,
        user=user,
        discovered="after_overplay_began",
        surplus_with="adversary",
        short_side="NS",
    )
    sheet = score_section(event.sections.get())
    line = next(r for r in reports.traveller_rows(sheet, 1) if r.table == 1)
    assert line.ns_points is None and line.ns_score == line.ns_average and line.ns_difference == 0
    assert "Law B (3)" in line.how
    recap = next(r for r in reports.recap_rows(sheet, seating.ns.label) if r.board == 1)
    assert recap.net is None and recap.difference == 0 and "Law B (3)" in recap.irregular
    assert [note.law for note in recap.rulings] == ["Law B (3)"]


def test_rulings_rows_keep_undone_rulings_marked_undone(director):
    _, sheet = played(director)
    _, user = director
    result = sheet.results[0].result
    kept = ruling_service.add_ruling(
        result=result,
        user=user,
        kind=Ruling.Kind.AWARD,
        law="Law F",
        reason="Out of turn.",
        side="EW",
        points=50,
    )
    undone = ruling_service.add_ruling(
        result=result, user=user, kind=Ruling.Kind.NOTE, law="Law E", reason="Noted."
    )
    ruling_service.undo_ruling(ruling=undone, user=user, reason="Mistaken.")
    sheet = score_section(result.section)
    rows = reports.rulings_rows(sheet)
    assert [(row.law, row.active) for row in rows] == [("Law F", True), ("Law E", False)]
    assert rows[0].points == 50 and rows[0].side == "E-W" and rows[0].board == result.board.number
    detail = reports.explanation(sheet, result.pk)
    assert any(line.law == "Law F" for line in detail.score.lines)
    assert [(note.ruling_pk, note.active) for note in detail.rulings] == [(kept.pk, True), (undone.pk, False)]


def test_matrix_totals_equal_the_standings(director):
    _, sheet = played(director)
    totals = {row.pair: row.total for row in reports.matrix_rows(sheet)}
    assert totals == {row.pair: row.score for row in reports.standings_rows(sheet)}
    assert reports.matrix_deals(sheet) == list(range(1, 7))


def test_explanation_shows_how_the_result_enters_the_contest(director):
    event, sheet = played(director)
    scored = sheet.results[0]
    detail = reports.explanation(sheet, scored.result.pk)
    traveller = expected_contest(event, varied).traveller(str(detail.board))
    assert [e.direction for e in detail.entries] == ["N-S", "E-W"]
    assert detail.entries[0].average == traveller.ns_average
    assert (
        detail.entries[0].difference
        == net_ns(varied(scored.result.seating, detail.board)) - traveller.ns_average
    )
    assert detail.average_lines == traveller.lines
    assert reports.explanation(sheet, 10**9) is None


def test_a_board_waiting_for_a_ruling_is_listed(director):
    club, user = director
    event = make_event(club, user)
    seating = Seating.objects.select_related("section__event", "table").get(
        section__event=event, round=1, table__number=1
    )
    make_result(seating, 1, "1H N 7")
    from tournament.services.results import set_status

    result = seating.results.get()
    set_status(result=result, status="disputed", user=user)
    sheet = score_section(event.sections.get())
    assert reports.waiting_rows(sheet) == [
        "Board 1, table 1, round 1: disputed by the opponents; the director will rule."
    ]


@pytest.mark.parametrize(
    ("winner", "margin", "by_fraction", "text"),
    [
        ("Lilies", Fraction(1, 3), True, "Lilies win by the fraction of a point (1/3) (Law G)."),
        ("Lilies", Fraction(120), False, "Lilies win by 120 points (Law G)."),
        (None, Fraction(0), False, "The match is drawn (Law G)."),
    ],
    ids=["by-fraction", "by-points", "drawn"],
)
def test_the_match_result_says_when_a_fraction_decided_it(winner, margin, by_fraction, text):
    team = reports.TeamLine("Lilies", 100, "", None, None, 100, Fraction(100))
    summary = reports.MatchSummary(team, team, winner, margin, by_fraction, "points", ())
    assert summary.text == text


@pytest.mark.parametrize(
    "value",
    [Fraction(n, d) for d in (2, 3, 7, 26) for n in (-3 * d - 1, -d - 1, -1, 1, d - 1, d + 1, 50 * d + 1)],
    ids=str,
)
def test_exact_text_spells_a_fraction_as_signed_text_does(value):
    assert reports.exact_text(value) == signed_text(value)


@pytest.mark.parametrize("value", [None, Fraction(0), Fraction(-50), Fraction(183)])
def test_exact_text_is_empty_for_a_whole_number(value):
    assert reports.exact_text(value) == ""
