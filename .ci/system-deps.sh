#!/usr/bin/env bash
# Installs the system packages the test suite needs, only when one is missing:
# PostgreSQL (server), Chromium (browser tests) and poppler-utils (PDF text and PNG).
# `system-deps.sh node` installs instead what the engine benchmark needs: Node.js and npm,
# to run bridge-scorer beside the engine (benchmarks/matchpoints_vs_bridge_scorer.py).
set -euo pipefail
missing=()
if [ "${1:-}" = node ]; then
  command -v node >/dev/null 2>&1 || missing+=(nodejs)
  command -v npm >/dev/null 2>&1 || missing+=(npm)
else
  ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1 || missing+=(postgresql)
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v pdftotext >/dev/null 2>&1 && command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

SUDO=""
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "Need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  SUDO="sudo"
fi
echo "Installing system packages: ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
