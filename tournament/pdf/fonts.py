"""The fonts every printed document uses, registered once, embedded in each PDF.

DejaVu ships the suit symbols ♠ ♥ ♦ ♣ (the PDF base fonts do not), so a recap prints the
same on any machine and any printer. The TTFs are committed under ``tournament/fonts``;
reportlab embeds the subset of glyphs a document uses.
"""

from __future__ import annotations

import functools
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"

SANS = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
MONO = "DejaVuSansMono"

_FILES = {SANS: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf", MONO: "DejaVuSansMono.ttf"}


@functools.cache
def register_fonts() -> tuple[str, str, str]:
    """Register the three DejaVu faces with reportlab (once per process); returns their names.

    The family maps bold to DejaVuSans-Bold so ``<b>`` works in paragraphs; there is no
    italic face, so italic falls back to the regular one rather than to a font without suits.
    """
    for name, filename in _FILES.items():
        path = FONT_DIR / filename
        if not path.exists():
            raise FileNotFoundError(f"The font {path} is missing: it is committed with the project.")
        pdfmetrics.registerFont(TTFont(name, str(path)))
    pdfmetrics.registerFontFamily(SANS, normal=SANS, bold=BOLD, italic=SANS, boldItalic=BOLD)
    return SANS, BOLD, MONO
