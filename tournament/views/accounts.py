"""Log-in pages with wrong passwords throttled across clients (see ``tournament.throttle``).

The director's log-in and the admin's are both wrapped: ten wrong passwords a minute from one
address close the log-in to that address, and five a minute for one account from anywhere close
that account to devices that have not logged in to it before, until the minute is out, with a
429 page that says when to try again. A device that logged in to the account in the last hours
is let try its password whatever the others did, five times a quarter hour.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from .. import throttle

View = Callable[..., HttpResponse]


def throttled_login(view: View) -> View:
    """``view`` (a log-in view) refusing tries while the address or the account is locked out.

    A log-in view answers a wrong password by showing its form again (200) and a right one
    by a redirect: that is how a failure is told from a success, whatever the view.
    """

    @functools.wraps(view)
    def login(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method != "POST":
            return view(request, *args, **kwargs)
        username = str(request.POST.get("username", ""))
        proofs = throttle.Proofs.of(request)
        # A device that logged in to this account before answers for its own tries only.
        if proofs.proves_account(username) and not throttle.wait([throttle.device_scope(proofs)]):
            scopes = [throttle.device_scope(proofs)]
        else:
            scopes = throttle.login_scopes(request, username)
        wait = throttle.wait(scopes)
        if not wait:
            response = view(request, *args, **kwargs)
            if response.status_code in (301, 302):
                throttle.reset(scopes)
                return throttle.proven(response, request, username=username)
            if not request.POST.get("password"):
                return response  # an empty field is not a guess
            address = throttle.client_address(request)
            wait = throttle.fail(scopes, f"Log-in guessing from {address}")
            if not wait:
                return response
        context = {"form": AuthenticationForm(request), "wait": wait, "retry_at": throttle.retry_at(wait)}
        return throttle.too_many(render(request, "registration/login.html", context), wait)

    return login


login = throttled_login(auth_views.LoginView.as_view())
