"""The command line: games, play, simulate, replay, tournament, bench, balance."""
