"""Scores derived from the facts, for every screen, sheet and spreadsheet.

One call loads a section's pairs, results and rulings in a fixed number of queries,
scores every result with the engine and runs the contest: the pair contest of Law H
(with Law B rulings) or the team match of Law G. Nothing here is stored; every figure
can be traced back to the engine's lines and the rulings that touched it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from scoring.auction.deal import DealScore
from scoring.contests.adjusted import Split, Weighted
from scoring.contests.pairs import (
    DealFigures,
    Irregular,
    PairContest,
    TableResult,
    contest_after,
    contest_of,
    score_deals,
)
from scoring.contests.teams import Team as EngineTeam
from scoring.contests.teams import TeamMatch, TeamResult, team_match, whist_team_match
from scoring.contract.adjusted_entry import ArtificialScore, AssignedBySide, NotPlayed, WeightedScore
from scoring.contract.deal import ContractScore
from scoring.contract.entry import ContractEntry
from scoring.shared.errors import ScoringError
from scoring.shared.seats import Side

from ..games.contract.facts import contract_score, ruling_entry, score_entry
from ..games.contract.scoring import ContractContest, contract_contest
from ..models import Board, Event, Pair, Result, Ruling, Section
from . import cache as score_cache
from .facts import score_of

IRREGULAR_KINDS = {
    Ruling.Kind.IRREGULAR_AVERAGE: Irregular.AVERAGE,
    Ruling.Kind.IRREGULAR_NS_OFFENDED: Irregular.NS_OFFENDED,
    Ruling.Kind.IRREGULAR_EW_OFFENDED: Irregular.EW_OFFENDED,
    Ruling.Kind.WITHDRAWN: Irregular.WITHDRAWN,
    # A result missing at the close, ruled not played: as a withdrawal, each side its direction's
    # average once another table has played the deal (Law B (3)).
    Ruling.Kind.NOT_PLAYED: Irregular.WITHDRAWN,
}


@dataclass
class ScoredResult:
    """A recorded result with what the engine made of it."""

    result: Result
    rulings: list[Ruling]
    score: DealScore | ContractScore | None  # None for whist and for a table taking a Law B average
    irregular: Irregular | None
    problem: str = ""
    # Contract bridge: the artificial scores of Law 12C2 ("A+", "A-"), and whether ``score`` is the
    # one the director assigned under Law 12C1 rather than the table's own.
    adjusted: tuple[str, str] | None = None
    assigned: bool = False
    # The words of an adjusted score other than Average-plus/Average/Average-minus, each with its
    # law ("Law 12C1(c) weighted: 60% 4S N =, 40% 4S N -1"); the engine's outcome of a score that
    # differs by side or is weighted (Law 12C1(b), (c)); a table left out of its board (NP); and
    # the version of a fouled board the table played (Law 87B).
    adjustment: str = ""
    outcome: Split | Weighted | None = None
    left_out: bool = False
    version: str = ""
    # The table of the pair contest this result makes (``_pair_rows``), made once: a change to a
    # board scores its deal again from every result on it, and only the changed ones anew.
    # Held in a tuple, (None,) when it makes none, so that it survives pickling as it was.
    _row: tuple[TableResult | None] | None = field(default=None, repr=False, compare=False)

    @property
    def active_rulings(self) -> list[Ruling]:
        return [r for r in self.rulings if r.active]

    def points(self, side: Side) -> int | None:
        """What ``side`` scored at the table: gross points (Auction) or total tricks (Whist)."""
        if self.irregular is not None or self.problem or self.adjusted is not None:
            return None
        if isinstance(self.score, ContractScore):
            return self.score.score_ns if side is Side.NS else self.score.score_ew
        if self.score is None:
            tricks = self.result.tricks
            return tricks if side is Side.NS else 13 - tricks
        return self.score.side(side).total

    @property
    def net_ns(self) -> int | None:
        if self.score is None or self.irregular is not None or self.problem or self.adjusted is not None:
            return None
        if isinstance(self.score, ContractScore):
            return self.score.score_ns
        return self.score.net_ns


@dataclass
class SectionScores:
    """Everything the screens and exports show for one section."""

    event: Event
    section: Section
    pairs: dict[str, Pair]
    boards: dict[int, Board]
    results: list[ScoredResult]
    contest: PairContest | None = None
    match: TeamMatch | None = None
    bridge: ContractContest | None = None
    problems: list[str] = field(default_factory=list)
    # The pair contest deal by deal (Law H scores each deal on its own), kept so that a change to
    # some boards scores those deals again and adds the rest up as they were (``rescore_boards``).
    # None when the contest could not be run.
    deals: dict[str, DealFigures] | None = field(default=None, repr=False, compare=False)
    _pair_index: dict[str, list[ScoredResult]] | None = field(default=None, repr=False)
    # Where each result stands in ``results`` and each board's run of them, built once when asked.
    _places: tuple[dict[int, int], dict[int, range]] | None = field(default=None, repr=False, compare=False)
    # Each pair's id and names by label, worked out once for the pairs this sheet shares with the next.
    _pair_info: dict[str, tuple[int, str]] | None = field(default=None, repr=False, compare=False)
    # The results the opponents disputed, in the order of ``results``, found once when asked.
    _disputed: list[ScoredResult] | None = field(default=None, repr=False, compare=False)

    def by_board(self) -> dict[int, list[ScoredResult]]:
        grouped: dict[int, list[ScoredResult]] = defaultdict(list)
        for scored in self.results:
            grouped[scored.result.board.number].append(scored)
        return grouped

    def places(self) -> tuple[dict[int, int], dict[int, range]]:
        """Each result's index in ``results`` by its id, and each board's run of indexes by the board's id.

        The results come board by board (``load_section``), so a board's results are one run."""
        if self._places is None:
            at: dict[int, int] = {}
            runs: dict[int, range] = {}
            for index, scored in enumerate(self.results):
                row = scored.result.__dict__  # the ids as loaded, without a descriptor per row
                at[row["id"]] = index
                run = runs.get(row["board_id"])
                runs[row["board_id"]] = (
                    range(index, index + 1) if run is None else range(run.start, index + 1)
                )
            self._places = (at, runs)
        return self._places

    def pair_info(self, label: str) -> tuple[int | None, str]:
        """The id and names of the pair ``label`` (None and "" for a label the section does not hold)."""
        if self._pair_info is None:
            self._pair_info = {label: (pair.pk, pair.names) for label, pair in self.pairs.items()}
        return self._pair_info.get(label, (None, ""))

    def disputed(self) -> list[ScoredResult]:
        """The results the opponents disputed, waiting for the director (Law E), in results order."""
        if self._disputed is None:
            status = str(Result.Status.DISPUTED)  # looked up once: a 120-table night holds 3,000 results
            self._disputed = [s for s in self.results if s.result.status == status]
        return self._disputed

    def on_boards(self, board_ids: set[int]) -> list[ScoredResult]:
        """The results of those boards, in the order of ``results``."""
        runs = self.places()[1]
        spans = sorted((runs[pk] for pk in board_ids if pk in runs), key=lambda run: run.start)
        return [self.results[index] for run in spans for index in run]

    def for_pair(self, label: str) -> list[ScoredResult]:
        """The results a pair played, from an index built once for the whole section."""
        if self._pair_index is None:
            index: dict[str, list[ScoredResult]] = defaultdict(list)
            for scored in self.results:
                index[scored.result.ns.label].append(scored)
                index[scored.result.ew.label].append(scored)
            self._pair_index = index
        return list(self._pair_index.get(label, ()))

    def exact_score(self, label: str) -> Fraction | None:
        if self.contest is None:
            return None
        for standing in self.contest.standings:
            if standing.pair == label:
                return standing.score
        return None


