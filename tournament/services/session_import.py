"""A scored session another program wrote, imported as a contract bridge night of the club.

The file is a PBN 2.1 results file (score tables on its boards) or USEBIO 1.2 XML (spec
§6.1, §6.2), read by the engine into its neutral :class:`~scoring.files.session.Session`.
Its facts become the event's: the names become the club's players (an existing player is
found by name), the participants pairs, the sections sections, the boards boards with
their deals, and every traveller line a table's result — contract, declarer and tricks,
or a passed-out board — with an artificial adjusted score (A+, A6040...) kept as the
director's ruling under Law 12C2. The figures the producing program computed (each line's
matchpoints or IMPs, each pair's total, percentage and place) are kept apart in a
:class:`~tournament.models.SessionFile`, only to be shown beside the product's own scoring
(``services.session_compare``); they are never read to score.

How the event is scored comes from what the file says (PBN ``[Scoring]``, USEBIO
``EVENT_TYPE``) and from the conventions of the program that wrote it, chosen by the name
the file gives it (``Generator``/``[Application]``, ``PROGRAM_NAME``), never by the file's
name — see :func:`conventions_of`. The director may change any setting afterwards.

Everything is written in one transaction with its audit entry: a file refused anywhere
leaves nothing behind. A refusal is a :class:`SessionRefused` whose sentence names the
line or element (the engine's readers) or the board and pairs (the import's own checks).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from scoring.contests.pairs import natural_key
from scoring.contests.ranking import Place
from scoring.contract.board import dealer as dealer_by_number
from scoring.contract.board import vulnerability as vulnerability_by_number
from scoring.contract.deal import ContractBid, parse_contract
from scoring.files import session as model
from scoring.files.pbn_session import read_pbn_session
from scoring.files.usebio import read_usebio
from scoring.shared.errors import ScoringError
from scoring.shared.seats import Seat

from .. import limits
from ..models import (
    AuditEntry,
    Board,
    BoardPlay,
    Club,
    Event,
    Pair,
    Player,
    Result,
    Ruling,
    Seating,
    Section,
    SessionFile,
    Table,
)
from .players import keep_standings

MOST_BYTES = 5_000_000
"""The largest results file taken: a session of 40 tables and 42 boards is under 200 kB."""

LABEL_LENGTH = 8
METHODS = {
    model.Method.MATCHPOINTS: Event.Method.MATCHPOINTS,
    model.Method.BUTLER: Event.Method.BUTLER,
    model.Method.CROSS_IMPS: Event.Method.CROSS_IMPS,
}


class SessionRefused(Exception):
    """A results file that cannot be imported; the message says why, naming the line or the board."""


@dataclass(frozen=True)
class Imported:
    """What an import did (or, on a dry run, would do): the event, the session, a summary and notes."""

    event: Event | None
    session: int
    summary: str
    notes: tuple[str, ...]
    file: SessionFile | None = None


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


# The plan: the file's facts arranged for the database ----------------------------------------


@dataclass
class SeatingPlan:
    round: int
    table: int
    ns: str
    ew: str
    boards: list[int] = field(default_factory=list)


@dataclass
class SectionPlan:
    """One section of the event, as the file's facts fill it."""

    letter: str
    file_sections: tuple[str, ...]
    movement: str
    labels: dict[tuple[str, str], str] = field(default_factory=dict)  # (file section, id) → label
    seatings: dict[tuple[int, int], SeatingPlan] = field(default_factory=dict)
    lines: list[tuple[model.Line, tuple[int, int]]] = field(default_factory=list)

    def label(self, section: str, id: str) -> str:
        return self.labels[(section, id)]


def _group_sections(session: model.Session) -> tuple[list[tuple[str, ...]], bool]:
    """The file's sections as the event's: each on its own, or all as one field.

    Sections are scored apart when each has its own winner (a place 1 in every section's
    standings); otherwise they were one field (Ruter's cross-IMPs across three sections).
    """
    names = list(
        dict.fromkeys([line.section for line in session.lines] + [p.section for p in session.participants])
    )
    names = [name for name in names if name] or [""]
    if len(names) == 1:
        return [tuple(names)], False
    firsts = {p.section for p in session.participants if p.reported.place and p.reported.place.first == 1}
    if all(name in firsts for name in names):
        return [(name,) for name in names], True
    return [tuple(names)], False


