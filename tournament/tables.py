"""django-tables2 tables over the rows of ``tournament.reports``: standings, travellers, recaps, matches.

A table only formats: every figure is a field of a report row. ``render_*`` gives the HTML cell
(a signed figure with its link to the explanation), ``value_*`` the same figure as plain text
for the CSV export, so the screen and the file show one set of numbers.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from scoring.contests.pairs import signed_text
from scoring.shared.numbers import mixed_text

from .exports.base import safe_text
from .models import Section
from .reports import MatchRow, RecapLine, StandingRow, TravellerLine, rounded_text, symbol_text
from .templatetags.duplicate import contract as contract_html
from .templatetags.duplicate import mixed, rounded, signed

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}


@dataclass(frozen=True)
class Links:
    """The public URLs a section's numbers link to: recaps, travellers, explanations."""

    club: str
    event: int
    section: str

    @classmethod
    def of(cls, section: Section) -> Links:
        return cls(section.event.club.slug, section.event.pk, section.letter)

    def recap(self, pair_pk: int | None) -> str:
        return reverse("recap", args=[self.club, self.event, pair_pk]) if pair_pk else ""

    def traveller(self, board: int) -> str:
        return reverse("traveller", args=[self.club, self.event, self.section, board])

    def explain(self, result_pk: int | None) -> str:
        return reverse("explain", args=[self.club, self.event, result_pk]) if result_pk else ""


def contract_cell(text: str) -> SafeString | str:
    """The HTML of a contract or trump suit, red suits in red."""
    return contract_html(text)


def _blank(value: int | None) -> str:
    return "" if value is None else str(value)


def link(url: str, text: str) -> SafeString | str:
    return format_html('<a href="{}">{}</a>', url, text) if url else text


def exact(value: Fraction | None) -> str:
    """An exact figure as a director writes it: "183 1/3"."""
    return "" if value is None else mixed_text(value)


def plus_minus(value: Fraction | None) -> str:
    """A signed exact figure for the CSV: "+49 2/3", "-50"."""
    return "" if value is None else signed_text(value)


class Base(tables.Table):
    """No sorting, no paging: the order is the engine's (ranks, rounds, deals)."""

    def __init__(self, data: Any, links: Links, **kwargs: Any) -> None:
        self.links = links
        super().__init__(data, **kwargs)

    class Meta:
        orderable = False
        template_name = "django_tables2/table.html"

    def as_values(self, exclude_columns: Any = None) -> Iterator[list[Any]]:
        """The rows of the ``?_export=csv`` download: text a spreadsheet could run is quoted.

        The header row (a team's name heads a column of the match table) and every text
        column go through ``safe_text``; a figure column (``num``) holds only the engine's
        signed numbers, "+50", "-20", which a spreadsheet must read as numbers.
        """
        left_out = exclude_columns or ()
        exported = [
            c for c in self.columns.iterall() if not (c.column.exclude_from_export or c.name in left_out)
        ]
        figures = [c.column.attrs.get("td", {}).get("class") == "num" for c in exported]
        for index, row in enumerate(super().as_values(exclude_columns)):
            kinds = figures if index else [False] * len(row)
            yield [cell if figure else safe_text(str(cell)) for figure, cell in zip(kinds, row, strict=True)]


class StandingsTable(Base):
    """Rank (ties "2="), pair, names, rounded score and the exact fraction where rounding hides it."""

    rank = tables.Column("Rank", accessor="rank_text")
    pair = tables.Column("Pair")
    names = tables.Column("Names", default="")
    score = tables.Column("Score", attrs=NUM)
    exact = tables.Column("Exact", default="", attrs=NUM)
    deals = tables.Column("Deals", attrs=NUM)

    class Meta(Base.Meta):
        attrs = {"class": "standings"}

    def render_pair(self, record: StandingRow) -> SafeString | str:
        return link(self.links.recap(record.pair_pk), record.pair)

    def value_pair(self, record: StandingRow) -> str:
        return record.pair

    def render_score(self, record: StandingRow) -> SafeString | str:
        return link(self.links.recap(record.pair_pk), rounded(record.score))

    def value_score(self, record: StandingRow) -> str:
        return rounded_text(record.score)

    def render_exact(self, record: StandingRow) -> str:
        return signed(record.score) if record.exact else ""

    def value_exact(self, record: StandingRow) -> str:
        return record.exact


