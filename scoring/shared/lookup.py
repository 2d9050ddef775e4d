"""Reading an enum member from the text a director or a file gives: the shared body of ``parse()``.

Each vocabulary enum of the engine reads its members the same way: a member is returned as it
is; a text is normalised (spaces trimmed, case folded, separators unified), an alias is
replaced by the code it stands for, and the member whose key equals the result is returned;
anything else is refused with the enum's own :class:`~scoring.shared.errors.ScoringError`, whose
message names the law. What differs from enum to enum is passed in.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TypeVar

from .errors import ScoringError

E = TypeVar("E", bound=enum.Enum)

NO_ALIASES: Mapping[str, str] = MappingProxyType({})


def plain(text: str) -> str:
    """Trim and lower-case: " Points " reads as "points"."""
    return text.strip().lower()


def snake(text: str) -> str:
    """Trim, lower-case, and join words with "_": "Exposed card" and "exposed-card" read as "exposed_card"."""
    return text.strip().lower().replace("-", "_").replace(" ", "_")


def kebab(text: str) -> str:
    """Trim, lower-case, and join words with "-": "new deal" and "new_deal" read as "new-deal"."""
    return text.strip().lower().replace("_", "-").replace(" ", "-")


def lookup(
    cls: type[E],
    text: object,
    *,
    key: Callable[[E], str],
    error: Callable[[object], ScoringError],
    normalise: Callable[[str], str] = plain,
    aliases: Mapping[str, str] = NO_ALIASES,
) -> E:
    """The member of ``cls`` that ``text`` names, for an enum's ``parse()``.

    A member of ``cls`` is returned unchanged. A string is passed through ``normalise``, then
    ``aliases`` (normalised text to key), and matched against each member's ``key`` in
    definition order. Anything else, and a string that matches no member, raises
    ``error(text)``: the enum's own refusal, citing the law that lists the choices.
    """
    if isinstance(text, cls):
        return text
    if isinstance(text, str):
        wanted = normalise(text)
        wanted = aliases.get(wanted, wanted)
        for member in cls:
            if key(member) == wanted:
                return member
    raise error(text)
