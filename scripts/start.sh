#!/usr/bin/env bash
# Install spacetable in .venv and start a game in the terminal.
# With no arguments: list the games, then play Wild Space, you against a bot.
# Any arguments are passed to `spacetable` (e.g. `bash scripts/start.sh play quazarys -p 3`).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e .
if [ "$#" -eq 0 ]; then
    .venv/bin/spacetable games
    exec .venv/bin/spacetable play wildspace --players 2 --bot 1=random
fi
exec .venv/bin/spacetable "$@"
