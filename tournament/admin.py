"""The Django admin, for club admins' housekeeping; results are changed through the app's services."""

from django.contrib import admin

from .models import AuditEntry, Club, Event, Membership, Player
from .views.accounts import throttled_login

# The admin's log-in is throttled like the director's: every password is guessed at the same cost.
admin.site.login = throttled_login(admin.site.login)  # type: ignore[method-assign]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "slug", "paper_size"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["user", "club", "role"]
    list_filter = ["club", "role"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "number", "email", "club"]
    search_fields = ["name", "number", "email"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "club", "date", "game", "form", "status", "published"]
    list_filter = ["club", "game", "form", "status"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["at", "event", "action", "subject", "user", "table"]
    readonly_fields = [f.name for f in AuditEntry._meta.fields]

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False
