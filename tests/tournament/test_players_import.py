"""The club's player list from a membership spreadsheet's CSV: read forgivingly, previewed line by
line, imported all or nothing with an audit entry, and exported back formula-safe."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.tournament.director_cast import Cast, make_cast
from tournament.exports.players import players_csv
from tournament.models import AuditEntry, Player
from tournament.services.players import (
    MAX_UPLOAD,
    PlayersRefused,
    import_players,
    read_players,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast() -> Cast:
    return make_cast()


def plan_of(cast: Cast, text: str, encoding: str = "utf-8") -> Any:
    return read_players(cast.club, text.encode(encoding))


def actions(plan: Any) -> list[tuple[int, str, str]]:
    return [(line.line, line.name, line.action) for line in plan.lines]


@pytest.mark.parametrize(
    ("text", "encoding"),
    [
        pytest.param("Name,Member number,Email\r\nZoë Brontë,101,zoe@example.org\r\n", "utf-8", id="UTF-8"),
        pytest.param("Name,Member number,Email\r\nZoë Brontë,101,zoe@example.org\r\n", "utf-8-sig", id="BOM"),
        pytest.param("Name;Member number;Email\r\nZoë Brontë;101;zoe@example.org\r\n", "cp1252", id="Excel"),
        pytest.param("NAME;Membership No.;E-mail\nZoë Brontë;101;zoe@example.org\n", "latin-1", id="Latin-1"),
        pytest.param(
            "Surname,First name,E-mail address,Member ID\nBrontë,Zoë,zoe@example.org,101\n",
            "utf-8",
            id="split",
        ),
    ],
)
def test_a_membership_sheet_is_read_whatever_its_encoding_delimiter_and_headers(
    cast: Cast, text: str, encoding: str
) -> None:
    plan = plan_of(cast, text, encoding)
    assert [(x.name, x.number, x.email, x.action) for x in plan.lines] == [
        ("Zoë Brontë", "101", "zoe@example.org", "add")
    ]


def test_a_semicolon_file_with_commas_in_names_keeps_each_name_whole(cast: Cast) -> None:
    plan = plan_of(cast, 'Name;Email\n"Smith, Anne";anne@example.org\n')
    assert [x.name for x in plan.lines] == ["Smith, Anne"]


def test_a_file_without_a_name_column_is_refused_with_what_to_call_it(cast: Cast) -> None:
    with pytest.raises(PlayersRefused, match="'Name'"):
        plan_of(cast, "Who,Mail\nAnne,anne@example.org\n")


def test_a_file_of_binary_bytes_is_refused(cast: Cast) -> None:
    with pytest.raises(PlayersRefused, match="NUL"):
        read_players(cast.club, b"PK\x03\x04\x00\x00 an xlsx file")


def test_a_cell_longer_than_csv_reads_is_refused_not_a_crash(cast: Cast) -> None:
    with pytest.raises(PlayersRefused, match="cannot be read"):
        plan_of(cast, 'Name\n"' + "A" * 200_000 + '"\n')


def test_the_preview_refuses_each_bad_line_with_its_number_and_why(cast: Cast) -> None:
    Player.objects.create(club=cast.club, name="Anne Smith", number="7")
    Player.objects.create(club=cast.club, name="Bob Jones", number="8")
    Player.objects.create(club=cast.club, name="Cy Twombly", number="5")
    text = (
        "Name,Number,Email\n"
        "Carol King,9,carol@example.org\n"  # 2: added
        "carol king,10,\n"  # 3: the same name again
        "Dan Brown,9,\n"  # 4: a number already on line 2
        "Anne Smith,70,\n"  # 5: in the club with another number
        "Eve Adams,8,\n"  # 6: Bob's number
        "Fay Green,,not-an-address\n"  # 7: a bad email
        f"{'G' * 81},,\n"  # 8: a name too long
        ",11,x@example.org\n"  # 9: no name
        "\n"  # 10: blank, skipped
        "Bob Jones,,bob@example.org\n"  # 11: updated with his email, his number kept
        "Cy Twombly,5,\n"  # 12: unchanged
    )
    plan = plan_of(cast, text)
    refused = {x.line: x.why for x in plan.refused}
    assert refused == {
        3: "carol king is already on line 2.",
        4: "Member number 9 is already on line 2.",
        5: "Anne Smith is already in the club with member number 7.",
        6: "Member number 8 is already Bob Jones's in the club.",
        7: "'not-an-address' is not an email address.",
        8: "The name is 81 characters long: keep it to 80 at most.",
        9: "no name.",
    }
    assert [(x.line, x.name) for x in plan.added] == [(2, "Carol King")]
    assert [(x.line, x.name, x.number, x.email) for x in plan.updated] == [
        (11, "Bob Jones", "8", "bob@example.org")
    ]
    assert [x.line for x in plan.unchanged] == [12]


def test_a_name_is_matched_whatever_its_case_and_keeps_the_clubs_spelling(cast: Cast) -> None:
    Player.objects.create(club=cast.club, name="Zoë Brontë")
    plan = plan_of(cast, "Name,Email\nZOË BRONTË,zoe@example.org\n")
    assert [(x.name, x.action) for x in plan.lines] == [("Zoë Brontë", "update")]


def test_the_import_adds_and_updates_in_one_audited_transaction(cast: Cast) -> None:
    Player.objects.create(club=cast.club, name="Bob Jones")
    content = b"Name,Number,Email\nCarol King,9,carol@example.org\nBob Jones,8,bob@example.org\nBad,,x\n"
    plan = read_players(cast.club, content)
    import_players(club=cast.club, user=cast.director, content=content, digest=plan.digest)
    players = Player.objects.filter(club=cast.club).values_list("name", "number", "email")
    assert set(players) == {("Bob Jones", "8", "bob@example.org"), ("Carol King", "9", "carol@example.org")}
    entry = AuditEntry.objects.get(club=cast.club, action=AuditEntry.Action.PLAYERS)
    assert entry.event is None and entry.user == cast.director
    assert entry.subject == "Players imported: 1 added, 1 updated"
    assert entry.after == {"added": ["Carol King"], "updated": ["Bob Jones"], "refused": [4]}


def test_an_import_whose_list_changed_since_the_preview_saves_nothing(cast: Cast) -> None:
    content = b"Name,Number\nCarol King,9\nDan Brown,10\n"
    plan = read_players(cast.club, content)
    Player.objects.create(club=cast.club, name="Dan Brown", number="11")  # someone else, meanwhile
    with pytest.raises(PlayersRefused, match="changed since the preview"):
        import_players(club=cast.club, user=cast.director, content=content, digest=plan.digest)
    assert not Player.objects.filter(name="Carol King").exists()
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.PLAYERS).exists()


def test_an_import_failing_half_way_leaves_no_player_behind(cast: Cast, monkeypatch: Any) -> None:
    Player.objects.create(club=cast.club, name="Bob Jones")
    content = b"Name,Email\nCarol King,carol@example.org\nBob Jones,bob@example.org\n"
    plan = read_players(cast.club, content)

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(Player.objects, "bulk_update", broken)
    with pytest.raises(RuntimeError):
        import_players(club=cast.club, user=cast.director, content=content, digest=plan.digest)
    assert not Player.objects.filter(name="Carol King").exists()
    assert Player.objects.get(name="Bob Jones").email == ""


def test_the_export_reads_back_as_the_same_list_and_runs_no_formula(cast: Cast) -> None:
    Player.objects.create(club=cast.club, name='=HYPERLINK("http://x")', number="+1", email="a@example.org")
    Player.objects.create(club=cast.club, name="Zoë Brontë", number="101", email="zoe@example.org")
    content = players_csv(cast.club)
    assert content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))
    assert rows == [
        ["Name", "Member number", "Email"],
        ['\'=HYPERLINK("http://x")', "'+1", "a@example.org"],
        ["Zoë Brontë", "101", "zoe@example.org"],
    ]
    zoe = next(x for x in read_players(cast.club, content).lines if x.line == 3)
    assert (zoe.name, zoe.action) == ("Zoë Brontë", "same")


# --- through the pages ----------------------------------------------------------------------------


def upload(cast: Cast, content: bytes, name: str = "members.csv") -> Any:
    url = reverse("players_import", args=[cast.club.slug])
    return cast.clients["director"].post(url, {"preview": "1", "file": SimpleUploadedFile(name, content)})


def test_the_director_previews_then_imports_a_windows_file(cast: Cast) -> None:
    content = "Nom;Name;Mitgliedsnummer;Email\r\nx;Zoë Brontë;;zoe@example.org\r\ny;Zoë Brontë;;\r\n"
    response = upload(cast, content.encode("cp1252"))
    page = response.content.decode()
    assert response.status_code == 200
    assert "1 to add" in page and "1 refused" in page and "Zoë Brontë is already on line 2." in page
    assert not Player.objects.filter(club=cast.club).exists()  # a preview saves nothing
    confirm = response.context["confirm"]
    data = {"import": "1", "content": confirm.initial["content"], "digest": confirm.initial["digest"]}
    response = cast.clients["director"].post(reverse("players_import", args=[cast.club.slug]), data)
    assert response.status_code == 302
    assert list(Player.objects.filter(club=cast.club).values_list("name", "email")) == [
        ("Zoë Brontë", "zoe@example.org")
    ]


def test_names_in_the_preview_are_escaped(cast: Cast) -> None:
    page = upload(cast, b"Name\n<script>alert(1)</script>\n").content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_an_upload_over_the_bound_is_refused_unread(cast: Cast) -> None:
    response = upload(cast, b"Name\n" + b"A\n" * MAX_UPLOAD)
    assert "a player list is at most 512 KB" in response.content.decode()
    assert response.context["plan"] is None


def test_a_tampered_confirmation_imports_nothing(cast: Cast) -> None:
    data = {"import": "1", "content": "Name\nMallory\n", "digest": "0" * 64}
    response = cast.clients["director"].post(reverse("players_import", args=[cast.club.slug]), data)
    assert "changed since the preview" in response.content.decode()
    assert not Player.objects.filter(name="Mallory").exists()


def test_the_export_is_a_csv_download(cast: Cast) -> None:
    Player.objects.create(club=cast.club, name="Zoë Brontë")
    response = cast.clients["director"].get(reverse("players_export", args=[cast.club.slug]))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="{cast.club.slug}-players.csv"'
    assert "Zoë Brontë" in response.content.decode("utf-8-sig")


def test_an_import_without_its_preview_says_to_upload_again(cast: Cast) -> None:
    url = reverse("players_import", args=[cast.club.slug])
    response = cast.clients["director"].post(url, {"import": "1"})
    assert "did not come back: upload it again" in response.content.decode()


def test_a_body_far_over_the_bound_is_refused_before_it_is_read(cast: Cast) -> None:
    response = upload(cast, b"Name\n" + b"A" * (4 * MAX_UPLOAD))
    assert response.status_code == 413
    assert "the file may be 512 KB at most" in response.content.decode()
    assert not Player.objects.filter(club=cast.club).exists()