def _two_winner(session: model.Session) -> bool:
    """Two winners, N-S and E-W (spec §7): USEBIO WINNER_TYPE 2, or a place 1 in each direction's list."""
    if session.event.winner_type is not None:
        return session.event.winner_type == 2
    firsts = {p.direction for p in session.participants if p.reported.place and p.reported.place.first == 1}
    return len(firsts) == 2 and None not in firsts


def _label(id: str, section: str, prefix: bool, where: str) -> str:
    label = f"{section}{id}" if prefix else id
    if not label or len(label) > LABEL_LENGTH or not label.isprintable():
        raise SessionRefused(
            f"{where}: pair {id!r} cannot be a pair's number here; a pair's number is 1 to "
            f"{LABEL_LENGTH} printable characters."
        )
    return label


def plan_sections(session: model.Session, letters: Iterable[str]) -> tuple[list[SectionPlan], list[str]]:
    """The event's sections for the file: pairs' labels, seatings, lines; ``letters`` those still free."""
    groups, apart = _group_sections(session)
    free = iter(letters)
    two_winner = _two_winner(session)
    notes: list[str] = []
    plans = []
    for group in groups:
        ids = defaultdict(set)
        for line in session.lines:
            if line.section in group or (line.section == "" and group == ("",)):
                for pair in (line.ns, line.ew):
                    if pair:
                        ids[pair].add(line.section)
        prefix = any(len(sections) > 1 for sections in ids.values())
        letter = group[0] if apart and _usable_letter(group[0]) else next(free)
        plan = SectionPlan(
            letter, group, Section.Movement.MITCHELL if two_winner else Section.Movement.CUSTOM
        )
        for participant in session.participants:
            if participant.section in group or group == ("",) or not participant.section:
                key = (participant.section if participant.section in group else group[0], participant.id)
                plan.labels.setdefault(key, _label(participant.id, key[0], prefix, "The standings"))
        for line in session.lines:
            if line.section not in group and not (line.section == "" and group == ("",)):
                continue
            for pair in (line.ns, line.ew):
                if pair:
                    plan.labels.setdefault(
                        (line.section, pair), _label(pair, line.section, prefix, f"Board {line.board}")
                    )
        _plan_seatings(plan, [line for line in session.lines if line.section in group and not line.bye])
        plans.append(plan)
        if prefix:
            notes.append(
                f"Sections {', '.join(group)} were one field and share pair numbers: each pair's number "
                "is written after its section's letter."
            )
    if len(groups) == 1 and len(groups[0]) > 1:
        notes.append(
            f"Sections {', '.join(groups[0])} were scored as one field: they are one section here, "
            f"{plans[0].letter}."
        )
    return plans, notes


def _usable_letter(text: str) -> bool:
    return 0 < len(text) <= 4 and text.isascii() and text.isalnum()


