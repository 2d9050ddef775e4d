"""A contract bridge night's standings, travellers, recaps and explanations, by each scoring method."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

from tests.tournament.contract_night import (
    make_contract_event,
    make_contract_result,
    name_pairs,
    play_contract,
)
from tests.tournament.factories import make_member, rule_the_missing_not_played
from tournament.models import Event, Result, Seating
from tournament.scores.standings import score_section
from tournament.services.events import set_status

pytestmark = pytest.mark.django_db


def seatings(event: Event) -> list[Seating]:
    return list(
        Seating.objects.filter(section__event=event)
        .select_related("table", "ns", "ew", "section__event")
        .order_by("round", "table__number")
    )


def published(event: Event) -> Event:
    director = (
        event.club.memberships.first().user if event.club.memberships.exists() else make_member(event.club)
    )
    rule_the_missing_not_played(event, director)
    return set_status(
        event=event, user=director, status=Event.Status.LOCKED, published=True, lock_anyway=True
    )


BOARD_ONE = {1: "4H N =", 2: "4H N +1", 3: "3NT S -1"}  # board 1 at tables 1, 2, 3: +420, +450, -50


def board_one_night(**kwargs) -> Event:
    """Three tables; board 1 played at every table, the rest left unplayed."""
    event = make_contract_event(**kwargs)
    for seating in seatings(event):
        if 1 in seating.board_numbers:
            make_contract_result(seating, 1, BOARD_ONE[seating.table.number])
    return event


def test_butler_imps_each_table_against_the_datum():
    event = board_one_night(method=Event.Method.BUTLER)
    sheet = score_section(event.sections.get())
    board = sheet.payload.boards[1]
    # Three scores, none dropped (one at each end only from five): (420 + 450 - 50) / 3 = 273 1/3 → 270.
    assert board.datum == 270
    figures = {t.score_ns: (t.ns_figure, t.ew_figure) for t in board.tables}
    assert figures == {420: (4, -4), 450: (5, -5), -50: (-8, 8)}
    assert any("N-S +450 against the datum +270: +180, +5 IMPs" in t.ns_how for t in board.tables)
    assert "none dropped" in board.lines[0]


def test_the_datum_drops_what_the_event_says():
    event = board_one_night(method=Event.Method.BUTLER, datum_drop=1)
    assert score_section(event.sections.get()).payload.boards[1].datum == 420  # the median of three


def test_cross_imps_summed_against_every_other_score():
    event = board_one_night(method=Event.Method.CROSS_IMPS)
    sheet = score_section(event.sections.get())
    figures = {t.score_ns: t.ns_figure for t in sheet.payload.boards[1].tables}
    # +420 v +450 -1, v -50 +10; +450: +1 +11; -50: -10 -11
    assert figures == {420: Fraction(9), 450: Fraction(12), -50: Fraction(-21)}


def test_a_butler_night_shows_imps_in_the_standings_and_the_datum_on_the_traveller(client):
    event = published(board_one_night(method=Event.Method.BUTLER))
    args = [event.club.slug, event.pk]
    page = client.get(reverse("event", args=args)).content.decode()
    assert "Scored by: IMPs against a datum (Butler pairs)." in page
    assert "N-S pairs" in page and "E-W pairs" in page  # a Mitchell has two winners
    traveller = client.get(reverse("traveller", args=[*args, "A", 1])).content.decode()
    assert "Butler datum +270" in traveller
    assert "Vul: None" in traveller
    assert "against the datum +270" in traveller


def test_the_explanation_shows_law_77_and_the_imps(client):
    event = published(board_one_night(method=Event.Method.BUTLER))
    result = Result.objects.get(board__number=1, seating__table__number=2)
    page = client.get(reverse("explain", args=[event.club.slug, event.pk, result.pk])).content.decode()
    assert "NS +450" in page
    assert "1 overtrick" in page
    assert "+5 IMPs" in page


def test_a_pairs_recap_lists_its_boards_with_imps(client):
    event = published(board_one_night(method=Event.Method.BUTLER))
    pair = Result.objects.get(board__number=1, seating__table__number=3).ns
    page = client.get(reverse("recap", args=[event.club.slug, event.pk, pair.pk])).content.decode()
    assert "−8" in page
    csv = client.get(reverse("recap", args=[event.club.slug, event.pk, pair.pk]) + "?_export=csv")
    assert csv.status_code == 200 and "-8" in csv.content.decode()


# Matchpoints ---------------------------------------------------------------------------------


def test_matchpoints_on_the_european_scale_top_four_with_three_results():
    event = board_one_night()
    board = score_section(event.sections.get()).payload.boards[1]
    assert board.top == 4  # 2 × (3 − 1)
    figures = {t.score_ns: (t.ns_figure, t.ew_figure) for t in board.tables}
    assert figures == {450: (4, 0), 420: (2, 2), -50: (0, 4)}
    how = next(t.ns_how for t in board.tables if t.score_ns == 420)
    assert (
        how == "N-S +420 beat 1, tied 0 and lost to 1 of 2 other N-S scores: 2 MP (Law 78A), of a top of 4."
    )


def test_a_board_with_fewer_results_is_factored_by_neuberg_and_says_so():
    event = board_one_night()
    # Board 3 played at two tables only: +420 and +450 on a night whose boards have three results.
    for seating in seatings(event):
        if 3 in seating.board_numbers and seating.table.number in (1, 2):
            make_contract_result(seating, 3, {1: "4H N =", 2: "4H N +1"}[seating.table.number])
        elif 3 in seating.board_numbers:
            pass
    board = score_section(event.sections.get()).payload.boards[3]
    low = next(t for t in board.tables if t.score_ns == -50 or (t.ns_figure is not None and t.ns_figure < 2))
    # M = 0 of n = 2, N = 3 on the European scale: (0 + 1) × 3/2 − 1 = 1/2.
    assert low.ns_figure == Fraction(1, 2)
    assert "Neuberg (M + 1) × N/n − 1 with M = 0, n = 2, N = 3: 1/2 of 4 MP (Law 78D)" in low.ns_how
    assert any("2 results of the 3 expected" in line for line in board.lines)


def test_matchpoints_on_the_acbl_scale_halve_the_european():
    event = board_one_night(scale=Event.Scale.ACBL)
    board = score_section(event.sections.get()).payload.boards[1]
    assert board.top == 2
    assert sorted(t.ns_figure for t in board.tables) == [0, 1, 2]


def test_a_full_mitchell_ranks_each_direction_with_percentages_and_ties(client):
    event = make_contract_event()
    name_pairs(event, make_member(event.club))
    play_contract(event, lambda seating, board: "4H N =" if seating.table.number != 2 else "4H N +1")
    sheet = score_section(event.sections.get())
    contest = sheet.payload
    assert contest.two_winner
    ns = contest.direction_standings("NS")
    assert ns[0].pair == "2NS"  # always the overtrick
    assert ns[0].percent == 100 and ns[1].place.text == "2=" and ns[2].place.text == "2="
    assert ns[1].percent == 25
    published(event)
    page = client.get(reverse("event", args=[event.club.slug, event.pk])).content.decode()
    assert "100.00" in page and "25.00" in page and "2=" in page
    csv = client.get(reverse("event", args=[event.club.slug, event.pk]) + "?_export=csv&table=A-ns")
    assert csv.status_code == 200 and "100.00" in csv.content.decode()


def test_an_artificial_score_takes_the_events_percentages_of_the_top():
    from tournament.models import Ruling
    from tournament.services.rulings import add_ruling

    event = board_one_night(average_plus=60, average=50, average_minus=40)
    director = event.club.memberships.first().user
    result = Result.objects.get(board__number=1, seating__table__number=3)
    add_ruling(
        result=result,
        user=director,
        kind=Ruling.Kind.ARTIFICIAL,
        law="Law 12C2",
        reason="Fouled auction.",
        ns_average="A-",
        ew_average="A+",
    )
    board = score_section(event.sections.get()).payload.boards[1]
    adjusted = next(t for t in board.tables if t.adjusted)
    assert adjusted.adjusted == ("A-", "A+")
    assert (adjusted.ns_figure, adjusted.ew_figure) == (Fraction(8, 5), Fraction(12, 5))  # 40 % and 60 % of 4


# Teams --------------------------------------------------------------------------------------


def team_night(method: str = Event.Method.TEAM_IMPS, **kwargs) -> Event:
    event = make_contract_event(form=Event.Form.TEAMS, method=method, **kwargs)
    # Home (team A) sits N-S at table 1; table 1 makes 4♥+1, table 2 goes one down: a 10-IMP swing a board.
    play_contract(event, lambda seating, board: "4H N +1" if seating.table.number == 1 else "4H N -1")
    return event


def test_a_team_match_by_imps_and_its_victory_points(client):
    event = team_night(victory_points=Event.VictoryPoints.WBF)
    match = score_section(event.sections.get()).payload.match
    assert match is not None and len(match.boards) == 8
    nv = next(b for b in match.boards if b.number == 1)
    assert (nv.home_ns, nv.away_ns, nv.net) == (450, -50, 500)
    assert nv.home == 11  # 500 → 11 IMPs (Law 78B)
    assert match.vp_home + match.vp_away == 20 and match.vp_home > 10
    published(event)
    page = client.get(reverse("match", args=[event.club.slug, event.pk])).content.decode()
    assert "VPs" in page and "WBF continuous 20-VP scale" in page


def test_board_a_match_wins_every_board_whatever_the_margin():
    event = team_night(method=Event.Method.BOARD_A_MATCH, scale=Event.Scale.ACBL)
    match = score_section(event.sections.get()).payload.match
    assert match.home_total == 8 and match.away_total == 0


def test_total_points_add_the_nets():
    event = team_night(method=Event.Method.TOTAL_POINTS)
    match = score_section(event.sections.get()).payload.match
    assert match.home_total == sum(b.net for b in match.boards)


def test_closing_the_night_keeps_each_pairs_place_for_the_players_pages():
    from tournament.models import PairStanding

    event = make_contract_event()
    name_pairs(event, event.club.memberships.get().user)
    play_contract(event, lambda seating, board: "4H N =" if seating.table.number != 2 else "4H N +1")
    published(event)
    kept = {
        s.pair.label: s
        for s in PairStanding.objects.filter(pair__section__event=event).select_related("pair")
    }
    assert (kept["2NS"].rank, kept["2NS"].of, kept["2NS"].score) == ("1", 3, "100.00 % (24 MP)")
    assert kept["1NS"].rank == "2=" and kept["1NS"].score == "25.00 % (6 MP)"


def test_an_artificial_score_in_a_team_match_gives_each_team_its_award():
    from tournament.models import Ruling
    from tournament.services.rulings import add_ruling

    event = team_night()
    director = event.club.memberships.first().user
    away_table = Result.objects.get(board__number=1, seating__table__number=2)  # team B sits N-S there
    add_ruling(
        result=away_table,
        user=director,
        kind=Ruling.Kind.ARTIFICIAL,
        law="Law 12C2",
        reason="Fouled board.",
        ns_average="A-",
        ew_average="A+",
    )
    board = next(b for b in score_section(event.sections.get()).payload.match.boards if b.number == 1)
    assert board.adjusted == ("A+", "A-") and (board.home, board.away) == (3, -3)


def test_the_match_sheets_running_total_ends_at_the_imp_margin():
    from tournament.games.contract.reports import contract_match_rows

    # Home makes 4♥+1 and beats it at the other table on the odd boards, the mirror on the even:
    # +500 (11 IMPs) on boards 1 and 3, N-S not vulnerable; −750 (13 IMPs) on 2 and 4, N-S vulnerable.
    event = make_contract_event(form=Event.Form.TEAMS, boards=4)
    play_contract(
        event,
        lambda seating, board: (
            ("4H N +1" if seating.table.number == 1 else "4H N -1")
            if board % 2
            else ("4H N -1" if seating.table.number == 1 else "4H N +1")
        ),
    )
    sheet = score_section(event.sections.get())
    rows = contract_match_rows(sheet)
    assert [(row.home, row.away) for row in rows] == [(11, -11), (-13, 13), (11, -11), (-13, 13)]
    assert [row.running for row in rows] == [11, -2, 9, -4]  # the margin after each board, not twice it
    assert rows[-1].running == sheet.payload.match.imps_home - sheet.payload.match.imps_away


HAND_CHECKED_MATCH = {  # (table, board): what was played; team A sits N-S at table 1, E-W at table 2
    (1, 1): "4S N =",  # +420, none vulnerable
    (2, 1): "4S N -1",  # -50: team A +470, 10 IMPs
    (1, 2): "3NT S -2",  # -200, N-S vulnerable
    (2, 2): "3NT S =",  # +600 to team B: team A -800, 13 IMPs to B
    (1, 3): "4H E =",  # -620, E-W vulnerable
    (2, 3): "4HX E =",  # -790, team A's E-W: team A +170, 5 IMPs
    (1, 4): "1NT N +1",  # +120, both vulnerable
    (2, 4): "PASS",  # 0: team A +120, 3 IMPs
}


def test_a_match_won_by_five_imps_over_four_boards_shows_its_vps_to_two_decimals(client):
    event = make_contract_event(form=Event.Form.TEAMS, boards=4, victory_points=Event.VictoryPoints.WBF)
    play_contract(event, lambda seating, board: HAND_CHECKED_MATCH[(seating.table.number, board)])
    match = score_section(event.sections.get()).payload.match
    assert [board.home for board in match.boards] == [10, -13, 5, 3]
    assert (match.imps_home, match.imps_away) == (18, 13)
    # Margin 5 over 4 boards, blitz 15 × √4 = 30: 10 + 10 × (1 − τ^(15/30)) / (1 − τ³) = 12.7993… → 12.80.
    assert (match.vp_home, match.vp_away) == (Fraction(1280, 100), Fraction(720, 100))
    published(event)
    page = client.get(reverse("match", args=[event.club.slug, event.pk])).content.decode()
    assert ">12.80<" in page and ">7.20<" in page
    assert "Team A 12.80 VPs, Team B 7.20 VPs" in page
    assert "4/5" not in page


# Adjusted scores on the rows ----------------------------------------------------------------


def ruled_board_one(**details) -> Event:
    from tournament.services.rulings import add_ruling

    event = board_one_night()
    result = Result.objects.get(board__number=1, seating__table__number=1)  # 4♥ N = at table 1
    add_ruling(result=result, user=event.club.memberships.first().user, reason="Ruled.", **details)
    return event


def test_a_traveller_row_shows_the_assigned_contract_beside_its_score(client):
    from tournament.games.contract.reports import contract_recap_rows, contract_traveller_rows

    event = ruled_board_one(kind="assigned", assigned="5H N -1", law="Law 12C1")
    sheet = score_section(event.sections.get())
    row = next(row for row in contract_traveller_rows(sheet, 1) if row.table == 1)
    # The score is 5♥ one down's, so the row says 5♥ N -1, not the table's 4♥ N =.
    assert (row.contract, row.declarer, row.result, row.tricks) == ("5H", "N", "-1", 10)
    assert (row.ns_score, row.ew_score, row.assigned) == (None, 50, True)
    recap = next(line for line in contract_recap_rows(sheet, "1NS") if line.board == 1)
    assert (recap.contract, recap.declarer, recap.result, recap.score) == ("5H", "N", "-1", -50)
    assert recap.assigned
    published(event)
    page = client.get(reverse("traveller", args=[event.club.slug, event.pk, "A", 1])).content.decode()
    assert "assigned (Law 12C1)" in page


def test_a_traveller_row_under_an_artificial_score_shows_no_declarer_or_result():
    from tournament.games.contract.reports import contract_traveller_rows

    event = ruled_board_one(kind="artificial", ns_average="A+", ew_average="A-", law="Law 12C2")
    row = next(r for r in contract_traveller_rows(score_section(event.sections.get()), 1) if r.table == 1)
    assert row.adjusted == "A+/A-"
    assert (row.declarer, row.result, row.tricks) == ("", "", None)


def test_a_summed_cross_imp_award_says_it_counts_once_for_each_comparison():
    from tournament.models import Ruling
    from tournament.services.rulings import add_ruling

    event = make_contract_event(pairs=8, method=Event.Method.CROSS_IMPS)  # four tables
    play_contract(event, lambda seating, board: "4H N =" if board == 1 else None)
    results = list(Result.objects.filter(board__number=1).order_by("pk"))
    assert len(results) == 4
    add_ruling(
        result=results[0],
        user=event.club.memberships.first().user,
        kind=Ruling.Kind.ARTIFICIAL,
        law="Law 12C2",
        reason="Fouled board.",
        ns_average="A+",
        ew_average="A-",
    )
    adjusted = next(t for t in score_section(event.sections.get()).payload.boards[1].tables if t.adjusted)
    # Three real scores, so two comparisons for each: A+ is +3 twice (spec §3.3).
    assert (adjusted.ns_figure, adjusted.ew_figure) == (6, -6)
    assert adjusted.ns_how == (
        "A+: +6 IMPs (Law 12C2: Average-plus +3, Average 0, Average-minus −3 IMPs "
        "for each of the 2 comparisons, Law 78B)."
    )
