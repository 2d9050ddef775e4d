"""A pairs session scored by Butler IMPs or cross-IMPs (spec §3.2, §3.3, §5.8, §7)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from scoring.contests.adjusted import Award
from scoring.contests.imp_pairs import Butler, Cross, ImpTable, imp_session
from scoring.contests.imps import AWARD_IMPS, CrossTotal, DatumRounding, imp_awards
from scoring.contests.ranking import Place
from scoring.shared.errors import ContestError

A_PLUS, AVERAGE, A_MINUS = Award.PLUS, Award.AVERAGE, Award.MINUS

TV42_BOARD_1 = [-140, -140, 50, 100, -420, 50, 50]
TV42_BOARD_2 = [-110, 50, 90, -200, 50, 50, -100]


def mitchell(board: str, scores: list[int]) -> list[ImpTable]:
    """N-S pair i meets E-W pair i on the board: enough for these tests."""
    return [ImpTable(board, f"N{i}", f"E{i}", score) for i, score in enumerate(scores, start=1)]


def test_tv42_butler_rows_and_datum() -> None:
    session = imp_session(mitchell("1", TV42_BOARD_1) + mitchell("2", TV42_BOARD_2), Butler())

    first, second = session.boards
    assert (first.board, first.datum, second.datum) == ("1", -30, -10)
    assert [row.imps_ns for row in first.rows] == [-3, -3, 2, 4, -9, 2, 2]
    assert [row.imps_ew for row in first.rows] == [3, 3, -2, -4, 9, -2, -2]
    assert [row.imps_ns for row in second.rows] == [-3, 2, 3, -5, 2, 2, -3]
    assert session.standing("N4").imps == 4 - 5
    assert session.standing("E5").imps == 9 - 2
    assert session.standing("E5").boards == 2


def test_tv44_cross_imps_summed_and_averaged() -> None:
    tables = mitchell("1", [-140, -460, 50, -490])

    summed = imp_session(tables, Cross(CrossTotal.SUM))
    averaged = imp_session(tables, Cross(CrossTotal.AVERAGE))

    assert [row.imps_ns for row in summed.boards[0].rows] == [11, -18, 27, -20]
    assert summed.boards[0].datum is None
    assert [row.imps_ns for row in averaged.boards[0].rows] == [Fraction(11, 3), -6, 9, Fraction(-20, 3)]
    assert averaged.standing("E4").imps == Fraction(20, 3)


def test_butler_adjusted_table_stays_out_of_the_datum_and_takes_three_imps() -> None:
    tables = [*mitchell("1", TV42_BOARD_1), ImpTable("1", "N8", "E8", adjusted=(A_PLUS, A_MINUS))]

    board = imp_session(tables, Butler()).boards[0]

    assert board.datum == -30
    assert (board.rows[-1].imps_ns, board.rows[-1].imps_ew) == (3, -3)
    assert [row.imps_ns for row in board.rows[:-1]] == [-3, -3, 2, 4, -9, 2, 2]


def test_an_average_to_both_sides_scores_nought_as_compscore_does() -> None:
    average = ImpTable("15", "N9", "E9", adjusted=(AVERAGE, AVERAGE))
    tables = [*mitchell("15", [100, 200, 300, 400, 500]), average]
    board = imp_session(tables, Butler()).boards[0]
    assert (board.rows[-1].imps_ns, board.rows[-1].imps_ew) == (0, 0)


def test_summed_cross_imps_multiply_an_award_by_the_comparisons() -> None:
    tables = [*mitchell("1", [-140, -460, 50, -490]), ImpTable("1", "N5", "E5", adjusted=(A_PLUS, A_MINUS))]

    summed = imp_session(tables, Cross(CrossTotal.SUM)).boards[0]
    averaged = imp_session(tables, Cross(CrossTotal.AVERAGE)).boards[0]

    assert [row.imps_ns for row in summed.rows] == [11, -18, 27, -20, 9]
    assert summed.rows[-1].imps_ew == -9
    assert [row.imps_ns for row in averaged.rows][-1] == 3


def test_award_imps_and_their_comparisons_are_event_settings() -> None:
    # Ruter gives Average-plus 1.5 IMPs for each other table: +58.5 beside 39 real results.
    scores = list(range(-1900, 2000, 100))
    tables = [*mitchell("15", scores), ImpTable("15", "N99", "E99", adjusted=(A_PLUS, A_PLUS))]
    ruter = {A_PLUS: Fraction(3, 2), AVERAGE: 0, A_MINUS: Fraction(-3, 2)}

    as_ruter = imp_session(tables, Cross(awards_against_tables=True), award_imps=ruter).boards[0]
    as_the_contract = imp_session(tables, Cross(), award_imps=ruter).boards[0]

    assert len(scores) == 39
    assert as_ruter.rows[-1].imps_ns == as_ruter.rows[-1].imps_ew == Fraction(117, 2)
    assert as_the_contract.rows[-1].imps_ns == 57


def test_a_board_with_only_adjusted_tables_has_no_datum() -> None:
    tables = [ImpTable("3", "N1", "E1", adjusted=(A_PLUS, A_MINUS)), *mitchell("4", [100, 200])]
    session = imp_session(tables, Butler())
    assert session.boards[0].datum is None
    assert session.standing("N1").imps == 3 - 2  # A+ on board 3; 100 against a datum of 150 on board 4


def test_butler_drop_and_rounding_settings() -> None:
    scores = [600, 620, 620, 650, 170, -100, 1430]
    tables = mitchell("1", scores)
    assert imp_session(tables, Butler()).boards[0].datum == 530  # 2660 / 5 = 532
    assert imp_session(tables, Butler(drop=0)).boards[0].datum == 570  # 3990 / 7 = 570
    assert imp_session(tables, Butler(drop=2)).boards[0].datum == 610  # 1840 / 3 = 613.3
    exact = imp_session(tables, Butler(rounding=DatumRounding.NONE)).boards[0]
    assert exact.datum == 532
    assert exact.rows[0].imps_ns == 2  # 600 - 532 = 68


def test_a_drop_too_large_for_a_short_board_keeps_its_median() -> None:
    three = imp_session(mitchell("1", [100, 600, 0]), Butler(drop=1)).boards[0]
    two = imp_session(mitchell("1", [100, 600]), Butler(drop=1)).boards[0]
    assert three.datum == 100
    assert two.datum == 350


def test_the_default_drop_keeps_every_score_of_four_tables() -> None:
    board = imp_session(mitchell("1", [-140, -460, 50, -490]), Butler()).boards[0]
    assert board.datum == -260


def test_sections_as_one_field_or_each_on_its_own() -> None:
    one_field = [*mitchell("1", [420, 420, -50]), ImpTable("1", "M1", "F1", 420)]
    sections = [*mitchell("1", [420, 420, -50]), ImpTable("1", "M1", "F1", 420, field="M")]

    together = imp_session(one_field, Cross()).boards
    apart = imp_session(sections, Cross()).boards

    assert len(together) == 1
    assert [row.imps_ns for row in together[0].rows] == [10, 10, -30, 10]
    assert [(board.field, [row.imps_ns for row in board.rows]) for board in apart] == [
        ("", [10, 10, -20]),
        ("M", [0]),
    ]


def test_sit_out_totals_are_scaled_to_the_boards_of_the_movement() -> None:
    tables = mitchell("1", [100, 0, -100]) + mitchell("2", [100, 0]) + mitchell("3", [100, 0])
    # Pair N3/E3 sat out boards 2 and 3.
    session = imp_session(tables, Cross(), boards_in_movement=3)

    assert session.standing("N3").played == -8
    assert session.standing("N3").imps == -24
    assert session.standing("N3").boards == 1
    assert session.standing("N1").imps == 3 + 5 + 3 + 3
    assert session.standing("N2").imps == -3 + 3 - 3 - 3

    with pytest.raises(ContestError, match="more than the 2"):
        imp_session(tables, Cross(), boards_in_movement=2)


def test_ranks_share_places_on_exact_totals_and_list_in_order() -> None:
    tables = mitchell("1", [100, 100, 0, 620])
    session = imp_session(tables, Cross())

    assert [(line.pair, line.imps, line.place.text) for line in session.standings] == [
        ("N4", 34, "1"),
        ("E3", 18, "2"),
        ("E1", 8, "3="),
        ("E2", 8, "3="),
        ("N1", -8, "5="),
        ("N2", -8, "5="),
        ("N3", -18, "7"),
        ("E4", -34, "8"),
    ]
    assert session.standing("E2").rank == 3
    assert session.standing("N2").place == Place(5, 6)


def test_two_winner_standings_rank_each_direction() -> None:
    session = imp_session(mitchell("1", [100, 100, 0, 620]), Cross(), two_winner=True)

    ranks = {line.pair: (line.direction, line.place.text) for line in session.standings}

    assert ranks["N4"] == ("NS", "1") and ranks["E3"] == ("EW", "1")
    assert ranks["N3"] == ("NS", "4") and ranks["E4"] == ("EW", "4")
    assert [line.direction for line in session.standings] == ["EW"] * 4 + ["NS"] * 4


def test_a_howell_pair_sits_both_ways_and_has_no_direction() -> None:
    tables = [ImpTable("1", "1", "2", 100), ImpTable("1", "3", "4", 0), ImpTable("2", "2", "1", 50)]
    tables.append(ImpTable("2", "4", "3", 0))
    session = imp_session(tables, Cross())
    assert session.standing("1").direction is None
    assert session.standing("1").imps == 3 - 2  # +100 against 0 N-S; E-W against +50 N-S
    with pytest.raises(ContestError, match="sat both N-S and E-W"):
        imp_session(tables, Cross(), two_winner=True)


def test_imps_are_antisymmetric_and_a_field_of_real_scores_sums_to_nought() -> None:
    generator = random.Random(1978)
    for _ in range(100):
        tables = []
        for board in range(1, 5):
            count = generator.randint(1, 9)
            scores = [generator.choice(range(-1700, 1710, 10)) for _ in range(count)]
            tables += mitchell(str(board), scores)
        for method in (Cross(CrossTotal.SUM), Cross(CrossTotal.AVERAGE), Butler()):
            session = imp_session(tables, method)
            for board_imps in session.boards:
                assert all(row.imps_ns == -row.imps_ew for row in board_imps.rows)
            if isinstance(method, Cross):
                assert sum(line.imps for line in session.standings) == 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"board": "1", "ns": "N1", "ew": "N1", "score_ns": 100}, "both N-S and E-W"),
        ({"board": "1", "ns": "N1", "ew": "E1"}, "not both"),
        ({"board": "1", "ns": "N1", "ew": "E1", "score_ns": 100, "adjusted": (A_PLUS, A_MINUS)}, "not both"),
        ({"board": "1", "ns": "N1", "ew": "E1", "score_ns": "100"}, "not a score"),
        ({"board": "1", "ns": "N1", "ew": "E1", "score_ns": True}, "not a score"),
        ({"board": "1", "ns": "N1", "ew": "E1", "adjusted": ("A+", "A-")}, "Law 12C2"),
        ({"board": 1, "ns": "N1", "ew": "E1", "score_ns": 100}, "not a board"),
        ({"board": "1", "ns": "", "ew": "E1", "score_ns": 100}, "not a pair"),
    ],
)
def test_a_table_the_laws_do_not_allow_is_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ContestError, match=message):
        ImpTable(**kwargs)  # type: ignore[arg-type]


def test_a_pair_twice_on_a_board_is_refused() -> None:
    tables = [ImpTable("1", "N1", "E1", 100), ImpTable("1", "N1", "E2", 100)]
    with pytest.raises(ContestError, match="Pair N1 has two results on board 1"):
        imp_session(tables, Butler())


def test_an_empty_session_and_bad_settings_are_refused() -> None:
    with pytest.raises(ContestError, match="no results"):
        imp_session([], Butler())
    with pytest.raises(ContestError, match="scores to drop"):
        Butler(drop=-1)
    with pytest.raises(ContestError, match="IMP scoring method"):
        imp_session(mitchell("1", [100]), "butler")  # type: ignore[arg-type]
    with pytest.raises(ContestError, match="no IMPs for A-"):
        imp_session(mitchell("1", [100]), Butler(), award_imps={A_PLUS: 3, AVERAGE: 0})
    with pytest.raises(ContestError, match="number of boards in the movement"):
        imp_session(mitchell("1", [100]), Butler(), boards_in_movement=0)


@pytest.mark.parametrize(
    ("code", "pair"),
    [
        ("A6040", (A_PLUS, A_MINUS)),
        ("A5050", (AVERAGE, AVERAGE)),
        ("A6060", (A_PLUS, A_PLUS)),
        ("A4060", (A_MINUS, A_PLUS)),
        ("A+/A-", (A_PLUS, A_MINUS)),
        ("A", (AVERAGE, AVERAGE)),
    ],
)
def test_adjusted_codes_as_files_write_them(code: str, pair: tuple[Award, Award]) -> None:
    assert imp_awards(code) == pair


@pytest.mark.parametrize("code", ["A7030", "A60", "B6040", ""])
def test_adjusted_codes_that_name_no_award_in_imps_are_refused(code: str) -> None:
    with pytest.raises(ContestError):
        imp_awards(code)


def test_default_award_imps_are_three_nought_minus_three() -> None:
    assert dict(AWARD_IMPS) == {A_PLUS: 3, AVERAGE: 0, A_MINUS: -3}


def test_butler_scores_each_side_of_an_assigned_score_by_side_against_the_datum() -> None:
    from scoring.contests.adjusted import Split

    tables = [*mitchell("1", TV42_BOARD_1), ImpTable("1", "N8", "E8", assigned=Split(420, -50))]
    board = imp_session(tables, Butler()).boards[0]
    assert board.datum == -30  # the assigned table stays out of the datum
    # N-S +420 against -30: +450, 10 IMPs; E-W on -50 (E-W +50) against -30: -20 for N-S, so +1 (Law 12C1(b)).
    assert (board.rows[-1].imps_ns, board.rows[-1].imps_ew) == (10, 1)
    assert [row.imps_ns for row in board.rows[:-1]] == [-3, -3, 2, 4, -9, 2, 2]


def test_butler_weights_the_imps_of_each_share_of_a_weighted_score() -> None:
    from scoring.contests.adjusted import Weighted

    weighted = Weighted(((Fraction(3, 5), 420), (Fraction(2, 5), -50)))
    tables = [*mitchell("1", TV42_BOARD_1), ImpTable("1", "N8", "E8", assigned=weighted)]
    row = imp_session(tables, Butler()).boards[0].rows[-1]
    assert (row.imps_ns, row.imps_ew) == (
        Fraction(28, 5),
        Fraction(-28, 5),
    )  # 3/5 of 10 + 2/5 of -1 (Law 12C1(c))


def test_cross_imps_compare_each_side_of_an_assigned_score_with_every_real_score() -> None:
    from scoring.contests.adjusted import Split

    tables = [*mitchell("1", [-140, -460, 50, -490]), ImpTable("1", "N8", "E8", assigned=Split(50, -140))]
    rows = imp_session(tables, Cross(CrossTotal.SUM)).boards[0].rows
    assert [row.imps_ns for row in rows[:-1]] == [
        11,
        -18,
        27,
        -20,
    ]  # TV-44: the assigned table is no comparison
    assert (rows[-1].imps_ns, rows[-1].imps_ew) == (27, -11)


def test_an_assigned_table_gives_no_score_of_its_own() -> None:
    from scoring.contests.adjusted import Split

    with pytest.raises(
        ContestError, match=r"an assigned score stands in place of the table's score \(Law 12C1\)"
    ):
        ImpTable("1", "N8", "E8", score_ns=420, assigned=Split(420, -50))
