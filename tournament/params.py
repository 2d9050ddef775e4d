"""The one strict way to read a number or an identifier from a request: path, query or post.

``str.isdigit()`` is not a parser: ``"²".isdigit()`` is true and ``int("²")`` then raises.
PostgreSQL refuses a NUL byte in any text it is given. So every value a view takes from a
request goes through these helpers: ASCII digits only, a bounded length, no NUL, and
``None`` (the view answers 404 or a clear 400) for anything else, never an exception.

The path converters ``num``, ``secret`` and ``letter`` hold the same rule for the path
itself: a number of ten digits (PostgreSQL: "integer out of range"), a table's secret or
a section's letter with any other character matches no URL (404).
"""

from __future__ import annotations

import re
import uuid

from django.urls import register_converter

# Nine digits hold every primary key, board, round and page a club will ever have, and fit an int4.
MAX_DIGITS = 9
_NUMBER = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
_IDENTIFIER = re.compile(r"[A-Za-z0-9_-]+")


def number(raw: object) -> int | None:
    """A whole number written in ASCII digits (at most nine), or None for anything else."""
    if not isinstance(raw, str) or not _NUMBER.fullmatch(raw):
        return None
    return int(raw)


def identifier(raw: object, max_length: int) -> str | None:
    """A short code (a section letter, a table key): ASCII letters, digits, - and _ only, or None."""
    if not isinstance(raw, str) or not 0 < len(raw) <= max_length or not _IDENTIFIER.fullmatch(raw):
        return None
    return raw


def request_key(raw: object) -> uuid.UUID | None:
    """The key a form carries so that a resend saves nothing new, or None if it is not one."""
    if not isinstance(raw, str) or len(raw) > 40:
        return None
    try:
        return uuid.UUID(raw)
    except ValueError:
        return None


class NumberConverter:
    """A number in a URL (an id, a board, a round): one to nine ASCII digits."""

    regex = rf"[0-9]{{1,{MAX_DIGITS}}}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


class SecretConverter:
    """A table's secret in a URL: ``secrets.token_urlsafe`` characters, at most 64."""

    regex = r"[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class LetterConverter(SecretConverter):
    """A section's letter in a URL: up to four ASCII letters or digits."""

    regex = r"[A-Za-z0-9]{1,4}"


register_converter(NumberConverter, "num")
register_converter(SecretConverter, "secret")
register_converter(LetterConverter, "letter")
