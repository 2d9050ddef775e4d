"""Movements (spec §5) and their checker (§5.7): the vectors TV-46 and TV-47, every generated
Mitchell, Howell, two-table and team movement, and hand-made broken movements."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import combinations

import pytest

from scoring.contests.howell_tables import HOWELL_LAYOUTS
from scoring.contests.matchpoints import Scale
from scoring.contests.movements import (
    Movement,
    MovementKind,
    Seating,
    boards_text,
    check,
    enter_movement,
    howell,
    mitchell,
    team_match,
    two_table,
)
from scoring.shared.errors import MovementError
from scoring.shared.seats import Side

# TV-46 (§8.10): five-table Mitchell, 2 boards a round; each entry is (NS, EW, first board).
TV46 = {
    1: [(1, 1, 1), (2, 2, 3), (3, 3, 5), (4, 4, 7), (5, 5, 9)],
    2: [(1, 5, 3), (2, 1, 5), (3, 2, 7), (4, 3, 9), (5, 4, 1)],
    3: [(1, 4, 5), (2, 5, 7), (3, 1, 9), (4, 2, 1), (5, 3, 3)],
    4: [(1, 3, 7), (2, 4, 9), (3, 5, 1), (4, 1, 3), (5, 2, 5)],
    5: [(1, 2, 9), (2, 3, 1), (3, 4, 3), (4, 5, 5), (5, 1, 7)],
}

# TV-47 (§8.11): four-table Howell; each round is (NS, EW, set) at T1..T4, then the idle sets.
TV47 = {
    1: ([(8, 1, 1), (3, 7, 2), (5, 6, 3), (2, 4, 5)], (4, 6, 7)),
    2: ([(8, 2, 2), (4, 1, 3), (6, 7, 4), (3, 5, 6)], (1, 5, 7)),
    3: ([(8, 3, 3), (5, 2, 4), (7, 1, 5), (4, 6, 7)], (1, 2, 6)),
    4: ([(8, 4, 4), (6, 3, 5), (1, 2, 6), (5, 7, 1)], (2, 3, 7)),
    5: ([(8, 5, 5), (7, 4, 6), (2, 3, 7), (6, 1, 2)], (1, 3, 4)),
    6: ([(8, 6, 6), (1, 5, 7), (3, 4, 1), (7, 2, 3)], (2, 4, 5)),
    7: ([(8, 7, 7), (2, 6, 1), (4, 5, 2), (1, 3, 4)], (3, 5, 6)),
}

# TV-47: pair 1's guide-card line (round, table, direction, opponent, set).
TV47_PAIR_1 = [
    (1, 1, Side.EW, "8", 1),
    (2, 2, Side.EW, "4", 3),
    (3, 3, Side.EW, "7", 5),
    (4, 3, Side.NS, "2", 6),
    (5, 4, Side.EW, "6", 2),
    (6, 2, Side.NS, "5", 7),
    (7, 4, Side.NS, "3", 4),
]


def seats(movement: Movement, round_: int) -> list[Seating]:
    return sorted((s for s in movement.seatings if s.round == round_), key=lambda s: s.table)


# --- the vectors -------------------------------------------------------------------------


@pytest.mark.parametrize("round_", sorted(TV46), ids=[f"TV-46-round-{r}" for r in sorted(TV46)])
def test_tv46_five_table_mitchell_round(round_: int) -> None:
    movement = mitchell(5, 2)
    got = [(s.table, s.ns, s.ew, s.boards) for s in seats(movement, round_)]
    want = [(t, f"{ns}NS", f"{ew}EW", (bd, bd + 1)) for t, (ns, ew, bd) in enumerate(TV46[round_], start=1)]
    assert got == want


def test_tv46_checks_pass_every_set_five_times() -> None:
    report = check(mitchell(5, 2), expected_plays=5)
    assert report.ok, report.problems
    assert [plays.times for plays in report.boards] == [5] * 10
    for ns in range(1, 6):
        for ew in range(1, 6):
            assert report.meets(f"{ns}NS", f"{ew}EW") == 1
        assert {board for board, _ in report.boards_of(f"{ns}EW")} == set(range(1, 11))


def test_tv46_six_table_relay_round_one() -> None:
    # §8.10: tables 1-6 on sets 1, 2, 3, 5, 6, 1 (tables 1 and 6 share), set 4 on the relay.
    movement = mitchell(6, 2, even="relay")
    assert [s.boards[0] for s in seats(movement, 1)] == [1, 3, 5, 9, 11, 1]
    assert movement.idle_boards(1) == (7, 8)
    assert movement.shared_boards(1) == (((1, 2), (1, 6)),)


def test_relay_mitchell_cards_name_the_relay_tables_and_the_bye_stand_round_by_round() -> None:
    notes = mitchell(4, 2, even="relay").table_notes()
    stand = (
        "Bye stand between tables 2 and 3: boards 5-6 in round 1; boards 7-8 in round 2; "
        "boards 1-2 in round 3; boards 3-4 in round 4."
    )
    assert notes == {
        1: ("Relay: shares its boards with table 4 in every round; the boards sit between the two tables.",),
        2: (stand, "In rounds 2-4 its boards come from the bye stand."),
        3: (stand, "After rounds 1-3 its boards go to the bye stand."),
        4: ("Relay: shares its boards with table 1 in every round; the boards sit between the two tables.",),
    }


def test_relay_mitchell_with_a_half_table_shares_no_boards_with_the_phantoms_table() -> None:
    notes = mitchell(4, 2, even="relay", phantom=True).table_notes()
    assert sorted(notes) == [2, 3]


def test_skip_mitchell_cards_say_after_which_round_the_ew_pairs_skip() -> None:
    notes = mitchell(6, 2, even="skip").table_notes()
    line = "After round 3 the E-W pairs skip a table: they move up two tables instead of one."
    assert notes == dict.fromkeys(range(1, 7), (line,))


@pytest.mark.parametrize("movement", [mitchell(5, 2), howell(4, 1)], ids=["plain Mitchell", "Howell"])
def test_other_movements_add_nothing_to_the_table_cards(movement: Movement) -> None:
    assert movement.table_notes() == {}


@pytest.mark.parametrize("round_", sorted(TV47), ids=[f"TV-47-round-{r}" for r in sorted(TV47)])
def test_tv47_four_table_howell_round(round_: int) -> None:
    movement = howell(4, 1)
    table_rows, idle = TV47[round_]
    got = [(s.table, s.ns, s.ew, s.boards) for s in seats(movement, round_)]
    want = [(t, str(ns), str(ew), (board_set,)) for t, (ns, ew, board_set) in enumerate(table_rows, start=1)]
    assert got == want
    assert movement.idle_boards(round_) == idle


def test_tv47_pair_one_guide_card() -> None:
    rows = howell(4, 1).pair_card("1")
    assert [(r.round, r.table, r.direction, r.opponents, r.boards) for r in rows] == [
        (round_, table, side, opp, (board_set,)) for round_, table, side, opp, board_set in TV47_PAIR_1
    ]


def test_tv47_checks_and_perfect_balance() -> None:
    report = check(howell(4, 1))
    assert report.ok, report.problems
    assert all(report.meets(a, b) == 1 for a, b in combinations([str(p) for p in range(1, 9)], 2))
    assert sum(len(report.boards_of(pair)) for pair in report.pairs) == 56
    assert report.balance == (3, 3)


def test_tv47_two_boards_a_round_doubles_the_comparisons() -> None:
    movement = howell(4, 2)
    assert movement.pair_card("1")[1].boards == (5, 6)
    assert check(movement).balance == (6, 6)


# --- every generated movement passes its checker -------------------------------------------

MITCHELLS = [
    (n, even, phantom)
    for n in range(3, 16)
    for even in (("relay", "skip") if n % 2 == 0 else ("plain",))
    for phantom in (False, True)
    if not (even == "skip" and phantom)
]


@pytest.mark.parametrize(
    ("tables", "even", "phantom"),
    MITCHELLS,
    ids=[f"{n}-tables-{even}{'-phantom' if ph else ''}" for n, even, ph in MITCHELLS],
)
def test_every_mitchell_passes(tables: int, even: str, phantom: bool) -> None:
    movement = mitchell(tables, 2, phantom=phantom, even="relay" if even == "plain" else even)
    report = check(movement)
    assert report.ok, report.problems
    full_rounds = tables - 1 if even == "skip" else tables
    assert movement.rounds == full_rounds
    plays = full_rounds - 1 if phantom else full_rounds
    assert {board.times for board in report.boards} == {plays}
    east = [f"{e}EW" for e in range(1, tables + 1)]
    north = [f"{t}NS" for t in range(1, tables + 1) if not (phantom and t == tables)]
    for ew in east:
        met = [report.meets(ns, ew) for ns in north]
        assert max(met) == 1
        # A skip Mitchell pair misses one N-S pair; with a phantom it meets every real N-S pair.
        assert met.count(0) == (1 if even == "skip" else 0)
        assert report.sat_out(ew) == (1 if phantom else 0)
        assert len(report.boards_of(ew)) == 2 * (full_rounds - report.sat_out(ew))
    assert (
        movement.kind
        is {
            "plain": MovementKind.MITCHELL,
            "relay": MovementKind.RELAY_MITCHELL,
            "skip": MovementKind.SKIP_MITCHELL,
        }[even]
    )


HOWELLS = [(n, phantom) for n in range(2, 9) for phantom in (False, True)]


@pytest.mark.parametrize(
    ("tables", "phantom"), HOWELLS, ids=[f"{n}-tables{'-phantom' if ph else ''}" for n, ph in HOWELLS]
)
def test_every_howell_passes(tables: int, phantom: bool) -> None:
    movement = howell(tables, 1, phantom=phantom)
    report = check(movement, expected_plays=tables - 1 if phantom else tables)
    assert report.ok, report.problems
    assert movement.rounds == 2 * tables - 1
    real = [str(p) for p in range(1, 2 * tables + (0 if phantom else 1))]
    assert list(movement.pairs) == real
    assert all(report.meets(a, b) == 1 for a, b in combinations(real, 2))
    for pair in real:
        assert report.sat_out(pair) == (1 if phantom else 0)
        assert len(report.boards_of(pair)) == 2 * tables - 1 - report.sat_out(pair)
    if phantom:
        assert [movement.sitting_out(r) for r in range(1, movement.rounds + 1)] == [(p,) for p in real]
    else:
        assert report.balance == HOWELL_LAYOUTS[tables].balance


@pytest.mark.parametrize("tables", range(2, 9), ids=[f"{n}-tables-3-boards" for n in range(2, 9)])
def test_howell_with_bigger_rounds_still_passes(tables: int) -> None:
    movement = howell(tables, 3)
    assert movement.board_count == 3 * (2 * tables - 1)
    assert check(movement, expected_plays=tables).ok


@pytest.mark.parametrize(("boards", "per_round"), [(1, 1), (8, 1), (8, 2), (24, 4)], ids=str)
def test_two_table_duplicate(boards: int, per_round: int) -> None:
    movement = two_table(boards, per_round)
    report = check(movement, expected_plays=2)
    assert report.ok, report.problems
    for board in range(1, boards + 1):
        original = movement.original_play(board)
        assert original is not None and original.table == 1
        # The overplay at table 2 gives each team the hands its opponents held (Law B).
        holders = report.holders(board)
        assert holders.ns == ("A1", "B2") and holders.ew == ("B1", "A2")


TEAMS = [(k, boards) for k in (2, 3, 4) for boards in (k, 8, 12, 24)]


@pytest.mark.parametrize(("pairs", "boards"), TEAMS, ids=[f"{k}-pairs-{b}-boards" for k, b in TEAMS])
def test_every_team_match_passes(pairs: int, boards: int) -> None:
    movement = team_match(pairs, boards)
    report = check(movement, expected_plays=pairs)
    assert report.ok, report.problems
    assert movement.tables == pairs and movement.board_count == boards
    assert movement.teams is not None
    for team in movement.teams:
        north = sum(1 for pair in team if movement.pair_card(pair)[0].direction is Side.NS)
        assert north in (len(team) // 2, (len(team) + 1) // 2)
    for table in range(1, pairs + 1):
        played = [b for row in movement.table_card(table) for b in row.boards]
        assert sorted(played) == list(range(1, boards + 1))


def test_team_match_with_boards_on_relay_stands() -> None:
    movement = team_match(3, 8)
    assert (movement.boards_per_round, movement.rounds) == (2, 4)
    assert movement.idle_boards(1) == (7, 8)
    assert check(movement).ok


# --- short movements ---------------------------------------------------------------------


def test_short_odd_mitchell_plays_every_board_equally() -> None:
    report = check(mitchell(7, 3, rounds=5), expected_plays=5)
    assert report.ok, report.problems


def test_short_relay_mitchell_is_reported_unequal() -> None:
    report = check(mitchell(6, 2, rounds=4))
    assert report.problems == (
        "The boards are played unequally: boards 9-12: 3 times; boards 1-2, 7-8: 4 times; boards 3-6: "
        "5 times; every board must be played the same number of times, or the scores need Neuberg factoring.",
    )
    assert not report.ok


# --- the checker catches broken movements ------------------------------------------------


def broken(change: str) -> Movement:
    """TV-47 entered by hand, with one mistake."""
    seatings = list(howell(4, 1).seatings)
    if change == "board twice":
        # Round 2, table 2 (4 v 1) given set 1, which pair 1 played in round 1.
        seatings = [replace(s, boards=(1,)) if (s.round, s.table) == (2, 2) else s for s in seatings]
    elif change == "two tables":
        seatings = [replace(s, ew="1") if (s.round, s.table) == (1, 2) else s for s in seatings]
    elif change == "no table":
        seatings = [replace(s, boards=(4,)) if s.boards == (7,) else s for s in seatings]
    elif change == "table twice":
        seatings.append(Seating(1, 3, "7", "4", (6,)))
    return enter_movement(seatings, board_count=7, kind="howell")


BROKEN = [
    (
        "board twice",
        "Pair 1 plays board 1 twice: in round 1 at table 1 and in round 2 at table 2; a pair may play a deal "
        "only once, or its score cannot be compared fairly with those who played the same hands (Law H).",
    ),
    (
        "board twice",
        "Pair 4 plays board 1 twice: in round 2 at table 2 and in round 6 at table 3; a pair may play a deal "
        "only once, or its score cannot be compared fairly with those who played the same hands (Law H).",
    ),
    (
        "two tables",
        "In round 1 pair 1 is entered at tables 1 and 2; a pair can sit at only one table in a round.",
    ),
    ("two tables", "Pairs 1 and 3 meet twice; in a complete Howell every pair meets every other pair once."),
    ("two tables", "Pairs 3 and 7 never meet; in a complete Howell every pair meets every other pair once."),
    (
        "board twice",
        "The boards are played unequally: board 3: 3 times; boards 2, 4-7: 4 times; board 1: 5 times; every "
        "board must be played the same number of times, or the scores need Neuberg factoring.",
    ),
    ("no table", "Board 7 is played at no table; every board of the movement must be played."),
    ("no table", "Pair 8 never plays board 7; in a complete Howell every pair plays every board."),
    (
        "table twice",
        "In round 1 table 3 is entered twice, seating 5 and 7 N-S and 6 and 4 E-W; a table seats one N-S "
        "pair and one E-W pair in a round.",
    ),
    (
        "table twice",
        "In round 1 pair 7 is entered at tables 2 and 3; a pair can sit at only one table in a round.",
    ),
]


@pytest.mark.parametrize(("change", "message"), BROKEN, ids=[f"{c}-{i}" for i, (c, _) in enumerate(BROKEN)])
def test_checker_catches_broken_movement(change: str, message: str) -> None:
    report = check(broken(change))
    assert not report.ok
    assert message in report.problems


def test_entered_tv47_passes_as_a_howell() -> None:
    movement = enter_movement(howell(4, 1).seatings, kind="howell")
    assert (movement.tables, movement.rounds, movement.board_count) == (4, 7, 7)
    assert check(movement).ok


def test_entered_phantom_seatings_are_marked_sit_outs() -> None:
    plain = [replace(s, sit_out=False) for s in howell(3, 2, phantom=True).seatings]
    movement = enter_movement(plain, phantom="6", kind="howell")
    assert "6" not in movement.pairs
    assert movement.sitting_out(4) == ("4",)
    assert check(movement).ok


BROKEN_ENTRIES = [
    (
        [Seating(1, 1, "1", "1", (1,))],
        "In round 1, table 1 pair 1 is entered against itself.",
    ),
    (
        [Seating(1, 1, "1", "2", ())],
        "In round 1, table 1 there are no boards to play.",
    ),
    (
        [Seating(1, 1, "1", "2", (1,), sit_out=True)],
        "In round 1, table 1 the seating is marked as a sit-out, but no phantom sits there.",
    ),
    (
        [Seating(1, 1, "1", "2", (1, 2)), Seating(1, 2, "3", "4", (1, 2)), Seating(2, 1, "1", "3", (1,))],
        "Pair 1 plays board 1 twice: in round 1 at table 1 and in round 2 at table 1; a pair may play a deal "
        "only once, or its score cannot be compared fairly with those who played the same hands (Law H).",
    ),
]


@pytest.mark.parametrize(
    ("seatings", "message"), BROKEN_ENTRIES, ids=["itself", "no-boards", "sit-out", "repeat"]
)
def test_checker_catches_bad_entries(seatings: list[Seating], message: str) -> None:
    report = check(enter_movement(seatings))
    assert message in report.problems


def test_board_outside_the_movement_and_unknown_pair() -> None:
    movement = replace(two_table(2), seatings=(*two_table(2).seatings, Seating(3, 2, "B2", "C1", (3,))))
    report = check(movement)
    assert "Board 3 (round 3, table 2) is not among this movement's 2 boards." in report.problems
    assert "Pair C1 (round 3, table 2) is not one of this movement's pairs." in report.problems


def test_phantom_not_marked_is_reported() -> None:
    movement = howell(2, 1, phantom=True)
    unmarked = replace(movement, seatings=tuple(replace(s, sit_out=False) for s in movement.seatings))
    # The Howell phantom's seat comes after the one table that plays.
    assert "In round 1, table 2 the phantom 4 sits, but the seating is not marked as a sit-out." in (
        check(unmarked).problems
    )


def test_expected_plays_is_enforced() -> None:
    report = check(mitchell(5, 2), expected_plays=4)
    assert report.problems == ("Boards 1-10 are played 5 times; each board should be played 4 times.",)


def test_mitchell_meeting_twice_is_reported() -> None:
    movement = mitchell(5, 1)
    revenge = Seating(6, 1, "1NS", "1EW", (5,))
    report = check(replace(movement, rounds=6, seatings=(*movement.seatings, revenge)))
    assert "Pairs 1NS and 1EW meet twice; in a Mitchell each N-S pair meets each E-W pair at most once." in (
        report.problems
    )


TEAM_BREACHES = [
    (
        lambda s: replace(s, ns="A2", ew="A1") if (s.round, s.table) == (1, 1) else s,
        "In round 1 table 1 seats A2 against A1, who are not one pair of each team; each table seats one "
        "pair of each team (Law G).",
    ),
    (
        lambda s: replace(s, ns="B1", ew="A1") if (s.round, s.table) == (2, 1) else s,
        "Pair A1 sits N-S in round 1 and E-W in round 2; in a team match a pair keeps its direction (Law G).",
    ),
    (
        lambda s: replace(s, boards=(2,)) if (s.round, s.table) == (2, 2) else s,
        "At table 2 board 2 is played twice; in a team match each deal is played once at each table (Law G).",
    ),
    (
        lambda s: replace(s, boards=(2,)) if (s.round, s.table) == (2, 2) else s,
        "At table 2 board 1 is never played; in a team match each deal is played once at each table (Law G).",
    ),
]


@pytest.mark.parametrize(
    ("change", "message"), TEAM_BREACHES, ids=["same-team", "direction", "twice", "never"]
)
def test_team_breaches_of_law_g(change: object, message: str) -> None:
    movement = team_match(2, 2)
    assert callable(change)
    report = check(replace(movement, seatings=tuple(change(s) for s in movement.seatings)))
    assert message in report.problems


def test_team_imbalance_is_reported() -> None:
    seatings = [Seating(r, t, f"A{t}", f"B{t}", (r,)) for r in (1, 2) for t in (1, 2)]
    seatings = [replace(s, boards=((s.table + s.round) % 2 + 1,)) for s in seatings]
    report = check(enter_movement(seatings, kind="team", teams=(("A1", "A2"), ("B1", "B2"))))
    assert report.problems == (
        "Team A has 2 N-S and 0 E-W; one half of each team, or as near as possible, sits N-S (Law G).",
        "Team B has 0 N-S and 2 E-W; one half of each team, or as near as possible, sits N-S (Law G).",
    )


# --- impossible requests -----------------------------------------------------------------

IMPOSSIBLE = [
    (lambda: mitchell(2, 2), "A Mitchell needs at least three tables, not 2"),
    (lambda: mitchell(5, 0), "0 is not a number of boards a round"),
    (lambda: mitchell(5, 2, rounds=6), "A Mitchell of 5 tables has at most 5 rounds"),
    (lambda: mitchell(6, 2, even="skip", rounds=6), "A skip Mitchell of 6 tables has at most 5 rounds"),
    (lambda: mitchell(6, 2, even="skip", phantom=True), "A skip Mitchell with a half table"),
    (lambda: mitchell(6, 2, even="howell"), "An even-table Mitchell is a relay or a skip Mitchell"),
    (lambda: mitchell(True, 2), "True is not a number of tables"),
    (lambda: howell(9, 2), "There is no verified complete Howell for 9 tables"),
    (lambda: howell(1, 2), "There is no verified complete Howell for 1 tables"),
    (lambda: howell(4, 0), "0 is not a number of boards a round"),
    (lambda: two_table(0), "0 is not a number of boards"),
    (lambda: two_table(5, 2), "5 boards do not divide into rounds of 2 boards"),
    (lambda: team_match(1, 8), "A team has at least two pairs (Law G)."),
    (lambda: team_match(4, 3), "A match at 4 tables needs at least 4 deals"),
    (lambda: team_match(4, 8, 4), "8 boards in sets of 4 make 2 sets, fewer than the 4 tables"),
    (lambda: enter_movement([]), "A movement needs at least one seating."),
    (lambda: Seating(0, 1, "1", "2", (1,)), "0 is not a round"),
    (lambda: Seating(1, 1, "", "2", (1,)), "'' is not a pair"),
    (lambda: Seating(1, 1, "1", "2", (0,)), "0 is not a board number"),
    (lambda: howell(4, 1).table_card(5), "Table 5 is not one of the tables of this movement."),
    (lambda: howell(4, 1).pair_card("9"), "Pair 9 is not one of the pairs of this movement."),
    (lambda: howell(4, 1).sitting_out(8), "8 is not a round of this movement: it has 7 rounds."),
    (lambda: check(howell(4, 1), expected_plays=0), "0 is not a number of plays of a board"),
    (lambda: MovementKind.parse("scrambled"), "'scrambled' is not a kind of movement"),
]


@pytest.mark.parametrize(("request_", "message"), IMPOSSIBLE, ids=[m[:40] for _, m in IMPOSSIBLE])
def test_impossible_requests_raise_movement_error(request_: object, message: str) -> None:
    assert callable(request_)
    with pytest.raises(MovementError) as caught:
        request_()
    assert message in str(caught.value)


# --- cards and words ---------------------------------------------------------------------


def test_table_card_lines_say_where_pairs_go() -> None:
    rows = howell(4, 1).table_card(2)
    assert (
        rows[0].line() == "Round 1: 3 (N-S) against 7 (E-W), board 2; then 3 to table 4 N-S, 7 to table 3 E-W"
    )
    assert rows[-1].ns_next == rows[-1].ew_next == ""


def test_pair_card_shows_the_sit_out() -> None:
    rows = mitchell(7, 2, phantom=True).pair_card("3EW")
    assert rows[4].sit_out and rows[4].line() == (
        "Round 5: sits out (boards 7-8 not played at the phantom's seat)"
    )
    assert rows[5].line() == "Round 6: table 1 E-W against 1NS, boards 11-12"


def test_two_table_cards_and_original_play() -> None:
    movement = two_table(3)
    assert [row.round for row in movement.table_card(2)] == [2, 3, 4]
    assert movement.table_card(1)[-1].ns_next == ""
    assert (
        movement.table_card(1)[0].line()
        == "Round 1: A1 (N-S) against B1 (E-W), board 1; then A1 stays, B1 stays"
    )


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Mitchell", MovementKind.MITCHELL),
        ("relay", MovementKind.RELAY_MITCHELL),
        ("skip_mitchell", MovementKind.SKIP_MITCHELL),
        ("Two table", MovementKind.TWO_TABLE),
        ("teams", MovementKind.TEAM),
        (MovementKind.HOWELL, MovementKind.HOWELL),
    ],
    ids=str,
)
def test_movement_kind_parse(text: object, kind: MovementKind) -> None:
    assert MovementKind.parse(text) is kind


@pytest.mark.parametrize(
    ("boards", "text"),
    [((5,), "board 5"), ((1, 2), "boards 1-2"), ((7, 1, 2), "boards 1-2, 7"), ((), "no boards")],
    ids=str,
)
def test_boards_text(boards: tuple[int, ...], text: str) -> None:
    assert boards_text(boards) == text


def test_report_lines() -> None:
    lines = check(mitchell(7, 2, phantom=True)).lines()
    assert lines[0] == "The movement passes every check."
    assert lines[1] == "Boards played: 14 boards 6 times."
    assert lines[2].startswith("Sit-outs: 1EW once, 2EW once")


@pytest.mark.parametrize(
    ("movement", "line"),
    [
        (lambda: howell(4, 2), "Two pairs hold the same cards on 6 boards."),
        (lambda: howell(3, 2), "Two pairs hold the same cards on 2 to 6 boards."),
        (lambda: mitchell(5, 3), "Two pairs hold the same cards on 15 boards, or on none."),
        (lambda: team_match(2, 8), "Two pairs hold the same cards on 8 boards, or on none."),
    ],
    ids=["equal", "a range", "a Mitchell's two lines", "a match"],
)
def test_the_balance_line_never_writes_a_range_that_collapses_or_starts_at_zero(
    movement: Callable[[], Movement], line: str
) -> None:
    assert check(movement()).lines()[-1] == line


@pytest.mark.parametrize(
    ("tables", "note"),
    [
        (2, "With every pair present, two pairs hold the same cards on 1 set (balance)."),
        (4, "With every pair present, two pairs hold the same cards on 3 sets (balance)."),
        (3, "With every pair present, two pairs hold the same cards on 1 to 3 sets (balance)."),
    ],
)
def test_howell_notes_say_one_set_or_a_true_range(tables: int, note: str) -> None:
    assert note in howell(tables, 2).notes


# --- boards played unequally, and Neuberg -------------------------------------------------


def test_a_short_mitchell_with_a_sit_out_is_scored_by_neuberg_and_says_how() -> None:
    # 13 pairs, 4 boards a round, 6 of the 7 rounds: set 6 misses only the phantom's table.
    report = check(mitchell(7, 4, rounds=6, phantom=True), neuberg=Scale.EUROPEAN)
    assert report.ok, report.problems
    assert report.notes == (
        "Neuberg: boards 21-24 are played 6 times; boards 1-20, 25-28 only 5 times. The matchpoints of a "
        "board played fewer times are factored up to the top of 10 of a board played 6 times (Law 78A), so "
        "that every board weighs the same in a pair's total.",
    )
    assert report.notes[0] in report.lines()


def test_neuberg_tops_follow_the_scale_and_list_every_count() -> None:
    report = check(mitchell(6, 2, rounds=4), neuberg=Scale.ACBL)
    assert report.ok
    assert report.notes[0].startswith(
        "Neuberg: boards 3-6 are played 5 times; boards 9-12 only 3 times; boards 1-2, 7-8 only 4 times. "
        "The matchpoints of a board played fewer times are factored up to the top of 4 of"
    )


def test_without_neuberg_a_short_mitchell_with_a_sit_out_is_refused() -> None:
    report = check(mitchell(7, 4, rounds=6, phantom=True))
    assert not report.ok and report.notes == ()
    assert report.problems == (
        "The boards are played unequally: boards 1-20, 25-28: 5 times; boards 21-24: 6 times; every board "
        "must be played the same number of times, or the scores need Neuberg factoring.",
    )


def test_neuberg_excuses_only_the_unequal_counts() -> None:
    # A board played by no table is still a problem with Neuberg: it has no result to factor.
    movement = mitchell(5, 1)
    movement = replace(movement, board_count=6)
    report = check(movement, neuberg=Scale.EUROPEAN)
    assert "Board 6 is played at no table; every board of the movement must be played." in report.problems
    assert report.notes == ()


# --- a Howell with a sit-out: the phantom's seat is no table --------------------------------


@pytest.mark.parametrize("tables", range(2, 9))
def test_a_howell_phantom_leaves_no_empty_table(tables: int) -> None:
    movement = howell(tables, 2, phantom=True)
    playing = {s.table for s in movement.seatings if not s.sit_out}
    assert movement.tables == tables - 1
    assert playing == set(range(1, tables))  # every table numbered plays every round
    for table in playing:
        assert [row.round for row in movement.table_card(table)] == list(range(1, movement.rounds + 1))
        assert not any(row.sit_out for row in movement.table_card(table))
    assert {s.table for s in movement.seatings if s.sit_out} == {tables}  # the phantom's seat, after them
    assert check(movement).ok, check(movement).problems


def test_a_thirteen_pair_howell_sits_each_pair_out_once_at_no_table() -> None:
    movement = howell(7, 2, phantom=True)
    assert len(movement.pairs) == 13 and movement.tables == 6
    assert movement.lines()[0] == "complete Howell: 6 tables, 13 pairs, 13 rounds of 2 boards, 26 boards."
    for pair in movement.pairs:
        sitting = [row for row in movement.pair_card(pair) if row.sit_out]
        assert len(sitting) == 1
        assert sitting[0].line().startswith(f"Round {sitting[0].round}: sits out (boards ")
        assert "table" not in sitting[0].line()
    assert check(movement).sit_outs == (1,) * 13
    assert "6 tables play; every pair moves as the table cards say and sits out once" in movement.notes[0]


def test_an_entered_howell_with_a_phantom_counts_only_the_tables_that_play() -> None:
    planned = howell(7, 1, phantom=True)
    entered = enter_movement(
        [replace(s, sit_out=False) for s in planned.seatings], phantom="14", kind="howell"
    )
    assert entered.tables == 6
    assert check(entered).ok


def test_a_three_table_howell_with_a_sit_out_shares_its_last_set_at_the_two_tables_that_play() -> None:
    movement = howell(3, 2, phantom=True)
    last = [s for s in movement.seatings if s.round == 5 and not s.sit_out]
    assert sorted(s.table for s in last) == [1, 2] and len({s.boards for s in last}) == 1
    assert "In the last round both tables share one set: start each on a different board." in movement.notes


# --- a Mitchell with a sit-out: the phantom's seat is no table -------------------------------

ODD_MITCHELLS = [(n, even) for n in range(3, 16) for even in (("relay",) if n % 2 == 0 else ("plain",))]


@pytest.mark.parametrize(("tables", "even"), ODD_MITCHELLS, ids=[f"{n}-{e}" for n, e in ODD_MITCHELLS])
def test_a_mitchell_phantom_leaves_no_empty_table(tables: int, even: str) -> None:
    movement = mitchell(tables, 2, phantom=True, even=even)
    playing = {s.table for s in movement.seatings if not s.sit_out}
    assert movement.tables == tables - 1
    assert playing == set(range(1, tables))  # every table numbered plays every round
    for table in playing:
        assert [row.round for row in movement.table_card(table)] == list(range(1, movement.rounds + 1))
        assert not any(row.sit_out for row in movement.table_card(table))
    assert {s.table for s in movement.seatings if s.sit_out} == {tables}  # the phantom's seat, after them
    assert movement.lines()[0].startswith(
        f"{movement.kind.label}: {tables - 1} tables, {2 * tables - 1} pairs"
    )
    assert check(movement).ok, check(movement).problems


def test_a_thirteen_pair_mitchell_rests_the_phantom_seats_boards_on_a_sit_out_stand() -> None:
    movement = mitchell(7, 2, phantom=True)
    stand = (
        "Sit-out stand between tables 1 and 6: boards 13-14 in round 1; boards 1-2 in round 2; boards 3-4 in "
        "round 3; boards 5-6 in round 4; boards 7-8 in round 5; boards 9-10 in round 6; boards 11-12 in "
        "round 7. Nobody plays there: the E-W pair that reaches it sits out that round."
    )
    assert movement.table_notes() == {
        1: (stand, "After rounds 1-6 its boards go to the sit-out stand."),
        6: (stand, "In rounds 2-7 its boards come from the sit-out stand."),
    }
    assert "6 tables play; the phantom holds the N-S seat after table 6, so each E-W pair sits out once" in (
        " ".join(movement.notes)
    )


def test_a_saved_mitchell_sends_the_pair_due_at_the_phantoms_seat_to_sit_out() -> None:
    # Seatings against the phantom are not saved: read back, the E-W pair leaving table 6 sits out.
    planned = mitchell(7, 2, phantom=True)
    saved = enter_movement([s for s in planned.seatings if not s.sit_out], phantom="7NS", kind="mitchell")
    assert saved.tables == 6
    assert [row.ew_next for row in saved.table_card(6)] == ["sits out"] * 6 + [""]
    assert [row.ew_next for row in planned.table_card(6)] == ["sits out"] * 6 + [""]
    assert saved.table_notes() == planned.table_notes()


def test_a_mitchell_with_a_sit_out_is_still_held_to_every_meeting() -> None:
    # The phantom's seat counts among the stations, so the movement is checked as complete (§5.7 check 3).
    movement = mitchell(7, 2, phantom=True)
    dropped = next(s for s in movement.seatings if (s.round, s.table) == (2, 3))
    short = replace(movement, seatings=tuple(s for s in movement.seatings if s is not dropped))
    assert "Pairs 3NS and 2EW never meet; in a complete Mitchell each N-S pair meets each E-W pair once." in (
        check(short).problems
    )


def test_only_a_phantom_seat_after_the_last_table_has_a_sit_out_stand() -> None:
    # An E-W phantom moves: each table in turn stands without play, its boards resting on it, no stand.
    moving = enter_movement(mitchell(5, 2).seatings, phantom="5EW", kind="mitchell")
    assert moving.tables == 5 and not moving.has_sit_out_stand() and moving.table_notes() == {}
    assert mitchell(5, 2, phantom=True).has_sit_out_stand()
    assert not mitchell(4, 2, phantom=True, even="relay").has_sit_out_stand()  # its boards: table 1's
