# The duplicate tournament manager. Two commands for a fresh machine:
#   make run   - set up, load the demo nights, print the director's login, and serve as in production
#                (gunicorn, DEBUG off, with the worker of background tasks beside it) on 127.0.0.1:8000;
#                HOST=0.0.0.0 for the phones on the club's Wi-Fi, DEMO=0 for a club's own install with no demo
#   make test  - install what the tests need and run every check and test, on SQLite and PostgreSQL
# make dev is the development server with DEBUG=1, for people working on the code; make test-deep
# looks harder for a counter-example to the laws (tests/depth.py), as the nightly run does.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
HOST ?= 127.0.0.1
DEMO ?= 1

.PHONY: run dev test check test-sqlite test-postgres test-deep system-deps migrations-check pdf-previews benchmark benchmark-standings benchmark-engine benchmark-recaps benchmark-load demo-fixture clean

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --disable-pip-version-check -r requirements.txt
	touch $@

# The secret key is made once and kept in .secret_key (tournament/secret_key.py); ALLOWED_HOSTS are
# this laptop's own addresses unless given (tournament/addresses.py). The worker runs the background
# tasks (recap sheets and mail, double-dummy analyses, big imports) in a session of its own, so that
# Ctrl-C stops gunicorn and the worker is then told once to stop: it finishes the task in hand first.
run: $(VENV)/.installed
	@set -euo pipefail; export DEBUG=0; \
	$(PY) -m tournament.secret_key; \
	url="$$($(PY) -m tournament.addresses url '$(HOST)' '$(PORT)')"; \
	export ALLOWED_HOSTS="$${ALLOWED_HOSTS:-$$($(PY) -m tournament.addresses hosts '$(HOST)')}"; \
	$(PY) manage.py migrate --noinput -v0; \
	$(PY) manage.py collectstatic --noinput -v0; \
	if [ "$(DEMO)" = 1 ]; then $(PY) manage.py load_demo --url "$$url"; \
	else echo "No demo. To add your club and its first admin: $(PY) manage.py create_club \"Club name\" --admin USERNAME"; fi; \
	$(PY) manage.py analyse_deals --in-background -v0 >/dev/null; \
	setsid $(PY) manage.py db_worker & worker=$$!; \
	trap 'kill -TERM $$worker 2>/dev/null; wait $$worker' EXIT; \
	echo "Serving $$url (allowed host names: $$ALLOWED_HOSTS). Stop with Ctrl-C."; \
	$(VENV)/bin/gunicorn -c gunicorn.conf.py --bind '$(HOST):$(PORT)'

dev: $(VENV)/.installed
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 $(PY) manage.py load_demo --url http://$(HOST):$(PORT)/
	@set -euo pipefail; export DEBUG=1; \
	setsid $(PY) manage.py db_worker --no-reload & worker=$$!; \
	trap 'kill -TERM $$worker 2>/dev/null; wait $$worker' EXIT; \
	$(PY) manage.py runserver $(HOST):$(PORT)

system-deps:
	bash .ci/system-deps.sh

check: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy --strict scoring
	$(MAKE) migrations-check

migrations-check: $(VENV)/.installed
	DEBUG=1 $(PY) manage.py makemigrations --check --dry-run

# The suite runs on TEST_WORKERS processes (pytest-xdist), each with a test database of its own. A test
# that never opens the database runs once, on SQLite; the PostgreSQL run takes those that do (-m
# database, marked by tests/conftest.py), the browser walks among them, which run there alone, one
# after another in one process (--dist loadgroup).
TEST_WORKERS ?= 2
PYTEST := $(PY) -m pytest -q -n $(TEST_WORKERS) --dist loadgroup

test-sqlite: $(VENV)/.installed
	$(PYTEST) -m "not e2e"

test-postgres: $(VENV)/.installed
	@set -euo pipefail; \
	trap 'bash .ci/pg.sh down' EXIT; \
	url="$$(bash .ci/pg.sh up)"; \
	echo "PostgreSQL test cluster: $$url"; \
	DATABASE_URL="$$url" $(PYTEST) -m database

test: system-deps $(VENV)/.installed check test-sqlite test-postgres

# The laws' properties and the oracle's random cases at the thorough depth (tests/depth.py).
test-deep: $(VENV)/.installed
	TEST_DEPTH=thorough $(PYTEST) tests/scoring tests/conformance

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
	$(PY) benchmarks/standings.py

# The public standings of a 120-table night, cold and warm, as ratios to the login page (DEBUG off).
benchmark-standings: $(VENV)/.installed
	$(PY) benchmarks/standings.py

# The engine's matchpoints beside bridge-scorer (npm), as whole processes on the same JSON files;
# installs Node.js and npm with apt-get when missing, bridge-scorer into benchmarks/node_modules.
benchmark-engine: $(VENV)/.installed
	bash .ci/system-deps.sh node
	$(PY) benchmarks/matchpoints_vs_bridge_scorer.py

# The recap sheets of a synthetic 120-table night, without and with reportlab's C accelerator.
benchmark-recaps: $(VENV)/.installed
	DEBUG=1 $(PY) benchmarks/recaps.py

# 120 phones, the director and the login page against the production server (gunicorn, DEBUG off) on a
# private PostgreSQL (PGPORT 55471), for an unplayed 30- and 60-table night; then every result checked.
benchmark-load: $(VENV)/.installed
	bash .ci/system-deps.sh
	$(PY) benchmarks/load.py

clean:
	rm -rf $(VENV) build staticfiles db.sqlite3 db.sqlite3-wal db.sqlite3-shm
