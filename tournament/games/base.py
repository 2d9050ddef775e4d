"""What every game answers for a night: one small interface, the auction's answers by default."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scoring.auction.deal import Deal, check_dealers_one_spade
from scoring.auction.duplicate_laws import may_correct_score
from scoring.auction.entry import parse_entry
from scoring.contract.deal import ContractBid
from scoring.shared.errors import ScoringError
from scoring.shared.seats import Seat

from ..models import Event, Ruling
from . import duplicate

if TYPE_CHECKING:
    from django.http import HttpRequest, HttpResponse
    from django_tables2 import Table
    from openpyxl import Workbook
    from reportlab.platypus import Flowable

    from scoring.auction.deal import DealScore
    from scoring.contests.matchpoints import Scale
    from scoring.contests.pairs import DealFigures, PairContest
    from scoring.contests.teams import TeamMatch
    from scoring.contract.adjusted_entry import AdjustedEntry

    from ..models import Board, Event, Pair, PairStanding, Result
    from ..pdf.base import PdfRenderer
    from ..pdf.match import MatchPdf
    from ..pdf.recaps import RecapsPdf
    from ..pdf.standings import StandingsPdf
    from ..pdf.travellers import TravellersPdf
    from ..scores.types import ScoredResult, SectionScores
    from ..services.result_facts import Facts
    from .pages import SectionStandings

HONOUR_FIELDS = ("honours_n", "honours_e", "honours_s", "honours_w")
# Law 12's adjusted scores, which only a game that adjusts scores rules.
ADJUSTED_KINDS = frozenset({Ruling.Kind.ARTIFICIAL, Ruling.Kind.ASSIGNED, Ruling.Kind.FOULED})


class Game:
    """A game's answers to what the night asks of it.

    Each game is one instance of a subclass; the attributes and methods here are the whole
    interface, and the defaults are Foster's Duplicate Auction's. A game's answers that live above
    the models (its forms, its screens' scores, the places it keeps) are imported when asked, so
    that every layer, the services too, may ask the registry."""

    key = "auction"
    # What a side scores at the table, in the words of the recap sheets and workbooks.
    unit = "points"
    # The law under which the opponents agree a board's result before the cards go back.
    agreement_law = "Law D"

    # Tables: the columns each game shows
    # The traveller's and the recap's columns a team match leaves out: it has no averages (Law G).
    traveller_team_hidden: tuple[str, ...] = ("ns_average", "ns_difference", "ew_average", "ew_difference")
    recap_team_hidden: tuple[str, ...] = ("average", "difference")

    def traveller_hidden(self, teams: bool) -> tuple[str, ...]:
        """The columns of ``tables.TravellerTable`` this game's traveller leaves out."""
        return self.traveller_team_hidden if teams else ()

    def recap_hidden(self, teams: bool, rows: Sequence[Any]) -> tuple[str, ...]:
        """The columns of ``tables.RecapTable`` this game's recap of ``rows`` leaves out."""
        # "Scored" differs from the net only where Law B (3) credited a figure the table did not make.
        credited = any(row.net is None and row.score is not None for row in rows)
        return (() if credited else ("score",)) + (self.recap_team_hidden if teams else ())

    # Background work: the double-dummy analysis and the recap mail
    # Whether a deal's analysis includes its par (from its vulnerability and dealer), beside its tricks.
    has_par = False

    def standing_text(self, sheet: SectionScores, pair: Pair) -> str:
        """The recap mail's ", rank 3 of 8, +50 points" (Law H): the pair's place and score, or ""."""
        from ..reports.common import rounded_text
        from ..reports.standings import standings_rows

        rows = standings_rows(sheet)
        standing = next((r for r in rows if r.pair == pair.label), None)
        if standing is None:
            return ""
        return f", rank {standing.rank_text} of {len(rows)}, {rounded_text(standing.score)} {self.unit}"

    # Pages: the public pages and the phones
    # Each side scores the tricks it took, with no deal score (Hoffmann's Duplicate Whist).
    scores_tricks = False
    # A board's vulnerability counts in its score (Law 2): the phones show it.
    vulnerability = False
    # The double-dummy table's spades stand for royals as well (the auction's fifth strain).
    royals_as_spades = True
    # The templates of a section's standings, of what a table entered, of its fields and of a deal score.
    standings_template = "tournament/public/_section_standings.html"
    facts_template = "tournament/table/auction_facts.html"
    entry_fields_template = "tournament/table/auction_fields.html"
    score_template = "tournament/includes/deal_score.html"

    def section_standings(self, sheet: SectionScores) -> SectionStandings:
        """A section's standings as the event page shows them."""
        from . import pages

        return pages.section_standings(sheet)

    def traveller_table(self, sheet: SectionScores, number: int) -> tuple[list[Any], Table]:
        """A board's traveller: its rows, and the table ``?_export=csv`` downloads."""
        from . import pages

        return pages.traveller_table(self, sheet, number)

    def traveller_page(
        self, request: HttpRequest, event: Event, sheet: SectionScores, board: Board, rows: Any, table: Table
    ) -> HttpResponse:
        """A board's traveller page around its table."""
        from . import pages

        return pages.traveller_page(self, request, event, sheet, board, rows, table)

    def recap_table(self, sheet: SectionScores, pair: Pair) -> tuple[list[Any], Table]:
        """A pair's recap: its rows, and the table ``?_export=csv`` downloads."""
        from . import pages

        return pages.recap_table(self, sheet, pair)

    def recap_page(
        self, request: HttpRequest, event: Event, sheet: SectionScores, pair: Pair, rows: Any, table: Table
    ) -> HttpResponse:
        """A pair's recap page around its table."""
        from . import pages

        return pages.recap_page(request, event, sheet, pair, rows, table)

    def match_table(self, sheet: SectionScores) -> tuple[Any, Table | None]:
        """A team match's result so far and its table deal by deal (None before a deal is complete)."""
        from . import pages

        return pages.match_table(sheet)

    def match_page(
        self, request: HttpRequest, event: Event, sheet: SectionScores, match: Any, table: Table | None
    ) -> HttpResponse:
        """A team match's page around its table."""
        from . import pages

        return pages.match_page(request, event, sheet, match, table)

    def explain_page(
        self, request: HttpRequest, event: Event, sheet: SectionScores, detail: Any, is_member: bool
    ) -> HttpResponse:
        """A result's explanation page."""
        from . import pages

        return pages.explain_page(self, request, event, sheet, detail, is_member)

    def table_score(self, result: Result, event: Event) -> tuple[Any, str, tuple[int, int] | None]:
        """A played result's score as its table sees it: (deal score, why none, each side's tricks)."""
        from scoring.shared.errors import ScoringError

        from ..scores.facts import score_of

        rulings = [ruling for ruling in result.rulings.all() if ruling.active]
        try:
            return score_of(result, event, rulings), "", None
        except ScoringError as error:
            return None, str(error), None

    def __repr__(self) -> str:
        return f"<game {self.key}>"

    # Outputs: the rows, workbook sheets and PDF stories of reports/, exports/ and pdf/.
    # The rows, sheets and stories of a pair contest (Law H) and a team match (Law G) are
    # the defaults, written once in those packages (a story is its renderer's own method);
    # contract bridge has its own in games/contract. The imports are made when asked: those
    # packages ask games.of(event) in turn.

    # A side declares a contract, played by the declarer (whist: the trump suit is turned up).
    declares = True
    # Royal spades are a declaration of their own: double-dummy tricks are printed "royals as spades".
    royals = True
    # A ruling changes a score by an adjusted score (Law 12C), not by points to a side (Laws B-F).
    adjusted_scores = False
    # Its clubs score rubbers on pads: the score pads document exists for its nights.
    rubber_pads = True

    def pair_contest(self, sheet: SectionScores) -> PairContest | None:
        """The section's pair contest scored by the engine (Law H), None in a team match."""
        return sheet.contest

    def team_match(self, sheet: SectionScores) -> TeamMatch | None:
        """The section's team match scored by the engine (Law G), None in a pair contest."""
        return sheet.match

    def own_figures(self, sheet: SectionScores) -> Any:
        """The figures of the game's own contest of the section (contract bridge's matchpoints or
        IMPs, Law 78), None for a game scored by the engine's pair contest or team match."""
        return None

    def table_figures(self, sheet: SectionScores, result_pk: int) -> Any:
        """What the game's own contest credits each side at one table, None where it has none."""
        return None

    def figures_unit(self, sheet: SectionScores) -> str:
        """The unit of the game's own contest ("MP", "IMP"), "" where the engine's contest is shown."""
        return ""

    def traveller_lines(self, sheet: SectionScores, number: int) -> tuple[str, ...]:
        """The lines that explain board ``number``'s figures, each citing its law."""
        if sheet.contest is None:
            return ()
        for deal in sheet.contest.travellers:
            if deal.deal == str(number):
                return deal.lines
        return ()

    def standings_rows(self, sheet: SectionScores) -> Sequence[Any]:
        """The section's overall standings, one row a pair, in rank order."""
        from ..reports.standings import standings_rows

        return standings_rows(sheet)

    def traveller_rows(self, sheet: SectionScores, board: int) -> Sequence[Any]:
        """Every table's result on ``board``, in round and table order."""
        from ..reports.travellers import traveller_rows

        return traveller_rows(sheet, board)

    def recap_rows(self, sheet: SectionScores, pair_label: str) -> Sequence[Any]:
        """A pair's deals in the order played, with its figure on each and the running total."""
        from ..reports.recaps import recap_rows

        return recap_rows(sheet, pair_label)

    def match_rows(self, sheet: SectionScores) -> Sequence[Any]:
        """A team match deal by deal, with the running figure."""
        from ..reports.matches import match_rows

        return match_rows(sheet)

    def explanation(self, sheet: SectionScores, result_pk: int) -> Any:
        """Everything that made one result's figures, None when it is not in this section."""
        from ..reports.recaps import explanation

        return explanation(sheet, result_pk)

    def workbook_sheets(self, book: Workbook, sheet: SectionScores) -> None:
        """Write a section's sheets of the standings workbook: standings, match, matrix, travellers."""
        from ..exports.xlsx import section_sheets

        section_sheets(book, sheet)

    def csv_header(self, event: Event) -> list[str]:
        """The standings CSV's columns (without the section's)."""
        from ..exports.csv import PAIR_HEADER, TEAM_HEADER

        return TEAM_HEADER if event.is_teams else PAIR_HEADER

    def csv_lines(self, sheet: SectionScores) -> list[list[str]]:
        """A section's lines of the standings CSV, under ``csv_header``."""
        from ..exports.csv import pair_lines, team_lines

        return team_lines(sheet) if sheet.event.is_teams else pair_lines(sheet)

    def standings_story(self, pdf: StandingsPdf, sheet: SectionScores) -> list[Flowable]:
        """A section's standings on paper: per direction and overall, or the team totals."""
        return pdf.match(sheet) if pdf.event.is_teams else pdf.contest(sheet)

    def recap_story(
        self, pdf: RecapsPdf, sheet: SectionScores, pair: Pair, standings: dict[str, list[Any]]
    ) -> list[Flowable]:
        """A pair's recap sheet under its title: places, deals, notes, a chart (``standings``: the places)."""
        return pdf.deals_recap(sheet, pair, standings)

    def traveller_story(self, pdf: TravellersPdf, sheet: SectionScores) -> list[Flowable]:
        """A section's travellers: one block a played board."""
        return pdf.boards(sheet)

    def match_story(self, pdf: MatchPdf, sheet: SectionScores) -> list[Flowable]:
        """A section's team match sheet, deal by deal, and its totals."""
        return pdf.match_sheet(sheet)

    def board_marks(self, pdf: PdfRenderer, board: Board, analysing: bool) -> tuple[str, list[Flowable]]:
        """What a hand record adds to a board: words after its heading, lines under the hands."""
        return "", []

    # Director: the wizard, the entry forms, the rulings and the close
    # The event's fields that say how the night is scored: the wizard and the details form ask them.
    option_fields: tuple[str, ...] = ("slams", "english_rule", "royals_distinct")
    # What a scoring setting left empty stands for.
    option_defaults: Mapping[str, Any] = {}
    # The fields a result is typed with beside its one line (the honours by seat, Law 48's spade).
    entry_fields: tuple[str, ...] = (*HONOUR_FIELDS, "dealers_one_spade")
    # The label of the result's one line on a traveller row.
    entry_label = "Result"
    # An example of the result's one line, shown in the empty box.
    entry_example = "3HX N 9"
    # What an empty result line is told.
    entry_required = "Write the result, for example 3HX N 9."
    # The seats' honours are scored (the table of values): typed, checked against the cards.
    scores_honours = True
    # A director awards points, rules a revoke's penalty or a barred bidder (Laws F, 81, 84).
    awards_points = True
    # The trumps are the dealer's turned card (Hoffmann's whist): a hand record sets them.
    turns_trumps = False
    # A hand record carries the board's vulnerability (Law 2) and the board keeps it.
    keeps_vulnerability = False
    # Irregular hands found at a table are ruled by Foster's Law B.
    rules_irregular_hands = True
    # Law 12's adjusted scores are the director's rulings (in place of awards).
    adjusts_scores = False
    # The night can be written as, and imported from, a PBN or USEBIO session file.
    exchanges_sessions = False
    # A deal with no contract is a result: passed out (note to Law H); a whist deal always has trumps.
    passes_out = True
    # What the ruling link of a traveller row offers, in its title.
    ruling_title = "A revoke, an award, a note"
    # The director's templates of what differs by game: the entry help, a saved row's facts and
    # score, a result's facts and score, its ruling form.
    director_templates: Mapping[str, str] = {
        "entry_help": "tournament/director/games/auction/entry_help.html",
        "saved_facts": "tournament/director/games/auction/saved_facts.html",
        "saved_score": "tournament/director/games/auction/saved_score.html",
        "result_facts": "tournament/director/games/auction/result_facts.html",
        "result_score": "tournament/includes/deal_score.html",
        "ruling_form": "tournament/director/games/auction/ruling_form.html",
    }

    @property
    def label(self) -> str:
        """The game's name, as the wizard and the director's pages write it."""
        return Event.Game(self.key).label

    def option_problems(self, form: str, options: dict[str, Any], pairs: int | None = None) -> list[Any]:
        """Every reason the scoring settings cannot score an event of this form; [] when they can."""
        return []

    def neuberg_scale(self, form: str, settings: Mapping[str, Any]) -> Scale | None:
        """The scale a board played fewer times is factored to the full top on, or None (Law 78A)."""
        return None

    def unfactored_words(self, settings: Mapping[str, Any], fix: str) -> str:
        """Why the night cannot score boards played unequally often, and what would mend it."""
        return (
            f"{self.label} compares each pair only with those who played the same hands (Law H) and has "
            f"no factoring for a board played fewer times: {fix.removeprefix('or ')}"
        )

    def parse_entry(self, text: str, event: Event) -> Any:
        """The result's one line read by the game's laws; a ``ScoringError`` says what is wrong."""
        return parse_entry(text, allow_pass=event.english_rule)

    def adjusted(self, entry: Any) -> AdjustedEntry | None:
        """The adjusted score a parsed line holds in place of a result (Law 12C), or None."""
        return None

    def entry_facts(self, entry: Any, extras: Mapping[str, Any], revokes: tuple[Any, ...]) -> dict[str, Any]:
        """The keyword arguments of the result's ``Facts``, from its parsed line and the other fields."""
        honours = tuple(extras.get(name) or 0 for name in HONOUR_FIELDS)
        return {
            "contract": entry.contract,
            "declarer": entry.declarer,
            "tricks": entry.tricks,
            "honours": honours,
            "dealers_one_spade": bool(extras.get("dealers_one_spade")),
            "revokes": revokes,
        }

    def entry_text(self, result: Result) -> str:
        """A stored result written back as its one line: ``3HX N 9`` or ``pass``."""
        if result.passed_out or result.level is None:
            return "pass"
        return f"{result.contract_text} {result.declarer} {result.tricks}"

    def ruling_form(self, event: Event, data: Any = None) -> Any:
        """The director's ruling form for a result of this game."""
        from ..forms.rulings import RulingForm

        return RulingForm(data, event=event)

    def ruling_refused(self, kind: str) -> str:
        """Why a ruling of this kind is refused at this game, or "" when it is allowed."""
        if kind in ADJUSTED_KINDS:
            return "Adjusted scores under Law 12 are for contract bridge nights."
        return ""

    def agreed_round_words(self, round_number: int) -> str:
        """Why a result of a round already agreed is changed by the director only."""
        return may_correct_score(round_agreed=True).reason + " Ask the director."

    def not_played_law(self, event: Event) -> str:
        """The law by which a board not played is scored in this event."""
        return "Law G" if event.is_teams else "Law B (3)"

    def not_played_words(self, event: Event) -> str:
        """What "not played" does to the scores in this event, with its law."""
        if event.is_teams:
            return "the deal is left out of the match, which compares deals played at both tables (Law G)"
        return "each side takes the average of its direction once another table has played it (Law B (3))"

    def tricks_scored(self, result: Result) -> tuple[int, int] | None:
        """The tricks each side scores, where the game scores tricks rather than points; else None."""
        return None

    def preview(self, event: Event, board: Board, facts: Facts) -> dict[str, Any]:
        """A traveller row's score as the game's laws give it, for the live preview (JSON-ready)."""
        from .director import auction_preview

        return auction_preview(event, board, facts)

    def result_score(self, result: Result, event: Event, rulings: list[Ruling]) -> dict[str, Any]:
        """The result's score now, with every active ruling; or why there is none."""
        from .director import result_score

        return result_score(result, event, rulings, self.tricks_scored(result))

    def ruling_words(self, result: Result, event: Event, ruling: Ruling, rulings: list[Ruling]) -> str:
        """What a ruling puts in place of the table's score, in words; "" where a score shows it."""
        return ""

    def score_without(
        self, result: Result, event: Event, ruling: Ruling, others: list[Ruling]
    ) -> DealScore | None:
        """The deal's score with ``others`` for its rulings (a ruling's other state), or None."""
        from .director import score_without

        return score_without(result, event, ruling, others)

    def table_entry_form(self) -> type[Any]:
        """The form class a table's phone enters a new result with."""
        from ..forms.table import AuctionEntryForm

        return AuctionEntryForm

    def table_correction_form(self) -> type[Any]:
        """The form class a table's phone corrects its own result with."""
        from ..forms.table import AuctionCorrectionForm

        return AuctionCorrectionForm

    def kept_places(self, sheet: SectionScores) -> list[PairStanding]:
        """Each pair's place in a closed section, unsaved, as the player's page keeps it."""
        from .places import pair_places

        return pair_places(sheet)

    def facts_problem(self, facts: Facts, dealer: str | None) -> tuple[str, str | None] | None:
        """Why the game's laws refuse these facts, with the field it concerns; None when they stand.
        ``dealer`` is the board's: only his own one spade is the dealer's original one spade (Law 48)."""
        if facts.dealers_one_spade:
            try:
                check_dealers_one_spade(
                    facts.contract, facts.declarer, Seat.parse(dealer) if dealer else None
                )
            except ScoringError as error:
                return str(error), "dealers_one_spade"
        try:
            Deal(
                contract=facts.contract,
                declarer=facts.declarer,
                tricks=facts.tricks,
                honours=facts.honours,
                dealers_one_spade=facts.dealers_one_spade,
                revokes=facts.revokes,
            )
        except ScoringError as error:
            return str(error), None
        return None

    def apply_facts(self, facts: Facts, result: Result) -> None:
        """Write the facts on the result's fields, as this game stores them."""
        contract = None if isinstance(facts.contract, ContractBid) else facts.contract
        result.not_played = facts.not_played
        result.passed_out = contract is None and self.passes_out and not facts.not_played
        result.level = contract.level if contract else None
        result.strain = contract.strain.code if contract else ""
        result.doubling = contract.doubling.suffix if contract else ""
        result.declarer = facts.declarer.value if facts.declarer else ""
        result.tricks = facts.tricks
        result.honours_n, result.honours_e, result.honours_s, result.honours_w = facts.honours
        result.dealers_one_spade = facts.dealers_one_spade
        result.revokes = [{"by": r.by.value, "penalty": r.penalty.value} for r in facts.revokes]
        result.trumps = facts.trumps

    # Scores: a result scored, the contest run
    def score_result(self, result: Result, rulings: list[Ruling], event: Event) -> ScoredResult:
        """The result with what the engine made of it, from its facts and rulings alone."""
        return duplicate.scored(result, rulings, event)

    def deal_figures(self, event: Event, results: list[ScoredResult]) -> dict[str, DealFigures] | None:
        """One board's figures in a contest added up deal by deal (Law H); None: the contest is not."""
        return duplicate.deal_figures(event, results)

    def run_contest(self, sheet: SectionScores, deals: dict[str, DealFigures] | None) -> None:
        """Run the section's contest over its scored results, from every deal's figures when given."""
        duplicate.run_contest(sheet, deals)
