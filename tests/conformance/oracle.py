"""An independent reference ("oracle") for the scoring command line.

Written only from the law texts (shared/seeds), shared/specs/auction-and-whist-laws.md and
shared/specs/scoring-cli.md -- never from the engine under scoring/.  The style is deliberately
plain: lookup tables, dicts and straight arithmetic, so that a mistake in the engine is unlikely
to be repeated here.

Three functions, each taking and returning exactly the CLI JSON shapes:

* ``oracle_deal(obj)``  -> ``{"NS": {"trick", "honour"}, "EW": {...}, "net_ns"}``
* ``oracle_pairs(obj)`` -> ``{"pairs": [{"pair", "score", "rounded", "rank"}, ...]}``
* ``oracle_teams(obj)`` -> ``{"A": {"total", "exact"}, "B": {...}, "winner", "margin", "by_fraction"}``

Each raises ``ValueError`` for an input the laws (or the contract) refuse.

Readings chosen where the texts leave room (also listed in the conformance report):

O-1  Several revokes are each penalised (R-2): 100 per revoke, or three tricks per revoke
     elected "tricks"; the total transferred never exceeds the tricks the adversaries won (R-19).
O-2  A revoke "by" the dummy (declarer's partner) is ignored altogether.
O-3  Revokes by BOTH the declarer and an adversary on one deal: each revoke is penalised on its
     own.  The revoking declarer's side scores no tricks, no doubled bonus and no slam; the
     revoking adversaries score no under-tricks and no slam; each side still scores its honours,
     its awards and the 100-point revoke penalties due to it (for an adversary's revoke elected
     "tricks" the transfer is then worthless, because the declarer scores no tricks).
O-4  Tricks transferred for a revoke make the contract and count in the trick column and toward
     the 30 of the 125 premium (R-3), but the doubled bonus (50/100 for fulfilling and per
     over-trick) is earned only if the contract was fulfilled by tricks won in play, and then only
     for over-tricks won in play.
O-5  Slams are judged on tricks won in play only, for either side, failed seven included (4.3);
     a side with a revoke charged against it scores no slam (4.4).
O-6  The "one spade" limit (Law 48) caps only the under-trick penalty at 100 when the contract
     is not redoubled (R-1); revoke penalties, honours and slams are entered in full.
O-7  Pair contests: per deal and direction averages over validly scored tables (R-8, R-16).
     An "average" irregular table contributes 0 to each pair; "ns_offended"/"ew_offended"
     names the OFFENDING side (its partner held the surplus, Law B(3)): it takes the lowest net
     of its direction on that deal, the opponents the highest of theirs.
O-8  Teams: the odd pair's team adds the exact average of the match totals of all pairs seated in
     the direction opposite to its odd pair (R-5), rounded half away from zero (R-7) for "total".
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, TypeGuard

# ---------------------------------------------------------------------------------------------
# Lookup tables
# ---------------------------------------------------------------------------------------------

SEATS = ("N", "E", "S", "W")
SIDE_OF = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
PARTNER_OF = {"N": "S", "S": "N", "E": "W", "W": "E"}
OTHER_SIDE = {"NS": "EW", "EW": "NS"}
SIDE_SEATS = {"NS": ("N", "S"), "EW": ("E", "W")}

# value of one odd trick, undoubled (Foster's table)
TRICK_VALUE = {"S": 2, "C": 6, "D": 7, "H": 8, "R": 9, "NT": 10}

# multiplier of the trick value: "" undoubled, "X" doubled, "XX" redoubled
DOUBLING_MULT = {"": 1, "X": 2, "XX": 4}

# doubled-contract bonus: for fulfilling, and again for every over-trick
DOUBLED_BONUS = {"": 0, "X": 50, "XX": 100}

# penalty per under-trick
UNDERTRICK = {"": 50, "X": 100, "XX": 200}

# Law 48: the loss on the dealer's original "one spade" is limited to 100 unless redoubled
ONE_SPADE_CAP = {"": 100, "X": 100, "XX": None}

# fmt: off
# suit honours: (honours held by the side, most held in one hand) -> value in tricks
SUIT_HONOUR_TRICKS = {
    (3, 1): 2, (3, 2): 2, (3, 3): 2,
    (4, 2): 4, (4, 3): 4, (4, 4): 8,
    (5, 3): 5, (5, 4): 9, (5, 5): 10,
}

# no-trump aces: (aces held by the side, most in one hand) -> points
NT_ACE_POINTS = {
    (3, 2): 30, (3, 3): 30,
    (4, 2): 40, (4, 3): 40, (4, 4): 100,
}
# fmt: on

# slam values: scale -> {tricks won in play: points}
SLAM_POINTS = {
    "american": {12: 20, 13: 40},
    "english": {12: 50, 13: 100},
}

REVOKE_POINTS = 100
REVOKE_TRICKS = 3
PREMIUM = 125
PREMIUM_THRESHOLD = 30

CONTRACT_RE = re.compile(r"^([1-7])(NT|S|C|D|H|R)(XX|X)?$")


# ---------------------------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------------------------


def _is_int(x: Any) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool)


def _frac_str(f: Fraction) -> str:
    if f.denominator == 1:
        return str(f.numerator)
    return f"{f.numerator}/{f.denominator}"


def _round_half_away(f: Fraction) -> int:
    """Nearest whole number, halves away from zero (R-7)."""
    twice = 2 * abs(f)
    # floor(|f| + 1/2) computed in integers
    n = (twice.numerator + twice.denominator) // (2 * twice.denominator)
    return n if f >= 0 else -n


# ---------------------------------------------------------------------------------------------
# One deal
# ---------------------------------------------------------------------------------------------


def _check_deal(obj: Any) -> dict[str, Any]:
    """Validate and normalise a deal; raise ValueError on anything the laws refuse."""
    if not isinstance(obj, dict):
        raise ValueError("a deal must be a JSON object")

    contract = obj.get("contract")
    if not isinstance(contract, str):
        raise ValueError("the contract is missing or is not a string")
    m = CONTRACT_RE.match(contract)
    if m is None:
        raise ValueError(f"{contract!r} is not a contract (level 1-7, strain S C D H R NT, X/XX)")
    level = int(m.group(1))
    strain = m.group(2)
    doubling = m.group(3) or ""

    declarer = obj.get("declarer")
    if declarer not in SEATS:
        raise ValueError(f"unknown declarer seat {declarer!r}")

    tricks = obj.get("tricks")
    if not _is_int(tricks) or not 0 <= tricks <= 13:
        raise ValueError(f"tricks must be a whole number 0-13, not {tricks!r}")

    honours_in = obj.get("honours", {})
    if not isinstance(honours_in, dict):
        raise ValueError("honours must be an object seat -> count")
    honours = {"N": 0, "E": 0, "S": 0, "W": 0}
    for seat, count in honours_in.items():
        if seat not in honours:
            raise ValueError(f"unknown seat {seat!r} in honours")
        if not _is_int(count) or count < 0:
            raise ValueError(f"honour count for {seat} must be a whole number >= 0")
        honours[seat] = count
    most = 4 if strain == "NT" else 5
    if sum(honours.values()) > most:
        raise ValueError(f"at most {most} honours exist in this strain")

    one_spade = obj.get("dealers_one_spade", False)
    if not isinstance(one_spade, bool):
        raise ValueError("dealers_one_spade must be true or false")
    if one_spade and not (level == 1 and strain == "S"):
        raise ValueError("the dealer's original one spade needs a contract of 1S")

    revokes_in = obj.get("revokes", [])
    if not isinstance(revokes_in, list):
        raise ValueError("revokes must be a list")
    revokes = []
    for r in revokes_in:
        if not isinstance(r, dict):
            raise ValueError("each revoke must be an object")
        by = r.get("by")
        if by not in SEATS:
            raise ValueError(f"unknown revoking seat {by!r}")
        pen = r.get("penalty", "points")
        if pen not in ("points", "tricks"):
            raise ValueError(f"revoke penalty must be 'points' or 'tricks', not {pen!r}")
        revokes.append((by, pen))

    awards_in = obj.get("awards", [])
    if not isinstance(awards_in, list):
        raise ValueError("awards must be a list")
    awards = []
    for a in awards_in:
        if not isinstance(a, dict):
            raise ValueError("each award must be an object")
        to = a.get("to")
        if to not in ("NS", "EW"):
            raise ValueError(f"unknown side {to!r} in an award")
        pts = a.get("points")
        if not _is_int(pts) or pts < 0:
            raise ValueError("award points must be a whole number >= 0")
        awards.append((to, pts))

    slams = obj.get("slams", "american")
    if slams not in SLAM_POINTS:
        raise ValueError(f"slams must be 'american' or 'english', not {slams!r}")

    duplicate = obj.get("duplicate", True)
    if not isinstance(duplicate, bool):
        raise ValueError("duplicate must be true or false")

    return {
        "level": level,
        "strain": strain,
        "doubling": doubling,
        "declarer": declarer,
        "tricks": tricks,
        "honours": honours,
        "one_spade": one_spade,
        "revokes": revokes,
        "awards": awards,
        "slams": slams,
        "duplicate": duplicate,
    }


def _honour_points(strain: str, a: int, b: int) -> int:
    """Points for a side whose two hands hold a and b honours (3.3, 3.4)."""
    key = (a + b, max(a, b))
    if strain == "NT":
        return NT_ACE_POINTS.get(key, 0)
    return SUIT_HONOUR_TRICKS.get(key, 0) * TRICK_VALUE[strain]


def oracle_deal(obj: dict[str, Any]) -> dict[str, Any]:
    d = _check_deal(obj)
    strain, level, dbl = d["strain"], d["level"], d["doubling"]
    dside = SIDE_OF[d["declarer"]]
    oside = OTHER_SIDE[dside]
    dummy = PARTNER_OF[d["declarer"]]

    col = {"NS": {"trick": 0, "honour": 0}, "EW": {"trick": 0, "honour": 0}}

    # --- revokes (O-1, O-2, O-3) ---------------------------------------------------------
    declarer_revokes = 0
    adv_point_revokes = 0
    adv_trick_revokes = 0
    for by, pen in d["revokes"]:
        if by == dummy:
            continue  # the dummy cannot revoke
        if by == d["declarer"]:
            declarer_revokes += 1
        elif pen == "tricks":
            adv_trick_revokes += 1
        else:
            adv_point_revokes += 1
    d_revoked = declarer_revokes > 0
    o_revoked = (adv_point_revokes + adv_trick_revokes) > 0

    col[oside]["honour"] += REVOKE_POINTS * declarer_revokes
    col[dside]["honour"] += REVOKE_POINTS * adv_point_revokes

    in_play = d["tricks"]
    o_in_play = 13 - in_play
    transferred = min(REVOKE_TRICKS * adv_trick_revokes, o_in_play)
    counted = in_play + transferred
    needed = 6 + level

    # --- the contract ----------------------------------------------------------------------
    if counted >= needed:
        if not d_revoked:
            col[dside]["trick"] += (counted - 6) * TRICK_VALUE[strain] * DOUBLING_MULT[dbl]
            if in_play >= needed:  # doubled bonus only for tricks won in play (O-4)
                col[dside]["honour"] += DOUBLED_BONUS[dbl] * (1 + in_play - needed)
    else:
        if not o_revoked:
            short = needed - counted
            penalty = short * UNDERTRICK[dbl]
            cap = ONE_SPADE_CAP[dbl] if d["one_spade"] else None
            if cap is not None:
                penalty = min(penalty, cap)
            col[oside]["honour"] += penalty

    # --- slams (tricks won in play only) ---------------------------------------------------
    scale = SLAM_POINTS[d["slams"]]
    if not d_revoked:
        col[dside]["honour"] += scale.get(in_play, 0)
    if not o_revoked:
        col[oside]["honour"] += scale.get(o_in_play, 0)

    # --- honours, credited to the holders --------------------------------------------------
    h = d["honours"]
    for side in ("NS", "EW"):
        s1, s2 = SIDE_SEATS[side]
        col[side]["honour"] += _honour_points(strain, h[s1], h[s2])

    # --- penalty awards ----------------------------------------------------------------------
    for to, pts in d["awards"]:
        col[to]["honour"] += pts

    # --- the duplicate premium ---------------------------------------------------------------
    if d["duplicate"]:
        for side in ("NS", "EW"):
            if col[side]["trick"] >= PREMIUM_THRESHOLD:
                col[side]["honour"] += PREMIUM

    ns = col["NS"]["trick"] + col["NS"]["honour"]
    ew = col["EW"]["trick"] + col["EW"]["honour"]
    return {"NS": col["NS"], "EW": col["EW"], "net_ns": ns - ew}


# ---------------------------------------------------------------------------------------------
# Pair contests (Law H)
# ---------------------------------------------------------------------------------------------

IRREGULAR_KINDS = ("average", "ns_offended", "ew_offended")


def oracle_pairs(obj: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(obj, dict) or not isinstance(obj.get("results"), list):
        raise ValueError("a pair contest needs a 'results' list")

    # rows: (deal, ns pair, ew pair, net_ns (0 when irregular), irregular kind or None)
    rows: list[tuple[Any, str, str, int, str | None]] = []
    for r in obj["results"]:
        if not isinstance(r, dict):
            raise ValueError("each result must be an object")
        deal = r.get("deal")
        if isinstance(deal, bool) or not isinstance(deal, (int, str)):
            raise ValueError("deal must be a number or a string")
        ns, ew = r.get("ns"), r.get("ew")
        if not isinstance(ns, str) or not isinstance(ew, str):
            raise ValueError("pair ids must be strings")
        if ns == ew:
            raise ValueError(f"pair {ns} cannot sit both ways at one table")
        if "irregular" in r:
            kind = r["irregular"]
            if kind not in IRREGULAR_KINDS:
                raise ValueError(f"unknown irregular kind {kind!r}")
            rows.append((deal, ns, ew, 0, kind))
        else:
            net = r.get("net_ns")
            if not _is_int(net):
                raise ValueError("net_ns must be a whole number")
            rows.append((deal, ns, ew, net, None))

    # one result per pair per deal
    seen = set()
    for deal, ns, ew, _, _ in rows:
        for p in (ns, ew):
            if (deal, p) in seen:
                raise ValueError(f"pair {p} has two results on deal {deal}")
            seen.add((deal, p))

    # valid nets per (deal, direction); EW nets are the negation of NS nets
    valid: dict[tuple[Any, str], list[int]] = {}
    for deal, _, _, net, kind in rows:
        if kind is None:
            valid.setdefault((deal, "NS"), []).append(net)
            valid.setdefault((deal, "EW"), []).append(-net)

    totals: dict[str, Fraction] = {}
    for deal, ns, ew, net, kind in rows:
        totals.setdefault(ns, Fraction(0))
        totals.setdefault(ew, Fraction(0))
        if (deal, "NS") not in valid:
            raise ValueError(f"deal {deal} has no validly scored table to average")
        ns_list = valid[(deal, "NS")]
        ew_list = valid[(deal, "EW")]
        ns_avg = Fraction(sum(ns_list), len(ns_list))
        ew_avg = Fraction(sum(ew_list), len(ew_list))
        if kind is None:
            ns_val, ew_val = Fraction(net), Fraction(-net)
        elif kind == "average":
            ns_val, ew_val = ns_avg, ew_avg
        elif kind == "ns_offended":
            ns_val, ew_val = Fraction(min(ns_list)), Fraction(max(ew_list))
        else:  # ew_offended
            ns_val, ew_val = Fraction(max(ns_list)), Fraction(min(ew_list))
        totals[ns] += ns_val - ns_avg
        totals[ew] += ew_val - ew_avg

    ordered = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
    out = []
    for pair, score in ordered:
        rank = 1 + sum(1 for s in totals.values() if s > score)
        out.append(
            {"pair": pair, "score": _frac_str(score), "rounded": _round_half_away(score), "rank": rank}
        )
    return {"pairs": out}


# ---------------------------------------------------------------------------------------------
# Team matches (Law G)
# ---------------------------------------------------------------------------------------------


def oracle_teams(obj: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise ValueError("a team match must be a JSON object")
    teams = obj.get("teams")
    results = obj.get("results")
    if not isinstance(teams, dict) or set(teams) != {"A", "B"}:
        raise ValueError("teams must name exactly A and B")
    if not isinstance(results, list) or not results:
        raise ValueError("a team match needs results")
    team_of: dict[str, str] = {}
    for t in ("A", "B"):
        if not isinstance(teams[t], list) or len(teams[t]) < 2:
            raise ValueError(f"team {t} needs at least two pairs")
        for p in teams[t]:
            if not isinstance(p, str) or p in team_of:
                raise ValueError(f"bad or repeated pair id {p!r}")
            team_of[p] = t
    if len(teams["A"]) != len(teams["B"]):
        raise ValueError("the teams must be of equal size")

    direction: dict[str, str] = {}
    match_total = dict.fromkeys(team_of, 0)
    played: dict[str, set[Any]] = {p: set() for p in team_of}
    deals: set[Any] = set()
    for r in results:
        if not isinstance(r, dict):
            raise ValueError("each result must be an object")
        deal, ns, ew = r.get("deal"), r.get("ns"), r.get("ew")
        if isinstance(deal, bool) or not isinstance(deal, (int, str)):
            raise ValueError("deal must be a number or a string")
        if ns not in team_of or ew not in team_of:
            raise ValueError("a result names a pair of neither team")
        if team_of[ns] == team_of[ew]:
            raise ValueError("each table seats one pair of each team")
        for p, seat_dir, key in ((ns, "NS", "ns_points"), (ew, "EW", "ew_points")):
            pts = r.get(key)
            if not _is_int(pts) or pts < 0:
                raise ValueError(f"{key} must be a whole number >= 0")
            if direction.setdefault(p, seat_dir) != seat_dir:
                raise ValueError(f"pair {p} changed direction")
            if deal in played[p]:
                raise ValueError(f"pair {p} played deal {deal} twice")
            played[p].add(deal)
            match_total[p] += pts
        deals.add(deal)
    for p in team_of:
        if played[p] != deals:
            raise ValueError(f"pair {p} did not play every deal once")

    size = len(teams["A"])
    exact = {}
    for t in ("A", "B"):
        exact[t] = Fraction(sum(match_total[p] for p in teams[t]))
    rounded = {t: int(exact[t]) for t in ("A", "B")}

    if size % 2 == 1:
        k = size // 2
        for t in ("A", "B"):
            ns_count = sum(1 for p in teams[t] if direction[p] == "NS")
            if ns_count == k + 1:
                odd_dir = "NS"
            elif ns_count == k:
                odd_dir = "EW"
            else:
                raise ValueError(f"team {t} is not seated half each way")
            opposite = OTHER_SIDE[odd_dir]
            seated = [p for p in team_of if direction[p] == opposite]
            avg = Fraction(sum(match_total[p] for p in seated), len(seated))
            exact[t] += avg
            rounded[t] += _round_half_away(avg)
    else:
        for t in ("A", "B"):
            ns_count = sum(1 for p in teams[t] if direction[p] == "NS")
            if ns_count != size // 2:
                raise ValueError(f"team {t} is not seated half each way")

    if rounded["A"] != rounded["B"]:
        winner = "A" if rounded["A"] > rounded["B"] else "B"
        by_fraction = False
    elif exact["A"] != exact["B"]:
        winner = "A" if exact["A"] > exact["B"] else "B"
        by_fraction = True
    else:
        winner = None
        by_fraction = False
    if winner is None:
        margin = Fraction(0)
    else:
        loser = "B" if winner == "A" else "A"
        margin = exact[winner] - exact[loser]

    return {
        "A": {"total": rounded["A"], "exact": _frac_str(exact["A"])},
        "B": {"total": rounded["B"], "exact": _frac_str(exact["B"])},
        "winner": winner,
        "margin": _frac_str(margin),
        "by_fraction": by_fraction,
    }
