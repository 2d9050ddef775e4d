"""django-tables2 tables over the rows of ``tournament.reports``: standings, travellers, recaps, matches.

A table only formats: every figure is a field of a report row. A column's ``render`` (or the
table's ``render_*``) gives the HTML cell (a signed figure with its link to the explanation),
its ``value`` (or ``value_*``) the same figure as plain text for the CSV export, so the screen and
the file show one set of numbers. Travellers, recaps and matches are drawn by ``{% render_table %}``;
the standings lists, three of 240 pairs on a page polled by every phone, by a plain template over
each row's cells (``Drawn``). The columns every game's tables share are here (``PairColumn``,
``BoardColumn``, ``FigureColumn``, ``Standings``); each game's own tables are in its package
(``games.contract.tables``), and the game says which columns its pages leave out
(``Game.traveller_hidden``, ``Game.recap_hidden``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html import escape as escape_html
from typing import Any, ClassVar

import django_tables2 as tables
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.safestring import SafeData, SafeString, mark_safe

from .exports.base import figure_text, safe_text
from .models import Section
from .params import MAX_DIGITS
from .reports import MatchRow, StandingRow, symbol_text, written_contract
from .templatetags.duplicate import contract as contract_html
from .templatetags.duplicate import mixed, signed

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}
# A column a phone folds away (site.css), so that the board, the contract, the score and the
# matchpoints, IMPs or ± fit its width; the wider screen and every export keep it.
FOLD = {"td": {"class": "fold"}, "th": {"class": "fold"}}
NUM_FOLD = {"td": {"class": "num fold"}, "th": {"class": "num fold"}}


# A number a URL of ours takes (nine digits at most): a URL reversed with it is cut there into a
# head and a tail, its last path number being the one the link names.
_SAMPLE = 987_654_321


@dataclass(frozen=True)
class Links:
    """The public URLs a section's numbers link to: recaps, travellers, explanations.

    Each kind of URL is reversed once, with a sample number, and every other number written
    between its head and tail: a 240-pair standings page links four hundred times."""

    club: str
    event: int
    section: str
    made: dict[str, tuple[str, str]] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(cls, section: Section) -> Links:
        return cls(section.event.club.slug, section.event.pk, section.letter)

    def _url(self, name: str, number: int) -> str:
        extra = [self.section] if name == "traveller" else []
        if not (type(number) is int and 0 <= number < 10**MAX_DIGITS):
            return reverse(name, args=[self.club, self.event, *extra, number])  # as reverse refuses it
        parts = self.made.get(name)
        if parts is None:
            sample = reverse(name, args=[self.club, self.event, *extra, _SAMPLE])
            head, _, tail = sample.rpartition(str(_SAMPLE))
            parts = self.made[name] = (head, tail)
        return f"{parts[0]}{number}{parts[1]}"

    def recap(self, pair_pk: int | None) -> str:
        return self._url("recap", pair_pk) if pair_pk else ""

    def traveller(self, board: int) -> str:
        return self._url("traveller", board)

    def explain(self, result_pk: int | None) -> str:
        return self._url("explain", result_pk) if result_pk else ""


def contract_cell(text: str) -> SafeString | str:
    """The HTML of a contract or trump suit, red suits in red."""
    return contract_html(text)


def _blank(value: int | None) -> str:
    return "" if value is None else str(value)


def escaped(cell: Any) -> str:
    """A cell as the template writes ``{{ cell }}``: markup made safe kept, any other text escaped."""
    return cell if isinstance(cell, SafeData) else escape_html(str(cell))


def link(url: str, text: str) -> SafeString | str:
    """``text`` linked to ``url`` (both escaped unless safe), or the text alone where there is no URL."""
    if not url:
        return text
    return SafeString(f'<a href="{escaped(url)}">{escaped(text)}</a>')


class Base(tables.Table):
    """No sorting, no paging: the order is the engine's (ranks, rounds, deals)."""

    def __init__(self, data: Any, links: Links, **kwargs: Any) -> None:
        self.links = links
        super().__init__(data, **kwargs)

    class Meta:
        orderable = False
        template_name = "django_tables2/table.html"

    def as_values(self, exclude_columns: Any = None) -> Iterator[list[Any]]:
        """The rows of the ``?_export=csv`` download: no user's text can start a cell as a formula.

        Every text column goes through ``safe_text``, and so does a header the table was given
        (a team's name heads a column of the match table); a figure column (``num``) holds only
        the engine's figures as plain numbers (``figure_text``: "50", "-20", "171.80").
        """
        left_out = exclude_columns or ()
        exported = [
            c for c in self.columns.iterall() if not (c.column.exclude_from_export or c.name in left_out)
        ]
        figures = ["num" in c.column.attrs.get("td", {}).get("class", "").split() for c in exported]
        declared = type(self).base_columns
        own = [c.header == declared[c.name].verbose_name for c in exported]
        for index, row in enumerate(super().as_values(exclude_columns)):
            kinds = figures if index else own
            yield [cell if kept else safe_text(str(cell)) for kept, cell in zip(kinds, row, strict=True)]