def _plan_seatings(plan: SectionPlan, lines: Sequence[model.Line]) -> None:
    """Who sat where, each round: the file's tables and rounds, or, when it gives none, rounds made up.

    A file without tables and rounds (USEBIO) says only who met whom on which board: each
    meeting becomes a round at a table, in the order of its first board, in the first round
    where neither pair is already seated.
    """
    played = [line for line in lines if line.ns and line.ew]
    for line in lines:
        if not (line.ns and line.ew) and (line.played or line.adjusted is not None):
            raise SessionRefused(f"Board {line.board}: a result without both pairs' numbers.")
    seen: dict[tuple[int, str], model.Line] = {}
    for line in played:
        for pair in (line.ns, line.ew):
            assert pair is not None
            earlier = seen.setdefault((line.board, f"{line.section}|{pair}"), line)
            if earlier is not line:
                raise SessionRefused(
                    f"Board {line.board}: pair {pair} has two results; a pair plays a board once."
                )
    if played and all(line.table is not None and line.round is not None for line in played):
        offsets = _table_offsets(played)
        for line in played:
            assert line.table is not None and line.round is not None and line.ns and line.ew
            key = (line.round, offsets[line.section] + line.table)
            ns, ew = plan.label(line.section, line.ns), plan.label(line.section, line.ew)
            seating = plan.seatings.setdefault(key, SeatingPlan(key[0], key[1], ns, ew))
            if (seating.ns, seating.ew) != (ns, ew):
                raise SessionRefused(
                    f"Board {line.board}: table {line.table} in round {line.round} seats pairs "
                    f"{seating.ns} and {seating.ew} on other boards, not {ns} and {ew}."
                )
            seating.boards.append(line.board)
            plan.lines.append((line, key))
        busy: dict[tuple[int, str], tuple[int, int]] = {}
        for key, seating in plan.seatings.items():
            for pair in (seating.ns, seating.ew):
                other = busy.setdefault((seating.round, pair), key)
                if other != key:
                    raise SessionRefused(
                        f"Pair {pair} sits at tables {other[1]} and {key[1]} in round {seating.round}."
                    )
        return
    meetings: dict[tuple[str, str], list[model.Line]] = {}
    for line in played:
        assert line.ns and line.ew
        meetings.setdefault(
            (plan.label(line.section, line.ns), plan.label(line.section, line.ew)), []
        ).append(line)
    busy_rounds: dict[str, set[int]] = defaultdict(set)
    tables_in: dict[int, int] = defaultdict(int)
    for (ns, ew), group in sorted(meetings.items(), key=lambda item: min(line.board for line in item[1])):
        round_ = 1
        while round_ in busy_rounds[ns] or round_ in busy_rounds[ew]:
            round_ += 1
        busy_rounds[ns].add(round_)
        busy_rounds[ew].add(round_)
        tables_in[round_] += 1
        key = (round_, tables_in[round_])
        plan.seatings[key] = SeatingPlan(round_, key[1], ns, ew, [line.board for line in group])
        plan.lines.extend((line, key) for line in group)


def _table_offsets(lines: Sequence[model.Line]) -> dict[str, int]:
    """Tables of several file sections made one: each section's tables follow the one before."""
    most: dict[str, int] = {}
    for line in lines:
        most[line.section] = max(most.get(line.section, 0), line.table or 0)
    offsets, total = {}, 0
    for section in most:
        offsets[section] = total
        total += most[section]
    return offsets


# The figures the file reports, kept for the comparison ------------------------------------------


def _text(value: Decimal | None) -> str | None:
    return None if value is None else str(value)


def _place(place: Place | None) -> list[int] | None:
    return None if place is None else [place.first, place.last]


def reported_figures(session: model.Session, plans: Sequence[SectionPlan]) -> dict[str, Any]:
    """The producing program's own figures, as written, keyed by the event's sections and pairs."""
    where: dict[tuple[str, str], tuple[str, str]] = {}
    for plan in plans:
        for key, label in plan.labels.items():
            where[key] = (plan.letter, label)
    method = session.method
    participants = []
    for p in session.participants:
        key = next((k for k in ((p.section, p.id), ("", p.id)) if k in where), None)
        if key is None:
            key = next((k for k in where if k[1] == p.id), None)
        if key is None:
            continue
        letter, label = where[key]
        r = p.reported
        participants.append(
            {
                "id": p.id,
                "section": letter,
                "label": label,
                "names": p.names,
                "direction": p.direction.value if p.direction else "",
                "total": _text(r.total),
                "percent": _text(r.percent),
                "place": _place(r.place),
                "session_total": _text(r.session_total),
                "session_percent": _text(r.session_percent),
                "session_place": _place(r.session_place),
            }
        )
    lines = []
    for line in session.lines:
        ns = where.get((line.section, line.ns)) if line.ns else None
        ew = where.get((line.section, line.ew)) if line.ew else None
        letter = (ns or ew or ("", ""))[0]
        lines.append(
            {
                "board": line.board,
                "section": letter,
                "ns": ns[1] if ns else None,
                "ew": ew[1] if ew else None,
                "contract": line.contract,
                "declarer": line.declarer.value if line.declarer else "",
                "tricks": line.tricks,
                "score": line.score,
                "adjusted": line.adjusted.usebio if line.adjusted else "",
                "bye": line.bye,
                "ns_figure": _text(line.reported.ns),
                "ew_figure": _text(line.reported.ew),
                "percent_ns": _text(line.reported.percent_ns),
                "percent_ew": _text(line.reported.percent_ew),
            }
        )
    return {
        "unit": "MP" if method is model.Method.MATCHPOINTS else "IMPs",
        "participants": participants,
        "lines": lines,
        "datums": {str(board.number): board.datum for board in session.boards if board.datum is not None},
        "cumulative": any(p.reported.session_total is not None for p in session.participants),
        "session_of": [session.event.session, session.event.session_count],
    }