def load_section(
    section: Section,
) -> tuple[dict[str, Pair], dict[int, Board], list[Result], dict[int, list[Ruling]]]:
    """A section's pairs, boards, results and rulings: four queries whatever its size.

    Rulings come in one query grouped here by result, rather than through a prefetch that
    builds a queryset for every result of a large night.
    """
    pairs = {p.label: p for p in Pair.objects.filter(section=section).with_teams()}
    boards = {b.number: b for b in Board.objects.filter(section=section)}
    results = list(
        Result.objects.filter(section=section)
        .for_section_scores()
        .order_by("board__number", "seating__round", "seating__table__number")
    )
    # Every result shares the section's own board and pair objects, already loaded above, rather
    # than a copy of each per row: a large night holds 27 boards, not 3,240.
    pair_of = {pair.pk: pair for pair in pairs.values()}
    board_of = {board.pk: board for board in boards.values()}
    for result in results:
        result.board = board_of[result.board_id]
        result.ns = pair_of[result.ns_id]
        result.ew = pair_of[result.ew_id]
    rulings: dict[int, list[Ruling]] = defaultdict(list)
    for ruling in Ruling.objects.for_section(section):
        rulings[ruling.result_id].append(ruling)
    return pairs, boards, results, rulings


def score_section(section: Section) -> SectionScores:
    """Every result of the section scored and its contest run (Laws A-H), once per change.

    The scores are made when the section's version has moved since they were last made, and
    otherwise read from the cache every page, export and worker shares (``score_cache``). The
    sheet returned may be shared with other requests: read it, never change it.
    """
    return score_cache.scores(section, rescore_section, rescore_boards)


