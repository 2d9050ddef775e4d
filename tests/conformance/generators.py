"""Random-case generators for the conformance checks (seeded ``random.Random`` only).

Every generator returns a plain JSON-ready object in the shape the command line reads:

* ``random_deal(rng)``          -- one line for ``python -m scoring deal``
* ``mitchell_contest(rng)``     -- ``{"results": [...]}`` for ``python -m scoring pairs``
* ``howell_contest(rng)``       -- idem, pairs sitting both ways
* ``random_pair_contest(rng)``  -- one of the two
* ``random_team_match(rng, mode)`` -- ``{"teams": ..., "results": ...}`` for ``python -m scoring teams``

All generated inputs are *valid* (the laws accept them).  ``malformed_deal_lines()`` gives lines
that must be refused.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

from tests.conformance.oracle import oracle_teams

SEATS = ["N", "E", "S", "W"]
STRAINS = ["S", "C", "D", "H", "R", "NT"]
PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}
ADVERSARIES = {"N": ["E", "W"], "S": ["E", "W"], "E": ["N", "S"], "W": ["N", "S"]}


# ---------------------------------------------------------------------------------------------
# Deals
# ---------------------------------------------------------------------------------------------


def _honours(rng: random.Random, strain: str) -> dict[str, int]:
    most = 4 if strain == "NT" else 5
    # usually every honour is accounted for; sometimes fewer are entered (at most 5/4 in all)
    total = most if rng.random() < 0.75 else rng.randint(0, most)
    counts = dict.fromkeys(SEATS, 0)
    concentrated = rng.random() < 0.3
    favourite = rng.choice(SEATS)
    for _ in range(total):
        # concentrated: 4 or 5 in one hand, 4 + 1, ...
        seat = favourite if concentrated and rng.random() < 0.8 else rng.choice(SEATS)
        counts[seat] += 1
    order = SEATS[:]
    rng.shuffle(order)
    out: dict[str, int] = {}
    for seat in order:
        if counts[seat] or rng.random() < 0.2:  # zeros sometimes written, sometimes left out
            out[seat] = counts[seat]
    return out


def _tricks(rng: random.Random, level: int) -> int:
    r = rng.random()
    if r < 0.45:
        return rng.randint(0, 13)
    if r < 0.85:
        return max(0, min(13, 6 + level + rng.randint(-3, 3)))
    return rng.choice([0, 1, 2, 11, 12, 13])


def random_deal(rng: random.Random) -> dict[str, Any]:
    """A valid deal covering every field of the ``deal`` contract."""
    if rng.random() < 0.12:
        level, strain = 1, "S"  # plenty of one-spade contracts for the Law 48 limit
    else:
        level, strain = rng.randint(1, 7), rng.choice(STRAINS)
    doubling = rng.choices(["", "X", "XX"], weights=[5, 3, 2])[0]
    declarer = rng.choice(SEATS)
    deal: dict[str, Any] = {
        "contract": f"{level}{strain}{doubling}",
        "declarer": declarer,
        "tricks": _tricks(rng, level),
    }
    hon = _honours(rng, strain)
    if hon or rng.random() < 0.5:
        deal["honours"] = hon
    if level == 1 and strain == "S":
        if rng.random() < 0.7:
            deal["dealers_one_spade"] = True
        elif rng.random() < 0.5:
            deal["dealers_one_spade"] = False
    elif rng.random() < 0.1:
        deal["dealers_one_spade"] = False

    r = rng.random()
    if r < 0.55:
        if rng.random() < 0.2:
            deal["revokes"] = []
    else:
        revokes = []
        for _ in range(rng.choices([1, 2, 3], weights=[6, 3, 1])[0]):
            who = rng.random()
            if who < 0.5:
                by = rng.choice(ADVERSARIES[declarer])
            elif who < 0.8:
                by = declarer
            else:
                by = PARTNER[declarer]  # the dummy: no penalty
            rv: dict[str, Any] = {"by": by}
            pen = rng.random()
            if pen < 0.45:
                rv["penalty"] = "tricks"
            elif pen < 0.85:
                rv["penalty"] = "points"
            revokes.append(rv)
        deal["revokes"] = revokes

    if rng.random() < 0.2:
        deal["awards"] = [
            {"to": rng.choice(["NS", "EW"]), "points": rng.choice([0, 50, 50, 100, rng.randint(0, 300)])}
            for _ in range(rng.randint(1, 2))
        ]
    s = rng.random()
    if s < 0.35:
        deal["slams"] = "english"
    elif s < 0.6:
        deal["slams"] = "american"
    d = rng.random()
    if d < 0.3:
        deal["duplicate"] = False
    elif d < 0.55:
        deal["duplicate"] = True
    return deal


def deal_has_two_sided_revokes(deal: dict[str, Any]) -> bool:
    """True when both the declarer and an adversary revoked (reading O-3 of the oracle)."""
    by = {r["by"] for r in deal.get("revokes", [])}
    return deal["declarer"] in by and bool(by & set(ADVERSARIES[deal["declarer"]]))


def malformed_deal_lines() -> list[str]:
    """Lines that must each get an {"error": ...} object (not JSON is the last one)."""
    base = {"contract": "3H", "declarer": "N", "tricks": 9}
    bad = [
        dict(base, contract="8H"),  # a level of 8
        dict(base, tricks=14),  # 14 tricks
        dict(base, honours={"N": 3, "S": 2, "E": 1}),  # six honours
        dict(base, declarer="X"),  # unknown seat
        dict(base, honours={"Q": 1}),  # unknown seat in honours
        dict(base, revokes=[{"by": "Z"}]),  # unknown revoking seat
        {"declarer": "N", "tricks": 9},  # missing contract
        dict(base, tricks="nine"),  # a string where a number belongs
        dict(base, contract="1NT", honours={"N": 4, "S": 1}),  # five aces
        dict(base, contract="2S", dealers_one_spade=True),  # Law 48 needs 1S
    ]
    lines = [json.dumps(b) for b in bad]
    lines.append("{this is not json")
    return lines


# ---------------------------------------------------------------------------------------------
# Pair contests
# ---------------------------------------------------------------------------------------------


def _net(rng: random.Random, tight: bool) -> int:
    if tight:
        return rng.choice([-150, -50, -30, 0, 20, 30, 50, 150])
    r = rng.random()
    if r < 0.5:
        return rng.randint(-60, 60) * 5
    if r < 0.8:
        return rng.randint(-700, 700)
    return rng.choice([-1, 1]) * rng.randint(0, 1200)


def _deal_id(deal_no: int, as_text: bool) -> int | str:
    return f"B{deal_no}" if as_text else deal_no


def _make_irregular(rng: random.Random, results: list[dict[str, Any]]) -> None:
    """Turn a few tables into Law B(3) irregular tables, always leaving a valid one per deal."""
    by_deal: dict[Any, list[dict[str, Any]]] = {}
    for r in results:
        by_deal.setdefault(r["deal"], []).append(r)
    for rows in by_deal.values():
        if len(rows) < 2 or rng.random() > 0.3:
            continue
        n_irr = rng.randint(1, min(2, len(rows) - 1))
        for r in rng.sample(rows, n_irr):
            del r["net_ns"]
            r["irregular"] = rng.choice(["average", "ns_offended", "ew_offended"])


def mitchell_contest(rng: random.Random) -> dict[str, Any]:
    """N-S pairs stay, E-W pairs move; every table plays a board group each round.

    With an even number of tables only up to t/2 rounds are played, so that no E-W pair meets a
    board group twice; some table-rounds are left out (a sit-out / late finish).
    """
    t = rng.randint(2, 8)
    rounds = rng.randint(2, t) if t % 2 == 1 else rng.randint(1, max(1, t // 2))
    per_round = rng.randint(1, 3)
    tight = rng.random() < 0.3
    as_text = rng.random() < 0.4
    results: list[dict[str, Any]] = []
    for j in range(rounds):
        for i in range(t):
            group = (i - j) % t
            ew = (i + j) % t
            if rng.random() < 0.07 and j > 0:
                continue  # this table missed the round
            for b in range(per_round):
                deal_no = group * per_round + b + 1
                results.append(
                    {
                        "deal": _deal_id(deal_no, as_text),
                        "ns": f"N{i + 1}",
                        "ew": f"E{ew + 1}",
                        "net_ns": _net(rng, tight),
                    }
                )
    _make_irregular(rng, results)
    rng.shuffle(results)
    return {"results": results}


def howell_contest(rng: random.Random) -> dict[str, Any]:
    """Pairs sit both ways; each deal is played at some tables by some of the pairs."""
    n = rng.randint(4, 10)
    pairs = [str(k) if rng.random() < 0.5 else f"P{k}" for k in range(1, n + 1)]
    n_deals = rng.randint(2, 9)
    tight = rng.random() < 0.3
    as_text = rng.random() < 0.4
    results: list[dict[str, Any]] = []
    for deal_no in range(1, n_deals + 1):
        max_tables = n // 2
        tables = max_tables if rng.random() < 0.6 else rng.randint(1, max_tables)
        sitting = rng.sample(pairs, 2 * tables)
        for k in range(tables):
            results.append(
                {
                    "deal": _deal_id(deal_no, as_text),
                    "ns": sitting[2 * k],
                    "ew": sitting[2 * k + 1],
                    "net_ns": _net(rng, tight),
                }
            )
    _make_irregular(rng, results)
    rng.shuffle(results)
    return {"results": results}


def random_pair_contest(rng: random.Random) -> dict[str, Any]:
    return mitchell_contest(rng) if rng.random() < 0.5 else howell_contest(rng)


# ---------------------------------------------------------------------------------------------
# Team matches
# ---------------------------------------------------------------------------------------------


def _gross(rng: random.Random) -> tuple[int, int]:
    r = rng.random()
    if r < 0.4:
        return rng.choice([0, 16, 24, 40, 157, 173, 189, 207, 300]), 0
    if r < 0.7:
        return 0, rng.choice([0, 50, 100, 150, 200, 16, 30])
    return rng.randint(0, 450), rng.randint(0, 200)


def _add_points(match: dict[str, Any], pair: str, amount: int, rng: random.Random) -> None:
    rows = [r for r in match["results"] if pair in (r["ns"], r["ew"])]
    r = rng.choice(rows)
    key = "ns_points" if r["ns"] == pair else "ew_points"
    r[key] += amount


def _directions(match: dict[str, Any]) -> dict[str, str]:
    d: dict[str, str] = {}
    for r in match["results"]:
        d[r["ns"]] = "NS"
        d[r["ew"]] = "EW"
    return d


def _exact(out: dict[str, Any], team: str) -> Fraction:
    return Fraction(out[team]["exact"])


def random_team_match(rng: random.Random, mode: str = "plain") -> dict[str, Any]:
    """A team match; ``mode`` is "plain", "rounded_tie" (odd teams: rounded totals tie, the
    fraction usually decides) or "draw" (exact totals equal)."""
    size = rng.randint(2, 5)
    if mode == "rounded_tie" and size % 2 == 0:
        size += 1  # only an odd team has averages, so only there can the fraction decide
    k = size // 2
    a_pairs = [f"A{i}" for i in range(1, size + 1)]
    b_pairs = [f"B{i}" for i in range(1, size + 1)]
    rng.shuffle(a_pairs)
    rng.shuffle(b_pairs)
    a_odd_dir = rng.choice(["NS", "EW"])
    a_ns_n = k + 1 if (size % 2 == 1 and a_odd_dir == "NS") else k
    a_ns, a_ew = a_pairs[:a_ns_n], a_pairs[a_ns_n:]
    b_ew_n = a_ns_n  # each table seats one pair of each team
    b_ew, b_ns = b_pairs[:b_ew_n], b_pairs[b_ew_n:]
    assert len(b_ns) == len(a_ew)

    n_deals = rng.randint(1, 8)
    shuffle_tables = rng.random() < 0.3
    results: list[dict[str, Any]] = []
    for deal_no in range(1, n_deals + 1):
        opp1, opp2 = b_ew[:], a_ew[:]
        if shuffle_tables:
            rng.shuffle(opp1)
            rng.shuffle(opp2)
        tables = list(zip(a_ns, opp1, strict=True)) + list(zip(b_ns, opp2, strict=True))
        for ns, ew in tables:
            nsp, ewp = _gross(rng)
            results.append({"deal": deal_no, "ns": ns, "ew": ew, "ns_points": nsp, "ew_points": ewp})
    rng.shuffle(results)
    teams = {"A": sorted(a_pairs), "B": sorted(b_pairs)}
    match: dict[str, Any] = {"teams": teams, "results": results}

    if mode == "draw":
        out = oracle_teams(match)
        diff = _exact(out, "A") - _exact(out, "B")
        if size % 2 == 0:
            amount = int(diff)
            if amount > 0:
                _add_points(match, rng.choice(b_pairs), amount, rng)
            elif amount < 0:
                _add_points(match, rng.choice(a_pairs), -amount, rng)
        else:
            # N = 2k+1 pairs sit in each direction; N*diff is always even (see the report)
            n = size
            nd = diff * n
            assert nd.denominator == 1 and nd.numerator % 2 == 0
            m = nd.numerator // 2
            dirs = _directions(match)
            x = a_odd_dir
            y = "EW" if x == "NS" else "NS"
            if m > 0:  # A ahead: +m to an A pair in X and +m to a B pair in X
                _add_points(match, rng.choice([p for p in a_pairs if dirs[p] == x]), m, rng)
                _add_points(match, rng.choice([p for p in b_pairs if dirs[p] == x]), m, rng)
            elif m < 0:  # B ahead: +|m| to an A pair in Y and to a B pair in Y
                _add_points(match, rng.choice([p for p in a_pairs if dirs[p] == y]), -m, rng)
                _add_points(match, rng.choice([p for p in b_pairs if dirs[p] == y]), -m, rng)
        out = oracle_teams(match)
        assert out["winner"] is None, out
    elif mode == "rounded_tie":
        for _ in range(300):
            out = oracle_teams(match)
            r = out["A"]["total"] - out["B"]["total"]
            if r == 0 and _exact(out, "A") != _exact(out, "B"):
                break
            if r > 0:
                _add_points(match, rng.choice(b_pairs), r, rng)
            elif r < 0:
                _add_points(match, rng.choice(a_pairs), -r, rng)
            else:  # an exact draw: nudge and go round again
                _add_points(match, rng.choice(a_pairs + b_pairs), rng.randint(1, 3), rng)
    return match
