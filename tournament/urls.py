"""URLs of the duplicate tournament manager. Each views module owns its own patterns."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import path

from .views import (
    accounts,
    calculator,
    director,
    director_changes,
    exports,
    hand_records,
    pdfs,
    players,
    public,
    session_files,
    table,
)

urlpatterns = [
    path("calculator/", calculator.calculator, name="calculator"),
    path("login/", accounts.login, name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    *public.urlpatterns,
    *director.urlpatterns,
    *director_changes.urlpatterns,
    *hand_records.urlpatterns,
    *table.urlpatterns,
    *exports.urlpatterns,
    *pdfs.urlpatterns,
    *players.urlpatterns,
    *session_files.urlpatterns,
]