def rescore_section(section: Section) -> SectionScores:
    """Score every result of the section and run its contest, from the facts, without the cache."""
    with score_cache.collector_paused():
        return _score_section(section)


def _score_section(section: Section) -> SectionScores:
    event = section.event
    pairs, boards, results, rulings_of = load_section(section)
    if event.is_contract:
        return _score_contract_section(event, section, pairs, boards, results, rulings_of)
    scored = [_scored_auction(result, rulings_of.get(result.pk, []), event) for result in results]
    sheet = SectionScores(event, section, pairs, boards, scored)
    _run_contest(sheet)
    return sheet


def _scored_auction(result: Result, rulings: list[Ruling], event: Event) -> ScoredResult:
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


def _result_problems(sheet: SectionScores) -> list[str]:
    return [
        f"Board {s.result.board.number}, table {s.result.seating.table.number}: {s.problem}"
        for s in sheet.results
        if s.problem
    ]


def _run_contest(
    sheet: SectionScores,
    deals: dict[str, DealFigures] | None = None,
    since: tuple[PairContest, dict[str, DealFigures | None]] | None = None,
    problems: list[str] | None = None,
) -> None:
    """Run the section's contest (Law G or H; Laws 12 and 78 for contract bridge) over its scored results.

    ``deals``, for a pairs night, are the deals already scored (``rescore_boards``); otherwise every
    deal is scored. ``since``: the contest before a change and the figures then of the deals it
    changed, so that only those are added up again (``contest_after``). ``problems``: the results'
    problems, when known to be those before the change.
    """
    sheet.problems = _result_problems(sheet) if problems is None else problems
    if sheet.event.is_contract:
        sheet.bridge = contract_contest(sheet)
        sheet.problems.extend(sheet.bridge.problems)
        return
    try:
        if sheet.event.is_teams:
            sheet.match = _team_match(sheet)
        else:
            sheet.deals = score_deals(_pair_rows(sheet.event, sheet.results)) if deals is None else deals
            if not sheet.deals:
                sheet.contest = None
            elif since is not None:
                sheet.contest = contest_after(since[0], sheet.deals, since[1])
            else:
                sheet.contest = contest_of(sheet.deals)
    except ScoringError as error:
        sheet.problems.append(str(error))


