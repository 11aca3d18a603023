"""Testing support: the conformance suite every game must pass, and a tiny test-only game."""

from .conformance import ConformanceError, Report, check_game, conformance_configs

__all__ = ["ConformanceError", "Report", "check_game", "conformance_configs"]
