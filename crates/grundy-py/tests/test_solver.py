"""Games defined in Python: values, moves and errors."""

import random

import pytest

import grundy
from grundy import RulesError, Solver


def subtraction(amounts):
    def options(n):
        return [(t, [n - t]) for t in amounts if t <= n]

    return options


def kayles(n):
    """Knock down one pin or two adjacent pins of a row of n."""
    moves = []
    for take in (1, 2):
        for left in range(n - take + 1):
            right = n - take - left
            moves.append(((take, left), [h for h in (left, right) if h > 0]))
    return moves


def grundys(n):
    """Split a heap into two unequal heaps."""
    return [((a, n - a), [a, n - a]) for a in range(1, (n + 1) // 2)]


def heaps(*sizes):
    return {"kind": "heaps", "heaps": list(sizes)}


def registry_moves(game, sizes):
    """The registry's winning moves as (heap, leaves) pairs (a split and
    its mirror image are one)."""
    return sorted(
        {(m["heap"], tuple(sorted(h for h in m["leave"] if h > 0))) for m in game.winning_moves(heaps(*sizes))}
    )


def python_moves(solver, sizes):
    return sorted({(c, tuple(sorted(h for h in leaves if h > 0))) for c, _, leaves in solver.winning_moves(sizes)})


@pytest.mark.parametrize(
    "rules,name",
    [
        (subtraction([1, 3, 4]), "subtraction:1,3,4"),
        (subtraction([2, 3, 7]), "subtraction:2,3,7"),
        (kayles, "octal:0.77"),
        (grundys, "grundys-game"),
    ],
)
def test_a_python_game_equals_the_registry_s(rules, name):
    solver = Solver(rules)
    game = grundy.game(name)
    for n in range(120):
        assert solver.grundy(n) == game.value(heaps(n)), n
    rng = random.Random(7)
    for _ in range(150):
        sizes = [rng.randrange(0, 40) for _ in range(rng.randrange(1, 4))]
        assert solver.value(sizes) == game.value(heaps(*sizes))
        assert solver.outcome(sizes) == game.outcome(heaps(*sizes))
        assert python_moves(solver, sizes) == registry_moves(game, sizes), sizes


def test_winning_moves_and_suggestions_name_component_move_and_leaves():
    solver = Solver(subtraction([1, 3, 4]))
    # Heaps 5 and 6 are worth *3 and *2: take 1 from either.
    assert solver.winning_moves([5, 6]) == [(1, 1, [4]), (2, 1, [5])]
    assert solver.winning_moves([7, 7]) == []
    assert solver.suggest([5, 6]) in solver.winning_moves([5, 6])
    assert solver.suggest([0]) is None
    component, move, leaves = solver.suggest([7])
    assert component == 1 and leaves == [7 - move]
    assert solver.known > 0
    assert "values known" in repr(solver)


def test_positions_may_be_any_hashable_value():
    # Nim on frozensets of heaps as one component: the value is the nim-sum.
    def options(heaps):
        out = []
        for h in heaps:
            for smaller in range(h):
                rest = sorted(heaps)
                rest.remove(h)
                out.append(((h, smaller), [tuple(sorted(rest + [smaller]))]))
        return out

    solver = Solver(options)
    assert solver.grundy((1, 2, 3)) == 0
    assert solver.grundy((2, 5)) == 7


def test_an_exception_in_the_rules_names_the_position_and_keeps_its_cause():
    def rules(n):
        if n == 3:
            raise ZeroDivisionError("boom")
        return [(1, [n - 1])] if n else []

    solver = Solver(rules)
    with pytest.raises(RulesError, match=r"^options\(3\) raised ZeroDivisionError: boom$") as caught:
        solver.grundy(5)
    assert isinstance(caught.value.__cause__, ZeroDivisionError)
    assert isinstance(caught.value, ValueError)
    # Nothing computed from the failure is kept; what does not reach 3 works.
    assert solver.known == 0
    assert solver.grundy(2) == 0 and solver.grundy(1) == 1


@pytest.mark.parametrize(
    "rules,message",
    [
        (lambda n: 5, r"^options\(5\) returned 5, of type int; it must return \(move, \[components\.\.\.\]\) pairs$"),
        (lambda n: [1], r"^options\(5\) returned an item 1; it must return"),
        (lambda n: [(1, 2, 3)], r"^options\(5\) returned an item \(1, 2, 3\); it must return"),
        (lambda n: [(1, 3)], r"^options\(5\) returned the move 1 with components 3 \(not a list\)"),
        (lambda n: [(1, [[0]])], r"^options\(5\): the position \[0\] is not hashable \(a list; use a tuple or a frozenset\)$"),
    ],
)
def test_results_of_the_wrong_shape_are_refused(rules, message):
    with pytest.raises(RulesError, match=message):
        Solver(rules).grundy(5)


def test_an_unhashable_position_given_is_refused():
    with pytest.raises(RulesError, match=r"the position \[1, 2\] is not hashable"):
        Solver(kayles).value([[1, 2]])


def test_a_loop_is_refused_naming_a_position_on_it():
    with pytest.raises(RulesError, match=r"^the game is not well founded: the position [012] can be reached from itself$"):
        Solver(lambda n: [(1, [(n + 1) % 3])]).grundy(0)


def test_a_game_without_end_stops_at_the_limit():
    solver = Solver(lambda n: [(1, [n + 1])], max_positions=1000)
    with pytest.raises(RulesError, match=r"^more than max_positions=1000 positions to value \(the search reached 1000\)"):
        solver.grundy(0)
    assert Solver(subtraction([1]), max_positions=None).grundy(5000) == 0
