"""Type stubs of grundy's extension module (re-exported by ``grundy``)."""

from typing import Any, Callable, Hashable, Iterable, Literal, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str

# Shapes of the JSON wire format (schema/grundy.schema.json), with ints.
Position = dict[str, Any]
Move = dict[str, Any]
Side = Literal["first", "second"]

class RulesError(ValueError):
    """A game defined in Python went wrong: its options function raised,
    returned something of the wrong shape, or let a position be reached
    from itself. The message names the position."""

class JudgeError(ValueError):
    """Judge input that ``grundy judge`` refuses (the same message)."""

    answers: str
    """The answers written before the bad case."""

class Nimber:
    """A Grundy value ``*n``: ``^`` and ``+`` are the nim-sum, ``*`` the
    nim-product; compares and hashes as the int n."""

    def __init__(self, value: int) -> None: ...
    @property
    def value(self) -> int: ...
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __xor__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __rxor__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __add__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __radd__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __mul__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __rmul__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __lt__(self, other: Union["Nimber", int]) -> bool: ...
    def __le__(self, other: Union["Nimber", int]) -> bool: ...
    def __gt__(self, other: Union["Nimber", int]) -> bool: ...
    def __ge__(self, other: Union["Nimber", int]) -> bool: ...
    def __hash__(self) -> int: ...

def mex(values: Iterable[Union[Nimber, int]]) -> Nimber:
    """The least nimber not among ``values``."""

class Game:
    """A game of grundy's registry. Use it from the thread that made it."""

    @property
    def name(self) -> str: ...
    @property
    def players(self) -> Tuple[str, str]: ...
    @property
    def misere(self) -> bool:
        """Whether the game is played under misère rules (the last mover loses)."""
    def value(self, position: Position) -> Optional[Nimber]:
        """The nim-sum of the position's components; ``None`` where a
        component's value is not what decides (a Cutting Game strip: the
        player to move wins at once; ``outcome`` says who wins)."""
    def values(self, position: Position) -> list[Optional[Nimber]]:
        """Every component's value (``None`` where the game's own rule decides)."""
    def outcome(self, position: Position) -> Side:
        """``"first"`` when the player to move wins, else ``"second"``."""
    def winning_moves(self, position: Position, limit: Optional[int] = None) -> list[Move]:
        """The winning moves (the first ``limit``), as wire-format dicts."""
    def suggest(self, position: Position) -> Optional[Move]:
        """A winning move, else the move hardest to answer; ``None`` with no move."""
    def play(self, position: Position, move: Union[Move, str]) -> Position:
        """The position after ``move`` (a dict, or the notation of ``grundy play``)."""
    def is_over(self, position: Position) -> bool:
        """Whether the player to move has no legal move."""
    def analyse(self, position: Position, listed: int = 10) -> dict[str, Any]:
        """The analysis exactly as ``grundy solve --format json`` writes it."""
    def explain(self, position: Position, listed: int = 10) -> dict[str, Any]:
        """Why each component has its value, exactly as ``grundy explain --format json`` writes it."""
    def value_moves(self, position: Position, listed: int = 10) -> dict[str, Any]:
        """Every legal move (up to 10,000, the winning ones first) marked winning or losing, with its remoteness where known; ``winning_in_all`` counts every winning move."""
    def genera(self, upto: int = 21, *, misere_budget: Optional[int] = None) -> list[dict[str, Any]]:
        """Heap games: the genus of heaps 0 … upto − 1 under misère play."""
    def random_position(self, seed: int = 1, size: Optional[Tuple[int, int]] = None) -> Position:
        """A random position (the same seed, the same position)."""

def game(
    name: str,
    *,
    max_cells: Optional[int] = None,
    max_heap: Optional[int] = None,
    misere: bool = False,
    misere_budget: Optional[int] = None,
    quotient: Optional[dict[str, Any]] = None,
    cache: bool = True,
) -> Game:
    """A game by its registry name (``bomb``, ``octal:0.07``; ``games()``
    lists them all). With ``misere=True``, played under misère rules (the last player to
    move loses), searching at most ``misere_budget`` positions; ``quotient``, a
    document of ``quotient()`` for the game's code, checked first, decides the
    sums of the heaps it reached. With ``cache=True`` the user's cache, shared
    with the CLI (``GRUNDY_CACHE_DIR`` moves it), gives the Bomb table kept and
    the proven quotient of the game's code kept, which decides its misère play."""

def games() -> list[dict[str, Any]]:
    """Every game of the registry as dicts: ``name``, ``title``,
    ``parameter``, ``summary``, ``rules``, ``example`` (a full name) and
    ``examples`` (sample input, moves and bad input)."""

def judge(
    game: Union[str, Game],
    text: str,
    *,
    max_cells: Optional[int] = None,
    max_heap: Optional[int] = None,
    misere: bool = False,
    misere_budget: Optional[int] = None,
    cache: bool = True,
) -> str:
    """What ``grundy judge GAME`` (with ``--misere``) prints for ``text``;
    raises ``JudgeError``. ``cache`` as in ``game()``."""

