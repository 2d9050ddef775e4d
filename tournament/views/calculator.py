"""The deal calculator: open to anyone, the smallest useful screen of the product."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scoring.auction.deal import score_deal
from scoring.shared.errors import ScoringError

from ..forms.calculator import ContractDealForm, DealForm


def calculator(request: HttpRequest) -> HttpResponse:
    """Score one deal, of Auction Bridge (Foster) or of Duplicate Contract Bridge (Law 77), and show how."""
    form = DealForm(request.GET if "contract" in request.GET else None)
    bridge = ContractDealForm(request.GET if "bridge-result" in request.GET else None)
    score = bridge_score = None
    if form.is_bound and form.is_valid():
        try:
            deal, options = form.to_deal()
            score = score_deal(deal, options)
        except ScoringError as error:
            form.add_error(None, str(error))
    if bridge.is_bound and bridge.is_valid():
        bridge_score = bridge.score()
    context = {"form": form, "score": score, "bridge": bridge, "bridge_score": bridge_score}
    return render(request, "tournament/calculator.html", context)
