from django.apps import AppConfig


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = "Duplicate tournament"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.core.signals import request_started

        from .scores import versions
        from .services import analyses

        # Every write of a fact raises the versions of the scores it changes (scores.versions).
        versions.connect()
        # Deals stored before the server stopped are analysed once it serves again.
        request_started.connect(analyses.pick_up, dispatch_uid="double-dummy-pick-up")