# Writing --------------------------------------------------------------------------------------


def _free_letters(taken: Iterable[str]) -> Iterable[str]:
    used = set(taken)
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        if letter not in used:
            yield letter
    for first in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        for second in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            if first + second not in used:
                yield first + second


def _players(
    club: Club, session: model.Session, notes: list[str]
) -> dict[tuple[str, str], tuple[Player, Player]]:
    """Each participant's two players, found in the club's list by name or added to it.

    A participant with other than two names, or whose names another pair of the file already
    took (a player sits in one pair of a session), is left unnamed: names to come.
    """
    wanted: dict[tuple[str, str], tuple[model.Player, model.Player]] = {}
    taken: set[str] = set()
    unnamed = []
    for p in session.participants:
        people = [person for person in p.players if person.name.strip()]
        names = [" ".join(person.name.split()) for person in people]
        keys = [name.casefold() for name in names]
        if len(people) != 2 or keys[0] == keys[1] or taken & set(keys):
            if people:
                unnamed.append(p.id)
            continue
        taken.update(keys)
        for name in names:
            if len(name) > limits.NAME or "\x00" in name:
                raise SessionRefused(
                    f"Pair {p.id}: the name {name[:40]!r}... is longer than the {limits.NAME} characters "
                    "a player's name may have."
                )
        wanted[(p.section, p.id)] = (
            model.Player(names[0], people[0].member_id, people[0].club_id),
            model.Player(names[1], people[1].member_id, people[1].club_id),
        )
    if unnamed:
        notes.append(
            f"Pair(s) {', '.join(unnamed[:10])} have no two names of their own in the file: names to come."
        )
    every = {person.name: person for pair in wanted.values() for person in pair}
    found = {player.name: player for player in Player.objects.filter(club=club, name__in=list(every))}
    missing = [name for name in every if name not in found]
    Player.objects.bulk_create(
        [
            Player(club=club, name=name, number=every[name].member_id[: limits.MEMBER_NUMBER])
            for name in missing
        ]
    )
    if missing:
        found.update({player.name: player for player in Player.objects.filter(club=club, name__in=missing)})
        notes.append(f"{len(missing)} player(s) added to the club's list.")
    return {key: (found[first.name], found[second.name]) for key, (first, second) in wanted.items()}


def import_session(
    *,
    club: Club,
    user: Any,
    content: bytes,
    name: str,
    event: Event | None = None,
    dry_run: bool = False,
) -> Imported:
    """Import a scored session as a new event of the club, or as the next session of ``event``.

    All or nothing: one transaction, with its audit entry; on a dry run everything is
    checked and nothing kept.
    """
    session, format = read_session(content)
    settings, notes = conventions_of(session)
    if session.event.competition is not model.Competition.PAIRS:
        raise SessionRefused("The file holds a teams or individual event: the import takes pairs sessions.")
    if not any(line.played or line.adjusted is not None for line in session.lines):
        raise SessionRefused("The file holds no table's result: there is no session to import.")
    name = "".join(c for c in name if c.isprintable())[:120] or "results file"
    try:
        with transaction.atomic():
            imported = _write(club, user, session, format, content, name, settings, notes, event)
            if dry_run:
                transaction.set_rollback(True)
                return Imported(
                    None, imported.session, "Checked, nothing changed: " + imported.summary, imported.notes
                )
            return imported
    except IntegrityError as error:
        raise SessionRefused(
            f"The file's facts contradict each other and cannot be kept ({error}); nothing was imported."
        ) from error