def rescore_boards(
    previous: SectionScores, section: Section, changes: score_cache.Changes
) -> SectionScores | None:
    """The section's scores after a change to some boards only, from its scores before the change.

    Those boards' results are loaded and scored again — only the results named, when the change
    names them (the boards' own facts then stand) — and every other result keeps its score. A
    pairs night scores those deals again and adds up only what they changed (Law H compares a
    pair only with those who held the same hands, so a deal's figures depend on its own tables
    alone: ``contest_after``). A team match (Law G) and a contract bridge contest are run again
    over every scored result: they are cheap beside loading and scoring the results, and a
    contract night's figures are not made deal by deal alone (the Neuberg factor and the
    sit-out scaling look at every board, spec §2.2, §5.8).
    The result is the same (==) as :func:`rescore_section`'s; None when it cannot be made this way
    (then the section is scored again whole).
    """
    event = section.event
    board_ids = set(changes.boards)
    number_of = {board.pk: board.number for board in previous.boards.values()}
    if not board_ids <= number_of.keys():
        return None
    pairs_night = not event.is_contract and not event.is_teams
    if pairs_night and previous.deals is None:
        return None  # the contest stopped on an error: scored again whole, to say the same error
    pair_of = {pair.pk: pair for pair in previous.pairs.values()}
    with score_cache.collector_paused():
        boards = dict(previous.boards)
        if changes.results is None:
            loaded = Result.objects.filter(section=section, board_id__in=board_ids)
            # The changed boards' own facts too (a whist board's trumps, a deal entered): read again.
            fresh_boards = list(Board.objects.filter(section=section, pk__in=board_ids))
            if len(fresh_boards) != len(board_ids) or any(b.number != number_of[b.pk] for b in fresh_boards):
                return None
            boards.update((board.number, board) for board in fresh_boards)
            results = list(loaded.for_section_scores())
        else:  # a few results by their keys, as every poll after a result asks
            named = Result.objects.filter(section=section, pk__in=changes.results)
            results = list(named.select_related("seating__table").order_by("pk"))
        board_of = {board.pk: board for board in boards.values()}
        if any(r.ns_id not in pair_of or r.ew_id not in pair_of for r in results):
            return None  # a pair the kept scores do not know: not a change to some boards only
        for result in results:
            result.board = board_of[result.board_id]
            result.ns = pair_of[result.ns_id]
            result.ew = pair_of[result.ew_id]
        rulings_of: dict[int, list[Ruling]] = defaultdict(list)
        if changes.results is None:
            rulings = Ruling.objects.for_section(section).filter(result__board_id__in=board_ids)
        else:  # the named results' own, in the order made (as ``for_section`` gives them)
            rulings = Ruling.objects.filter(result_id__in=changes.results).order_by("created", "pk")
        for ruling in rulings:
            rulings_of[ruling.result_id].append(ruling)
        if event.is_contract:
            fresh = {r.pk: scored_contract(r, rulings_of.get(r.pk, [])) for r in results}
        else:
            fresh = {r.pk: _scored_auction(r, rulings_of.get(r.pk, []), event) for r in results}
        sheet = SectionScores(event, section, previous.pairs, boards, [])
        in_place = _merged(previous, sheet, fresh, changes)
        sheet._pair_info = previous._pair_info  # the same pairs
        if not pairs_night:
            _run_contest(sheet)
            return sheet
        assert previous.deals is not None
        numbers = {number_of[pk] for pk in board_ids}
        on_boards = sheet.on_boards(board_ids)
        try:
            changed_deals = score_deals(_pair_rows(event, on_boards))
        except ScoringError:
            return None  # scored again whole, to say the error as a whole scoring says it
        deals = {deal: f for deal, f in previous.deals.items() if int(deal) not in numbers}
        deals.update(changed_deals)
        replaced = {str(number): previous.deals.get(str(number)) for number in numbers}
        problems = None
        if previous.contest is not None and in_place:
            # Each named result took its place (``_merged``): the results' problems are those before
            # when neither the old nor the new ones have any (a contest that ran added none of its own).
            at = previous.places()[0]
            if not any(previous.results[at[pk]].problem or fresh[pk].problem for pk in fresh):
                problems = list(previous.problems)
        since = None if previous.contest is None else (previous.contest, replaced)
        _run_contest(sheet, deals, since, problems)
    return sheet


def _merged(
    previous: SectionScores,
    sheet: SectionScores,
    fresh: dict[int, ScoredResult],
    changes: score_cache.Changes,
) -> bool:
    """Give ``sheet`` the section's scored results: ``previous``'s, with the changed boards' ones taken
    from ``fresh``, in the order :func:`load_section` gives them (board, round, table).

    When the change named its results, a named one not in ``fresh`` was deleted; when it did not,
    ``fresh`` holds every result of the changed boards. True when every named result was there
    before and still is, each taking its old place (a result recorded or deleted moves the others).
    """
    named = changes.results
    if named is not None:
        at, runs = previous.places()
        if fresh.keys() == named and all(pk in at for pk in named):
            # Every named result was there and still is: each takes its place, and the places stand.
            merged = list(previous.results)
            for pk, scored in fresh.items():
                merged[at[pk]] = scored
            sheet.results, sheet._places = merged, (at, runs)
            if previous._disputed is not None:
                status = str(Result.Status.DISPUTED)
                kept = [s for s in previous._disputed if s.result.pk not in fresh]
                kept.extend(s for s in fresh.values() if s.result.status == status)
                sheet._disputed = sorted(kept, key=lambda s: at[s.result.pk])
            return True
    unchanged = [
        scored
        for scored in previous.on_boards(set(changes.boards))
        if named is not None and scored.result.pk not in named
    ]
    merged = [scored for scored in previous.results if scored.result.board_id not in changes.boards]
    merged.extend(unchanged)
    merged.extend(fresh.values())
    merged.sort(key=_place)
    sheet.results = merged
    return False


def _place(scored: ScoredResult) -> tuple[int, int, int]:
    seating = scored.result.seating
    return (scored.result.board.number, seating.round, seating.table.number)


