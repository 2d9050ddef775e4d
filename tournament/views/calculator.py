"""The deal calculator: open to anyone, the smallest useful screen of the product."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scoring.auction.deal import score_deal
from scoring.shared.errors import ScoringError

from ..forms.calculator import DealForm


def calculator(request: HttpRequest) -> HttpResponse:
    """Score one deal of Auction Bridge from the facts and show how the score was reached."""
    form = DealForm(request.GET or None)
    score = None
    if form.is_bound and form.is_valid():
        try:
            deal, options = form.to_deal()
            score = score_deal(deal, options)
        except ScoringError as error:
            form.add_error(None, str(error))
    return render(request, "tournament/calculator.html", {"form": form, "score": score})
