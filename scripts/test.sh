#!/usr/bin/env bash
# Set up everything (see setup.sh), then run the linters and the whole test suite:
# unit tests, the real Docker engine, the embedded local model end to end, and the notebooks.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --docker

echo "==> ruff"
.venv/bin/ruff check src tests scripts notebooks
.venv/bin/ruff format --check src tests scripts notebooks
echo "==> mypy (strict)"
.venv/bin/mypy
echo "==> loop-overhead benchmark (quick: prints figures, asserts nothing)"
.venv/bin/autogen-selfdebug bench overhead --quick
echo "==> pytest"
.venv/bin/python -m pytest "$@"
