"""The site's own error pages for a view's refusal: a fixed sentence, never a value from the request.

A value a visitor typed into the address (``?table=<meta http-equiv=refresh ...>``) written back
into a page would let anyone show a redirect or a false message on the club's own address; the
Content-Security-Policy stops scripts, not that. So a bad parameter is answered with the site's
400 page and a sentence chosen here, which says what is wrong without repeating it.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def bad_request(request: HttpRequest, message: str) -> HttpResponse:
    """The site's 400 page with ``message``: a sentence of the code's own, never request data."""
    return render(request, "400.html", {"message": message}, status=400)
