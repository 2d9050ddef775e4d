"""Rescoring sessions from their raw scores: each method, each producer's convention, refusals."""

from __future__ import annotations

import io
import json
from decimal import Decimal
from fractions import Fraction

import pytest

from scoring.cli.commands import main
from scoring.contests.ranking import Place
from scoring.files.pbn_session import write_pbn_session
from scoring.files.rescore import cumulative, read_session, rescore, rescore_json
from scoring.files.rescored import Family, RescoreError, decimal_of
from scoring.files.session import (
    Adjusted,
    Competition,
    Event,
    Line,
    Match,
    Producer,
    Session,
)
from scoring.files.usebio import write_usebio
from scoring.shared.errors import PbnError, ScoringError
from scoring.shared.seats import Seat, Side

TV30 = (620, 650, 620, 170, -100, 620, 650)


def session(
    lines: list[Line],
    *,
    scoring: str = "MatchPoints",
    event_type: str = "",
    producer: str = "",
    winner_type: int | None = None,
    competition: Competition = Competition.PAIRS,
    matches: tuple[Match, ...] = (),
) -> Session:
    return Session(
        event=Event(
            name="Test",
            scoring=scoring,
            event_type=event_type,
            producer=Producer(producer),
            winner_type=winner_type,
            competition=competition,
        ),
        lines=tuple(lines),
        matches=matches,
    )


def board(number: int, scores: tuple[int | str, ...], first_pair: int = 1) -> list[Line]:
    """One board, table t: pair (first_pair + t) N-S against pair (100 + first_pair + t) E-W."""
    lines = []
    for table, score in enumerate(scores):
        ns, ew = str(first_pair + table), str(100 + first_pair + table)
        if isinstance(score, str):
            lines.append(Line(number, table=table + 1, ns=ns, ew=ew, adjusted=Adjusted.parse(score)))
        else:
            lines.append(Line(number, table=table + 1, ns=ns, ew=ew, score=score))
    return lines


def figures(result_lines: object) -> list[tuple[Fraction | None, Fraction | None]]:
    return [(figure.ns, figure.ew) for figure in result_lines]  # type: ignore[attr-defined]


# -- matchpoints ------------------------------------------------------------------------------


def test_tv30_on_the_european_scale_with_ties() -> None:
    result = rescore(session(board(1, TV30)))
    assert result.scoring == "matchpoints" and result.family is Family.OTHER
    assert [ns for ns, _ in figures(result.lines)] == [6, 11, 6, 2, 0, 6, 11]
    assert all(ns + ew == 12 for ns, ew in figures(result.lines))  # type: ignore[operator]
    assert sum(ns for ns, _ in figures(result.lines)) == 42  # type: ignore[misc]
    # One field: the E-W pair that met the -100 has 12 of 12 and stands first.
    assert result.standing("105").place == Place(1, 1)  # type: ignore[union-attr]
    assert result.standing("2").place == Place(2, 3)  # type: ignore[union-attr]
    assert result.standing("2").percent == Fraction(1100, 12)  # type: ignore[union-attr]


def test_an_acblscore_file_is_scored_on_the_acbl_scale() -> None:
    result = rescore(session(board(1, TV30), producer="ACBLScore/ScoreParser"))
    assert [ns for ns, _ in figures(result.lines)] == [3, Fraction(11, 2), 3, 1, 0, 3, Fraction(11, 2)]


def test_tv33_an_artificial_table_is_out_of_the_comparison_and_the_rest_factored() -> None:
    scores: tuple[int | str, ...] = (620, 650, "A6040", 170, -100, 620, 650)
    result = rescore(session(board(1, scores), producer="Ruter"))
    shown = figures(result.lines)
    assert [round(float(ns), 2) for ns, _ in shown] == [6.0, 10.67, 7.2, 2.5, 0.17, 6.0, 10.67]  # type: ignore[arg-type]
    assert shown[2] == (Fraction(36, 5), Fraction(24, 5))


def test_neuberg_factors_a_short_board_to_the_most_results_on_any_board() -> None:
    lines = board(1, (420, 420, 450, 400)) + board(2, (100, 200, 300))
    result = rescore(session(lines, producer="Ruter"))
    board_two = [figure.ns for figure in result.lines if result.lines and figure.index >= 4]
    # raw 0, 2, 4 on top 4, factored to 4 results: (M + 1)·4/3 − 1.
    assert board_two == [Fraction(1, 3), Fraction(3), Fraction(17, 3)]


