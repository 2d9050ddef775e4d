"""The named queries behind each screen: one chainable QuerySet method per screen or sheet.

Each method carries the ``select_related`` / ``prefetch_related`` (and the order) its screen
needs, so the screen reads in a fixed number of queries however large the night; the tests
pin those counts. The models attach these as their managers (``objects = XQuerySet.as_manager()``)
and re-export them, so ``from tournament.models import ResultQuerySet`` works as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db import models
from django.db.models import Exists, OuterRef, Q

if TYPE_CHECKING:  # the models import this module; the generics below name them as strings
    from .models import (  # noqa: F401
        AuditEntry,
        Event,
        Membership,
        Pair,
        Player,
        RecapSend,
        Result,
        Ruling,
        Seating,
        Section,
        Table,
    )


class MembershipQuerySet(models.QuerySet["Membership"]):
    def for_dashboard(self) -> MembershipQuerySet:
        """The director's dashboard: each role with its club, clubs by name."""
        return self.select_related("club").order_by("club__name")


class EventQuerySet(models.QuerySet["Event"]):
    def visible_to(self, user: Any) -> EventQuerySet:
        """Published events for everyone; every event of the clubs where the user has a role."""
        if user.is_authenticated:
            return self.filter(Q(published=True) | Q(club__memberships__user=user)).distinct()
        return self.filter(published=True)

    def for_list(self) -> EventQuerySet:
        return self.select_related("club").order_by("-date", "-id")

    def in_club(self, club_slug: str) -> EventQuerySet:
        """The club's events only, with their club: an id under another club's address finds nothing."""
        return self.filter(club__slug=club_slug).select_related("club")


class PairQuerySet(models.QuerySet["Pair"]):
    def with_players(self) -> PairQuerySet:
        """Pairs with both players, for their names (guide cards)."""
        return self.select_related("player1", "player2")

    def with_teams(self) -> PairQuerySet:
        """Pairs with both players and their team (the scored sheet of a section)."""
        return self.with_players().select_related("team")

    def for_naming(self) -> PairQuerySet:
        """The pairs screen: every pair of the event with players and team, section by section."""
        return self.with_teams().order_by("section__letter", "id")

    def for_player_page(self, player: Player) -> PairQuerySet:
        """A player's nights: each pair the player played in, with its event, both players and the
        standing kept when the night was closed; newest night first. One query, however many."""
        return (
            self.filter(Q(player1=player) | Q(player2=player))
            .select_related("section__event", "player1", "player2", "standing")
            .order_by("-section__event__date", "-section__event__id", "section__letter")
        )


class PlayerQuerySet(models.QuerySet["Player"]):
    def for_list(self) -> PlayerQuerySet:
        """The club's player list and its CSV: every player by name, nothing joined."""
        return self.order_by("name", "id")


class RecapSendQuerySet(models.QuerySet["RecapSend"]):
    def for_progress(self) -> RecapSendQuerySet:
        """The event page's progress of the recaps emailed: each send with its player, by name."""
        return self.select_related("player").order_by("player__name", "id")


class TableQuerySet(models.QuerySet["Table"]):
    def in_play(self) -> TableQuerySet:
        """The tables where someone plays: a table with no seating at all (the empty phantom's table of a
        night set up before a sit-out became the phantom's seat) gets no PIN, card or phone login."""
        from .models import Seating  # here: the models import this module

        return self.filter(Exists(Seating.objects.filter(table=OuterRef("pk"))))

    def for_links(self) -> TableQuerySet:
        """The table cards and the PIN list: each table in play with its section, section by section."""
        return self.in_play().select_related("section").order_by("section__letter", "number")

    def for_table_page(self) -> TableQuerySet:
        """A table's own pages: the table with its section, event and club."""
        return self.select_related("section__event__club")


class SeatingQuerySet(models.QuerySet["Seating"]):
    def for_grid(self) -> SeatingQuerySet:
        """The running grid and the irregular-hands form: each seating with its table and pairs."""
        return self.select_related("table", "ns", "ew")

    def for_traveller_entry(self) -> SeatingQuerySet:
        """The traveller entry screen: each seating with its table and the pairs' players."""
        return self.select_related("table", "ns__player1", "ns__player2", "ew__player1", "ew__player2")

    def for_table_page(self) -> SeatingQuerySet:
        """A table's rounds, in order, with the pairs' players."""
        return self.select_related("ns__player1", "ns__player2", "ew__player1", "ew__player2").order_by(
            "round"
        )

    def for_recording(self) -> SeatingQuerySet:
        """The seating a traveller row is recorded into, with its table for the message."""
        return self.select_related("table")

    def for_agreement(self) -> SeatingQuerySet:
        """The seating whose round is agreed (Law E), with its table and section."""
        return self.select_related("table", "section")


class ResultQuerySet(models.QuerySet["Result"]):
    def for_scoring(self) -> ResultQuerySet:
        return self.select_related("board", "seating__table", "ns", "ew")

    def for_section_scores(self) -> ResultQuerySet:
        """A whole section's results: only the seating and table joined; the caller attaches the
        section's boards and pairs, loaded once (``scores.standings.load_section``)."""
        return self.select_related("seating__table")

    def for_detail(self) -> ResultQuerySet:
        """The director's result page: the result with its section, board, table and the pairs' players."""
        return self.select_related(
            "section", "board", "seating__table", "ns__player1", "ns__player2", "ew__player1", "ew__player2"
        )

    def unsettled(self) -> ResultQuerySet:
        """The results not yet confirmed (entered or disputed), with their board, table and pairs, in play
        order: the close page groups them by round and table."""
        return (
            self.exclude(status="confirmed")
            .select_related("board", "seating__table", "seating__section", "seating__ns", "seating__ew")
            .order_by("seating__round", "seating__table__number", "board__number")
        )

    def for_table_page(self) -> ResultQuerySet:
        """A table's results with their boards, by board number."""
        return self.select_related("board").order_by("board__number")

    def for_table_result(self) -> ResultQuerySet:
        """One result on a table's page, with what scoring it needs and its rulings."""
        return self.select_related("board", "seating__table", "section__event", "ns", "ew").prefetch_related(
            "rulings"
        )


class RulingQuerySet(models.QuerySet["Ruling"]):
    def for_section(self, section: Section) -> RulingQuerySet:
        """Every ruling of a section in the order made, for the scored sheet (grouped by result there)."""
        return self.filter(result__section=section).order_by("created", "id")

    def for_detail(self) -> RulingQuerySet:
        """A result's rulings on its page, in the order made, with who made and undid them."""
        return self.select_related("created_by", "undone_by").order_by("created", "id")


class AuditEntryQuerySet(models.QuerySet["AuditEntry"]):
    def for_log(self) -> AuditEntryQuerySet:
        """The audit log: newest first, with the person or table device that made each change."""
        return self.select_related("user", "table").order_by("-at", "-id")

    def for_detail(self) -> AuditEntryQuerySet:
        """A result's trail on its page: oldest first, with the person or table device."""
        return self.select_related("user", "table").order_by("at", "id")
