"""The deal calculator: open to anyone, errors on their fields, scores with their explanation."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.auction.deal import Deal, score_deal

pytestmark = pytest.mark.django_db


def figures(html: str) -> dict[str, int]:
    return {
        key: int(value)
        for key, value in re.findall(r'id="(ns-trick|ns-honour|ew-trick|ew-honour|net-ns)">(-?\d+)', html)
    }


def test_an_anonymous_visitor_scores_a_deal_with_its_explanation(client: Client) -> None:
    # T47: 3 NT doubled, 11 tricks, declaring side holds 3 aces, duplicate premium.
    query = "contract=3NTX&declarer=N&tricks=11&honours_n=2&honours_s=1&slams=american&duplicate=on"
    response = client.get(reverse("calculator") + "?" + query)
    assert response.status_code == 200
    html = response.content.decode()
    assert figures(html) == {"ns-trick": 100, "ns-honour": 305, "ew-trick": 0, "ew-honour": 0, "net-ns": 405}
    assert "5 odd tricks in no trump, doubled: 5 × 20 = 100" in html
    assert "(Law A)" in html


def test_the_calculator_agrees_with_the_engine() -> None:
    client = Client()
    query = "contract=1S&declarer=N&tricks=3&honours_e=3&dealers_one_spade=on&slams=english&duplicate=on"
    html = client.get(reverse("calculator") + "?" + query).content.decode()
    expected = score_deal(
        Deal.build(contract="1S", declarer="N", tricks=3, honours={"E": 3}, dealers_one_spade=True)
    )
    assert figures(html)["net-ns"] == expected.net_ns


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ("contract=8H&declarer=N&tricks=9", "contract", "Eight is more than the seven odd tricks"),
        ("contract=4H&declarer=N&tricks=14", "tricks", "A deal has thirteen tricks"),
        ("contract=4H&declarer=N&tricks=10&honours_n=6", "honours_n", "At most 5"),
        ("contract=4H&declarer=N&tricks=10&honours_n=3&honours_e=3", "honours_w", "only five honours"),
        ("contract=3NT&declarer=N&tricks=9&honours_n=3&honours_e=2", "honours_w", "only four aces"),
        ("contract=2S&declarer=N&tricks=8&dealers_one_spade=on", "dealers_one_spade", "Law 48"),
        ("contract=banana&declarer=N&tricks=8", "contract", "is not a contract"),
    ],
    ids=["level-8", "14-tricks", "six-honours-one-seat", "six-honours", "five-aces", "one-spade", "garbage"],
)
def test_bad_input_gets_its_message_on_the_field_it_concerns(
    client: Client, query: str, field: str, message: str
) -> None:
    response = client.get(reverse("calculator") + "?" + query)
    assert response.status_code == 200
    html = response.content.decode()
    errors = re.search(rf'id="id_{field}_errors">(.*?)</ul>', html, re.S)
    assert errors is not None, f"no errors shown on {field}"
    assert message in errors.group(1)
    assert 'id="net-ns"' not in html


def test_an_anonymous_visitor_scores_a_contract_bridge_deal_by_law_77(client: Client) -> None:
    response = client.get(reverse("calculator"), {"bridge-result": "4hx n =", "bridge-vulnerable": "on"})
    assert response.status_code == 200
    html = response.content.decode()
    # Four hearts doubled, vulnerable, made: 240 below, the game premium 500, the insult 50.
    assert 'id="contract-score">NS +790<' in html
    assert "(Law 77)" in html
    assert "Enter the deal and press" in html  # the Auction form is not bound: no errors on it
    assert "errorlist" not in html


def test_a_contract_bridge_deal_the_laws_refuse_gets_its_message_on_the_field(client: Client) -> None:
    response = client.get(reverse("calculator"), {"bridge-result": "8H N ="})
    assert response.status_code == 200
    errors = response.context["bridge"].errors["result"]
    assert errors == ["Eight is more than the seven odd tricks a bid may name (Law 18A)."]