def test_compscore_shows_a_short_board_raw_but_counts_it_factored_and_scales_sit_outs() -> None:
    lines = board(1, (420, 420, 450)) + board(2, (100, 200))
    result = rescore(session(lines, event_type="MP_PAIRS", producer="Compscore3"))
    assert [figure.ns for figure in result.lines][3:] == [0, 2]  # raw, on board 2's own top of 2
    pair_3 = result.standing("3")
    assert pair_3 is not None and pair_3.boards == 1
    # board 1: 450 beats both, 4 of 4 — scaled to the 2 boards the others played.
    assert pair_3.total == 8 and pair_3.percent == 100
    pair_2 = result.standing("2")
    # 1 on board 1; raw 2 of 2 on board 2, factored to three results: (2 + 1)·3/2 − 1.
    assert pair_2 is not None and pair_2.total == 1 + Fraction(7, 2)


def test_a_passed_out_board_scores_nothing_and_a_result_without_a_score_is_scored_by_law_77() -> None:
    lines = [
        Line(1, ns="1", ew="11", contract="PASS"),
        Line(1, ns="2", ew="12", contract="4S", declarer=Seat.S, tricks=10),
        Line(1, ns="3", ew="13", contract="4S", declarer=Seat.S, tricks=9),
    ]
    result = rescore(session(lines))
    assert [figure.ns for figure in result.lines] == [2, 4, 0]


def test_a_result_without_declarer_or_tricks_cannot_be_scored() -> None:
    with pytest.raises(
        RescoreError, match="Board 1, 1 against 11: the line gives the contract 4S but no score"
    ):
        rescore(session([Line(1, ns="1", ew="11", contract="4S"), Line(1, ns="2", ew="12", score=420)]))


def test_two_winners_are_ranked_in_each_direction() -> None:
    lines = board(1, (420, 450)) + board(2, (100, -100))
    result = rescore(session(lines, event_type="MP_PAIRS", winner_type=2))
    assert {(s.id, s.direction, s.place.first) for s in result.standings} == {
        ("1", Side.NS, 1),
        ("2", Side.NS, 1),
        ("101", Side.EW, 1),
        ("102", Side.EW, 1),
    }


def test_pair_numbers_repeated_in_each_direction_are_two_pairs() -> None:
    lines = [Line(1, ns=str(t), ew=str(t), score=s) for t, s in ((1, 450), (2, 420), (3, 420))]
    result = rescore(session(lines, scoring="MP"))
    assert result.standing("1", Side.NS).percent == 100  # type: ignore[union-attr]
    assert result.standing("1", Side.EW).percent == 0  # type: ignore[union-attr]
    assert result.standing("2", Side.NS).place == Place(2, 3)  # type: ignore[union-attr]


def test_an_individual_credits_each_player_with_his_sides_matchpoints() -> None:
    lines = [
        Line(1, players=("1", "2", "3", "4"), score=420),
        Line(1, players=("5", "6", "7", "8"), score=450),
    ]
    result = rescore(session(lines, competition=Competition.INDIVIDUALS))
    assert result.scoring == "individual_matchpoints"
    assert {s.id: s.total for s in result.standings} == {
        "1": 0,
        "3": 0,
        "2": 2,
        "4": 2,
        "5": 2,
        "7": 2,
        "6": 0,
        "8": 0,
    }


def test_matchpoints_a_director_set_replace_that_line_alone() -> None:
    lines = board(1, (420, 450, 400))
    result = rescore(session(lines), director_set={(1, "1", "101"): (Fraction(3), Fraction(1))})
    assert figures(result.lines)[0] == (3, 1)
    assert result.standing("1").total == 3  # type: ignore[union-attr]
    assert result.standing("2").total == 4  # type: ignore[union-attr]


def test_sessions_add_up_over_every_board_played() -> None:
    first = rescore(session(board(1, (420, 450)), producer="Ruter"))
    second = rescore(session(board(2, (100, 50)), producer="Ruter"))
    together = {s.id: s for s in cumulative([first, second])}
    assert together["1"].total == 2 and together["1"].percent == 50 and together["1"].boards == 2
    assert together["2"].place == Place(1, 4)


# -- IMPs ----------------------------------------------------------------------------------