# A cell of a drawn table: its HTML from the row and the section's links (escaped unless safe).
Cell = Callable[[Any, Links], Any]


class Drawn(Base):
    """A list the page draws with a plain template from each row's cells, made once (``html``).

    django-tables2's own template asks for every cell through its rows, which work out the
    render method's signature and the column's attributes again for each cell, and resolves a
    template variable per cell: seventy milliseconds for a 240-pair list (three here), drawn
    three times on a standings page. A drawn table names, for each of its columns, the function that writes
    the cell from the row and the section's links (``cells``); its headings, attributes and
    left-out columns are the table's own (``columns``, ``attrs``), read once a table. The
    template loops over the rows. The CSV export is django-tables2's, through the columns'
    ``value`` and the table's ``value_*``, as for every table."""

    cells: ClassVar[dict[str, Cell]] = {}

    def html(self) -> SafeString:
        """The table's HTML: django-tables2's markup, one row per record, rows "even" and "odd"."""
        columns = list(self.columns)
        writers = [self.cells[c.name] for c in columns]
        # Each row's cells in their columns' tags; the attributes are escaped by as_html.
        row = "".join(
            f"<td{_spaced(c.attrs['td']).replace('{', '{{').replace('}', '}}')}>{{}}</td>" for c in columns
        )
        links = self.links
        context = {
            "attrs": _spaced(self.attrs),
            "heads": [(_spaced(c.attrs["th"]), c.header) for c in columns],
            "rows": [
                SafeString(row.format(*[escaped(write(record, links)) for write in writers]))
                for record in self.data
            ],
        }
        return mark_safe(render_to_string(DRAWN_TEMPLATE, context))


DRAWN_TEMPLATE = "django_tables2/drawn.html"


def _spaced(attrs: Any) -> SafeString | str:
    """HTML attributes with a leading space, as django-tables2's template writes them in a tag."""
    written = attrs.as_html()  # escaped
    return mark_safe(f" {written}") if written else ""


def or_blank(value: Any, write: Callable[[Any], str]) -> str:
    """A figure as ``write`` writes it, or an empty cell where there is none."""
    return "" if value is None or value == "" else write(value)


# The columns the tables of every game share: a pair linked to its recap, a board to its traveller,
# a figure written for the screen and as a plain number for the CSV.


class PairColumn(tables.Column):
    """A pair, linked to its recap; ``pk`` names the row's field holding the pair's key."""

    def __init__(self, verbose_name: str, pk: str, **kwargs: Any) -> None:
        super().__init__(verbose_name, **kwargs)
        self.pk = pk

    def render(self, record: Any, value: str, table: Base) -> SafeString | str:
        return link(table.links.recap(getattr(record, self.pk)), value)

    def value(self, value: str) -> str:
        return value


class BoardColumn(tables.Column):
    """A board's (a deal's) number, linked to its traveller."""

    def render(self, value: int, table: Base) -> SafeString | str:
        return link(table.links.traveller(value), str(value))

    def value(self, value: int) -> int:
        return value


