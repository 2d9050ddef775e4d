"""Pages anyone may open: the home page and published events."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path

from ..models import Event


def home(request: HttpRequest) -> HttpResponse:
    """The published events, newest first, and the way in for directors and players."""
    events = Event.objects.visible_to(request.user).for_list()[:50]
    return render(request, "tournament/home.html", {"events": events})


urlpatterns = [
    path("", home, name="home"),
]