def test_tv42_compscore_butler_drops_one_each_end_and_rounds_to_ten() -> None:
    lines = board(1, (-140, -140, 50, 100, -420, 50, 50))
    result = rescore(session(lines, event_type="BUTLER_PAIRS", producer="Compscore3"))
    assert result.scoring == "butler"
    assert {figure.datum for figure in result.lines} == {-30}
    assert [figure.ns for figure in result.lines] == [-3, -3, 2, 4, -9, 2, 2]
    assert all(figure.ns == -figure.ew for figure in result.lines)  # type: ignore[operator]


def test_compscore_butler_keeps_an_average_to_both_out_of_the_datum() -> None:
    lines = board(1, (-110, 50, 90, -200, 50, 50, -100, "A5050"))
    result = rescore(session(lines, event_type="BUTLER_PAIRS", producer="Compscore3"))
    assert result.lines[0].datum == -10
    assert figures(result.lines)[-1] == (0, 0)


def test_magic_contest_butler_scales_a_bye_pair_and_shows_its_average() -> None:
    lines = [*board(1, (50, -50, -100)), Line(1, ns=None, ew="9", bye=True)]
    lines += board(2, (600, 300, -100, 300), first_pair=4)
    lines[-1] = Line(2, ns="7", ew="9", score=300)
    result = rescore(session(lines, scoring="IMP;Butler-2;Mean", producer="Magic Contest"))
    pair_9 = result.standing("9")
    assert pair_9 is not None and pair_9.boards == 1
    bye = result.lines[3]
    assert (bye.ns, bye.ew) == (None, 0)  # its own IMPs per board played: 0 on board 2
    assert pair_9.total == 0


def test_tv44_cross_imps_summed_by_ruter_and_averaged_by_compscore() -> None:
    lines = board(1, (-140, -460, 50, -490))
    summed = rescore(session(lines, scoring="IMP;Cross", producer="Ruter"))
    averaged = rescore(session(lines, event_type="CROSS_IMP", producer="Compscore3"))
    assert [figure.ns for figure in summed.lines] == [11, -18, 27, -20]
    assert [figure.ns for figure in averaged.lines] == [Fraction(11, 3), -6, 9, Fraction(-20, 3)]
    assert averaged.standing("1").total == Fraction(11, 3)  # type: ignore[union-attr]


def test_ruter_cross_gives_average_plus_one_and_a_half_imps_against_every_other_table() -> None:
    lines = board(1, (-140, -460, 50, -490, "A+"))
    result = rescore(session(lines, scoring="IMP;Cross", producer="Ruter"))
    assert figures(result.lines)[-1] == (6, 6)
    assert [figure.ns for figure in result.lines][:4] == [11, -18, 27, -20]


def test_ruter_cross2_averages_the_total_per_board_and_comparison() -> None:
    lines = board(1, (-140, -460, 50, -490)) + board(2, (100, 100, 100, 100))
    result = rescore(session(lines, scoring="IMP;Cross2", producer="Ruter"))
    assert result.standing("1").total == Fraction(11, 3) / 2  # type: ignore[union-attr]


def test_an_imp_event_knows_only_average_plus_average_and_average_minus() -> None:
    with pytest.raises(RescoreError, match="A5545 is not an award"):
        rescore(session(board(1, (100, 200, "A5545")), scoring="IMP;Cross", producer="Ruter"))


# -- teams -------------------------------------------------------------------------------------


def test_tv45_teams_take_victory_points_from_their_imps() -> None:
    matches = (
        Match(1, 1, "A", "B", Fraction(30), Fraction(20)),
        Match(2, 1, "B", "A", Fraction(5), Fraction(5)),
        Match(3, 1, "A", "B"),
    )
    result = rescore(
        session([], scoring="Teams", competition=Competition.TEAMS, matches=matches), boards_per_match=16
    )
    assert result.scoring == "teams_vp"
    assert [(m.vp_home, m.vp_away) for m in result.matches] == [
        (Fraction(1280, 100), Fraction(720, 100)),
        (10, 10),
    ]
    assert result.standing("A").total == Fraction(2280, 100)  # type: ignore[union-attr]
    assert result.standing("A").boards == 2  # type: ignore[union-attr]


