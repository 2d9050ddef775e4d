"""A scored session's file read, and the conventions its producer scored it by.

The file is a PBN 2.1 results file (score tables on its boards) or USEBIO 1.2 XML (spec
§6.1, §6.2), read by the engine into its neutral :class:`~scoring.files.session.Session`.
How the imported night is scored comes from what the file says (PBN ``[Scoring]``, USEBIO
``EVENT_TYPE``) and from the conventions of the program that wrote it, chosen by the name
the file gives it (``Generator``/``[Application]``, ``PROGRAM_NAME``), never by the file's
name: see :func:`conventions_of`. The director may change any setting afterwards.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from scoring.files import session as model
from scoring.files.pbn_session import read_pbn_session
from scoring.files.usebio import read_usebio
from scoring.shared.errors import ScoringError

from ..models import Event, SessionFile

MOST_BYTES = 5_000_000
"""The largest results file taken: a session of 40 tables and 42 boards is under 200 kB."""

METHODS = {
    model.Method.MATCHPOINTS: Event.Method.MATCHPOINTS,
    model.Method.BUTLER: Event.Method.BUTLER,
    model.Method.CROSS_IMPS: Event.Method.CROSS_IMPS,
}


class SessionRefused(Exception):
    """A results file that cannot be imported; the message says why, naming the line or the board."""


# Reading --------------------------------------------------------------------------------------


def read_session(content: bytes) -> tuple[model.Session, str]:
    """The file as the engine's session, and its format: USEBIO when it is XML, else PBN."""
    if not isinstance(content, bytes | bytearray):
        raise SessionRefused("A results file is read as it was uploaded, as bytes.")
    if len(content) > MOST_BYTES:
        raise SessionRefused(
            f"The file is {len(content) // 1000:,} kB; a session's results file is at most "
            f"{MOST_BYTES // 1000:,} kB."
        )
    head = bytes(content[:200]).lstrip(b"\xef\xbb\xbf \t\r\n")
    xml = head.startswith(b"<") or head.startswith((b"\xff\xfe", b"\xfe\xff"))
    try:
        if xml:
            return read_usebio(bytes(content)), SessionFile.Format.USEBIO
        return read_pbn_session(bytes(content)), SessionFile.Format.PBN
    except ScoringError as error:
        raise SessionRefused(str(error)) from error


# The producer's conventions -------------------------------------------------------------------


def family_of(event: model.Event) -> str:
    """The program family that wrote the file, from the names the file gives its producer."""
    words = f"{event.producer.name} {event.producer.application}".lower()
    if any(name in words for name in ("ruter", "magic contest", "brenning")):
        return "brenning"
    if "compscore" in words:
        return "compscore"
    if "acbl" in words:
        return "acblscore"
    return ""


def conventions_of(session: model.Session) -> tuple[dict[str, Any], list[str]]:
    """The event's scoring settings for the file: what it names, and its producer's conventions.

    * The method: matchpoints, Butler or cross-IMPs, as the file names it (``Method.of``).
    * Matchpoints on the European scale (2 a score beaten, 1 a tie), the ACBL scale for
      ACBLscore or a file whose method says ACBL; Neuberg for boards with fewer results.
    * Butler: ``Butler-2`` (Magic Contest) leaves 2 scores out of the datum, one at each
      end; otherwise the spec's default (one at each end above four scores). The datum is
      rounded to the nearest ten, a five away from zero (spec §3.2).
    * Cross-IMPs: averaged over the comparisons for Compscore (its files show it) or a file
      that says Average; summed otherwise, as Ruter does, whose Average plus is worth
      1.5 IMPs against every other table (its files show 58.5 beside 39 tables).
    * Sit-outs scaled to the full movement by Compscore and ACBLscore at matchpoints, and
      wherever the file gives a sitting-out pair a "Bye" row of its own average.
    """
    event = session.event
    method = session.method
    words = f"{event.event_type};{event.scoring}".upper().replace(" ", "")
    family = family_of(event)
    if method not in METHODS:
        what = "a teams event" if method is model.Method.TEAMS else "no method this product scores"
        raise SessionRefused(
            f"The file's scoring ({event.scoring or event.event_type or 'not named'}) is {what}: the "
            "import takes pairs sessions scored by matchpoints, Butler IMPs or cross-IMPs."
        )
    producer = event.producer.name or event.producer.application or "its program"
    settings: dict[str, Any] = {"method": METHODS[method]}
    notes = []
    if method is model.Method.MATCHPOINTS:
        acbl = family == "acblscore" or "ACBL" in words
        settings["scale"] = Event.Scale.ACBL if acbl else Event.Scale.EUROPEAN
        settings["neuberg"] = True
        notes.append(
            f"Matchpoints on the {'ACBL' if acbl else 'European'} scale with Neuberg for boards with "
            "fewer results, as the file's method names them."
        )
    elif method is model.Method.BUTLER:
        dropped = _butler_drop(words)
        settings["datum_drop"] = dropped
        settings["datum_rounding"] = Event.DatumRounding.NEAREST10
        notes.append(
            "Butler: "
            + (
                f"{dropped} score(s) left out of the datum at each end, as the file's method says"
                if dropped is not None
                else "one score left out of the datum at each end when a board has more than four"
            )
            + "; the datum rounded to the nearest ten."
        )
    else:
        average = family == "compscore" or "AVERAGE" in words
        settings["cross_imps"] = Event.CrossImps.AVERAGE if average else Event.CrossImps.SUM
        if not average and family == "brenning":
            settings["award_imps"] = Decimal("1.5")
            settings["awards_per_table"] = True
        notes.append(
            f"Cross-IMPs {'averaged over the comparisons' if average else 'summed'}, as {producer} keeps them"
            + (
                "; an Average plus worth 1.5 IMPs against every other table, as Ruter counts it."
                if settings.get("awards_per_table")
                else "."
            )
        )
    byes = any(line.bye for line in session.lines)
    if byes or (method is model.Method.MATCHPOINTS and family in ("compscore", "acblscore")):
        settings["scale_sit_outs"] = True
        notes.append(
            "A pair that played fewer boards has its total scaled to the full movement, as "
            + ("the file's Bye rows show." if byes else f"{producer} prints it.")
        )
    return settings, notes


def _butler_drop(words: str) -> int | None:
    for part in words.split(";"):
        if part.startswith("BUTLER-") and part[7:].isascii() and part[7:].isdigit():
            return max(int(part[7:]) // 2, 0)
    return None
