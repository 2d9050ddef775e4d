"""Hoffmann's Duplicate Whist: tricks, not points, are what a side scores at the table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scoring.auction.entry import parse_whist_entry
from scoring.whist.game import duplicate_whist_deal

from .base import Game

if TYPE_CHECKING:
    from scoring.auction.deal import DealScore

    from ..models import Board, Event, Result, Ruling
    from ..services.result_facts import Facts


class Whist(Game):
    key = "whist"
    unit = "tricks"

    # Tables: the columns each game shows
    # Whist scores tricks, not points: no net score; its pairs traveller has no declarer either.
    traveller_team_hidden = (*Game.traveller_team_hidden, "net_ns")

    def traveller_hidden(self, teams: bool) -> tuple[str, ...]:
        return self.traveller_team_hidden if teams else ("net_ns", "declarer")

    def recap_hidden(self, teams: bool, rows: Sequence[Any]) -> tuple[str, ...]:
        return ("declarer", "tricks", "net") + (self.recap_team_hidden if teams else ())

    # Outputs: the trump suit is turned up (nobody declares), and there are no royals.
    declares = False
    royals = False

    # Director: the wizard, the entry forms, the rulings and the close
    entry_fields = ()
    entry_label = "Tricks N-S"
    entry_example = "H 8"
    entry_required = "Write the tricks North-South took, for example 8."
    scores_honours = False
    # Duplicate Whist is scored by tricks alone: awards and Auction's revoke penalty do not apply.
    awards_points = False
    turns_trumps = True
    passes_out = False
    director_templates = {
        **Game.director_templates,
        "entry_help": "tournament/director/games/whist/entry_help.html",
        "saved_facts": "tournament/director/games/whist/saved_facts.html",
        "result_facts": "tournament/director/games/whist/result_facts.html",
    }

    def parse_entry(self, text: str, event: Event) -> Any:
        return parse_whist_entry(text)

    def entry_facts(self, entry: Any, extras: Mapping[str, Any], revokes: tuple[Any, ...]) -> dict[str, Any]:
        trumps, tricks = entry
        return {"game": self.key, "tricks": tricks, "trumps": trumps.code if trumps else ""}

    def entry_text(self, result: Result) -> str:
        return f"{result.trumps} {result.tricks}".strip()

    def tricks_scored(self, result: Result) -> tuple[int, int] | None:
        return None if result.not_played else duplicate_whist_deal(result.tricks)

    def preview(self, event: Event, board: Board, facts: Facts) -> dict[str, Any]:
        from .director import whist_preview

        return whist_preview(event, board, facts)

    def score_without(
        self, result: Result, event: Event, ruling: Ruling, others: list[Ruling]
    ) -> DealScore | None:
        return None  # a side scores the tricks it took: no ruling changes a deal score

    def table_entry_form(self) -> type[Any]:
        from ..forms.table import WhistEntryForm

        return WhistEntryForm

    def table_correction_form(self) -> type[Any]:
        from ..forms.table import WhistCorrectionForm

        return WhistCorrectionForm

    def facts_problem(self, facts: Facts, dealer: str | None) -> tuple[str, str | None] | None:
        if not 0 <= facts.tricks <= 13:
            return f"{facts.tricks} tricks is impossible: a deal has thirteen tricks.", "tricks"
        return None

    # Pages: the public pages and the phones
    scores_tricks = True
    facts_template = "tournament/table/whist_facts.html"
    entry_fields_template = "tournament/table/whist_fields.html"

    def table_score(self, result: Result, event: Event) -> tuple[Any, str, tuple[int, int] | None]:
        from scoring.whist.game import duplicate_whist_deal

        return None, "", duplicate_whist_deal(result.tricks)


WHIST = Whist()