def test_a_teams_file_without_boards_per_match_is_refused() -> None:
    matches = (Match(1, 1, "A", "B", Fraction(30), Fraction(20)),)
    with pytest.raises(RescoreError, match="--boards 8"):
        rescore(session([], scoring="Teams", competition=Competition.TEAMS, matches=matches))


# -- files, output and refusals ------------------------------------------------------------


def test_a_file_naming_no_known_method_is_refused() -> None:
    with pytest.raises(RescoreError, match="does not say how the session was scored"):
        rescore(session(board(1, (1, 2)), scoring="Aggregate"))


def test_the_answer_rounds_as_the_producer_shows_and_keeps_the_exact_figures() -> None:
    result = rescore(session(board(1, TV30), producer="Ruter"))
    answer = rescore_json(result)
    entries = {entry["id"]: entry for entry in answer["participants"]}  # type: ignore[attr-defined]
    first = entries["2"]
    assert first["rank"] == 2 and first["place"] == "2="
    assert first["total"] == Decimal("11.0") and first["exact_percent"] == "275/3"
    assert first["percent"] == Decimal("91.67")
    assert decimal_of(Fraction(126125, 100), 1, halves_up=True) == Decimal("1261.3")
    assert decimal_of(Fraction(68425, 1000), 2) == Decimal("68.42")


def test_read_session_knows_pbn_from_usebio() -> None:
    built = session(board(1, (420, 450)))
    assert read_session(write_pbn_session(built).encode()).lines == built.lines
    assert read_session(write_usebio(built)).lines == built.lines
    with pytest.raises(RescoreError, match="neither PBN nor USEBIO"):
        read_session(b"Rank,Pair,Score\n1,3,60.5\n")


def run_cli(data: bytes, *extra: str) -> tuple[int, dict[str, object]]:
    stdout = io.StringIO()

    class Input(io.StringIO):
        buffer = io.BytesIO(data)

    status = main(["rescore", "-", *extra], stdin=Input(), stdout=stdout)
    return status, json.loads(stdout.getvalue())


PBN = write_pbn_session(session(board(1, (420, 450, 400)))).encode()


def test_the_command_answers_with_the_participants() -> None:
    status, answer = run_cli(PBN)
    assert status == 0
    assert [entry["id"] for entry in answer["participants"]] == ["2", "103", "1", "101", "3", "102"]  # type: ignore[index, union-attr]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (PBN[: PBN.index(b'"400"') + 3], "opens a quoted value that it never closes"),
        (b"Rank,Pair,Score\n", "neither PBN nor USEBIO"),
        (PBN.replace(b'"450"', b'"abc"'), "is not a score in points"),
        (PBN.replace(b' "450"', b""), "row has only"),
        (b"<?xml version='1.0'?><USEBIO><EVENT>", "not well-formed XML"),
        (b"", "neither PBN nor USEBIO"),
        (b"\xff\xfe\x00\x01garbage", "not well-formed XML"),
    ],
)
def test_a_bad_file_gets_an_error_and_status_1(data: bytes, message: str) -> None:
    status, answer = run_cli(data)
    assert status == 1
    assert message in str(answer["error"])


def test_a_missing_file_gets_an_error_and_status_1() -> None:
    stdout = io.StringIO()
    assert main(["rescore", "/no/such/results.pbn"], stdout=stdout) == 1
    assert "cannot be read" in json.loads(stdout.getvalue())["error"]


def test_errors_are_of_the_engines_family() -> None:
    assert issubclass(RescoreError, ScoringError) and issubclass(PbnError, ScoringError)


def test_pair_numbers_repeated_in_each_section_are_different_pairs() -> None:
    lines = [
        Line(1, section="A", ns="1", ew="101", score=420),
        Line(1, section="B", ns="1", ew="101", score=450),
    ]
    result = rescore(session(lines))
    assert result.standing("1", section="A").total == 0  # type: ignore[union-attr]
    assert result.standing("1", section="B").total == 2  # type: ignore[union-attr]
    assert {entry["section"] for entry in rescore_json(result)["participants"]} == {"A", "B"}  # type: ignore[attr-defined]


def test_a_usebio_file_of_70000_pairs_gets_the_bound_as_its_error_at_once() -> None:
    from tests.scoring.test_session_files import flooded_usebio

    status, answer = run_cli(flooded_usebio(70_000))
    assert status == 1
    assert answer["error"] == "This file names 70,000 pairs; a session holds at most 400."