def _write(
    club: Club,
    user: Any,
    session: model.Session,
    format: str,
    content: bytes,
    name: str,
    settings: dict[str, Any],
    notes: list[str],
    event: Event | None,
) -> Imported:
    if event is None:
        event = Event.objects.create(
            club=club,
            name=(session.event.name or name)[: limits.EVENT_NAME],
            date=session.event.date or timezone.localdate(),
            game=Event.Game.CONTRACT,
            form=Event.Form.PAIRS,
            status=Event.Status.LOCKED,
            **settings,
        )
        number = 1
    else:
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.club_id != club.pk or not event.is_contract or event.is_teams:
            raise SessionRefused("A session is added only to a contract bridge pairs event of the same club.")
        if event.method != settings["method"]:
            raise SessionRefused(
                f"The file is scored by {Event.Method(settings['method']).label.lower()}, the event by "
                f"{event.get_method_display().lower()}: a night's sessions are scored alike."
            )
        number = max((s.session for s in event.sections.all()), default=0) + 1
        notes = [f"Added as session {number} of {event.name}; the event's own settings score it."]
        if session.event.session is not None and session.event.session != number:
            notes.append(f"The file says it holds session {session.event.session}.")
    plans, more = plan_sections(session, _free_letters(event.sections.values_list("letter", flat=True)))
    notes.extend(more)
    players = _players(club, session, notes)
    counts = defaultdict(int)
    for plan in plans:
        for key, value in _write_section(event, number, plan, session, players, user).items():
            counts[key] += value
    byes = sum(line.bye for line in session.lines)
    if byes:
        notes.append(f"{byes} Bye row(s) name a pair that sat out: kept only in the file's figures.")
    blank = sum(not line.bye and not line.played and line.adjusted is None for line in session.lines)
    if blank:
        notes.append(f"{blank} traveller line(s) hold no result and were left out.")
    figures = reported_figures(session, plans)
    kept = SessionFile.objects.create(
        event=event,
        session=number,
        name=name,
        format=format,
        producer=" ".join(filter(None, (session.event.producer.name, session.event.producer.version)))[:120],
        scoring=(session.event.scoring or session.event.event_type)[:120],
        digest=hashlib.sha256(content).hexdigest(),
        figures=figures,
        notes=notes,
        imported_by=user,
    )
    summary = (
        f"Imported {name} as session {number} of {event.name}: {counts['pairs']} pairs, "
        f"{counts['boards']} boards, {counts['results']} results, {counts['rulings']} adjusted scores."
    )
    AuditEntry.objects.create(
        event=event,
        action=AuditEntry.Action.EVENT,
        subject=f"Session {number} imported from {name}"[:120],
        user=user,
        after={"file": name, "format": format, "sha256": kept.digest, **counts},
        reason=(session.event.producer.name or "")[: limits.NOTE],
    )
    keep_standings(event)
    return Imported(event, number, summary, tuple(notes), kept)


