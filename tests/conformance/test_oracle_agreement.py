"""Conformance: an independent oracle against the spec's vectors, then against the real CLI.

Part 1 holds the oracle (tests/conformance/oracle.py) to the worked vectors of
specs/auction-and-whist-laws.md section 11 (T01-T30, T42-T56, T71) and to the readings it
chose, so that it can be trusted.

Part 2 runs ``python -m scoring deal|pairs|teams`` (specs/scoring-cli.md) on random cases from
tests/conformance/generators.py and compares every answer with the oracle:

* 3000 random deals in ONE subprocess (JSON Lines), with malformed lines in the middle;
* 300 pair contests (Mitchell and Howell shaped, with irregular tables);
* 300 team matches (2-5 pairs a team, rounded ties decided by the fraction, exact draws).

Every contest and match is scored by the command line's own ``main``, in this process; at the
thorough depth (``make test-deep``, tests/depth.py) each is also run as ``python -m scoring`` in a
process of its own, at the quick depth one in every ``SAMPLE_EVERY``, and the process must answer
exactly as ``main`` did (exit status and output). Processes run a few at a time in threads.
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from scoring.cli import main
from tests.conformance.generators import (
    deal_has_two_sided_revokes,
    malformed_deal_lines,
    random_deal,
    random_pair_contest,
    random_team_match,
)
from tests.conformance.oracle import oracle_deal, oracle_pairs, oracle_teams
from tests.depth import THOROUGH

ROOT = Path(__file__).resolve().parents[2]

N_DEALS = 3000
N_CONTESTS = 300
N_MATCHES = 300
WORKERS = 4
# At the quick depth one contest or match in 13 also runs in a process of its own: 23 of each,
# all three team modes among them (13 is prime to 3).
SAMPLE_EVERY = 1 if THOROUGH else 13
SHOW = 15  # how many disagreements to print in full


# =============================================================================================
# Part 1 -- the oracle against the spec's vectors
# =============================================================================================


def _deal(contract: str, declarer: str, tricks: int, **kw: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"contract": contract, "declarer": declarer, "tricks": tricks}
    d.update(kw)
    return d


def _cols(ns_t: int, ns_h: int, ew_t: int, ew_h: int) -> dict[str, Any]:
    return {
        "NS": {"trick": ns_t, "honour": ns_h},
        "EW": {"trick": ew_t, "honour": ew_h},
        "net_ns": ns_t + ns_h - ew_t - ew_h,
    }


RUBBER = {"duplicate": False}
# D = N-S (declarer North) throughout unless stated; "simple honours" = 3 of the 5
SIMPLE_NS = {"N": 2, "S": 1, "E": 1, "W": 1}

# fmt: off
DEAL_VECTORS: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("T01", _deal("1NT", "N", 7, honours={"N": 1, "S": 1, "E": 1, "W": 1}, **RUBBER), _cols(10, 0, 0, 0)),
    ("T02", _deal("4H", "N", 10, honours=SIMPLE_NS, **RUBBER), _cols(32, 16, 0, 0)),
    ("T03", _deal("3H", "N", 7, honours=SIMPLE_NS, **RUBBER), _cols(0, 16, 0, 100)),
    ("T04", _deal("1H", "N", 11, **RUBBER), _cols(40, 0, 0, 0)),
    ("T05", _deal("3NTX", "N", 11, honours={"N": 2, "S": 1, "E": 1}, **RUBBER), _cols(100, 180, 0, 0)),
    ("T06", _deal("2HXX", "N", 10, **RUBBER), _cols(128, 300, 0, 0)),
    ("T07", _deal("4RX", "N", 10, honours={"N": 4, "S": 1}, **RUBBER), _cols(72, 131, 0, 0)),
    ("T08", _deal("2DX", "N", 6, **RUBBER), _cols(0, 0, 0, 200)),
    ("T09", _deal("5CXX", "N", 10, **RUBBER), _cols(0, 0, 0, 200)),
    ("T10", _deal("1S", "N", 6, dealers_one_spade=True, **RUBBER), _cols(0, 0, 0, 50)),
    ("T11", _deal("1SX", "N", 1, dealers_one_spade=True, honours={"E": 2, "W": 1, "N": 1, "S": 1}, **RUBBER),
     _cols(0, 0, 0, 124)),
    ("T12", _deal("1S", "N", 3, dealers_one_spade=True, **RUBBER), _cols(0, 0, 0, 100)),
    ("T13", _deal("1SXX", "N", 4, dealers_one_spade=True, **RUBBER), _cols(0, 0, 0, 600)),
    ("T14", _deal("2SX", "N", 4, **RUBBER), _cols(0, 0, 0, 400)),
    ("T15", _deal("1SX", "N", 8, dealers_one_spade=True, **RUBBER), _cols(8, 100, 0, 0)),
    ("T16", _deal("4H", "N", 10, honours={"E": 2, "W": 2, "N": 1}, **RUBBER), _cols(32, 0, 0, 32)),
    ("T17", _deal("3NT", "N", 9, honours={"N": 4}, **RUBBER), _cols(30, 100, 0, 0)),
    ("T18", _deal("1NT", "N", 8, honours={"E": 2, "W": 1, "S": 1}, **RUBBER), _cols(20, 0, 0, 30)),
    # T19-T21 are honour tables; a contract is wrapped round each
    ("T19", _deal("2C", "N", 8, honours={"E": 5}, **RUBBER), _cols(12, 0, 0, 60)),
    ("T19b", _deal("2C", "N", 8, honours={"S": 5}, **RUBBER), _cols(12, 60, 0, 0)),
    ("T20", _deal("1H", "N", 7, honours={"N": 4, "E": 1}, **RUBBER), _cols(8, 64, 0, 0)),
    ("T20b", _deal("1H", "N", 7, honours={"W": 4, "S": 1}, **RUBBER), _cols(8, 0, 0, 64)),
    ("T21", _deal("1D", "N", 7, honours={"N": 3, "S": 2}, **RUBBER), _cols(7, 35, 0, 0)),
    ("T22", _deal("1NT", "N", 1, honours={"E": 2, "W": 2}, **RUBBER), _cols(0, 0, 0, 360)),
    ("T23", _deal("7H", "N", 12, **RUBBER), _cols(0, 20, 0, 50)),
    ("T24", _deal("6C", "N", 13, **RUBBER), _cols(42, 40, 0, 0)),
    ("T25", _deal("6C", "N", 13, slams="english", **RUBBER), _cols(42, 100, 0, 0)),
    ("T26", _deal("4H", "N", 10, honours=SIMPLE_NS, revokes=[{"by": "N"}], **RUBBER), _cols(0, 16, 0, 100)),
    ("T27", _deal("3NT", "N", 7, revokes=[{"by": "N"}], **RUBBER), _cols(0, 0, 0, 200)),
    ("T28", _deal("3HX", "N", 7, revokes=[{"by": "E", "penalty": "tricks"}], **RUBBER), _cols(64, 0, 0, 0)),
    ("T28h", _deal("3HX", "N", 7, honours={"E": 2, "W": 1, "N": 2},
                   revokes=[{"by": "E", "penalty": "tricks"}], **RUBBER), _cols(64, 0, 0, 16)),
    ("T29", _deal("3HX", "N", 7, revokes=[{"by": "E", "penalty": "points"}], **RUBBER), _cols(0, 100, 0, 0)),
    ("T29d", _deal("3HX", "N", 7, revokes=[{"by": "W"}], **RUBBER), _cols(0, 100, 0, 0)),  # default points
    ("T30", _deal("5H", "N", 10, revokes=[{"by": "W", "penalty": "tricks"}], **RUBBER), _cols(56, 0, 0, 0)),
    # duplicate (the default)
    ("T42", _deal("4H", "N", 10, honours=SIMPLE_NS), _cols(32, 141, 0, 0)),
    ("T43", _deal("2H", "N", 8), _cols(16, 0, 0, 0)),
    ("T44", _deal("2HX", "N", 8), _cols(32, 175, 0, 0)),
    ("T45", _deal("2DX", "N", 8), _cols(28, 50, 0, 0)),
    ("T46", _deal("2H", "N", 10), _cols(32, 125, 0, 0)),
    ("T47", _deal("3NTX", "N", 11, honours={"N": 1, "S": 2, "W": 1}), _cols(100, 305, 0, 0)),
    ("T48", _deal("3HX", "N", 7, revokes=[{"by": "E", "penalty": "tricks"}], duplicate=True),
     _cols(64, 125, 0, 0)),
    ("T50", _deal("1NT", "N", 8, awards=[{"to": "EW", "points": 50}]), _cols(20, 0, 0, 50)),
    ("T51", _deal("3H", "S", 9, awards=[{"to": "EW", "points": 50}]), _cols(24, 0, 0, 50)),
    # the same vectors with E-W declaring (mirror images)
    ("T02m", _deal("4H", "E", 10, honours={"E": 2, "W": 1, "N": 1, "S": 1}, **RUBBER), _cols(0, 0, 32, 16)),
    ("T11m", _deal("1SX", "W", 1, dealers_one_spade=True, honours={"N": 2, "S": 1}, **RUBBER),
     _cols(0, 124, 0, 0)),
    ("T28m", _deal("3HX", "W", 7, revokes=[{"by": "N", "penalty": "tricks"}], **RUBBER), _cols(0, 0, 64, 0)),
]

# Cases for the readings the oracle chose (arithmetic in the comment of each).
READING_VECTORS: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    # declarer took 12, an adversary revoked, tricks elected: only 1 trick to transfer.
    # 7H: 13 counted -> 7 x 8 = 56; made in play? no (12 < 13) -> no bonus; in-play 12 -> little slam 20.
    ("R19", _deal("7H", "N", 12, revokes=[{"by": "E", "penalty": "tricks"}]), _cols(56, 20 + 125, 0, 0)),
    # two adversary revokes, both tricks: 3 + 3 transferred. 4S, 5 in play -> 11 -> 5 x 2 = 10.
    ("R2a", _deal("4S", "N", 5, revokes=[{"by": "E", "penalty": "tricks"}, {"by": "W", "penalty": "tricks"}]),
     _cols(10, 0, 0, 0)),
    # one points + one tricks: 100, and 3 tricks: 2NT, 6 in play -> 9 -> 30 (+125 premium).
    ("R2b", _deal("2NT", "N", 6,
                  revokes=[{"by": "E", "penalty": "points"}, {"by": "E", "penalty": "tricks"}]),
     _cols(30, 100 + 125, 0, 0)),
    # the declarer revoked twice: 200 to O plus under-tricks 2 x 50.
    ("R2c", _deal("4D", "N", 8, revokes=[{"by": "N"}, {"by": "N"}]), _cols(0, 0, 0, 300)),
    # dummy (S) "revokes": no penalty at all; 2HX made with an over-trick: 48 + 100 + 125.
    ("dummy", _deal("2HX", "N", 9, revokes=[{"by": "S", "penalty": "tricks"}]), _cols(48, 225, 0, 0)),
    # one-spade cap on under-tricks only; declarer revoke 100 in full: 100 + 100, O slam 20.
    ("R1rev", _deal("1SX", "N", 1, dealers_one_spade=True, revokes=[{"by": "N"}]), _cols(0, 0, 0, 220)),
    # declarer revoked and took 12: no slam for D; O honours still scored (simple honours at R = 18).
    ("revslam", _deal("6R", "E", 12, revokes=[{"by": "E"}], honours={"N": 2, "S": 1, "E": 2}),
     _cols(0, 118, 0, 0)),
    # adversaries took 13 but one of them revoked (points): no O slam, no under-tricks; D +100.
    ("advslam", _deal("1C", "N", 0, revokes=[{"by": "W"}]), _cols(0, 100, 0, 0)),
    # declarer revoked, adversaries took 12 in play: O little slam (english 50) + 100 + 6 x 100.
    ("oslam", _deal("3DX", "N", 1, slams="english", revokes=[{"by": "N"}]), _cols(0, 0, 0, 50 + 100 + 800)),
    # penalty tricks make a redoubled contract; overtrick bonus only for tricks in play:
    # 2CXX, 9 in play (+1 over), +3 -> 12: 6 x 24 = 144; bonus 100 + 100; premium 125; no slam.
    ("R3xx", _deal("2CXX", "N", 9, revokes=[{"by": "E", "penalty": "tricks"}]), _cols(144, 325, 0, 0)),
    # 1NT, 5 in play + 3 transferred = 8 -> 20 (no premium); 3NT, 6 + 3 = 9 -> 30 -> premium.
    ("R3prem", _deal("1NT", "N", 5, revokes=[{"by": "W", "penalty": "tricks"}]), _cols(20, 0, 0, 0)),
    ("R3prem2", _deal("3NT", "N", 6, revokes=[{"by": "W", "penalty": "tricks"}]), _cols(30, 125, 0, 0)),
    # O-3: both sides revoked.  D: honours + 100 for E's revoke (points); O: honours + 100 for N's.
    ("both", _deal("4H", "N", 11, honours=SIMPLE_NS,
                   revokes=[{"by": "N"}, {"by": "E", "penalty": "points"}]), _cols(0, 116, 0, 100)),
    # O-3: both revoked, tricks elected: worthless; no under-tricks for the revoking O.
    ("both2", _deal("4H", "N", 5, revokes=[{"by": "N"}, {"by": "E", "penalty": "tricks"}]),
     _cols(0, 0, 0, 100)),
    # five honours, 4 + 1 between partners (9 tricks) vs all five in one hand (10)
    ("h41", _deal("1C", "N", 7, honours={"N": 1, "S": 4}), _cols(6, 54, 0, 0)),
    ("h5", _deal("1C", "N", 7, honours={"W": 5}), _cols(6, 0, 0, 60)),
    ("h32", _deal("1C", "N", 7, honours={"W": 3, "E": 2}), _cols(6, 0, 0, 30)),
    ("nt22", _deal("1NT", "N", 7, honours={"N": 2, "E": 2}), _cols(10, 0, 0, 0)),
    ("nt31", _deal("1NT", "N", 7, honours={"N": 3, "W": 1}), _cols(10, 30, 0, 0)),
]
# fmt: on


@pytest.mark.parametrize(
    ("vid", "deal", "expected"),
    DEAL_VECTORS + READING_VECTORS,
    ids=[v[0] for v in DEAL_VECTORS + READING_VECTORS],
)
def test_oracle_deal_vectors(vid: str, deal: dict[str, Any], expected: dict[str, Any]) -> None:
    assert oracle_deal(deal) == expected, vid


def test_oracle_t01_t51_totals() -> None:
    """The totals the spec quotes directly (gross per side / net)."""
    totals = {v[0]: oracle_deal(v[1]) for v in DEAL_VECTORS}
    gross = {
        k: (o["NS"]["trick"] + o["NS"]["honour"], o["EW"]["trick"] + o["EW"]["honour"])
        for k, o in totals.items()
    }
    assert gross["T42"] == (173, 0) and totals["T42"]["net_ns"] == 173
    assert gross["T43"] == (16, 0)
    assert gross["T44"] == (207, 0)
    assert gross["T45"] == (78, 0)
    assert gross["T46"] == (157, 0)
    assert gross["T47"] == (405, 0)
    assert gross["T48"] == (189, 0)
    assert totals["T50"]["net_ns"] == -30
    assert totals["T51"]["net_ns"] == -26
    assert gross["T22"] == (0, 360)


@pytest.mark.parametrize("line", malformed_deal_lines()[:-1])
def test_oracle_refuses_malformed(line: str) -> None:
    with pytest.raises(ValueError):
        oracle_deal(json.loads(line))


def test_oracle_t49_team_of_four() -> None:
    t1 = oracle_deal(_deal("4H", "N", 10, honours=SIMPLE_NS))
    t2 = oracle_deal(_deal("3H", "N", 9, honours=SIMPLE_NS))
    gross1 = (t1["NS"]["trick"] + t1["NS"]["honour"], t1["EW"]["trick"] + t1["EW"]["honour"])
    gross2 = (t2["NS"]["trick"] + t2["NS"]["honour"], t2["EW"]["trick"] + t2["EW"]["honour"])
    assert gross1 == (173, 0) and gross2 == (40, 0)
    match = {
        "teams": {"A": ["A1", "A2"], "B": ["B1", "B2"]},
        "results": [
            {"deal": 1, "ns": "A1", "ew": "B2", "ns_points": gross1[0], "ew_points": gross1[1]},
            {"deal": 1, "ns": "B1", "ew": "A2", "ns_points": gross2[0], "ew_points": gross2[1]},
        ],
    }
    assert oracle_teams(match) == {
        "A": {"total": 173, "exact": "173"},
        "B": {"total": 40, "exact": "40"},
        "winner": "A",
        "margin": "133",
        "by_fraction": False,
    }


def test_oracle_t52_three_pair_teams() -> None:
    match = {
        "teams": {"A": ["A1", "A2", "A3"], "B": ["B1", "B2", "B3"]},
        "results": [
            {"deal": 1, "ns": "A1", "ew": "B2", "ns_points": 300, "ew_points": 150},
            {"deal": 1, "ns": "A2", "ew": "B3", "ns_points": 201, "ew_points": 250},
            {"deal": 1, "ns": "B1", "ew": "A3", "ns_points": 200, "ew_points": 150},
        ],
    }
    assert oracle_teams(match) == {
        "A": {"total": 834, "exact": "2503/3"},
        "B": {"total": 834, "exact": "2501/3"},
        "winner": "A",
        "margin": "2/3",
        "by_fraction": True,
    }


def test_oracle_team_exact_draw() -> None:
    match = {
        "teams": {"A": ["A1", "A2"], "B": ["B1", "B2"]},
        "results": [
            {"deal": 1, "ns": "A1", "ew": "B2", "ns_points": 100, "ew_points": 0},
            {"deal": 1, "ns": "B1", "ew": "A2", "ns_points": 100, "ew_points": 0},
        ],
    }
    out = oracle_teams(match)
    assert out["winner"] is None and out["margin"] == "0" and out["by_fraction"] is False


def _by_pair(out: dict[str, Any]) -> dict[str, tuple[str, int, int]]:
    return {p["pair"]: (p["score"], p["rounded"], p["rank"]) for p in out["pairs"]}


def test_oracle_t53_pair_contest() -> None:
    ns_nets = [310, -45, 120, -5]
    ew_nets = [-200, 90, -150, -120]
    results = [{"deal": 1, "ns": f"N{i}", "ew": f"x{i}", "net_ns": n} for i, n in enumerate(ns_nets, 1)]
    results += [{"deal": 2, "ns": f"y{i}", "ew": f"E{i}", "net_ns": -n} for i, n in enumerate(ew_nets, 1)]
    got = _by_pair(oracle_pairs({"results": results}))
    assert [got[f"N{i}"][0] for i in range(1, 5)] == ["215", "-140", "25", "-100"]
    assert [got[f"E{i}"][0] for i in range(1, 5)] == ["-105", "185", "-55", "-25"]
    assert got["N1"][2] == 1  # +215 is best of all; E2 (+185) next
    assert got["E2"][2] == 2


def test_oracle_t54_fractions() -> None:
    results = [{"deal": 1, "ns": f"N{i}", "ew": f"E{i}", "net_ns": n} for i, n in enumerate([100, 51, 0], 1)]
    got = _by_pair(oracle_pairs({"results": results}))
    assert got["N1"][:2] == ("149/3", 50)
    assert got["N2"][:2] == ("2/3", 1)
    assert got["N3"][:2] == ("-151/3", -50)
    assert got["E1"][:2] == ("-149/3", -50)


def _t55(kind: str) -> dict[str, Any]:
    nets = {1: 120, 2: 40, 4: -30, 5: 70}
    results: list[dict[str, Any]] = [
        {"deal": 7, "ns": f"N{t}", "ew": f"E{t}", "net_ns": n} for t, n in nets.items()
    ]
    results.append({"deal": 7, "ns": "N3", "ew": "E3", "irregular": kind})
    return {"results": results}


def test_oracle_t55_average() -> None:
    got = _by_pair(oracle_pairs(_t55("average")))
    assert got["N3"][0] == "0" and got["E3"][0] == "0"  # each takes the average (+50 / -50)
    assert got["N1"][0] == "70" and got["N4"][0] == "-80" and got["E4"][0] == "80"


def test_oracle_t56_partner_held_surplus() -> None:
    got = _by_pair(oracle_pairs(_t55("ns_offended")))
    assert got["N3"][0] == "-80"  # lowest N-S net -30, average +50
    assert got["E3"][0] == "80"  # highest E-W net +30, average -50
    got = _by_pair(oracle_pairs(_t55("ew_offended")))
    assert got["N3"][0] == "70"  # highest N-S net 120
    assert got["E3"][0] == "-70"  # lowest E-W net -120


def test_oracle_refuses_irregular_without_valid_table() -> None:
    with pytest.raises(ValueError):
        oracle_pairs(
            {
                "results": [
                    {"deal": 1, "ns": "a", "ew": "b", "irregular": "average"},
                    {"deal": 2, "ns": "a", "ew": "b", "net_ns": 10},
                ]
            }
        )


def test_oracle_t71_compass_whist() -> None:
    """T71 as a pair contest: feeding N-S trick totals as net_ns gives E-W -tricks, which differs
    from the E-W trick totals (390 - N-S) by a constant that the averaging cancels."""
    ns = [201, 204, 211, 207, 212]
    results = [{"deal": "session", "ns": f"N{i}", "ew": f"E{i}", "net_ns": t} for i, t in enumerate(ns, 1)]
    out = oracle_pairs({"results": results})
    got = _by_pair(out)
    assert [got[f"N{i}"][0] for i in range(1, 6)] == ["-6", "-3", "4", "0", "5"]
    assert [got[f"E{i}"][0] for i in range(1, 6)] == ["6", "3", "-4", "0", "-5"]
    assert out["pairs"][0]["pair"] == "E1" and out["pairs"][0]["rank"] == 1  # best: E-W pair +6
    # 6, 5, 4, 3, 0, 0, -3, ...: the two zeros share rank 5 and rank 6 is skipped
    assert got["N5"][2] == 2 and got["N3"][2] == 3 and got["E2"][2] == 4
    assert got["N4"][2] == 5 and got["E4"][2] == 5 and got["N2"][2] == 7


def test_oracle_rounding_halves_away_from_zero() -> None:
    results = [{"deal": 1, "ns": "a", "ew": "b", "net_ns": 1}, {"deal": 1, "ns": "c", "ew": "d", "net_ns": 0}]
    got = _by_pair(oracle_pairs({"results": results}))
    assert got["a"][:2] == ("1/2", 1) and got["c"][:2] == ("-1/2", -1)
    assert got["b"][:2] == ("-1/2", -1) and got["d"][:2] == ("1/2", 1)
    assert got["a"][2] == 1 and got["d"][2] == 1 and got["b"][2] == 3


def test_generators_are_valid_for_the_oracle() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        oracle_deal(random_deal(rng))
    for _ in range(200):
        oracle_pairs(random_pair_contest(rng))
    for mode in ("plain", "rounded_tie", "draw"):
        for _ in range(100):
            oracle_teams(random_team_match(rng, mode))


# =============================================================================================
# Part 2 -- the real command line against the oracle
# =============================================================================================


def _run_cli(sub: str, text: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scoring", sub],
        input=text,
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )


def _report(kind: str, bad: list[tuple[Any, Any, Any]], total: int) -> str:
    parts = [f"{len(bad)} of {total} {kind} cases disagree with the oracle; the first {min(SHOW, len(bad))}:"]
    for inp, cli, orc in bad[:SHOW]:
        parts.append(f"  input : {json.dumps(inp)}\n  cli   : {json.dumps(cli)}\n  oracle: {json.dumps(orc)}")
    return "\n".join(parts)


def _deal_batch() -> tuple[list[str], list[Any], list[int]]:
    """3000 random deals, with the malformed lines spread through the middle."""
    rng = random.Random(20240601)
    lines: list[str] = []
    inputs: list[Any] = []
    bad_at: list[int] = []
    bad_lines = malformed_deal_lines()
    slots = sorted(random.Random(5).sample(range(500, N_DEALS - 500), len(bad_lines)))
    for i in range(N_DEALS):
        if slots and i == slots[0]:
            slots.pop(0)
            bad = bad_lines[len(bad_at)]
            bad_at.append(len(lines))
            lines.append(bad)
            inputs.append(bad)
        deal = random_deal(rng)
        lines.append(json.dumps(deal))
        inputs.append(deal)
    return lines, inputs, bad_at


@pytest.fixture(scope="module")
def deal_run() -> dict[str, Any]:
    lines, inputs, bad_at = _deal_batch()
    proc = _run_cli("deal", "\n".join(lines) + "\n")
    return {"lines": lines, "inputs": inputs, "bad_at": bad_at, "proc": proc}


def _parse_lines(proc: subprocess.CompletedProcess[str], expected: int) -> list[Any]:
    out = proc.stdout.splitlines()
    assert len(out) == expected, (
        f"`python -m scoring deal` wrote {len(out)} lines for {expected} input lines "
        f"(exit {proc.returncode}); stderr:\n{proc.stderr[-3000:]}"
    )
    return [json.loads(x) for x in out]


def test_cli_deals_agree_with_oracle(deal_run: dict[str, Any]) -> None:
    proc = deal_run["proc"]
    outputs = _parse_lines(proc, len(deal_run["lines"]))
    bad_at = set(deal_run["bad_at"])
    disagreements = []
    compared = 0
    two_sided = 0
    for i, (inp, out) in enumerate(zip(deal_run["inputs"], outputs, strict=True)):
        if i in bad_at:
            continue
        compared += 1
        expected = oracle_deal(inp)
        got = {k: out.get(k) for k in ("NS", "EW", "net_ns")} if isinstance(out, dict) else out
        if got != expected:
            disagreements.append((inp, out, expected))
            two_sided += deal_has_two_sided_revokes(inp)
    msg = _report("deal", disagreements, compared)
    if disagreements:
        msg += f"\n({two_sided} of the disagreeing deals have revokes by both sides: oracle reading O-3)"
    assert not disagreements, msg
    assert compared == N_DEALS


def test_cli_deal_batch_refuses_malformed_lines_in_place(deal_run: dict[str, Any]) -> None:
    proc = deal_run["proc"]
    outputs = _parse_lines(proc, len(deal_run["lines"]))
    for i in deal_run["bad_at"]:
        out = outputs[i]
        assert (
            isinstance(out, dict) and set(out) == {"error"} and isinstance(out["error"], str) and out["error"]
        ), f"line {i + 1} {deal_run['lines'][i]!r} -> {out!r}"
    # the lines after the last malformed one were still scored
    last = max(deal_run["bad_at"])
    assert "error" not in outputs[last + 1] and "NS" in outputs[last + 1]
    # one line is not JSON at all -> exit status 2 (scoring-cli.md, general rules)
    assert proc.returncode == 2, f"exit status {proc.returncode}, expected 2; stderr:\n{proc.stderr[-2000:]}"


def test_cli_deal_exit_status_0_and_1() -> None:
    rng = random.Random(99)
    clean = [json.dumps(random_deal(rng)) for _ in range(50)]
    proc = _run_cli("deal", "\n".join(clean) + "\n")
    outs = _parse_lines(proc, len(clean))
    assert all("error" not in o for o in outs), [o for o in outs if "error" in o][:3]
    assert proc.returncode == 0, proc.stderr[-2000:]

    refused = malformed_deal_lines()[:-1]  # all JSON, all refused
    mixed = clean[:10] + refused + clean[10:20]
    proc = _run_cli("deal", "\n".join(mixed) + "\n")
    outs = _parse_lines(proc, len(mixed))
    for j, line in enumerate(refused, start=10):
        assert set(outs[j]) == {"error"}, (line, outs[j])
    assert proc.returncode == 1, f"exit status {proc.returncode}, expected 1; stderr:\n{proc.stderr[-2000:]}"


def _run_in_process(sub: str, text: str) -> subprocess.CompletedProcess[str]:
    """What ``python -m scoring <sub>`` answers, from the command line's own ``main`` in this process."""
    stdout = io.StringIO()
    status = main([sub], io.StringIO(text), stdout)
    return subprocess.CompletedProcess([sub], status, stdout.getvalue(), "")


