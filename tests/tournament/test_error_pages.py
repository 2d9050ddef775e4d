"""Error pages in the site's style that show nothing of the code (DEBUG is off in tests, as in production)."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory, override_settings
from django.urls import path
from django.views import defaults

pytestmark = pytest.mark.django_db

SITE = "♠♥ Duplicate"
CODE = ("Traceback", "URLconf", "tournament.urls", "Resolver404", "settings.py", "DisallowedHost", "csrf")


def crash(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("internal detail: tournament/services/results.py, line 42")


urlpatterns = [path("crash/", crash)]


def shows_no_code(html: str) -> None:
    for word in CODE:
        assert word not in html


def test_a_mistyped_address_gets_the_sites_not_found_page(client: Client) -> None:
    response = client.get("/t/no-such-table-link/round/9/")
    assert response.status_code == 404
    html = response.content.decode()
    assert SITE in html and "Page not found" in html
    assert "table PIN" in html
    shows_no_code(html)


def test_an_unknown_host_gets_the_sites_bad_request_page(client: Client) -> None:
    response = client.get("/", headers={"host": "evil.example"})
    assert response.status_code == 400
    html = response.content.decode()
    assert SITE in html and "Bad request" in html
    shows_no_code(html)


def test_a_form_sent_without_its_csrf_token_gets_the_sites_page() -> None:
    response = Client(enforce_csrf_checks=True).post("/login/", {"username": "a", "password": "b"})
    assert response.status_code == 403
    html = response.content.decode()
    assert SITE in html and "The form could not be sent" in html
    shows_no_code(html)


def test_permission_denied_gets_the_sites_not_allowed_page() -> None:
    request = RequestFactory().get("/director/")
    request.user = type("Anonymous", (), {"is_authenticated": False})()
    response = defaults.permission_denied(request, PermissionDenied("internal detail"))
    html = response.content.decode()
    assert response.status_code == 403
    assert SITE in html and "Not allowed" in html
    assert "internal detail" not in html


def test_the_server_error_page_renders_with_no_request_context() -> None:
    response = defaults.server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    html = response.content.decode()
    assert SITE in html and "Something went wrong" in html
    assert "/static/tournament/site.css" in html
    shows_no_code(html)


@override_settings(ROOT_URLCONF=__name__)
def test_a_crash_shows_the_sites_error_page_and_nothing_of_the_code() -> None:
    response = Client(raise_request_exception=False).get("/crash/")
    assert response.status_code == 500
    html = response.content.decode()
    assert SITE in html and "Something went wrong" in html
    assert "internal detail" not in html
    shows_no_code(html)