class TravellerTable(Base):
    """Every table's result on one board, each direction's average and each pair's ± (Law H)."""

    round = tables.Column("Round", attrs=NUM)
    table = tables.Column("Table", attrs=NUM)
    ns = tables.Column("N-S")
    ew = tables.Column("E-W")
    contract = tables.Column("Contract", default="")
    declarer = tables.Column("By", default="")
    tricks = tables.Column("Tricks", default="", attrs=NUM)
    ns_points = tables.Column("N-S score", default="", attrs=NUM)
    ew_points = tables.Column("E-W score", default="", attrs=NUM)
    net_ns = tables.Column("Net N-S", default="", attrs=NUM)
    ns_average = tables.Column("N-S average", default="", attrs=NUM)
    ns_difference = tables.Column("N-S ±", default="", attrs=NUM)
    ew_average = tables.Column("E-W average", default="", attrs=NUM)
    ew_difference = tables.Column("E-W ±", default="", attrs=NUM)

    class Meta(Base.Meta):
        attrs = {"class": "traveller"}

    def render_ns(self, record: TravellerLine) -> SafeString | str:
        return link(self.links.recap(record.ns_pk), record.ns)

    def value_ns(self, record: TravellerLine) -> str:
        return record.ns

    def render_ew(self, record: TravellerLine) -> SafeString | str:
        return link(self.links.recap(record.ew_pk), record.ew)

    def value_ew(self, record: TravellerLine) -> str:
        return record.ew

    def render_contract(self, record: TravellerLine) -> SafeString | str:
        return contract_cell(record.contract)

    def value_contract(self, record: TravellerLine) -> str:
        return symbol_text(record.contract)

    def _explained(self, record: TravellerLine, text: str) -> SafeString | str:
        return link(self.links.explain(record.result_pk), text)

    def render_ns_points(self, record: TravellerLine, value: int) -> SafeString | str:
        return self._explained(record, str(value))

    def render_ew_points(self, record: TravellerLine, value: int) -> SafeString | str:
        return self._explained(record, str(value))

    def value_ns_points(self, value: int) -> int:
        return value

    def value_ew_points(self, value: int) -> int:
        return value

    def render_net_ns(self, record: TravellerLine, value: int) -> SafeString | str:
        return self._explained(record, signed(value))

    def value_net_ns(self, value: int) -> str:
        return signed_text(value)

    def render_ns_average(self, value: Fraction) -> str:
        return mixed(value)

    def value_ns_average(self, value: Fraction) -> str:
        return exact(value)

    def render_ew_average(self, value: Fraction) -> str:
        return mixed(value)

    def value_ew_average(self, value: Fraction) -> str:
        return exact(value)

    def render_ns_difference(self, record: TravellerLine, value: Fraction) -> SafeString | str:
        return self._explained(record, signed(value))

    def value_ns_difference(self, value: Fraction) -> str:
        return plus_minus(value)

    def render_ew_difference(self, record: TravellerLine, value: Fraction) -> SafeString | str:
        return self._explained(record, signed(value))

    def value_ew_difference(self, value: Fraction) -> str:
        return plus_minus(value)