def _write_section(
    event: Event,
    number: int,
    plan: SectionPlan,
    session: model.Session,
    players: dict[str, tuple[Player, Player]],
    user: Any,
) -> dict[str, int]:
    seatings = plan.seatings.values()
    section = Section.objects.create(
        event=event,
        letter=plan.letter,
        session=number,
        movement=plan.movement,
        tables=max((s.table for s in seatings), default=1),
        rounds=max((s.round for s in seatings), default=1),
        boards_per_round=max((len(s.boards) for s in seatings), default=1),
    )
    labels = sorted(set(plan.labels.values()), key=natural_key)
    named = {plan.labels[key]: players[key] for key in plan.labels if key in players}
    Pair.objects.bulk_create(
        [
            Pair(
                section=section,
                label=label,
                player1=named[label][0] if label in named else None,
                player2=named[label][1] if label in named else None,
            )
            for label in labels
        ]
    )
    pairs = {pair.label: pair for pair in Pair.objects.filter(section=section)}
    Table.objects.bulk_create([Table(section=section, number=n) for n in sorted({s.table for s in seatings})])
    tables = {table.number: table for table in Table.objects.filter(section=section)}
    numbers = sorted({b.number for b in session.boards} | {line.board for line, _ in plan.lines})
    records = {b.number: b for b in session.boards}
    Board.objects.bulk_create([_board(section, n, records.get(n)) for n in numbers])
    boards = {board.number: board for board in Board.objects.filter(section=section)}
    Seating.objects.bulk_create(
        [
            Seating(
                section=section,
                round=s.round,
                table=tables[s.table],
                ns=pairs[s.ns],
                ew=pairs[s.ew],
                board_numbers=sorted(s.boards),
            )
            for s in seatings
        ]
    )
    seating_of = {
        (s.round, s.table.number): s for s in Seating.objects.filter(section=section).select_related("table")
    }
    results, adjusted = [], []
    now = timezone.now()
    for line, key in plan.lines:
        if not line.played and line.adjusted is None:
            continue
        seating = seating_of[key]
        result = _result(line, section, boards[line.board], seating, user, now)
        results.append(result)
        adjusted.append(line.adjusted)
    Result.objects.bulk_create(results)
    BoardPlay.objects.bulk_create(
        [BoardPlay(result=r, board=r.board, pair=pair) for r in results for pair in (r.ns, r.ew)]
    )
    marks = {event.average_plus: "A+", event.average: "A", event.average_minus: "A-"}
    rulings = []
    for result, award in zip(results, adjusted, strict=True):
        if award is None:
            continue
        if award.ns not in marks or award.ew not in marks:
            raise SessionRefused(
                f"Board {result.board.number}, pair {result.ns.label} against {result.ew.label}: "
                f"{award.usebio} gives {award.ns} % and {award.ew} %, but the event's artificial scores are "
                f"{event.average_plus}, {event.average} and {event.average_minus} % (Law 12C2)."
            )
        rulings.append(
            Ruling(
                result=result,
                kind=Ruling.Kind.ARTIFICIAL,
                law="Law 12C2",
                ns_average=marks[award.ns],
                ew_average=marks[award.ew],
                reason=f"Artificial adjusted score {award.usebio}, as the imported file gives it.",
                created_by=user,
            )
        )
    if rulings and user is None:
        raise SessionRefused("The file holds adjusted scores: name the director who imports it.")
    Ruling.objects.bulk_create(rulings)
    return {"pairs": len(pairs), "boards": len(boards), "results": len(results), "rulings": len(rulings)}


def _board(section: Section, number: int, record: model.BoardRecord | None) -> Board:
    """A board with the file's dealer, vulnerability (kept when it is not the number's) and deal."""
    dealer = record.dealer if record is not None and record.dealer else dealer_by_number(number)
    vulnerable = ""
    if (
        record is not None
        and record.vulnerability is not None
        and record.vulnerability is not vulnerability_by_number(number)
    ):
        vulnerable = record.vulnerability.pbn
    hands = record.hands.to_pbn(Seat.N) if record is not None and record.hands is not None else ""
    return Board(section=section, number=number, dealer=dealer.value, vulnerability=vulnerable, hands=hands)


def _result(
    line: model.Line, section: Section, board: Board, seating: Seating, user: Any, now: Any
) -> Result:
    """A table's result from its traveller line: the contract, declarer and tricks (Law 77 scores them)."""
    where = f"Board {line.board}, pair {seating.ns.label} against {seating.ew.label}"
    bid: ContractBid | None = None
    if line.contract:
        try:
            bid = parse_contract(line.contract)
        except ScoringError as error:
            raise SessionRefused(f"{where}: {error}") from error
    elif line.adjusted is None:
        raise SessionRefused(
            f"{where}: the line gives a score but no contract; the product keeps each table's contract, "
            "declarer and tricks, and scores them itself (Law 77)."
        )
    if bid is not None and (line.declarer is None or line.tricks is None):
        raise SessionRefused(f"{where}: the contract {bid.text} is given without its declarer and tricks.")
    return Result(
        section=section,
        board=board,
        seating=seating,
        ns=seating.ns,
        ew=seating.ew,
        level=bid.level if bid else None,
        strain=bid.strain.value if bid else "",
        doubling=bid.doubling.value if bid else "",
        passed_out=bid is None and bool(line.contract),
        not_played=not line.contract,
        declarer=line.declarer.value if bid is not None and line.declarer else "",
        tricks=line.tricks if bid is not None and line.tricks is not None else 0,
        status=Result.Status.CONFIRMED,
        confirmed_by=user,
        created=now,
        updated=now,
    )
