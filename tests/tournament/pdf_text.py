"""Read a PDF back as a person's tools would: its text (pdftotext -layout), pages (pdfinfo), fonts (pdffonts).

poppler-utils is a system dependency (make system-deps); these helpers run its commands on the bytes.
"""

from __future__ import annotations

import subprocess
import tempfile
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from scoring.shared.numbers import mixed_text, round_half_away


@dataclass(frozen=True)
class ReadBack:
    text: str
    pages: list[str]
    page_count: int
    page_size: str
    fonts: list[tuple[str, str]]  # (font name, embedded "yes"/"no")

    def page_of(self, needle: str) -> int:
        """The 1-based page whose text holds ``needle``."""
        return next(number for number, page in enumerate(self.pages, start=1) if needle in page)


def read_pdf(content: bytes) -> ReadBack:
    assert content.startswith(b"%PDF-"), "not a PDF"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "document.pdf"
        path.write_bytes(content)
        text = _run("pdftotext", "-layout", str(path), "-")
        info = _run("pdfinfo", str(path))
        fonts = _fonts(_run("pdffonts", str(path)))
    fields = dict(line.split(":", 1) for line in info.splitlines() if ":" in line)
    pages = text.split("\f")
    if pages and not pages[-1].strip():
        pages = pages[:-1]
    return ReadBack(text, pages, int(fields["Pages"]), fields["Page size"].strip(), fonts)


def _run(*command: str) -> str:
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def _fonts(listing: str) -> list[tuple[str, str]]:
    lines = listing.splitlines()
    rule = lines[1]
    columns = [
        index for index, char in enumerate(rule) if char == "-" and (index == 0 or rule[index - 1] == " ")
    ]
    emb = columns[3]  # name, type, encoding, emb, sub, uni, object ID
    return [(line[: columns[1]].strip(), line[emb : emb + 3].strip()) for line in lines[2:] if line.strip()]


def shown(value: Fraction | int) -> str:
    """A figure as the sheets print it: exact, signed, with a true minus sign ("+49 2/3", "−50", "0")."""
    value = Fraction(value)
    text = mixed_text(value)
    return f"+{text}" if value > 0 else text.replace("-", "−")


def shown_rounded(value: Fraction | int) -> str:
    """The whole figure a standings table prints: halves away from zero (reading R-7), signed."""
    return shown(round_half_away(Fraction(value)))


def plain(value: Fraction | int) -> str:
    """An exact figure without a plus sign: "183 1/3", "−40"."""
    return mixed_text(Fraction(value)).replace("-", "−")


def raw_pages(content: bytes) -> list[str]:
    """Each page's text in drawing order (pdftotext -raw), whitespace collapsed to single spaces.

    A table is drawn row by row and cell by cell, so a row reads as its cells in order even where a
    cell wraps onto two lines (which -layout would print above and below the row).
    """
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "document.pdf"
        path.write_bytes(content)
        text = _run("pdftotext", "-raw", str(path), "-")
    pages = text.split("\f")
    if pages and not pages[-1].strip():
        pages = pages[:-1]
    return [" ".join(page.split()) for page in pages]
