"""Time a long note in a PDF at n and 4n characters: the cost must grow no faster than the text.

A ruling's note is bounded to ``tournament.limits.NOTE`` characters by its form and its
service, but no user text may make a document grow faster than its length. reportlab
re-wraps what is left of a paragraph at every page break, so one paragraph of n characters
costs about n²; ``tournament.pdf.base.notes`` lays long text out in pieces of ``PIECE``
characters, each wrapped once. This script builds the notes of a recap sheet (the ``note``
style, through ``pieces``) with a note of 25,000 and of 100,000 characters, each the best of
three, taken in turn within one run, and prints the CPU seconds and the ratio large / small;
beside it, the same text as one paragraph, as it was laid out before. It exits 1 when the
ratio of the pieces passes 4.5.

    DEBUG=1 .venv/bin/python benchmarks/free_text.py
"""

from __future__ import annotations

import io
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SMALL = 25_000
SCALE = 4
LIMIT = 4.5
REPEATS = 3
WORDS = [
    "the",
    "director",
    "ruled",
    "a",
    "revoke",
    "established",
    "on",
    "trick",
    "seven",
    "by",
    "East",
    "after",
    "the",
    "claim",
]


def note(length: int) -> str:
    chosen = random.Random(length)
    words: list[str] = []
    while sum(len(w) + 1 for w in words) < length:
        words.append(chosen.choice(WORDS))
    return " ".join(words)[:length]


def cpu(build: Callable[[], None]) -> float:
    start = time.process_time()
    build()
    return time.process_time() - start


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    import django

    django.setup()
    from django.utils.html import escape
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    from tournament.pdf.base import pieces, styles

    style = styles()["note"]

    def document(paragraphs: list[str]) -> Callable[[], None]:
        return lambda: SimpleDocTemplate(io.BytesIO()).build(
            [Paragraph(escape(p), style) for p in paragraphs]
        )

    ways = {"in pieces (now)": pieces, "one paragraph (before)": lambda text: [text]}
    texts = {"small": note(SMALL), "large": note(SCALE * SMALL)}
    best: dict[tuple[str, str], float] = {}
    for _ in range(REPEATS):
        for way, split in ways.items():
            for size, text in texts.items():
                seconds = cpu(document(split(text)))
                best[way, size] = min(best.get((way, size), seconds), seconds)
    print(f"{'layout':<24}{'25k chars':>12}{'100k chars':>12}{'ratio':>8}")
    ratios = {}
    for way in ways:
        small, large = best[way, "small"], best[way, "large"]
        ratios[way] = large / small
        print(f"{way:<24}{small:>12.3f}{large:>12.3f}{ratios[way]:>8.2f}")
    if ratios["in pieces (now)"] > LIMIT:
        print(f"FAIL: four times the text costs more than {LIMIT} times as much")
        return 1
    print(f"ok: four times the text costs at most {LIMIT} times as much")
    return 0


if __name__ == "__main__":
    sys.exit(main())