def _run_many(sub: str, cases: list[dict[str, Any]]) -> list[subprocess.CompletedProcess[str]]:
    """Every case's answer from ``main``; the sampled cases' also from a process, which must agree."""
    answers = [_run_in_process(sub, json.dumps(case)) for case in cases]
    sampled = range(0, len(cases), SAMPLE_EVERY)
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        processes = list(pool.map(lambda i: _run_cli(sub, json.dumps(cases[i])), sampled))
    for i, process in zip(sampled, processes, strict=True):
        assert (process.returncode, process.stdout) == (answers[i].returncode, answers[i].stdout), (
            f"`python -m scoring {sub}` answered case {i} otherwise than its main did in this process:\n"
            f"  input  : {json.dumps(cases[i])}\n  process: {process.stdout[-500:]}{process.stderr[-1500:]}\n"
            f"  main   : {answers[i].stdout[-500:]}"
        )
    return answers


def _decode(proc: subprocess.CompletedProcess[str]) -> Any:
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError:
        return {"exit": proc.returncode, "stdout": proc.stdout[-500:], "stderr": proc.stderr[-1500:]}


def _pairs_view(out: Any) -> Any:
    """pair -> (score, rounded, rank); plus whether the list is in rank order."""
    if not isinstance(out, dict) or not isinstance(out.get("pairs"), list):
        return out
    try:
        ranks = [p["rank"] for p in out["pairs"]]
        return {
            "by_pair": {p["pair"]: [p["score"], p["rounded"], p["rank"]] for p in out["pairs"]},
            "count": len(out["pairs"]),
            "sorted": ranks == sorted(ranks),
        }
    except (KeyError, TypeError):
        return out


