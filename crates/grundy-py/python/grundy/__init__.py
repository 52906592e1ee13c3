"""grundy: Sprague–Grundy values, outcomes and winning moves of impartial games.

The engine is grundy's Rust library; this package is a thin layer over it.

    >>> import grundy
    >>> grundy.Nimber(3) ^ grundy.Nimber(5)
    *6
    >>> kayles = grundy.game("octal:0.77")
    >>> kayles.value({"kind": "heaps", "heaps": [1, 2, 3]})
    *0
    >>> grundy.judge("cutting", "2 2\\n3 2\\n4 2\\n")
    'LOSE\\nLOSE\\nWIN\\n'
    >>> grundy.octal("0.07").period
    34

Positions and moves are dicts shaped as the JSON wire format of
``grundy solve --format json`` (see ``schema/grundy.schema.json``), with ints
for numbers.
"""

from ._grundy import (
    Game,
    JudgeError,
    Nimber,
    OctalResult,
    RulesError,
    Solver,
    __version__,
    cache_contents,
    clear_cache,
    game,
    games,
    judge,
    mex,
    octal,
    proven_period,
    quotient,
    check_quotient,
    table,
)

__all__ = [
    "Game",
    "JudgeError",
    "Nimber",
    "OctalResult",
    "RulesError",
    "Solver",
    "__version__",
    "cache_contents",
    "clear_cache",
    "game",
    "games",
    "judge",
    "mex",
    "octal",
    "proven_period",
    "quotient",
    "check_quotient",
    "table",
]
