#!/usr/bin/env bash
# Install spacetable with its development tools in .venv, then run every check:
# ruff (lint and format), mypy (strict), and the whole test suite (parallel).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[dev]"
# The web app's browser tests drive Debian's chromium with Playwright (a browser download
# does not work on the project's machines): install it once when it is missing.
if [ ! -x /usr/bin/chromium ]; then
    echo "installing Debian's chromium for the browser tests" >&2
    sudo=""
    [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq >/dev/null
    $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
paths=(src tests)
[ -d benchmarks ] && paths+=(benchmarks)
[ -d examples ] && paths+=(examples)
.venv/bin/ruff check "${paths[@]}"
.venv/bin/ruff format --check "${paths[@]}"
.venv/bin/mypy
.venv/bin/python -m pytest -n auto -q "$@"
