"""Foster's Duplicate Auction and Hoffmann's Duplicate Whist scored: each result, the pair contest
of Law H deal by deal, and the team match of Law G.

The answers :class:`~tournament.games.base.Game` gives by default; the engine does the counting.
"""

from __future__ import annotations

from collections import defaultdict

from scoring.contests.pairs import DealFigures, Irregular, TableResult, contest_of, score_deals
from scoring.contests.teams import Team as EngineTeam
from scoring.contests.teams import TeamMatch, TeamResult, team_match, whist_team_match
from scoring.shared.errors import ScoringError
from scoring.shared.seats import Side

from ..models import Event, Result, Ruling
from ..scores.facts import score_of
from ..scores.types import ScoredResult, SectionScores

IRREGULAR_KINDS = {
    Ruling.Kind.IRREGULAR_AVERAGE: Irregular.AVERAGE,
    Ruling.Kind.IRREGULAR_NS_OFFENDED: Irregular.NS_OFFENDED,
    Ruling.Kind.IRREGULAR_EW_OFFENDED: Irregular.EW_OFFENDED,
    Ruling.Kind.WITHDRAWN: Irregular.WITHDRAWN,
    # A result missing at the close, ruled not played: as a withdrawal, each side its direction's
    # average once another table has played the deal (Law B (3)).
    Ruling.Kind.NOT_PLAYED: Irregular.WITHDRAWN,
}


def scored(result: Result, rulings: list[Ruling], event: Event) -> ScoredResult:
    """A Duplicate Auction or Whist result with what the engine made of it (Laws A-F, Law B (3))."""
    irregular = next(
        (IRREGULAR_KINDS[r.kind] for r in rulings if r.active and r.kind in IRREGULAR_KINDS), None
    )
    score, problem = None, ""
    if result.not_played and irregular is None:
        problem = "the deal was not played and no ruling under Law B stands; the director must rule."
    elif not event.is_whist and irregular is None:
        try:
            score = score_of(result, event, rulings)
        except ScoringError as error:
            problem = str(error)
    return ScoredResult(result, rulings, score, irregular, problem)


def deal_figures(event: Event, results: list[ScoredResult]) -> dict[str, DealFigures] | None:
    """The pair contest's figures of the deals ``results`` were played on (Law H; Law B (3)).

    A deal's figures depend on its own tables alone, so a board's are made and kept on their own.
    None for a team match, which is not added up deal by deal. Raises ``ScoringError``."""
    if event.is_teams:
        return None
    return score_deals(pair_rows(event, results))


def run_contest(sheet: SectionScores, deals: dict[str, DealFigures] | None) -> None:
    """Run the section's contest over its scored results: the team match (Law G), or the pair
    contest (Law H) added up from ``deals``, every deal's figures (None: scored here, whole)."""
    try:
        if sheet.event.is_teams:
            sheet.payload = _team_match(sheet)
            return
        if deals is None:
            deals = score_deals(pair_rows(sheet.event, sheet.results))
        sheet.deals = deals
        sheet.payload = contest_of(deals) if deals else None
    except ScoringError as error:
        sheet.problems.append(str(error))


def _pair_row(event: Event, scored: ScoredResult) -> TableResult | None:
    """The table of the pair contest a result makes; None while its problem waits for the director."""
    r = scored.result
    deal = str(r.board.number)
    if scored.irregular is not None:
        return TableResult.irregular_hands(deal, r.ns.label, r.ew.label, scored.irregular)
    if scored.problem:
        return None
    if event.is_whist:
        return TableResult.whist(deal, r.ns.label, r.ew.label, r.tricks)
    if scored.net_ns is not None:
        return TableResult.auction(deal, r.ns.label, r.ew.label, scored.net_ns)
    return None


def pair_rows(event: Event, results: list[ScoredResult]) -> list[TableResult]:
    """The tables of a pair contest (Law H; Law B (3)), deal by deal as the results come."""
    rows = [row for row in (_pair_row(event, scored) for scored in results) if row is not None]
    # A deal a withdrawn pair's table did not play is averaged once another table has played it.
    played = {row.deal for row in rows if row.irregular is None}
    return [row for row in rows if row.irregular is not Irregular.WITHDRAWN or row.deal in played]


def _team_match(sheet: SectionScores) -> TeamMatch | None:
    teams: dict[str, list[str]] = defaultdict(list)
    names: dict[str, str] = {}
    for pair in sheet.pairs.values():
        if pair.team is not None:
            teams[pair.team.label].append(pair.label)
            names[pair.team.label] = pair.team.name
    if len(teams) != 2:
        return None
    first, second = (EngineTeam(names[label], tuple(teams[label])) for label in sorted(teams))
    rows: list[TeamResult] = []
    for scored in sheet.results:
        r = scored.result
        ns, ew = scored.points(Side.NS), scored.points(Side.EW)
        if ns is None or ew is None:
            continue
        if sheet.event.is_whist:
            rows.append(TeamResult.whist(str(r.board.number), r.ns.label, r.ew.label, r.tricks))
        else:
            rows.append(TeamResult(str(r.board.number), r.ns.label, r.ew.label, ns, ew))
    # A match compares deals played at every table (Law G); deals still in play wait.
    tables = len(teams[sorted(teams)[0]])
    played: dict[str, int] = defaultdict(int)
    for row in rows:
        played[row.deal] += 1
    rows = [row for row in rows if played[row.deal] == tables]
    if not rows:
        return None
    if sheet.event.is_whist:
        return whist_team_match(first, second, rows)
    return team_match(first, second, rows)
