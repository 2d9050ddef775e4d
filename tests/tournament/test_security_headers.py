"""Security headers on every page: a Content-Security-Policy that allows this server only.

That the pages still work under it (the table page's script runs, nothing is refused) is shown
in a real browser: tests/e2e/test_content_security_policy.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournament.test_table_views import running_event, seating_of

pytestmark = pytest.mark.django_db


def directives(response: object) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]  # type: ignore[index]
    parts = (part.split() for part in header.split(";") if part.strip())
    return {name: values for name, *values in parts}


@pytest.mark.parametrize("path", ["/", "/calculator/", "/login/", "/no-such-page/"])
def test_every_page_allows_styles_scripts_and_images_from_this_server_only(client: Client, path: str) -> None:
    response = client.get(path)
    policy = directives(response)
    assert policy["default-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["img-src"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["object-src"] == ["'none'"]
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"


def test_the_table_pages_inline_script_carries_the_nonce_the_policy_allows(client: Client) -> None:
    seating = seating_of(running_event())
    board = seating.board_numbers[0]
    response = client.get(reverse("table_board", args=[seating.table.secret, seating.round, board]))
    assert response.status_code == 200
    nonces = re.findall(r'<script nonce="([^"]+)">', response.content.decode())
    assert len(nonces) == 1
    assert directives(response)["script-src"] == ["'self'", f"'nonce-{nonces[0]}'"]


# What the policy refuses: a style or on...= attribute, and an inline script without the nonce.
REFUSED = re.compile(r"""\s(style|on[a-z]+)\s*=\s*["']|<script(?![^>]*\b(src|nonce)=)[^>]*>""")


def test_no_template_has_what_the_policy_would_refuse() -> None:
    templates = Path(__file__).resolve().parents[2] / "templates"
    offenders = [
        f"{path.relative_to(templates)}: {match.group(0)}"
        for path in templates.rglob("*.html")
        for match in REFUSED.finditer(path.read_text())
    ]
    assert offenders == []