class RecapTable(Base):
    """A pair's recap: every deal, the average it was compared with, the ± and the running total."""

    round = tables.Column("Round", attrs=NUM)
    table = tables.Column("Table", attrs=NUM)
    board = tables.Column("Board", attrs=NUM)
    direction = tables.Column("Sat")
    opponents = tables.Column("Against")
    contract = tables.Column("Contract", default="")
    declarer = tables.Column("By", default="")
    tricks = tables.Column("Tricks", default="", attrs=NUM)
    net = tables.Column("Net", default="", attrs=NUM)
    score = tables.Column("Scored", default="", attrs=NUM)
    average = tables.Column("Average", default="", attrs=NUM)
    difference = tables.Column("±", default="", attrs=NUM)
    running = tables.Column("Running", attrs=NUM)

    class Meta(Base.Meta):
        attrs = {"class": "recap"}

    def render_board(self, value: int) -> SafeString | str:
        return link(self.links.traveller(value), str(value))

    def value_board(self, value: int) -> int:
        return value

    def render_opponents(self, record: RecapLine) -> SafeString | str:
        return link(self.links.recap(record.opponents_pk), record.opponents)

    def value_opponents(self, record: RecapLine) -> str:
        return record.opponents

    def render_contract(self, record: RecapLine) -> SafeString | str:
        return contract_cell(record.contract)

    def value_contract(self, record: RecapLine) -> str:
        return symbol_text(record.contract)

    def render_net(self, record: RecapLine, value: int) -> SafeString | str:
        return link(self.links.explain(record.result_pk), signed(value))

    def value_net(self, value: int) -> str:
        return signed_text(value)

    def render_score(self, record: RecapLine, value: Fraction) -> SafeString | str:
        return link(self.links.explain(record.result_pk), mixed(value))

    def value_score(self, value: Fraction) -> str:
        return exact(value)

    def render_average(self, value: Fraction) -> str:
        return mixed(value)

    def value_average(self, value: Fraction) -> str:
        return exact(value)

    def render_difference(self, record: RecapLine, value: Fraction) -> SafeString | str:
        return link(self.links.explain(record.result_pk), signed(value))

    def value_difference(self, value: Fraction) -> str:
        return plus_minus(value)

    def render_running(self, value: Fraction) -> str:
        return signed(value)

    def value_running(self, value: Fraction) -> str:
        return plus_minus(value)


class MatchTable(Base):
    """Per deal of a team match: every table, each team's gross and the swing (Law G)."""

    deal = tables.Column("Deal", attrs=NUM)
    tables_played = tables.Column("Tables", accessor="tables")
    first_points = tables.Column("First team", attrs=NUM)
    second_points = tables.Column("Second team", attrs=NUM)
    swing = tables.Column("Swing", attrs=NUM)
    running_swing = tables.Column("Running swing", attrs=NUM)

    class Meta(Base.Meta):
        attrs = {"class": "match"}

    def __init__(self, data: Any, links: Links, first: str, second: str, **kwargs: Any) -> None:
        super().__init__(data, links, **kwargs)
        self.columns["first_points"].column.verbose_name = first
        self.columns["second_points"].column.verbose_name = second

    def render_deal(self, value: int) -> SafeString | str:
        return link(self.links.traveller(value), str(value))

    def value_deal(self, value: int) -> int:
        return value

    def render_tables_played(self, record: MatchRow) -> SafeString:
        return format_html_join(
            "",
            '<div class="match-table">Table {}: <a href="{}">{} {} {}</a> · {} ({}) {} · {} ({}) {}</div>',
            (
                (
                    t.table,
                    self.links.explain(t.result_pk) or "#",
                    contract_cell(t.contract),
                    t.declarer,
                    _blank(t.tricks),
                    t.ns,
                    t.ns_team,
                    t.ns_points,
                    t.ew,
                    t.ew_team,
                    t.ew_points,
                )
                for t in record.tables
            ),
        )

    def value_tables_played(self, record: MatchRow) -> str:
        return "; ".join(
            f"Table {t.table}: {symbol_text(t.contract)} {t.declarer} {_blank(t.tricks)}, "
            f"{t.ns} ({t.ns_team}) {t.ns_points}, {t.ew} ({t.ew_team}) {t.ew_points}"
            for t in record.tables
        )

    def render_swing(self, value: int) -> str:
        return signed(value)

    def value_swing(self, value: int) -> str:
        return signed_text(value)

    def render_running_swing(self, value: int) -> str:
        return signed(value)

    def value_running_swing(self, value: int) -> str:
        return signed_text(value)
