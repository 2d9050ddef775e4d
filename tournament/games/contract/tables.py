"""django-tables2 tables over a contract bridge night's report rows: standings, travellers, recaps, the match.

As in ``tournament.tables``, whose shared columns these use, a table only formats: every figure is
a field of a row of ``tournament.games.contract.reports``. A column's ``render`` gives the HTML
cell (a figure linked to how it was reached), its ``value`` the same figure as plain text for the
CSV; a figure of a pair's contest is written in the night's unit (``unit_figure``: MP or IMP).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.safestring import SafeString

from ...exports.base import figure_text, result_figure
from ...reports.common import percent_text, symbol_text
from ...tables import (
    FOLD,
    NUM,
    NUM_FOLD,
    Base,
    BoardColumn,
    Cell,
    FigureColumn,
    PairColumn,
    Standings,
    contract_cell,
    link,
    or_blank,
)
from ...templatetags.duplicate import mixed, signed
from .reports import ContractMatchRow


def _percent(value: Fraction | None) -> str:
    """A percentage to two decimals, as the standings print it: "57.14" (the exact figure ranks)."""
    return percent_text(value)


def _rename(table: tables.Table, name: str, heading: str) -> None:
    """Head a column with the unit or the team it holds, unless the page leaves the column out."""
    if name in table.columns:
        table.columns[name].column.verbose_name = heading


def _contract_html(contract: str, adjusted: str, assigned: bool) -> SafeString | str:
    """The contract cell: the artificial scores (Law 12C2), or the contract, marked when assigned."""
    if adjusted:
        return f"Adjusted {adjusted}"
    if assigned:
        return format_html("{} <small>assigned (Law 12C1)</small>", contract_cell(contract))
    return contract_cell(contract)


def _contract_text(contract: str, adjusted: str, assigned: bool) -> str:
    if adjusted:
        return f"Adjusted {adjusted}"
    return f"{symbol_text(contract)} assigned (Law 12C1)" if assigned else symbol_text(contract)


def unit_figure(unit: str, value: Fraction) -> str:
    """A pair's figure in its unit: matchpoints as a mixed number, IMPs signed."""
    return mixed(value) if unit == "MP" else signed(value)


class ContractStandingsTable(Standings):
    """Place ("2=" when shared), pair, names, matchpoints or IMPs, the top and percentage, boards."""

    total = FigureColumn("Score", default=None, attrs=NUM)
    top = FigureColumn("Top", mixed, attrs=NUM)
    percent = FigureColumn("%", _percent, export=_percent, attrs=NUM)
    boards = tables.Column("Boards", attrs=NUM)

    class Meta(Base.Meta):
        attrs = {"class": "standings contract"}

    cells: ClassVar[dict[str, Cell]] = {
        **Standings.cells,
        "total": lambda row, links: link(links.recap(row.pair_pk), unit_figure(row.unit, row.total)),
        "top": lambda row, links: or_blank(row.top, mixed),
        "percent": lambda row, links: or_blank(row.percent, _percent),
        "boards": lambda row, links: row.boards,
    }

    def __init__(self, data: Any, links: Any, unit: str = "MP", **kwargs: Any) -> None:
        if unit != "MP":
            kwargs["exclude"] = (*kwargs.get("exclude", ()), "top", "percent")
        super().__init__(data, links, **kwargs)
        _rename(self, "total", unit)


class UnitColumn(FigureColumn):
    """A pair's figure in the table's unit (``unit_figure``): matchpoints or IMPs."""

    def text(self, value: Fraction, table: Any) -> str:
        return unit_figure(table.unit, value)


class BridgeContractColumn(tables.Column):
    """The contract played, or the artificial scores (Law 12C2), marked when assigned (Law 12C1)."""

    def render(self, record: Any) -> SafeString | str:
        return _contract_html(record.contract, record.adjusted, record.assigned)

    def value(self, record: Any) -> str:
        return _contract_text(record.contract, record.adjusted, record.assigned)


