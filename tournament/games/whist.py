"""Hoffmann's Duplicate Whist: tricks, not points, are what a side scores at the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Game

if TYPE_CHECKING:
    from ..models import Event, Result


class Whist(Game):
    key = "whist"
    unit = "tricks"

    # Pages: the public pages and the phones
    scores_tricks = True
    facts_template = "tournament/table/whist_facts.html"
    entry_fields_template = "tournament/table/whist_fields.html"

    def traveller_hidden(self, event: Event) -> tuple[str, ...]:
        from .pages import TEAM_AVERAGES

        return (*TEAM_AVERAGES, "net_ns") if event.is_teams else ("net_ns", "declarer")

    def recap_hidden(self, event: Event, rows: list[Any]) -> tuple[str, ...]:
        hidden = ("declarer", "tricks", "net")
        return hidden + (("average", "difference") if event.is_teams else ())

    def table_score(self, result: Result, event: Event) -> tuple[Any, str, tuple[int, int] | None]:
        from scoring.whist.game import duplicate_whist_deal

        return None, "", duplicate_whist_deal(result.tricks)


WHIST = Whist()
