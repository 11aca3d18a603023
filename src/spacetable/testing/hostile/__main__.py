"""``python -m spacetable.testing.hostile``: see :func:`spacetable.testing.hostile.main`."""

from . import main

raise SystemExit(main())
