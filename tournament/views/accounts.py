"""The director's log-in, with wrong passwords throttled across clients (see ``tournament.throttle``)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse

from .. import throttle


class LoginView(auth_views.LoginView):
    """Django's log-in; ten wrong passwords from one address, or for one account from anywhere,
    close it for that address or account until the quarter hour is out (429)."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.scopes = throttle.login_scopes(request, str(request.POST.get("username", "")))
        wait = throttle.wait(self.scopes)
        if wait:
            return self._locked_out(self.get_form_class()(request), wait)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        throttle.reset(self.scopes)
        return super().form_valid(form)

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        if form.errors.get("__all__"):  # a wrong password (or unknown account), not an empty field
            address = throttle.client_address(self.request)
            wait = throttle.fail(self.scopes, f"Director log-in guessing from {address}")
            if wait:
                return self._locked_out(form, wait)
        return super().form_invalid(form)

    def _locked_out(self, form: AuthenticationForm, wait: int) -> HttpResponse:
        context = self.get_context_data(form=form, wait=wait, retry_at=throttle.retry_at(wait))
        return throttle.too_many(self.render_to_response(context), wait)


login = LoginView.as_view()