class FigureColumn(tables.Column):
    """A figure of the engine's: on the screen as ``write`` writes it (linked to how the result was
    scored when ``explained``), in the CSV as ``export`` writes it (a plain number), or as it is."""

    def __init__(
        self,
        verbose_name: str,
        write: Callable[[Any], str] = str,
        explained: bool = False,
        export: Callable[[Any], Any] | None = figure_text,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("default", "")
        super().__init__(verbose_name, **kwargs)
        self.write, self.explained, self.export = write, explained, export

    def text(self, value: Any, table: Base) -> str:
        """The figure as the screen shows it."""
        return self.write(value)

    def render(self, record: Any, value: Any, table: Base) -> SafeString | str:
        text = self.text(value, table)
        return link(table.links.explain(record.result_pk), text) if self.explained else text

    def value(self, value: Any) -> Any:
        return value if self.export is None else self.export(value)


class Standings(Drawn):
    """A standings list: each pair's place ("2=" when shared), the pair linked to its recap, the
    names, then the figures of its game's contest."""

    rank = tables.Column("Rank", accessor="rank_text")
    pair = PairColumn("Pair", pk="pair_pk")
    names = tables.Column("Names", default="")

    cells: ClassVar[dict[str, Cell]] = {
        "rank": lambda row, links: row.rank_text,
        "pair": lambda row, links: link(links.recap(row.pair_pk), row.pair),
        "names": lambda row, links: row.names or "",
    }


class StandingsTable(Standings):
    """Rank (ties "2="), pair, names, rounded score and the exact fraction where rounding hides it."""

    score = tables.Column("Score", attrs=NUM)
    exact = tables.Column("Exact", default="", attrs=NUM, exclude_from_export=True)
    deals = tables.Column("Deals", attrs=NUM)

    class Meta(Base.Meta):
        attrs = {"class": "standings"}

    cells: ClassVar[dict[str, Cell]] = {
        **Standings.cells,
        # The score rounded as the report rounded it (``rounded`` of the exact score).
        "score": lambda row, links: link(links.recap(row.pair_pk), signed(row.rounded)),
        "exact": lambda row, links: signed(row.score) if row.exact else "",
        "deals": lambda row, links: row.deals,
    }

    def value_score(self, record: StandingRow) -> str:
        return figure_text(record.rounded)


class ContractColumn(tables.Column):
    """A contract (or a whist trump suit) with its suit symbols, the red ones in red."""

    def render(self, value: str) -> SafeString | str:
        return contract_cell(value)

    def value(self, value: str) -> str:
        return written_contract(value)


class TravellerTable(Base):
    """Every table's result on one board, each direction's average and each pair's ± (Law H)."""

    round = tables.Column("Round", attrs=NUM_FOLD)
    table = tables.Column("Table", attrs=NUM_FOLD)
    ns = PairColumn("N-S", pk="ns_pk")
    ew = PairColumn("E-W", pk="ew_pk")
    contract = ContractColumn("Contract", default="")
    declarer = tables.Column("By", default="", attrs=FOLD)
    tricks = tables.Column("Tricks", default="", attrs=NUM)
    ns_points = FigureColumn("N-S score", explained=True, export=None, attrs=NUM_FOLD)
    ew_points = FigureColumn("E-W score", explained=True, export=None, attrs=NUM_FOLD)
    net_ns = FigureColumn("Net N-S", signed, explained=True, attrs=NUM)
    ns_average = FigureColumn("N-S average", mixed, attrs=NUM_FOLD)
    ns_difference = FigureColumn("N-S ±", signed, explained=True, attrs=NUM)
    ew_average = FigureColumn("E-W average", mixed, attrs=NUM_FOLD)
    ew_difference = FigureColumn("E-W ±", signed, explained=True, attrs=NUM)

    class Meta(Base.Meta):
        attrs = {"class": "traveller"}


class RecapTable(Base):
    """A pair's recap: every deal, the average it was compared with, the ± and the running total."""

    round = tables.Column("Round", attrs=NUM_FOLD)
    table = tables.Column("Table", attrs=NUM_FOLD)
    board = BoardColumn("Board", attrs=NUM)
    direction = tables.Column("Sat", attrs=FOLD)
    opponents = PairColumn("Against", pk="opponents_pk", attrs=FOLD)
    contract = ContractColumn("Contract", default="")
    declarer = tables.Column("By", default="", attrs=FOLD)
    tricks = tables.Column("Tricks", default="", attrs=NUM)
    net = FigureColumn("Net", signed, explained=True, attrs=NUM)
    score = FigureColumn("Scored", mixed, explained=True, attrs=NUM)
    average = FigureColumn("Average", mixed, attrs=NUM_FOLD)
    difference = FigureColumn("±", signed, explained=True, attrs=NUM)
    running = FigureColumn("Running", signed, default=None, attrs=NUM_FOLD)

    class Meta(Base.Meta):
        attrs = {"class": "recap"}


class MatchTable(Base):
    """Per deal of a team match: every table, each team's gross and the swing (Law G)."""

    deal = BoardColumn("Deal", attrs=NUM)
    tables_played = tables.Column("Tables", accessor="tables")
    first_points = tables.Column("First team", attrs=NUM)
    second_points = tables.Column("Second team", attrs=NUM)
    swing = FigureColumn("Swing", signed, default=None, attrs=NUM)
    running_swing = FigureColumn("Running swing", signed, default=None, attrs=NUM)

    class Meta(Base.Meta):
        attrs = {"class": "match"}

    def __init__(self, data: Any, links: Links, first: str, second: str, **kwargs: Any) -> None:
        super().__init__(data, links, **kwargs)
        self.columns["first_points"].column.verbose_name = first
        self.columns["second_points"].column.verbose_name = second

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
