"""The five games, one package each (see spacetable.engine.registry.GAME_MODULES)."""
