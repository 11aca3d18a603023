#!/usr/bin/env bash
# Install spacetable with its development tools in .venv, then run every check:
# ruff (lint and format), mypy (strict), and the whole test suite (parallel).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[dev]"
paths=(src tests)
[ -d benchmarks ] && paths+=(benchmarks)
.venv/bin/ruff check "${paths[@]}"
.venv/bin/ruff format --check "${paths[@]}"
.venv/bin/mypy
.venv/bin/python -m pytest -n auto -q "$@"
