"""A small, safe XML reader for results files: an element tree with line numbers.

USEBIO files are read with expat, as the standard library has it, never with more: no
external entity or DTD is ever fetched; a document type with an internal subset (where
entities, and the "billion laughs", are declared) is refused, and so is any ENTITY
declaration or an entity the file never declares; the file's size and nesting are bounded.
The standard ``<!DOCTYPE USEBIO SYSTEM "...usebio_v1_2.dtd">`` line is accepted and its DTD
not read. Each element keeps the line it starts on, so every refusal names element and line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from xml.parsers import expat

from ..shared.errors import UsebioError
from .session import too_many

__all__ = ["DOCTYPE", "LARGEST_FILE", "Element", "parse_xml"]

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
"""The document type line of a USEBIO 1.2 file, the only one accepted."""

LARGEST_FILE = 20_000_000
"""No club session's results file is larger; a bigger upload is refused before parsing."""

_DEEPEST = 32
MOST_ELEMENTS = 200_000
"""No results file holds more elements (a session of 10,000 traveller lines, the most one holds,
has about 130,000); a file that does is refused at the first one past it, before the tree grows."""
_ENCODING = re.compile(rb"""^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")
_EXPAT_ENCODINGS = {"utf-8", "utf8", "us-ascii", "ascii", "iso-8859-1", "latin-1", "latin1", "utf-16"}


@dataclass(slots=True)
class Element:
    """One XML element: its name, attributes, text, children, and the line it starts on."""

    name: str
    attributes: dict[str, str]
    line: int
    children: list[Element] = field(default_factory=list)
    text_parts: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The element's own text, trimmed."""
        return "".join(self.text_parts).strip()

    def child(self, name: str) -> Element | None:
        """The first child of that name, or None."""
        return next((child for child in self.children if child.name == name), None)

    def all(self, name: str) -> list[Element]:
        """Every child of that name, in order."""
        return [child for child in self.children if child.name == name]

    def value(self, name: str) -> str:
        """The text of the first child of that name; "" when there is none."""
        child = self.child(name)
        return "" if child is None else child.text


def parse_xml(data: bytes, most: Mapping[str, tuple[int, str]] | None = None) -> Element:
    """Parse XML safely: no DTD fetched, no entity declared, size and depth bounded; lines kept.

    ``most`` bounds the elements of a name (``{"PAIR": (400, "pairs")}``): the parse stops at
    the first one past its bound, and the refusal counts them all in the file's bytes.
    """
    most = most or {}
    counts = dict.fromkeys(most, 0)
    seen = 0
    if not isinstance(data, bytes | bytearray):
        raise UsebioError("A USEBIO file is read as bytes, as uploaded.")
    if len(data) > LARGEST_FILE:
        raise UsebioError(
            f"This file is {len(data):,} bytes; a session's results file is never larger than "
            f"{LARGEST_FILE:,}, so it is not read."
        )
    data = bytes(data)
    source: bytes | str = data
    declared = _ENCODING.match(data)
    if declared is not None and declared.group(1).decode("ascii").lower() not in _EXPAT_ENCODINGS:
        try:
            text = data.decode(declared.group(1).decode("ascii"))
        except (LookupError, UnicodeDecodeError):
            raise UsebioError(
                f"This file says it is written in {declared.group(1).decode('ascii', 'replace')}, "
                "but it cannot be read so; save it as UTF-8."
            ) from None
        source = re.sub(r"""^(\s*<\?xml[^>]*?)\s+encoding\s*=\s*["'][^"']*["']""", r"\1", text, count=1)
    elif declared is None and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            source = data.decode("latin-1")  # older programs write ISO-8859-1 without saying so
    parser = expat.ParserCreate()
    root: list[Element] = []
    stack: list[Element] = []

    def start(name: str, attributes: dict[str, str]) -> None:
        nonlocal seen
        seen += 1
        if seen > MOST_ELEMENTS:
            raise UsebioError(
                f"Line {parser.CurrentLineNumber}: this file holds more than {MOST_ELEMENTS:,} elements; "
                "no session's results file holds so many, so it is not read."
            )
        if name in counts:
            counts[name] += 1
            bound, what = most[name]
            if counts[name] > bound:
                found = len(re.findall(b"<" + name.encode() + rb"[\s/>]", data))
                raise UsebioError(too_many(what, max(found, bound + 1), bound, more=found <= bound))
        element = Element(name, dict(attributes), parser.CurrentLineNumber)
        if stack:
            stack[-1].children.append(element)
        elif root:
            raise UsebioError(f"Line {element.line}: a second root element <{name}>; a file has one.")
        else:
            root.append(element)
        stack.append(element)
        if len(stack) > _DEEPEST:
            raise UsebioError(f"Line {element.line}: <{name}> is nested too deeply for a results file.")

    def end(name: str) -> None:
        stack.pop()

    def characters(text: str) -> None:
        if stack:
            stack[-1].text_parts.append(text)

    def doctype(name: str, system_id: str | None, public_id: str | None, has_internal_subset: int) -> None:
        if has_internal_subset:
            raise UsebioError(
                f"Line {parser.CurrentLineNumber}: the document type declares its own entities or elements; "
                f"a USEBIO file has only {DOCTYPE}, so this file is refused."
            )

    def entity(*_: object) -> None:
        raise UsebioError(
            f"Line {parser.CurrentLineNumber}: the file declares an ENTITY; a USEBIO file declares none, "
            "so it is refused."
        )

    def external(*_: object) -> int:
        raise UsebioError(
            f"Line {parser.CurrentLineNumber}: the file refers to an outside entity; it is not fetched, "
            "and the file is refused."
        )

    def skipped(name: str, is_parameter_entity: int) -> None:
        raise UsebioError(
            f"Line {parser.CurrentLineNumber}: the file uses the entity &{name}; that it never declares, "
            "so its text cannot be read."
        )

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.ExternalEntityRefHandler = external
    parser.SkippedEntityHandler = skipped
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        parser.Parse(source, True)
    except expat.ExpatError as error:
        reason = expat.ErrorString(error.code) if error.code else str(error)
        raise UsebioError(
            f"Line {error.lineno}: this is not well-formed XML ({reason}), so it cannot be a USEBIO file."
        ) from None
    if not root:
        raise UsebioError("This file holds no XML element, so it is not a USEBIO file.")
    return root[0]
