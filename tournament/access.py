"""Who may see and change what: every lookup is scoped through the club and its event.

A club's events are seen by anyone once published, and by the club's people always.
Directors and club admins run events; scorers enter and correct results. Nobody reaches
another club's unpublished data: a lookup outside one's clubs is a 404, not a 403, so
that URLs do not even confirm that the event exists.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest

from .models import Club, Event, Membership

DIRECTING = (Membership.Role.ADMIN, Membership.Role.DIRECTOR)
SCORING = (Membership.Role.ADMIN, Membership.Role.DIRECTOR, Membership.Role.SCORER)


def role_in(user: Any, club: Club) -> str | None:
    """The user's role in the club, or None."""
    if not user.is_authenticated:
        return None
    membership = Membership.objects.filter(club=club, user=user).only("role").first()
    return membership.role if membership else None


def _event(club_slug: str, event_id: int) -> Event:
    """The event, looked up only through its club: an id under another club's slug is not found."""
    event = Event.objects.in_club(club_slug).filter(pk=event_id).first()
    if event is None:
        raise Http404("No such event.")
    return event


def viewable_event(request: HttpRequest, club_slug: str, event_id: int) -> Event:
    """The event if the visitor may see it: published, or one of the user's clubs."""
    event = _event(club_slug, event_id)
    if not event.published and role_in(request.user, event.club) is None:
        raise Http404("No such event.")
    return event


def event_for_role(request: HttpRequest, club_slug: str, event_id: int, roles: tuple[str, ...]) -> Event:
    """The event if the user holds one of ``roles`` in its club; otherwise 404."""
    event = _event(club_slug, event_id)
    if role_in(request.user, event.club) not in roles:
        raise Http404("No such event.")
    return event


def club_for_role(request: HttpRequest, club_slug: str, roles: tuple[str, ...]) -> Club:
    club = Club.objects.filter(slug=club_slug).first()
    if club is None or role_in(request.user, club) not in roles:
        raise Http404("No such club.")
    return club
