"""What the app asks of its task backend (django-tasks) beyond queueing: whether a job's task ended.

A job row (a big night's recap sheets, a big import) keeps the id of the task working on it. Where
the backend keeps results (the database backend does), a job still marked as running whose task
has ended — the worker was stopped in the middle of it, or the result was pruned — will never be
finished by it; no timeout guesses at that. Where it keeps none (the tests' immediate backend runs
each task as it is queued), a job is never taken for abandoned.
"""

from __future__ import annotations

from typing import Any

from django_tasks.base import Task
from django_tasks.exceptions import TaskResultDoesNotExist


def ended(task: Task[Any, Any], task_id: str) -> bool:
    """Whether the run of ``task`` with this id has ended (or is unknown to the backend: one query);
    False where its backend keeps no results, or no id was noted yet."""
    backend = task.get_backend()
    if not task_id or not backend.supports_get_result:
        return False
    try:
        return backend.get_result(task_id).is_finished
    except TaskResultDoesNotExist:
        return True
