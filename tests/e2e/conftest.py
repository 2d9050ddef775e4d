"""End-to-end fixtures: a club with its director in the database, the director logged in through
the real login page, and the players' phones (one browser context per table, a phone's screen).

The browser itself is the system's Chromium (``tests/conftest.py``); every test here needs
``live_server`` and ``@pytest.mark.django_db(transaction=True)``, since the server answers from
another thread and must see what the test wrote.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tournament.models import Club, Membership

PASSWORD = "a-long-e2e-password"  # a throwaway test user's password
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
TIMEOUT_MS = 10_000


@dataclass(frozen=True)
class Director:
    club: Club
    user: Any
    password: str


@pytest.fixture
def director(transactional_db: None, django_user_model: Any) -> Director:
    """The club's director: a Django user with the director's role in a club with no events yet."""
    club = Club.objects.create(name="Riverside Auction Club", slug="riverside")
    user = django_user_model.objects.create_user(username="tdirector", password=PASSWORD)
    Membership.objects.create(club=club, user=user, role=Membership.Role.DIRECTOR)
    return Director(club, user, PASSWORD)


@pytest.fixture
def director_page(page: Page, live_server: Any, director: Director) -> Page:
    """The director's laptop, logged in through the real login page, on the director's dashboard."""
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{live_server.url}/login/?next=/director/")
    page.fill("#id_username", director.user.username)
    page.fill("#id_password", director.password)
    page.click("form.card button[type=submit]")
    page.wait_for_url(f"{live_server.url}/director/")
    expect(page.locator("header.site")).to_contain_text(f"Log out {director.user.username}")
    return page


@pytest.fixture
def open_device(browser: Browser, live_server: Any) -> Iterator[Callable[..., Page]]:
    """Open a new device: its own browser context (cookies, session), a phone's screen by default."""
    contexts: list[BrowserContext] = []

    def open_one(kind: str = "phone") -> Page:
        screen = PHONE if kind == "phone" else DESKTOP
        context = browser.new_context(base_url=live_server.url, **screen)
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield open_one
    for context in contexts:
        context.close()
