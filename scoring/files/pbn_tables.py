"""PBN 2.1 tables: the ``ScoreTable``, ``TotalScoreTable`` and ``OptimumResultTable`` sections.

A table tag's value lists its columns, separated by ``;``, each a name with an optional
format: ``Name\\<width><L|R>`` ("MP_NS\\4R": four characters, right aligned). Data rows
follow the tag, one per line, tokens separated by white space (PBN 2.1 §5.3; spec §6.1):

* a token in double quotes is a string and may hold spaces (``"Ann Able - Bob Baker"``); a
  backslash escapes a quote or a backslash inside it;
* an unquoted ``-`` is a missing value (``None`` here); a quoted ``"-"`` is the text "-";
* an unquoted ``#`` repeats the value the row above had in that column (a reading: PBN uses
  ``#`` for "as before" in tag values, and some programs carry it into tables).

Every row must hold one token for each column; a row with too few or too many is a
:class:`PbnError` naming its line. :func:`write_table` writes a table back with each column
padded to its width (left or right as its format says), strings quoted, missing values as
``-``, as the spec's §6.1 example shows.

The ``% <META name=... content="...">`` escape lines with which Ruter and Magic Contest
open their files (Generator, Version, BoardCount, CRSession ...) are read by :func:`read_meta`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..shared.errors import PbnError, quoted
from .pbn import Tag, decode, one_line

__all__ = [
    "Cell",
    "Column",
    "Table",
    "column_widths",
    "parse_columns",
    "read_meta",
    "read_table",
    "split_row",
    "write_table",
]

_COLUMN = re.compile(r"^\s*([^\\;\s]+)\s*(?:\\\s*(\d+)\s*([LRlr])?)?\s*$")
_META = re.compile(r'^%\s*<META\s+name=(?P<name>[^\s>]+)\s+content="(?P<content>[^"]*)"\s*>', re.IGNORECASE)

Cell = str | None
"""One value of a table row: its text, or ``None`` where the file wrote ``-`` (missing)."""


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a PBN table: its name and, when given, its width and alignment (PBN 2.1 §5.3)."""

    name: str
    width: int | None = None
    align: str | None = None

    @property
    def spec(self) -> str:
        """The column as a table tag writes it: ``MP_NS\\4R``, or the bare name."""
        if self.width is None:
            return self.name
        return f"{self.name}\\{self.width}{self.align or ''}"


@dataclass(frozen=True, slots=True)
class Table:
    """A table section: the tag's name, its columns and its rows, and where they were read."""

    name: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    line: int = field(default=0, compare=False)
    row_lines: tuple[int, ...] = field(default=(), compare=False)

    def has(self, name: str) -> bool:
        """Whether the table has a column of that name."""
        return any(column.name == name for column in self.columns)

    def index(self, name: str) -> int | None:
        """The position of the named column, or None when the table has no such column."""
        for position, column in enumerate(self.columns):
            if column.name == name:
                return position
        return None

    def records(self) -> list[dict[str, Cell]]:
        """Each row as a mapping from column name to value."""
        names = [column.name for column in self.columns]
        return [dict(zip(names, row, strict=True)) for row in self.rows]

    def row_line(self, position: int) -> int:
        """The file line of the row at ``position`` (0 when the table was not read from a file)."""
        return self.row_lines[position] if position < len(self.row_lines) else 0


def parse_columns(spec: str, line: int = 0) -> tuple[Column, ...]:
    """The columns a table tag's value names: ``"Table\\2R;Round\\2R;Contract\\4L"`` (PBN 2.1 §5.3)."""
    columns: list[Column] = []
    for part in spec.split(";"):
        if not part.strip():
            continue
        match = _COLUMN.match(part)
        if match is None:
            raise PbnError(
                f"Line {line}: the table column {quoted(part)} is not a name with an optional width "
                "and alignment, such as MP_NS\\4R."
            )
        name, width, align = match.groups()
        columns.append(Column(name, int(width) if width else None, align.upper() if align else None))
    if not columns:
        raise PbnError(f"Line {line}: the table names no columns; write them as Table\\2R;Round\\2R;...")
    names = [column.name for column in columns]
    doubled = sorted({name for name in names if names.count(name) > 1})
    if doubled:
        raise PbnError(f"Line {line}: the table names the column {doubled[0]} twice.")
    return tuple(columns)