class ResultColumn(tables.Column):
    """The tricks over or under the contract: "=", "+1", "-2" (Law 77), a number in the CSV."""

    def value(self, value: str | None) -> str:
        return result_figure(value)


class ContractTravellerTable(Base):
    """Every table's result on a board: the contract, the score to N-S or E-W, each side's figure."""

    round = tables.Column("Round", attrs=NUM_FOLD)
    table = tables.Column("Table", attrs=NUM_FOLD)
    ns = PairColumn("N-S", pk="ns_pk")
    ew = PairColumn("E-W", pk="ew_pk")
    contract = BridgeContractColumn("Contract", default="")
    declarer = tables.Column("By", default="", attrs=FOLD)
    result = ResultColumn("Result", default="", attrs=NUM)
    ns_score = FigureColumn("N-S score", explained=True, attrs=NUM)
    ew_score = FigureColumn("E-W score", explained=True, attrs=NUM)
    ns_figure = UnitColumn("N-S", explained=True, attrs=NUM)
    ew_figure = UnitColumn("E-W", explained=True, attrs=NUM)

    class Meta(Base.Meta):
        attrs = {"class": "traveller contract"}

    def __init__(self, data: Any, links: Any, unit: str = "MP", **kwargs: Any) -> None:
        super().__init__(data, links, **kwargs)
        self.unit = unit
        _rename(self, "ns_figure", f"N-S {unit}")
        _rename(self, "ew_figure", f"E-W {unit}")


class ContractRecapTable(Base):
    """A pair's recap: every board, what was played, the pair's score, its figure and the running total."""

    round = tables.Column("Round", attrs=NUM_FOLD)
    board = BoardColumn("Board", attrs=NUM)
    direction = tables.Column("Sat", attrs=FOLD)
    opponents = PairColumn("Against", pk="opponents_pk", attrs=FOLD)
    contract = BridgeContractColumn("Contract", default="")
    declarer = tables.Column("By", default="", attrs=FOLD)
    result = ResultColumn("Result", default="", attrs=NUM)
    score = FigureColumn("Score", signed, explained=True, attrs=NUM)
    figure = UnitColumn("MP", explained=True, attrs=NUM)
    top = FigureColumn("Top", mixed, attrs=NUM_FOLD)
    running = UnitColumn("Running", default=None, attrs=NUM_FOLD)

    class Meta(Base.Meta):
        attrs = {"class": "recap contract"}

    def __init__(self, data: Any, links: Any, unit: str = "MP", **kwargs: Any) -> None:
        if unit != "MP":
            kwargs["exclude"] = (*kwargs.get("exclude", ()), "top")
        super().__init__(data, links, **kwargs)
        self.unit = unit
        _rename(self, "figure", unit)


class ContractMatchTable(Base):
    """A team match board by board: N-S's score at each table, the net, and each team's IMPs or points."""

    board = BoardColumn("Board", attrs=NUM)
    home_ns = tables.Column("Table 1 N-S", default="", attrs=NUM)
    away_ns = tables.Column("Table 2 N-S", default="", attrs=NUM)
    net = FigureColumn("Net", signed, attrs=NUM)
    home = FigureColumn("Home", mixed, default=None, attrs=NUM)
    away = FigureColumn("Away", mixed, default=None, attrs=NUM)
    running = FigureColumn("Running", signed, default=None, attrs=NUM)

    class Meta(Base.Meta):
        attrs = {"class": "match contract"}

    def __init__(self, data: Any, links: Any, home: str, away: str, **kwargs: Any) -> None:
        super().__init__(data, links, **kwargs)
        _rename(self, "home", home)
        _rename(self, "away", away)

    def render_home(self, record: ContractMatchRow, value: Fraction) -> str:
        return f"Adjusted {record.adjusted}: {mixed(value)}" if record.adjusted else mixed(value)

    def value_home(self, value: Fraction) -> str:
        return figure_text(value)