def _score_contract_section(
    event: Event,
    section: Section,
    pairs: dict[str, Pair],
    boards: dict[int, Board],
    results: list[Result],
    rulings_of: dict[int, list[Ruling]],
) -> SectionScores:
    """Score every result by Law 77 (or the director's adjusted score, Law 12) and run the contest."""
    scored = [scored_contract(result, rulings_of.get(result.pk, [])) for result in results]
    sheet = SectionScores(event, section, pairs, boards, scored)
    _run_contest(sheet)
    return sheet


ADJUSTING_KINDS = (
    Ruling.Kind.ARTIFICIAL,
    Ruling.Kind.ASSIGNED,
    Ruling.Kind.WITHDRAWN,
    Ruling.Kind.NOT_PLAYED,
)


def standing_adjustment(rulings: list[Ruling]) -> Ruling | None:
    """The adjusted score that stands on a contract bridge result: the latest active one (Law 12C).

    An earlier one still active is replaced by it; undoing the latest brings the earlier back.
    """
    adjusting = [r for r in rulings if r.active and r.kind in ADJUSTING_KINDS]
    return adjusting[-1] if adjusting else None


def fouled_version(rulings: list[Ruling]) -> str:
    """The version of a fouled board the table played, by the latest active ruling (Law 87B); else ""."""
    fouled = [r for r in rulings if r.active and r.kind == Ruling.Kind.FOULED]
    return fouled[-1].assigned if fouled else ""


def scored_contract(result: Result, rulings: list[Ruling]) -> ScoredResult:
    """A contract bridge result with its score: the table's (Law 77), or the director's ruling (Law 12).

    The latest active adjusted score stands: an artificial one (Law 12C2), an assigned result
    scored by Law 77 (Law 12C1), one that differs by side (Law 12C1(b)) or a weighted one
    (Law 12C1(c)); a board not played is left out (Law 78A). A pair's withdrawal (Law B (3))
    gives both sides Average. A table that played another version of a fouled board is scored
    in that version's group (Law 87B).
    """
    ruling = standing_adjustment(rulings)
    version = fouled_version(rulings)
    try:
        if ruling is not None and ruling.kind == Ruling.Kind.WITHDRAWN:
            return ScoredResult(result, rulings, None, None, adjusted=("A", "A"))
        if ruling is not None:
            return _adjusted_contract(result, rulings, ruling, version)
        if result.not_played:
            problem = "the deal was not played and no adjusted score stands; the director must rule (Law 12)."
            return ScoredResult(result, rulings, None, None, problem)
        return ScoredResult(result, rulings, contract_score(result), None, version=version)
    except ScoringError as error:
        return ScoredResult(result, rulings, None, None, str(error))


def _adjusted_contract(result: Result, rulings: list[Ruling], ruling: Ruling, version: str) -> ScoredResult:
    """The director's adjusted score, read back through the one parser (Laws 12C1, 12C2, 78A)."""
    entry = ruling_entry(ruling)
    if isinstance(entry, ArtificialScore):
        words = "" if entry.awards_only else entry.words
        return ScoredResult(result, rulings, None, None, adjusted=entry.markers, adjustment=words)
    if isinstance(entry, NotPlayed):
        return ScoredResult(result, rulings, None, None, adjustment=entry.words, left_out=True)
    if isinstance(entry, ContractEntry):
        return ScoredResult(
            result, rulings, score_entry(entry, result.board), None, assigned=True, version=version
        )
    if isinstance(entry, AssignedBySide | WeightedScore):
        outcome = entry.outcome(lambda played: score_entry(played, result.board).score_ns)
        return ScoredResult(
            result,
            rulings,
            None,
            None,
            assigned=True,
            adjustment=entry.words,
            outcome=outcome,
            version=version,
        )
    raise ScoringError(f"{ruling.get_kind_display()} is not an adjusted score of a table (Law 12C).")


def score_event(event: Event) -> list[SectionScores]:
    return [score_section(section) for section in event.sections.all()]


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


def _pair_rows(event: Event, results: list[ScoredResult]) -> list[TableResult]:
    """The tables of a pair contest (Law H; Law B (3)), deal by deal as the results come."""
    rows: list[TableResult] = []
    for scored in results:
        held = scored._row
        if held is None:
            held = scored._row = (_pair_row(event, scored),)
        if held[0] is not None:
            rows.append(held[0])
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
