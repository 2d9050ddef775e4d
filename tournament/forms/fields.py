"""Form fields shared by the director's forms."""

from __future__ import annotations

from typing import Any

from django import forms

from .. import limits


class NameField(forms.CharField):
    """A name (a player's, a team's, an event's): one line whatever was typed or pasted.

    Line breaks and tabs become one space (``limits.one_line``), as every service that keeps a
    name does too; any other control character is refused on the field.
    """

    def __init__(self, *, what: str, max_length: int, **kwargs: Any) -> None:
        kwargs.setdefault("error_messages", limits.max_length_message(what))
        super().__init__(max_length=max_length, **kwargs)
        self.what = what

    def to_python(self, value: Any) -> str:
        return limits.one_line(super().to_python(value))

    def validate(self, value: Any) -> None:
        super().validate(value)
        problem = limits.name_problem(value, self.max_length or len(value), self.what)
        if problem:
            raise forms.ValidationError(problem, code="not_plain")
