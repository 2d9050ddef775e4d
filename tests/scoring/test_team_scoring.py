"""Teams of four: boards, matches and events (Law 78B, Law 78C, spec §3.4, §3.5, §7)."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from scoring.contests.adjusted import Award
from scoring.contests.team_events import (
    Pairing,
    round_robin,
    swiss_pairings,
    team_standings,
)
from scoring.contests.team_matches import (
    BamScale,
    TeamBoard,
    board_a_match,
    match_from_imps,
    net_score,
    score_board,
    team_match,
)
from scoring.shared.errors import ContestError

A_PLUS, AVERAGE, A_MINUS = Award.PLUS, Award.AVERAGE, Award.MINUS

# --- boards --------------------------------------------------------------------------------


def test_net_adds_the_two_tables_from_the_home_teams_side() -> None:
    # Home N-S make 4S +420; at the other table home's E-W defend 4S one off: +50 to home.
    assert net_score(420, -50) == 470
    assert net_score(-100, -100) == 0
    assert net_score(-1430, 0) == -1430


@pytest.mark.parametrize(
    ("home_ns", "away_ns", "imps_home"),
    [
        (420, -50, 10),
        (420, 420, 0),
        (620, 170, 10),
        (-200, 110, -7),
        (1430, -100, 17),
        (10, 0, 0),
        (7600, -2210, 24),
    ],
)
def test_a_boards_imps_are_the_net_on_the_wbf_scale(home_ns: int, away_ns: int, imps_home: int) -> None:
    outcome = score_board(TeamBoard("1", home_ns, away_ns))
    assert (outcome.imps_home, outcome.imps_away) == (imps_home, -imps_home)


@pytest.mark.parametrize(
    ("net", "american", "british"),
    [
        (10, (1, 0), (2, 0)),
        (2000, (1, 0), (2, 0)),
        (0, (Fraction(1, 2), Fraction(1, 2)), (1, 1)),
        (-20, (0, 1), (0, 2)),
    ],
)
def test_board_a_match_ignores_the_margin(
    net: int, american: tuple[Fraction, Fraction], british: tuple[int, int]
) -> None:
    assert board_a_match(net) == american
    assert board_a_match(net, BamScale.BRITISH) == british


def test_an_adjusted_board_gives_each_team_its_award() -> None:
    outcome = score_board(TeamBoard("5", adjusted=(A_PLUS, A_MINUS)))
    assert (outcome.net, outcome.imps_home, outcome.imps_away) == (None, 3, -3)
    assert (outcome.bam_home, outcome.bam_away) == (1, 0)
    both = score_board(TeamBoard("5", adjusted=(AVERAGE, AVERAGE)), BamScale.BRITISH)
    assert (both.imps_home, both.imps_away, both.bam_home, both.bam_away) == (0, 0, 1, 1)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"board": "1", "home_ns": 420}, "whole number"),
        ({"board": "1"}, "not both"),
        ({"board": "1", "home_ns": 420, "away_ns": 50, "adjusted": (A_PLUS, A_MINUS)}, "not both"),
        ({"board": "1", "home_ns": "420", "away_ns": 50}, "whole number"),
        ({"board": "1", "adjusted": ("A+", "A-")}, "Law 86A"),
        ({"board": "", "home_ns": 1, "away_ns": 2}, "not a board"),
    ],
)
def test_a_board_the_laws_do_not_allow_is_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ContestError, match=message):
        TeamBoard(**kwargs)  # type: ignore[arg-type]


# --- matches -------------------------------------------------------------------------------

EIGHT_BOARDS = [
    TeamBoard("1", 420, -50),  # +10 home
    TeamBoard("2", 420, 420),  # 0
    TeamBoard("3", -200, 110),  # -7 home
    TeamBoard("4", 1430, -100),  # +17 home
    TeamBoard("5", 100, 140),  # -1 home
    TeamBoard("6", -50, -50),  # 0
    TeamBoard("7", 110, 140),  # -1 home
    TeamBoard("8", 600, 630),  # -1 home
]


def test_a_match_adds_each_teams_imps_and_reads_the_vp_scale() -> None:
    match = team_match("Lions", "Tigers", EIGHT_BOARDS)

    assert (match.imps_home, match.imps_away) == (27, 10)
    assert (match.net_home, match.net_away, match.margin) == (17, -17, 17)
    assert (match.vp_home, match.vp_away) == (Fraction("15.75"), Fraction("4.25"))
    assert match.vp_home + match.vp_away == 20
    assert match.total_points_home == 470 + 0 - 310 + 1530 - 40 + 0 - 30 - 30
    assert (match.bam_home, match.bam_away) == (3, 5)
    assert match.vp_of("Tigers") == Fraction("4.25")
    assert match.opponent_of("Tigers") == "Lions"
    with pytest.raises(ContestError, match="did not play"):
        match.vp_of("Bears")


def test_a_match_can_be_read_on_the_scale_of_its_scheduled_boards() -> None:
    match = team_match("Lions", "Tigers", EIGHT_BOARDS, boards_in_match=16)
    assert match.vp_home == Fraction("14.39")  # 17 IMPs on the 16-board scale


def test_an_unbalanced_adjustment_scores_each_team_from_its_own_side() -> None:
    boards = [TeamBoard("1", 420, -50), TeamBoard("2", adjusted=(A_PLUS, A_PLUS))]
    match = team_match("Lions", "Tigers", boards)
    assert (match.net_home, match.net_away) == (13, -7)
    assert (match.imps_home, match.imps_away) == (13, 3)
    assert match.vp_home + match.vp_away > 20


def test_match_from_imps_as_a_result_file_gives_it() -> None:
    # Ruter writes a match as "200,25,8": home 25 IMPs, away 8, over 8 boards.
    match = match_from_imps("1", "6", 25, 8, 8)
    assert (match.vp_home, match.vp_away) == (Fraction("15.75"), Fraction("4.25"))
    assert match.boards == ()


def test_a_match_refuses_what_cannot_be_scored() -> None:
    with pytest.raises(ContestError, match="against itself"):
        team_match("Lions", "Lions", EIGHT_BOARDS)
    with pytest.raises(ContestError, match="no boards"):
        team_match("Lions", "Tigers", [])
    with pytest.raises(ContestError, match="given twice"):
        team_match("Lions", "Tigers", [TeamBoard("1", 0, 0), TeamBoard("1", 0, 0)])
    with pytest.raises(ContestError, match="0 or more"):
        match_from_imps("1", "2", -3, 0, 8)


def test_imps_are_antisymmetric_and_balanced_vps_sum_to_twenty() -> None:
    generator = random.Random(78)
    scores = range(-2000, 2010, 10)
    for _ in range(200):
        boards = [
            TeamBoard(str(n), generator.choice(scores), generator.choice(scores))
            for n in range(1, generator.randint(2, 24))
        ]
        forward = team_match("A", "B", boards)
        mirrored = team_match("B", "A", [TeamBoard(b.board, b.away_ns, b.home_ns) for b in boards])
        assert forward.net_home == -forward.net_away
        assert (mirrored.imps_home, mirrored.imps_away) == (forward.imps_away, forward.imps_home)
        assert (mirrored.vp_home, mirrored.vp_away) == (forward.vp_away, forward.vp_home)
        assert forward.vp_home + forward.vp_away == 20
        assert forward.bam_home + forward.bam_away == len(boards)


# --- events --------------------------------------------------------------------------------


@pytest.mark.parametrize("count", range(2, 13))
def test_round_robin_meets_every_team_once(count: int) -> None:
    teams = [f"T{n}" for n in range(1, count + 1)]
    rounds = round_robin(teams)

    assert len(rounds) == (count - 1 if count % 2 == 0 else count)
    meetings = []
    for matches in rounds:
        seated = [team for match in matches for team in (match.home, match.away) if team is not None]
        assert sorted(seated) == sorted(teams)  # each team once a round
        meetings += [frozenset((m.home, m.away)) for m in matches if m.away is not None]
    assert len(meetings) == len(set(meetings)) == count * (count - 1) // 2
    byes = [match.home for matches in rounds for match in matches if match.is_bye]
    assert sorted(byes) == (sorted(teams) if count % 2 else [])
    homes = [sum(1 for matches in rounds for m in matches if m.home == team and m.away) for team in teams]
    assert max(homes) - min(homes) <= 2


def test_round_robin_of_four() -> None:
    assert round_robin(["A", "B", "C", "D"]) == (
        (Pairing("A", "D"), Pairing("C", "B")),
        (Pairing("C", "A"), Pairing("B", "D")),
        (Pairing("A", "B"), Pairing("D", "C")),
    )


def test_swiss_plays_the_highest_against_the_next_highest_not_met() -> None:
    standings = ["A", "B", "C", "D", "E", "F"]
    assert swiss_pairings(standings) == (Pairing("A", "B"), Pairing("C", "D"), Pairing("E", "F"))
    assert swiss_pairings(standings, [("A", "B")]) == (
        Pairing("A", "C"),
        Pairing("B", "D"),
        Pairing("E", "F"),
    )


def test_swiss_goes_back_when_the_last_teams_have_met() -> None:
    standings = ["A", "B", "C", "D"]
    # A-B would leave C and D, who have met: A plays C, and B plays D.
    assert swiss_pairings(standings, [("C", "D")]) == (Pairing("A", "C"), Pairing("B", "D"))
    assert swiss_pairings(standings, [("C", "D"), ("A", "C")]) == (Pairing("A", "D"), Pairing("B", "C"))


def test_swiss_bye_goes_to_the_lowest_team_without_one() -> None:
    standings = ["A", "B", "C", "D", "E"]
    assert swiss_pairings(standings)[-1] == Pairing("E", None)
    assert swiss_pairings(standings, byes=["E"])[-1] == Pairing("D", None)
    assert swiss_pairings(standings, byes=["E", "D"]) == (
        Pairing("A", "B"),
        Pairing("D", "E"),
        Pairing("C", None),
    )
    assert swiss_pairings(standings, byes=list(standings))[-1] == Pairing("E", None)


def test_swiss_refuses_a_round_with_no_pairing_free_of_repeats() -> None:
    teams = ["A", "B", "C", "D"]
    every_match = list(itertools.combinations(teams, 2))
    with pytest.raises(ContestError, match="cannot all be paired"):
        swiss_pairings(teams, every_match)


def test_swiss_pairings_never_repeat_over_a_whole_event() -> None:
    generator = random.Random(2013)
    teams = [f"T{n}" for n in range(1, 12)]
    played: list[tuple[str, str]] = []
    byes: list[str] = []
    totals = dict.fromkeys(teams, 0)
    for _ in range(6):
        order = sorted(teams, key=lambda team: (-totals[team], teams.index(team)))
        for pairing in swiss_pairings(order, played, byes):
            if pairing.away is None:
                byes.append(pairing.home)
                continue
            played.append((pairing.home, pairing.away))
            totals[pairing.home] += generator.randint(0, 20)
            totals[pairing.away] += generator.randint(0, 20)
    assert len({frozenset(match) for match in played}) == len(played) == 6 * 5
    assert len(set(byes)) == 6


def test_standings_add_vps_and_byes_and_share_tied_places() -> None:
    matches = [
        match_from_imps("A", "B", 25, 8, 8),  # 15.75 - 4.25
        match_from_imps("C", "D", 8, 25, 8),  # 4.25 - 15.75
        match_from_imps("A", "C", 10, 10, 8),  # 10 - 10
    ]
    lines = team_standings(["A", "B", "C", "D", "E"], matches, byes=["B", "D", "E"])

    assert [(line.team, line.vp, line.place.text) for line in lines] == [
        ("D", Fraction("27.75"), "1"),
        ("A", Fraction("25.75"), "2"),
        ("B", Fraction("16.25"), "3"),
        ("C", Fraction("14.25"), "4"),
        ("E", Fraction(12), "5"),
    ]
    a_line = lines[1]
    assert (a_line.imps_for, a_line.imps_against, a_line.imp_difference) == (35, 18, 17)
    assert (a_line.matches, a_line.byes, a_line.rank) == (2, 0, 2)


def test_standings_tie_on_the_exact_vp_total() -> None:
    matches = [match_from_imps("A", "B", 10, 10, 8), match_from_imps("C", "D", 10, 10, 8)]
    lines = team_standings(["A", "B", "C", "D"], matches, bye_vp=10)
    assert {line.place.text for line in lines} == {"1="}


def test_standings_refuse_unknown_teams_and_a_bad_bye() -> None:
    match = match_from_imps("A", "B", 10, 10, 8)
    with pytest.raises(ContestError, match="Team B played a match but is not in the event"):
        team_standings(["A", "C"], [match])
    with pytest.raises(ContestError, match="bye's Victory Points"):
        team_standings(["A", "B"], [match], bye_vp=21)
    with pytest.raises(ContestError, match="listed twice"):
        team_standings(["A", "A"], [])
