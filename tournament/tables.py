"""django-tables2 tables over the rows of ``tournament.reports``: standings, travellers, recaps, matches.

A table only formats: every figure is a field of a report row. ``render_*`` gives the HTML cell
(a signed figure with its link to the explanation), ``value_*`` the same figure as plain text
for the CSV export, so the screen and the file show one set of numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape as escape_html
from typing import Any

import django_tables2 as tables
from django.db import models
from django.template import Context
from django.template.loader import get_template
from django.urls import reverse
from django.utils.formats import localize
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django_tables2.utils import signature

from .exports.base import figure_text, safe_text
from .models import Section
from .params import MAX_DIGITS
from .reports import MatchRow, RecapLine, StandingRow, TravellerLine, symbol_text, written_contract
from .templatetags.duplicate import contract as contract_html
from .templatetags.duplicate import mixed, rounded, signed

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}
# A column a phone folds away (site.css), so that the board, the contract, the score and the
# matchpoints, IMPs or ± fit its width; the wider screen and every export keep it.
FOLD = {"td": {"class": "fold"}, "th": {"class": "fold"}}
NUM_FOLD = {"td": {"class": "num fold"}, "th": {"class": "num fold"}}
ROW_CLASSES = ("even", "odd")  # django-tables2's row classes, from the first row


# A number a URL of ours takes (nine digits at most): a URL reversed with it is cut there into a
# head and a tail, its last path number being the one the link names.
_SAMPLE = 987_654_321


@dataclass(frozen=True)
class Links:
    """The public URLs a section's numbers link to: recaps, travellers, explanations.

    Each kind of URL is reversed once, with a sample number, and every other number written
    between its head and tail: a 240-pair standings page links four hundred times. ``drawn``
    keeps the cells one table has drawn for another of the same section (a pair's cells are
    the same in the overall and in its direction's standings)."""

    club: str
    event: int
    section: str
    made: dict[str, tuple[str, str]] = field(default_factory=dict, compare=False, repr=False)
    drawn: dict[Any, dict[Any, str]] = field(default_factory=dict, compare=False, repr=False)

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


def link(url: str, text: str) -> SafeString | str:
    return format_html('<a href="{}">{}</a>', url, text) if url else text


class Base(tables.Table):
    """No sorting, no paging: the order is the engine's (ranks, rounds, deals)."""

    def __init__(self, data: Any, links: Links, **kwargs: Any) -> None:
        self.links = links
        super().__init__(data, **kwargs)

    class Meta:
        orderable = False
        template_name = "django_tables2/table.html"

    def html(self) -> SafeString:
        """The table as ``{% render_table %}`` draws it with django-tables2's template, in one pass.

        That template asks for each cell through django-tables2's rows, which inspect the render
        method's signature and work out the column's attributes again for every cell: most of the
        time of a 240-pair standings page. Here each column's method, arguments and attributes are
        found once and the rows joined as text: the same cells, the same markup. A table with what
        this does not draw (a footer, paging, pinned rows, attributes computed per cell, a column
        of another kind, model rows) is drawn by the template, as before."""
        cells = self._cells()
        records = list(self.data)
        if cells is None or not self._plain(records):
            return self._by_template()
        opening, closing = self._frame(cells)
        return mark_safe(f"{opening}{self._rows(cells, records)}{closing}")

    def _cells(self) -> list[Cells] | None:
        """Each column's way of drawing its cells, or None when a column is one ``html()`` does not draw."""
        cells = [Cells.of(self, bound) for bound in self.columns]
        return None if any(c is None for c in cells) else [c for c in cells if c is not None]

    def _plain(self, records: list[Any]) -> bool:
        """Whether ``records`` are drawn by ``html()`` itself rather than by the template."""
        return bool(
            self.show_header
            and not (self.has_footer() or self.row_attrs or hasattr(self, "page"))
            and (records or not self.empty_text)
            and self.get_top_pinned_data() is None
            and self.get_bottom_pinned_data() is None
            and not any(isinstance(record, models.Model) for record in records)
        )

    def _frame(self, cells: list[Cells]) -> tuple[str, str]:
        """The markup before the body's rows (the table, its header) and after them."""
        heads = "".join(f"<th{c.th}>{c.header}</th>" for c in cells)
        return (
            f'<div class="table-container"><table{_attrs(self.attrs)}>'
            f"<thead{_attrs(self.attrs.get('thead', {}))}><tr>{heads}</tr></thead>"
            f"<tbody{_attrs(self.attrs.get('tbody', {}))}>",
            "</tbody></table></div>",
        )

    def _rows(self, cells: list[Cells], records: list[Any]) -> str:
        """The body's rows, each cell as its column's render method makes it."""
        return "".join(
            f'<tr class="{ROW_CLASSES[index % 2]}">'
            + "".join(f"<td{c.td}>{c.cell(record)}</td>" for c in cells)
            + "</tr>"
            for index, record in enumerate(records)
        )

    def _by_template(self) -> SafeString:
        # As the render_table tag does it, for a table html() does not draw itself.
        self.context = Context()
        try:
            self.before_render(None)
            return mark_safe(get_template(self.template_name).render({"table": self}))
        finally:
            del self.context

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


# What every table draws alike, worked out once a process: attributes as HTML, method signatures.
_WRITTEN: dict[tuple[tuple[str, str], ...], str] = {}
_SIGNATURES: dict[Callable[..., Any], tuple[tuple[str, ...], bool]] = {}
_PARTS = frozenset(tables.utils.AttributeDict.blacklist)


def _attrs(attrs: Any) -> str:
    """HTML attributes with a leading space, as django-tables2's ``AttributeDict.as_html`` writes them."""
    # What as_html writes: every key but the parts', unless None; text only is kept.
    key = tuple(item for item in attrs.items() if item[0] not in _PARTS and item[1] is not None)
    if not all(type(value) is str for _, value in key):
        return _attrs_html(attrs)
    written = _WRITTEN.get(key)
    if written is None:
        written = _WRITTEN[key] = _attrs_html(attrs)
    return written


def _attrs_html(attrs: Any) -> str:
    written = tables.utils.AttributeDict(attrs).as_html()
    return f" {written}" if written else ""


def _signature(method: Callable[..., Any]) -> tuple[tuple[str, ...], bool]:
    """django-tables2's ``signature`` of a render method, found once for all tables of its class."""
    function = getattr(method, "__func__", None)
    if function is None:
        arguments, everything = signature(method)
        return tuple(arguments), everything
    found = _SIGNATURES.get(function)
    if found is None:
        arguments, everything = signature(method)
        found = _SIGNATURES[function] = (tuple(arguments), everything)
    return found


def _computed(attrs: dict[str, Any]) -> bool:
    return any(callable(value) or (isinstance(value, dict) and _computed(value)) for value in attrs.values())


@dataclass(frozen=True)
class Cells:
    """One column of a table being drawn: how a record's cell is made, found once for every row."""

    header: str
    th: str
    td: str
    name: str
    render: Callable[..., Any]
    arguments: dict[str, Any]
    wanted: tuple[str, ...] | None  # the render method's arguments; None: it takes them all
    default: Any
    empty: tuple[Any, ...]

    @classmethod
    def of(cls, table: Base, bound: Any) -> Cells | None:
        column = bound.column
        if type(column) is not tables.Column or column.link or column.localize is not None:
            return None
        if "__" in bound.accessor or "." in bound.accessor:
            return None
        if _computed(dict(table.attrs)) or _computed(dict(column.attrs)):
            return None  # attributes worked out per cell, from its record
        attrs = bound.attrs
        arguments, everything = _signature(bound.render)
        if not everything and "bound_row" in arguments:
            return None
        return cls(
            header=conditional_escape(bound.header),
            th=_attrs(attrs["th"]),
            td=_attrs(attrs["td"]),
            name=str(bound.accessor),
            render=bound.render,
            arguments={"column": column, "bound_column": bound, "table": table},
            wanted=None if everything else tuple(arguments),
            default=bound.default,
            empty=tuple(column.empty_values),
        )

    def cell(self, record: Any) -> str:
        """The cell's HTML, as the template writes ``{{ cell }}``: escaped unless already safe."""
        if isinstance(record, dict):
            value = record.get(self.name)
        else:
            value = getattr(record, self.name, None)
            if callable(value) and not getattr(value, "do_not_call_in_templates", False):
                value = None if getattr(value, "alters_data", False) else value()
        if value in self.empty:
            content = self.default
        else:
            given = {"value": value, "record": record, **self.arguments}
            if self.wanted is not None:
                if any(name not in given for name in self.wanted):
                    content = None
                else:
                    content = self.render(**{name: given[name] for name in self.wanted})
            else:
                content = self.render(**given)
        return conditional_escape(content if isinstance(content, str) else localize(content))


_STANDING_FIELDS = ("rank_text", "pair", "names", "score", "exact", "deals")


class StandingsTable(Base):
    """Rank (ties "2="), pair, names, rounded score and the exact fraction where rounding hides it."""

    rank = tables.Column("Rank", accessor="rank_text")
    pair = tables.Column("Pair")
    names = tables.Column("Names", default="")
    score = tables.Column("Score", attrs=NUM)
    exact = tables.Column("Exact", default="", attrs=NUM, exclude_from_export=True)
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
        return figure_text(record.rounded)

    def render_exact(self, record: StandingRow) -> str:
        return signed(record.score) if record.exact else ""

    def _rows(self, cells: list[Cells], records: list[Any]) -> str:
        if not _standings_drawn(cells, records):
            return super()._rows(cells, records)
        return _standing_rows(self.links, cells, records)

    @classmethod
    def draw(cls, rows: list[StandingRow], links: Links) -> SafeString:
        """What ``cls(rows, links).html()`` writes, without making the table each time.

        A django-tables2 table copies its columns when it is made and works out each column's
        attributes again: a fifth of drawing a 240-pair page's three tables. Here a table of
        the class made once (with no rows) gives the columns' cells and the markup around the
        rows; the rows are drawn with ``links`` as ``html()`` draws them. Anything ``html()``
        would not draw this way (no rows, a row of another kind) is drawn by a table made for it.
        """
        made = _MADE.get(cls)
        if made is None:
            table = cls([], Links("", 0, ""))
            cells = table._cells()
            made = _MADE[cls] = (table, cells, None if cells is None else table._frame(cells))
        table, cells, frame = made
        if (
            cells is None
            or frame is None
            or not (rows and table._plain(rows) and _standings_drawn(cells, rows))
        ):
            return cls(rows, links).html()
        return mark_safe(f"{frame[0]}{_standing_rows(links, cells, rows)}{frame[1]}")


# Each standings table class made once, with its cells and the markup around the rows (``draw``).
_MADE: dict[type, tuple[Base, list[Cells] | None, tuple[str, str] | None]] = {}


def _standings_drawn(cells: list[Cells], records: list[Any]) -> bool:
    """Whether the rows are standings rows in the standings' columns, drawn by ``_standing_rows``."""
    return [c.name for c in cells] == list(_STANDING_FIELDS) and all(type(r) is StandingRow for r in records)


def _standing_rows(links: Links, cells: list[Cells], records: list[StandingRow]) -> str:
    """The rows as the ``render_*`` methods make them, each pair's cells after the rank made once.

    A page shows every pair twice (overall and in its direction): ``Links.drawn`` keeps what
    the first table drew. The figures are written from the row as the filters would write
    them: ``rounded`` is the score rounded as ``rounded`` rounds it, ``exact`` the text
    ``signed`` writes, with a hyphen for the minus sign; the rank is "2=" or "2"."""
    rank, *rest = cells
    # Tables whose columns differ in attributes or defaults do not share their cells.
    drawn = links.drawn.setdefault(("standing", *((c.td, c.default) for c in rest)), {})
    opening, numbers = f"<td{rank.td}>", {}
    rows = []
    for index, row in enumerate(records):
        key = (row.pair, row.pair_pk, row.names, row.rounded, row.exact, row.deals)
        tail = drawn.get(key)
        if tail is None:
            tail = drawn[key] = _standing_tail(links, row, rest, numbers)
        place = f"{row.rank}=" if row.tied else str(row.rank)
        rows.append(f'<tr class="{ROW_CLASSES[index % 2]}">{opening}{place}</td>{tail}</tr>')
    return "".join(rows)


def _standing_tail(links: Links, row: StandingRow, cells: list[Cells], numbers: dict[int, str]) -> str:
    """A pair's cells after its rank; ``numbers`` keeps each count of deals as its cell writes it.

    Only the cells of empty values and of the count of deals are made by the column (``Cells.cell``):
    neither reads the table's links."""
    pair, names, score, exact, deals = cells
    url, label, players = pair_cells(links, row, pair, names)
    figure = f"+{row.rounded}" if row.rounded > 0 else str(row.rounded).replace("-", "−")
    if url:
        figure = f'<a href="{url}">{figure}</a>'
    fraction = exact.cell(row) if row.exact in exact.empty else row.exact.replace("-", "−")
    return (
        f"<td{pair.td}>{label}</td><td{names.td}>{players}</td><td{score.td}>{figure}</td>"
        f"<td{exact.td}>{fraction}</td><td{deals.td}>{number_cell(deals, row, row.deals, numbers)}</td>"
    )


# A pair's cells by its section, number, key and names: the same from one change to the next, while
# every pair's score moves (a board scored again moves its every table's average). Emptied when full.
_PAIR_CELLS: dict[tuple[str, int, str, str, int, str], tuple[str, str, str]] = {}
PAIR_CELLS_KEPT = 8192


def pair_cells(links: Links, row: Any, pair: Cells, names: Cells) -> tuple[str, str, str]:
    """A standings row's escaped recap URL, its pair cell as ``render_pair`` writes it and its names."""
    if row.pair in pair.empty or row.names in names.empty or type(row.pair_pk) is not int:
        return _pair_cells(links, row, pair, names)
    key = (links.club, links.event, links.section, row.pair, row.pair_pk, row.names)
    cells = _PAIR_CELLS.get(key)
    if cells is None:
        if len(_PAIR_CELLS) >= PAIR_CELLS_KEPT:
            _PAIR_CELLS.clear()
        cells = _PAIR_CELLS[key] = _pair_cells(links, row, pair, names)
    return cells


def _pair_cells(links: Links, row: Any, pair: Cells, names: Cells) -> tuple[str, str, str]:
    url = escape_html(links.recap(row.pair_pk))
    if row.pair in pair.empty:
        label = pair.cell(row)
    else:
        label = f'<a href="{url}">{escape_html(row.pair)}</a>' if url else escape_html(row.pair)
    players = names.cell(row) if row.names in names.empty else escape_html(row.names)
    return url, label, players


def number_cell(cells: Cells, row: Any, value: int, written: dict[int, str]) -> str:
    """A count's cell (deals, boards), made once for each count: ``written`` keeps them."""
    cell = written.get(value)
    if cell is None:
        cell = written[value] = cells.cell(row)
    return cell


class TravellerTable(Base):
    """Every table's result on one board, each direction's average and each pair's ± (Law H)."""

    round = tables.Column("Round", attrs=NUM_FOLD)
    table = tables.Column("Table", attrs=NUM_FOLD)
    ns = tables.Column("N-S")
    ew = tables.Column("E-W")
    contract = tables.Column("Contract", default="")
    declarer = tables.Column("By", default="", attrs=FOLD)
    tricks = tables.Column("Tricks", default="", attrs=NUM)
    ns_points = tables.Column("N-S score", default="", attrs=NUM_FOLD)
    ew_points = tables.Column("E-W score", default="", attrs=NUM_FOLD)
    net_ns = tables.Column("Net N-S", default="", attrs=NUM)
    ns_average = tables.Column("N-S average", default="", attrs=NUM_FOLD)
    ns_difference = tables.Column("N-S ±", default="", attrs=NUM)
    ew_average = tables.Column("E-W average", default="", attrs=NUM_FOLD)
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
        return written_contract(record.contract)

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
        return figure_text(value)

    def render_ns_average(self, value: Fraction) -> str:
        return mixed(value)

    def value_ns_average(self, value: Fraction) -> str:
        return figure_text(value)

    def render_ew_average(self, value: Fraction) -> str:
        return mixed(value)

    def value_ew_average(self, value: Fraction) -> str:
        return figure_text(value)

    def render_ns_difference(self, record: TravellerLine, value: Fraction) -> SafeString | str:
        return self._explained(record, signed(value))

    def value_ns_difference(self, value: Fraction) -> str:
        return figure_text(value)

    def render_ew_difference(self, record: TravellerLine, value: Fraction) -> SafeString | str:
        return self._explained(record, signed(value))

    def value_ew_difference(self, value: Fraction) -> str:
        return figure_text(value)


class RecapTable(Base):
    """A pair's recap: every deal, the average it was compared with, the ± and the running total."""

    round = tables.Column("Round", attrs=NUM_FOLD)
    table = tables.Column("Table", attrs=NUM_FOLD)
    board = tables.Column("Board", attrs=NUM)
    direction = tables.Column("Sat", attrs=FOLD)
    opponents = tables.Column("Against", attrs=FOLD)
    contract = tables.Column("Contract", default="")
    declarer = tables.Column("By", default="", attrs=FOLD)
    tricks = tables.Column("Tricks", default="", attrs=NUM)
    net = tables.Column("Net", default="", attrs=NUM)
    score = tables.Column("Scored", default="", attrs=NUM)
    average = tables.Column("Average", default="", attrs=NUM_FOLD)
    difference = tables.Column("±", default="", attrs=NUM)
    running = tables.Column("Running", attrs=NUM_FOLD)

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
        return written_contract(record.contract)

    def render_net(self, record: RecapLine, value: int) -> SafeString | str:
        return link(self.links.explain(record.result_pk), signed(value))

    def value_net(self, value: int) -> str:
        return figure_text(value)

    def render_score(self, record: RecapLine, value: Fraction) -> SafeString | str:
        return link(self.links.explain(record.result_pk), mixed(value))

    def value_score(self, value: Fraction) -> str:
        return figure_text(value)

    def render_average(self, value: Fraction) -> str:
        return mixed(value)

    def value_average(self, value: Fraction) -> str:
        return figure_text(value)

    def render_difference(self, record: RecapLine, value: Fraction) -> SafeString | str:
        return link(self.links.explain(record.result_pk), signed(value))

    def value_difference(self, value: Fraction) -> str:
        return figure_text(value)

    def render_running(self, value: Fraction) -> str:
        return signed(value)

    def value_running(self, value: Fraction) -> str:
        return figure_text(value)


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
        return figure_text(value)

    def render_running_swing(self, value: int) -> str:
        return signed(value)

    def value_running_swing(self, value: int) -> str:
        return figure_text(value)
