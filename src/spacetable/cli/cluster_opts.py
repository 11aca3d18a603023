"""The options shared by ``simulate``, ``tournament`` and ``balance`` to choose where games
are played (:mod:`spacetable.cluster`), to record them (:mod:`spacetable.records`) and how
``simulate`` and ``tournament`` seat their bots (:func:`spacetable.sim.seating`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from spacetable.cluster import ClusterError, LocalBackend, RayBackend, make_backend

RayFlag = Annotated[
    bool,
    typer.Option(
        "--ray",
        help="play on Ray: a local Ray with --workers CPUs (0: one per core), or the cluster "
        "of --ray-address",
    ),
]
RayAddress = Annotated[
    str | None,
    typer.Option(
        "--ray-address",
        help="join an existing Ray cluster (HOST:PORT from `ray start --head`, or 'auto' on "
        "one of its nodes); implies --ray",
    ),
]
RecordDir = Annotated[
    Path | None,
    typer.Option(
        "--record",
        help="write every game's record (JSON Lines, one game a line, replayable) to a new "
        "file in this directory; records reveal the seed, so all hidden cards",
    ),
]

FixedSeats = Annotated[
    bool,
    typer.Option(
        "--fixed-seats",
        help="keep each bot at the seat it is given in every game (default: the bots rotate "
        "over the seats from game to game, so that no bot keeps one seat's advantage)",
    ),
]


def open_backend(workers: int, ray: bool, ray_address: str | None) -> LocalBackend | RayBackend:
    """The backend of the options; a ClusterError (a ValueError) says why it cannot start."""
    try:
        return make_backend(workers, ray=ray, ray_address=ray_address)
    except ClusterError:
        raise
    except Exception as e:  # Ray raises many kinds when a cluster does not answer
        raise ClusterError(f"cannot start the Ray backend: {type(e).__name__}: {e}") from e
