"""Create the database cache's table, so that `migrate` alone sets up the shared throttle counts."""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0002_store_the_relay_mitchell_played"),
    ]

    operations = [
        migrations.RunPython(create_cache_table, migrations.RunPython.noop, elidable=False),
    ]
