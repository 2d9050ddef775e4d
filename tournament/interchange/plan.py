"""A scored session's facts arranged as the event's: sections, pairs' numbers, seatings; and its figures.

Sections of the file scored apart become sections of the event; sections scored as one field
become one section (the product scores a section as a field). Tables and rounds come from
the file or, when it gives none (USEBIO), are made up from who met whom. The figures the
producing program computed are kept, as written, keyed by the event's sections and pairs,
for the comparison (``interchange.compare``); they are never read to score.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from scoring.contests.ranking import Place
from scoring.files import session as model

from ..models import Section
from .conventions import SessionRefused

LABEL_LENGTH = 8
"""A pair's number is at most eight characters (``Pair.label``)."""


@dataclass
class SeatingPlan:
    round: int
    table: int
    ns: str
    ew: str
    boards: list[int] = field(default_factory=list)


Key = tuple[str, str, str]
"""A pair as the file knows it: its section, its number, and its side where each side is numbered from 1."""


def participant_key(participant: model.Participant) -> Key:
    """A standings entry's pair: section, number and the side it is listed in."""
    return (participant.section, participant.id, participant.direction.value if participant.direction else "")


@dataclass
class SectionPlan:
    """One section of the event, as the file's facts fill it.

    ``sided``: the file numbers each direction from 1 (a Mitchell's N-S pair 1 meets E-W pair
    1, as in the spec's USEBIO example), so a pair is known by its number and its side, and
    its label here says both: "1NS", "1EW".
    """

    letter: str
    file_sections: tuple[str, ...]
    movement: str
    sided: bool = False
    labels: dict[Key, str] = field(default_factory=dict)
    named: dict[str, Key] = field(default_factory=dict)  # label → the standings entry that names it
    seatings: dict[tuple[int, int], SeatingPlan] = field(default_factory=dict)
    lines: list[tuple[model.Line, tuple[int, int]]] = field(default_factory=list)

    def key(self, section: str, id: str, side: str) -> Key:
        return (section, id, side if self.sided else "")

    def label(self, section: str, id: str, side: str) -> str:
        return self.labels[self.key(section, id, side)]

    def holds(self, section: str) -> bool:
        return section in self.file_sections or (self.file_sections == ("",) and not section)


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
    """Two winners, N-S and E-W (spec §7): USEBIO WINNER_TYPE 2; or standings with a place 1 in each
    direction's list, or that list one direction's pairs only (the spec's PBN example)."""
    if session.event.winner_type is not None:
        return session.event.winner_type == 2
    directions = {p.direction for p in session.participants}
    if len(directions) == 1 and None not in directions:
        return True
    firsts = {p.direction for p in session.participants if p.reported.place and p.reported.place.first == 1}
    return len(firsts) == 2 and None not in firsts


def _label(key: Key, prefix: bool, where: str) -> str:
    section, id, side = key
    label = f"{section if prefix else ''}{id}{side}"
    if not id or len(label) > LABEL_LENGTH or not label.isprintable():
        raise SessionRefused(
            f"{where}: pair {id!r} cannot be a pair's number here; a pair's number is 1 to "
            f"{LABEL_LENGTH} printable characters."
        )
    return label


def _sided(lines: Sequence[model.Line], participants: Sequence[model.Participant]) -> bool:
    """Whether each direction is numbered from 1: a pair meets its own number, or the standings
    list one number on both sides."""
    if any(line.ns and line.ns == line.ew for line in lines):
        return True
    seen: dict[tuple[str, str], set[str]] = defaultdict(set)
    for participant in participants:
        if participant.direction is not None:
            seen[(participant.section, participant.id)].add(participant.direction.value)
    return any(len(sides) > 1 for sides in seen.values())


def plan_sections(session: model.Session, letters: Iterable[str]) -> tuple[list[SectionPlan], list[str]]:
    """The event's sections for the file: pairs' labels, seatings, lines; ``letters`` those still free."""
    groups, apart = _group_sections(session)
    free = iter(letters)
    two_winner = _two_winner(session)
    notes: list[str] = []
    plans = []
    for group in groups:
        plan = SectionPlan("", group, Section.Movement.MITCHELL if two_winner else Section.Movement.CUSTOM)
        lines = [line for line in session.lines if plan.holds(line.section)]
        people = [p for p in session.participants if plan.holds(p.section) or not p.section]
        plan.sided = _sided(lines, people)
        plan.letter = group[0] if apart and _usable_letter(group[0]) else next(free)
        sections_of: dict[tuple[str, str], set[str]] = defaultdict(set)
        for line in lines:
            for pair, side in ((line.ns, "NS"), (line.ew, "EW")):
                if pair:
                    sections_of[(pair, side if plan.sided else "")].add(line.section)
        prefix = any(len(sections) > 1 for sections in sections_of.values())
        for participant in people:
            section, id, side = participant_key(participant)
            key = plan.key(section if plan.holds(section) else group[0], id, side)
            label = plan.labels.setdefault(key, _label(key, prefix, "The standings"))
            plan.named.setdefault(label, participant_key(participant))
        for line in lines:
            for pair, side in ((line.ns, "NS"), (line.ew, "EW")):
                if pair:
                    key = plan.key(line.section, pair, side)
                    plan.labels.setdefault(key, _label(key, prefix, f"Board {line.board}"))
        _plan_seatings(plan, [line for line in lines if not line.bye])
        plans.append(plan)
        if prefix:
            notes.append(
                f"Sections {', '.join(group)} were one field and share pair numbers: each pair's number "
                "is written after its section's letter."
            )
        if plan.sided:
            notes.append(
                "The file numbers each direction from 1: a pair's number here says its side, as 1NS."
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
        for pair, side in ((line.ns, "NS"), (line.ew, "EW")):
            assert pair is not None
            earlier = seen.setdefault((line.board, plan.label(line.section, pair, side)), line)
            if earlier is not line:
                raise SessionRefused(
                    f"Board {line.board}: pair {pair} has two results; a pair plays a board once."
                )
    if played and all(line.table is not None and line.round is not None for line in played):
        offsets = _table_offsets(played)
        for line in played:
            assert line.table is not None and line.round is not None and line.ns and line.ew
            key = (line.round, offsets[line.section] + line.table)
            ns, ew = plan.label(line.section, line.ns, "NS"), plan.label(line.section, line.ew, "EW")
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
            (plan.label(line.section, line.ns, "NS"), plan.label(line.section, line.ew, "EW")), []
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
    method = session.method
    participants = []
    lines = []
    for plan in plans:
        by_entry = {entry: label for label, entry in plan.named.items()}
        for p in session.participants:
            label = by_entry.get(participant_key(p))
            if label is None:
                continue
            r = p.reported
            participants.append(
                {
                    "id": p.id,
                    "section": plan.letter,
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
        for line in session.lines:
            if not plan.holds(line.section):
                continue
            lines.append(
                {
                    "board": line.board,
                    "section": plan.letter,
                    "ns": plan.label(line.section, line.ns, "NS") if line.ns else None,
                    "ew": plan.label(line.section, line.ew, "EW") if line.ew else None,
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
