"""Hand records: the four hands of every board, as clubs hand them out after the night.

One block a board, kept on one page: the hand diagram (North at the top, the dealer named),
each seat's double-dummy tricks in ♣ ♦ ♥ ♠ NT from the DDS solver (royals take the spade
tricks), and at whist the trump turned up. The hands and the tricks come from the same
rows as the travellers (``reports.hand_diagram``), so the two documents cannot disagree. At
contract bridge each board also shows its vulnerability (Law 2; spec §1.3) and its par.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether

from ..models import Board, Event
from ..reports import ANALYSIS_COMING, board_par, hand_diagram
from ..reports.contract import par_coming
from ..services.contract_facts import vulnerability_text
from .base import trumps_markup
from .travellers import SEAT_NAMES, TravellersPdf


class HandRecordsPdf(TravellersPdf):
    """Hand records: every board's four hands and its double-dummy tricks."""

    slug = "handrecords"
    title = "Hand records"
    description = "The four hands of every board, with each side's double-dummy tricks in every strain."

    @classmethod
    def unavailable(cls, event: Event) -> str:
        if not event.is_locked:
            return (
                "The hand records are printed once the event is closed: until then a table could see "
                "the cards of a board it has still to play."
            )
        if not Board.objects.filter(section__event=event).exclude(hands="").exists():
            return "No board of this event has its deal yet: deal or import them on the hand-records page."
        return ""

    def story(self) -> list[Flowable]:
        story: list[Flowable] = [self.text(f"Hand records — {self.event.name}", "title")]
        for section in self.sections:
            title = self.section_title(section)
            if title:
                story.append(self.text(title, "heading"))
            for board in section.boards.exclude(hands=""):
                diagram = hand_diagram(board)
                if diagram is None:
                    continue
                heading = f"Board {board.number} · dealer {SEAT_NAMES.get(board.dealer, board.dealer)}"
                side: list[Flowable] = self.tricks(diagram)
                if self.event.is_contract:
                    heading += f" · {vulnerability_text(board)}"
                    par = board_par(board)
                    if par is not None:
                        side += [self.gap(2 * mm), self.text(f"{par.text} (double dummy).", "small")]
                    elif par_coming(board) and not diagram.analysis_coming:
                        side += [self.gap(2 * mm), self.text(ANALYSIS_COMING, "small")]
                if diagram.trumps:
                    turned = f" (the {board.turned} turned up)" if board.turned else ""
                    side.append(self.para(f"Trumps {trumps_markup(diagram.trumps)}{turned}", "small"))
                block = self.layout([[self.diagram(diagram), side]], [0.56 * self.width, 0.44 * self.width])
                story.append(KeepTogether([self.text(heading, "heading"), block, self.gap(3 * mm)]))
        return story
