#!/usr/bin/env bash
# Install spacetable in .venv and start the web app (`spacetable serve`) on its SQLite
# database; it prints the address to open in a browser.
# Any arguments are passed to `spacetable` instead (e.g. `bash scripts/start.sh play quazarys
# -p 3` plays in the terminal, `bash scripts/start.sh serve --port 8080` serves elsewhere).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e .
if [ "$#" -eq 0 ]; then
    exec .venv/bin/spacetable serve
fi
exec .venv/bin/spacetable "$@"
