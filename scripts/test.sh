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
# Several servers on one database relay their tables through Redis: the tests start a
# private Debian redis-server of their own; install it once when it is missing.
if ! command -v redis-server >/dev/null && [ ! -x /usr/bin/redis-server ]; then
    echo "installing Debian's redis-server for the tests of several servers" >&2
    sudo=""
    [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq >/dev/null
    $sudo apt-get install -y -qq --no-install-recommends redis-server >/dev/null
fi
# Several servers behind nginx: a test runs Debian's nginx (unprivileged, on loopback) in
# front of them; install it once when it is missing.
if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
    echo "installing Debian's nginx for the test of servers behind a proxy" >&2
    sudo=""
    [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq >/dev/null
    $sudo apt-get install -y -qq --no-install-recommends nginx-light >/dev/null \
        || $sudo apt-get install -y -qq --no-install-recommends nginx >/dev/null
fi
paths=(src tests)
[ -d benchmarks ] && paths+=(benchmarks)
[ -d examples ] && paths+=(examples)
.venv/bin/ruff check "${paths[@]}"
.venv/bin/ruff format --check "${paths[@]}"
.venv/bin/mypy
# One worker more than there are cores: the browser and server tests wait on their pages and
# clocks part of the time (13% less wall time than one per core on two cores). Work
# stealing keeps both busy to the end; the slowest tests are named, to keep the run short.
.venv/bin/python -m pytest -n "$(($(nproc) + 1))" --dist worksteal --durations=30 -q "$@"
