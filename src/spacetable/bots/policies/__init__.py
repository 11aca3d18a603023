"""Trained policies shipped with spacetable (``<game>-<players>p.npz``; see docs/rl.md)."""