def table(
    game: str, rows: int, cols: int, *, max_cells: Optional[int] = None, cache: bool = True
) -> npt.NDArray[np.uint32]:
    """One component's value for every pair of sizes up to rows × cols
    (``[i, j]`` for sizes i + 1, j + 1). Releases the GIL. ``cache`` as in
    ``game()``."""

class OctalResult:
    @property
    def code(self) -> str: ...
    @property
    def values(self) -> Optional[npt.NDArray[np.uint32]]: ...
    @property
    def period(self) -> Optional[int]: ...
    @property
    def preperiod(self) -> Optional[int]: ...
    @property
    def computed(self) -> int: ...
    @property
    def largest(self) -> int: ...
    @property
    def digest(self) -> int: ...
    @property
    def complete(self) -> bool: ...

def octal(
    code: str,
    upto: int = 1_000_000,
    *,
    values: bool = True,
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> OctalResult:
    """G(0) … G(upto − 1) of an octal game, or fewer once a period is
    proven, or as many as ``time_limit`` seconds allow (``complete``
    False). Releases the GIL."""

def proven_period(values: Sequence[int], max_take: int, parts: int = 2) -> Optional[Tuple[int, int]]:
    """``(period, preperiod)`` when the periodicity theorem proves the
    sequence periodic (``max_take``: the most tokens a move takes;
    ``parts``: the most heaps a move leaves, 3 for a hexadecimal code that
    splits a heap into three)."""

def quotient(
    code: str, upto: int = 100_000, *, time_limit: Optional[float] = None, cache: bool = True
) -> dict[str, Any]:
    """The misère quotient of a take-and-break game (as ``grundy quotient
    --format json``): ``order``, ``p_size``, ``proven``, ``period``,
    ``preperiod``, ``changes``, ``generators``, ``relations``, ``elements``,
    ``actions``, ``p_portion``, ``pretending``. Releases the GIL. With
    ``cache=True`` a proven one is kept in the user's cache and decides the
    code's misère play from then on; a partial one is kept when it reaches
    further than the one kept for the code, and decides the sums of the
    heaps it reached until one is proven. The run goes on from the quotient
    kept for the code when that does not pass ``upto``: the same quotient
    as from heap 0, sooner (``cache=False`` starts from heap 0)."""

def check_quotient(doc: dict[str, Any], *, cache: bool = True) -> int:
    """Checks a quotient document as a certificate: the heaps it covers, or
    ``ValueError`` naming the failure. With ``cache=True`` one that passes
    is kept in the user's cache (a proven one then decides its code's misère
    play; a partial one, the sums of its heaps, when it reaches further than
    the one kept), and a check that Ctrl-C stops while it reads the heaps
    keeps how far it got: the next check of the same document goes on from
    there."""

def cache_contents() -> dict[str, Any]:
    """What the user's cache (the CLI's: ``GRUNDY_CACHE_DIR``, else the
    platform's folder) holds, as ``grundy cache --format json``: ``dir``,
    ``bomb_table``, ``quotients`` (each kept document's ``file``,
    ``bytes``, ``summary`` and whether it ``decides`` its code's misère
    play), ``stopped_checks`` (each certificate check stopped part way:
    its ``file``, ``bytes`` and the ``heap`` the next check of its
    document goes on from) and ``total_bytes``. ``OSError`` where there is
    no folder."""

def clear_cache() -> dict[str, int]:
    """Removes grundy's files from the cache folder (nothing else there),
    as ``grundy cache --clear``: the ``files`` removed and their
    ``bytes``."""

SumMove = Tuple[int, Any, list[Any]]

class Solver:
    """A game defined in Python by ``options(position)``, which returns
    ``(move, [components...])`` pairs; positions must be hashable."""

    def __init__(
        self,
        options: Callable[[Any], Iterable[Tuple[Any, Sequence[Hashable]]]],
        *,
        max_positions: Optional[int] = 10_000_000,
    ) -> None:
        """One call values at most ``max_positions`` new positions (``None``:
        no limit), so a game without end raises ``RulesError``."""
    def grundy(self, position: Hashable) -> Nimber: ...
    def value(self, positions: Iterable[Hashable]) -> Nimber: ...
    def outcome(self, positions: Iterable[Hashable]) -> Side: ...
    def winning_moves(self, positions: Iterable[Hashable]) -> list[SumMove]:
        """Every winning move as ``(component from 1, move, leaves)``."""
    def suggest(self, positions: Iterable[Hashable]) -> Optional[SumMove]: ...
    def misere_outcome(self, positions: Iterable[Hashable]) -> Side:
        """Who wins under misère play (the last player to move loses)."""
    def misere_winning_moves(self, positions: Iterable[Hashable]) -> list[SumMove]:
        """Every winning move under misère play."""
    def genus(self, position: Hashable) -> str:
        """The genus of one component under misère play (``"4^146"``)."""
    def is_tame(self, position: Hashable) -> bool:
        """Whether the component and every one below it have tame genera."""
    @property
    def known(self) -> int:
        """How many component values are memoised."""
