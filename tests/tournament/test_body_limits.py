"""Every request body bounded where it enters: refused unread (413) over its address's bound,
and what is accepted held in memory, never written to a temporary file."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile, TemporaryUploadedFile
from django.test import Client
from django.urls import reverse

from tests.tournament.factories import make_club, make_member
from tournament.interchange.importing import MOST_BYTES

pytestmark = pytest.mark.django_db

MB = 1024 * 1024
MARGIN = 64 * 1024  # a form's boundaries, CSRF token and other fields beside its file
LARGEST = MOST_BYTES + MARGIN  # the largest body any address takes: a results file's


@pytest.fixture
def temporary_files(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The name of every temporary file an upload is written to during the test."""
    made: list[str] = []
    original = TemporaryUploadedFile.__init__

    def spy(self: TemporaryUploadedFile, name: str, *args: Any, **kwargs: Any) -> None:
        made.append(name)
        original(self, name, *args, **kwargs)

    monkeypatch.setattr(TemporaryUploadedFile, "__init__", spy)
    return made


def declared(client: Client, path: str, length: int) -> Any:
    """A post that declares ``length`` bytes and sends eleven: reading it would fail the test."""
    return client.generic(
        "POST",
        path,
        b"username=x",
        content_type="application/x-www-form-urlencoded",
        CONTENT_LENGTH=str(length),
    )


@pytest.mark.parametrize(
    ("path", "says"),
    [
        ("/login/", "That is more than a name and a password or a table PIN."),
        ("/admin/login/", "That is more than a name and a password or a table PIN."),
        ("/t/", "That is more than a name and a password or a table PIN."),
        ("/c/demo/players/import/", "That is more than a player list: the file may be 512 KB at most."),
        ("/c/demo/sessions/import/", "That is more than a results file: the file may be 5,000 kB at most."),
        (
            "/c/demo/e/4/deals/import/",
            "That is more than the hand records of a night: the file may be 1,000 kB at most.",
        ),
        ("/c/demo/e/4/", "That is more than any form of this site sends."),
    ],
)
def test_an_anonymous_300_mb_post_is_refused_with_the_sites_page_before_it_is_read(
    client: Client, path: str, says: str
) -> None:
    response = declared(client, path, 300 * MB)
    assert response.status_code == 413
    html = response.content.decode()
    assert "<h1>Too large</h1>" in html and "♠♥ Duplicate" in html
    assert says in html
    assert "default-src 'self'" in response["Content-Security-Policy"]


def test_a_results_file_just_over_its_bound_is_refused_and_no_temporary_file_is_written(
    client: Client, temporary_files: list[str]
) -> None:
    club = make_club()
    client.force_login(make_member(club))
    over = SimpleUploadedFile("night.pbn", b"%" * (MOST_BYTES + MARGIN))
    response = client.post(reverse("session_import", args=[club.slug]), {"file": over})
    assert response.status_code == 413
    assert temporary_files == []


def test_a_log_in_form_just_over_its_bound_is_refused_unread(
    client: Client, temporary_files: list[str]
) -> None:
    response = client.post("/login/", {"username": "alice", "password": "x" * (16 * 1024)})
    assert response.status_code == 413
    assert temporary_files == []


def test_an_accepted_upload_is_held_in_memory_not_in_a_temporary_file(
    client: Client, temporary_files: list[str]
) -> None:
    club = make_club()
    client.force_login(make_member(club))
    # Larger than Django's default 2.5 MB in memory, within the results file's 5 MB.
    upload = SimpleUploadedFile("night.pbn", b"% a comment line of a results file\n" * (3 * MB // 35))
    response = client.post(reverse("session_import", args=[club.slug]), {"file": upload})
    # Read whole and refused for what it holds (a sentence on the field), not for its size.
    assert response.status_code == 400
    html = response.content.decode()
    assert "Nothing was imported." in html and "Choose the results file" not in html
    assert temporary_files == []


def test_a_length_that_is_no_number_gets_the_sites_bad_request_page(client: Client) -> None:
    response = client.generic("POST", "/login/", b"x", CONTENT_LENGTH="12abc")
    assert response.status_code == 400
    assert "<h1>Bad request</h1>" in response.content.decode()


def test_everything_a_bound_lets_through_stays_in_memory() -> None:
    assert settings.FILE_UPLOAD_HANDLERS == ["django.core.files.uploadhandler.MemoryFileUploadHandler"]
    assert settings.FILE_UPLOAD_MAX_MEMORY_SIZE >= LARGEST
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE >= LARGEST
