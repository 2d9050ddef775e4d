# The duplicate tournament manager. Two commands for a fresh machine:
#   make run   - set up, load the demo nights, print the director's login, serve on 127.0.0.1:8000
#   make test  - install what the tests need and run every check and test, on SQLite and PostgreSQL
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
HOST ?= 127.0.0.1

.PHONY: run test check test-sqlite test-postgres system-deps migrations-check pdf-previews benchmark demo-fixture clean

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --disable-pip-version-check -r requirements.txt
	touch $@

run: $(VENV)/.installed
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 $(PY) manage.py load_demo --url http://$(HOST):$(PORT)/
	DEBUG=1 $(PY) manage.py runserver $(HOST):$(PORT)

system-deps:
	bash .ci/system-deps.sh

check: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy --strict scoring
	$(MAKE) migrations-check

migrations-check: $(VENV)/.installed
	SECRET_KEY=migrations-check $(PY) manage.py makemigrations --check --dry-run

test-sqlite: $(VENV)/.installed
	$(PY) -m pytest -q

test-postgres: $(VENV)/.installed
	@set -euo pipefail; \
	trap 'bash .ci/pg.sh down' EXIT; \
	url="$$(bash .ci/pg.sh up)"; \
	echo "PostgreSQL test cluster: $$url"; \
	DATABASE_URL="$$url" $(PY) -m pytest -q

test: system-deps $(VENV)/.installed check test-sqlite test-postgres

pdf-previews: $(VENV)/.installed
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 $(PY) manage.py render_previews --output build/previews

# Rebuild fixtures/demo.json from tournament/demo.py, on a throwaway database.
demo-fixture: $(VENV)/.installed
	@set -euo pipefail; tmp="$$(mktemp -d)"; trap 'rm -rf "$$tmp"' EXIT; \
	export DEBUG=1 DATABASE_URL="sqlite:///$$tmp/demo.sqlite3"; \
	$(PY) manage.py migrate --noinput -v0; \
	$(PY) manage.py build_demo_fixture --output fixtures/demo.json

benchmark: $(VENV)/.installed
	DEBUG=1 $(PY) benchmarks/exports.py
	DEBUG=1 $(PY) benchmarks/free_text.py

clean:
	rm -rf $(VENV) build staticfiles db.sqlite3
