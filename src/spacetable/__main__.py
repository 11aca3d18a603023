"""``python -m spacetable`` runs the command line."""

from spacetable.cli.main import main

main()
