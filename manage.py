#!/usr/bin/env python
"""Django's command-line utility for the duplicate tournament manager."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        execute_from_command_line(sys.argv)
    except ImproperlyConfigured as error:
        # A setting the start refuses (a weak SECRET_KEY, DEBUG=maybe) says what to do; no traceback.
        sys.exit(f"Cannot start: {error}")


if __name__ == "__main__":
    main()
