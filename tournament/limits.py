"""How much free text a director or a table may write: bounded to what a club night needs.

A note of a ruling is printed on the recap sheets and the rulings log; a megabyte of it
was accepted once and the recap PDF then took a quarter of an hour. Every free-text
field is bounded here, checked by its form (the message sits on the field) and again by
the service that saves it, so no path (a command, a tampered post) gets past the bound.
The figures: a ruling's note of what happened, 500 characters (a paragraph; the longest
the engine writes for Law B is under 250); a reason for a correction, a deletion, a
dispute or an undone ruling, 200 (a sentence); a law, 40; a name, 80; an event's name, 120;
a membership number, 20; an email address, 254 (the most SMTP carries, RFC 5321).
"""

from __future__ import annotations

import unicodedata

NOTE = 500
REASON = 200
LAW = 40
NAME = 80
EVENT_NAME = 120
MEMBER_NUMBER = 20
EMAIL = 254
ASSIGNED = 80  # an assigned contract result, "4HX N =", or a weighted one: "60% 4S N =, 40% 4S N -1"


def too_long(text: str, limit: int, what: str) -> str:
    """Why ``text`` cannot be kept as ``what`` (too long, or a NUL character), or '' when it can."""
    if "\x00" in text:
        return f"{what} cannot contain a NUL character."
    if len(text) > limit:
        return f"{what} is {len(text):,} characters long: keep it to {limit} at most."
    return ""


def one_line(text: str) -> str:
    """``text`` as a name is kept: one line, every run of spaces, tabs and line breaks (CR, LF,
    U+2028, U+2029 and their kin) made one space, and none at either end. A name is printed on
    one line of a recap, a spreadsheet cell and a PBN tag, which has no way to break a line."""
    return " ".join(text.split())


def name_problem(text: str, limit: int, what: str) -> str:
    """Why the name ``text`` (made ``one_line`` first) cannot be kept, or '' when it can:
    too long, or holding a control character that is not a space (NUL, ESC, ...)."""
    problem = too_long(text, limit, what)
    if not problem and any(unicodedata.category(c) == "Cc" for c in text):
        problem = f"{what} cannot contain a control character: type it again as plain text."
    return problem


def max_length_message(what: str) -> dict[str, str]:
    """A form field's message for text over its bound, in the words ``too_long`` uses."""
    return {"max_length": f"{what} is %(show_value)d characters long: keep it to %(limit_value)d at most."}