def split_row(text: str, line: int = 0) -> list[tuple[str, bool]]:
    """The tokens of one data row, each with whether it was quoted (PBN 2.1 §5.3)."""
    tokens: list[tuple[str, bool]] = []
    position, length = 0, len(text)
    while position < length:
        char = text[position]
        if char.isspace():
            position += 1
            continue
        if char == '"':
            chars: list[str] = []
            position += 1
            while True:
                if position >= length:
                    raise PbnError(f"Line {line} opens a quoted value that it never closes: {quoted(text)}.")
                char = text[position]
                if char == "\\" and position + 1 < length:
                    chars.append(text[position + 1])
                    position += 2
                    continue
                position += 1
                if char == '"':
                    break
                chars.append(char)
            tokens.append(("".join(chars), True))
            continue
        end = position
        while end < length and not text[end].isspace() and text[end] != '"':
            end += 1
        tokens.append((text[position:end], False))
        position = end
    return tokens


def read_table(tag: Tag) -> Table:
    """Read a table tag and its rows into a :class:`Table` (PBN 2.1 §5.3).

    A row with a different number of tokens than the table has columns is refused, naming
    the row's line; so is an unquoted ``#`` on the first row, which has no row above it.
    """
    columns = parse_columns(tag.value, tag.line)
    rows: list[tuple[Cell, ...]] = []
    lines = tag.section_lines or tuple(0 for _ in tag.section)
    for text, number in zip(tag.section, lines, strict=True):
        tokens = split_row(text, number)
        if len(tokens) != len(columns):
            have = _count(len(tokens))
            raise PbnError(
                f"Line {number}: this {tag.name} row has {'only ' if len(tokens) < len(columns) else ''}"
                f"{have} but the table has {_count(len(columns), 'column')} "
                f"({'; '.join(column.name for column in columns)}); write - for a missing value."
            )
        row: list[Cell] = []
        for position, (token, was_quoted) in enumerate(tokens):
            if not was_quoted and token == "-":
                row.append(None)
            elif not was_quoted and token == "#":
                if not rows:
                    raise PbnError(f"Line {number}: # repeats the row above, but this is the first row.")
                row.append(rows[-1][position])
            else:
                row.append(token)
        rows.append(tuple(row))
    return Table(tag.name, columns, tuple(rows), tag.line, tuple(lines))


def write_table(table: Table, *, quote: Iterable[str] = ()) -> list[str]:
    """The lines of a table: the tag, then each row with its columns padded to their widths.

    Values in columns named in ``quote`` are always quoted, as are values holding a space,
    a quote or nothing at all; ``None`` is written ``-``. A column without a width is
    separated by one space, like the others.
    """
    always = set(quote)
    spec = ";".join(column.spec for column in table.columns)
    lines = [f'[{table.name} "{spec}"]']
    for row in table.rows:
        if len(row) != len(table.columns):
            raise PbnError(
                f"A {table.name} row has {_count(len(row))} but the table has "
                f"{_count(len(table.columns), 'column')}."
            )
        cells = []
        for column, value in zip(table.columns, row, strict=True):
            text = _token(value, column.name in always)
            width = column.width or 0
            cells.append(text.ljust(width) if column.align == "L" else text.rjust(width))
        lines.append(" ".join(cells).rstrip())
    return lines


def read_meta(source: bytes | str) -> dict[str, str]:
    """The ``% <META name=X content="Y">`` lines of a file, as a mapping (Ruter, Magic Contest)."""
    text = decode(source) if isinstance(source, bytes) else source
    meta: dict[str, str] = {}
    for raw in text.splitlines():
        if not raw.startswith("%"):
            if raw.startswith("["):
                break
            continue
        match = _META.match(raw)
        if match is not None:
            meta.setdefault(match.group("name"), match.group("content"))
    return meta


def _token(value: Cell, always_quoted: bool) -> str:
    if value is None:
        return "-"
    value = one_line(value)  # a row is one line: a name's line break would cut it in two
    if always_quoted or not value or value in ("-", "#") or any(c.isspace() or c in '"\\;{' for c in value):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return value


def _count(number: int, word: str = "value") -> str:
    return f"one {word}" if number == 1 else f"{number} {word}s"


def column_widths(
    columns: Sequence[Column], rows: Sequence[Sequence[Cell]], quote: Iterable[str] = ()
) -> tuple[Column, ...]:
    """The columns widened to fit every value they hold, keeping names and alignment.

    A writer builds its rows first, then sizes the columns with this, so the file lines up
    as the programs that read PBN by eye expect (spec §6.1).
    """
    always = set(quote)
    sized = []
    for position, column in enumerate(columns):
        width = max([column.width or 1] + [len(_token(row[position], column.name in always)) for row in rows])
        sized.append(Column(column.name, width, column.align or "R"))
    return tuple(sized)