def test_cli_pair_contests_agree_with_oracle() -> None:
    rng = random.Random(314159)
    cases = [random_pair_contest(rng) for _ in range(N_CONTESTS)]
    procs = _run_many("pairs", cases)
    disagreements = []
    for case, proc in zip(cases, procs, strict=True):
        expected = oracle_pairs(case)
        got = _decode(proc)
        if proc.returncode != 0 or _pairs_view(got) != _pairs_view(expected):
            disagreements.append((case, got, expected))
    assert not disagreements, _report("pair-contest", disagreements, len(cases))


TEAM_MODES = ["plain", "rounded_tie", "draw"]


def test_cli_team_matches_agree_with_oracle() -> None:
    rng = random.Random(271828)
    cases = [random_team_match(rng, TEAM_MODES[i % 3]) for i in range(N_MATCHES)]
    expected_all = [oracle_teams(c) for c in cases]
    # the generator really produced the hard cases
    assert sum(e["by_fraction"] for e in expected_all) >= N_MATCHES // 5
    assert sum(e["winner"] is None for e in expected_all) >= N_MATCHES // 5
    assert any(e["winner"] is None and Fraction(e["A"]["exact"]).denominator > 1 for e in expected_all)
    procs = _run_many("teams", cases)
    keys = ("A", "B", "winner", "margin", "by_fraction")
    disagreements = []
    for case, proc, expected in zip(cases, procs, expected_all, strict=True):
        got = _decode(proc)
        view = {k: got.get(k) for k in keys} if isinstance(got, dict) else got
        if proc.returncode != 0 or view != expected:
            disagreements.append((case, got, expected))
    assert not disagreements, _report("team-match", disagreements, len(cases))
