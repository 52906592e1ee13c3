"""Misère play from Python: the same answers as `grundy solve --misere` and
`grundy judge --misere`, and the same refusals."""

import json

import pytest

import grundy
from conftest import run

MISERE_GAMES = ["bomb", "matrix", "octal:0.07", "octal:0.77", "subtraction:2,3,7", "grundys-game"]


def small_positions(name, count=15):
    g = grundy.game(name)
    sizes = {"bomb": (3, 3), "matrix": (2, 3)}.get(name, (3, 9))
    return [g.random_position(seed, sizes) for seed in range(1, count + 1)]


@pytest.mark.parametrize("name", MISERE_GAMES)
def test_misere_analyses_equal_the_clis(cli, name):
    game = grundy.game(name, misere=True)
    assert game.misere
    cases = small_positions(name)
    lines = "".join(json.dumps(p) + "\n" for p in cases)
    status, out, err = run(
        cli, "solve", name, "--misere", "--input", "json", "--format", "json", "--all", input=lines
    )
    assert status == 0, err
    for position, line in zip(cases, out.splitlines(), strict=True):
        expected = json.loads(line)
        expected.pop("case")
        assert expected["misere"] is True
        assert game.analyse(position, listed=10**6) == expected
        assert game.outcome(position) == expected["winner"]
        moves = game.winning_moves(position)
        assert len(moves) == int(expected["winning_move_count"])
        # Every winning move leaves the opponent lost under misère play.
        for move in moves:
            after = game.play(position, move)
            assert game.outcome(after) == "second"


def test_misere_differs_from_normal_play_at_the_end():
    normal = grundy.game("octal:0.77")
    misere = grundy.game("octal:0.77", misere=True)
    one = {"kind": "heaps", "heaps": [1]}
    assert not normal.misere
    assert normal.outcome(one) == "first"
    assert misere.outcome(one) == "second"
    assert misere.winning_moves(one) == []
    assert misere.suggest(one) is not None
    assert misere.value(one) == 1, "values stay the normal-play values"


def test_judge_misere_equals_the_cli(cli):
    text = "2 3\n2 3 8\n5 2 7\n1 1\n1\n2 1\n1\n1\n"
    status, out, _ = run(cli, "judge", "matrix", "--misere", input=text)
    assert status == 0
    assert grundy.judge("matrix", text, misere=True) == out
    assert out == "Case 1: Alice\nCase 2: Bob\nCase 3: Alice\n"
    with pytest.raises(ValueError, match="grundy.game"):
        grundy.judge(grundy.game("matrix"), text, misere=True)


def test_misere_refusals():
    with pytest.raises(ValueError, match="no misère variant"):
        grundy.game("cutting", misere=True)
    with pytest.raises(ValueError, match="needs misere=True"):
        grundy.game("octal:0.77", misere_budget=10)
    # Dawson's Kayles: no misère quotient within a question's bounds.
    small = grundy.game("octal:0.07", misere=True, misere_budget=1000)
    with pytest.raises(ValueError, match="more than 1,000 positions"):
        small.outcome({"kind": "heaps", "heaps": [30, 31, 29]})
    with pytest.raises(grundy.JudgeError, match="more than 1,000 positions") as raised:
        grundy.judge("octal:0.07", "1 2 3\n30 31 29\n", misere=True, misere_budget=1000)
    assert raised.value.answers == "WIN\n"


def test_genera_equal_the_clis(cli):
    status, out, err = run(cli, "octal", "0.77", "--misere", "--upto", "8", "--format", "json")
    assert status == 0, err
    expected = json.loads(out)["genera"]
    kayles = grundy.game("octal:0.77")
    assert kayles.genera(8) == expected
    assert [g["genus"] for g in expected[:6]] == ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146"]
    # Grundy's game and subtraction games have genera too.
    assert grundy.game("grundys-game").genera(14)[13]["genus"] == "3^1431"
    assert all(g["tame"] for g in grundy.game("subtraction:2,3,7").genera(21))
    with pytest.raises(ValueError, match="not a heap game"):
        grundy.game("bomb").genera()
    with pytest.raises(ValueError, match="more than 2,000 positions"):
        kayles.genera(40, misere_budget=2000)


def kayles_options(n):
    """Kayles in Python: knock down one pin or two neighbours from a row."""
    moves = []
    for width in (1, 2):
        for left in range(0, n - width + 1):
            right = n - width - left
            moves.append(((width, left), [h for h in (left, right) if h > 0]))
    return moves


def test_a_python_game_under_misere_play_equals_the_registrys():
    solver = grundy.Solver(kayles_options)
    registry = grundy.game("octal:0.77", misere=True)
    assert [solver.genus(n) for n in range(8)] == [g["genus"] for g in grundy.game("octal:0.77").genera(8)]
    assert solver.is_tame(4) and not solver.is_tame(5)
    for heaps in ([1], [2], [5, 5], [1, 2, 3], [4, 4, 1], [6, 2], [3, 3, 3]):
        expected = registry.outcome({"kind": "heaps", "heaps": heaps})
        assert solver.misere_outcome(heaps) == expected, heaps
        moves = solver.misere_winning_moves(heaps)
        assert (len(moves) == 0) == (expected == "second"), heaps
        for component, _, leaves in moves:
            after = heaps[: component - 1] + heaps[component:] + list(leaves)
            assert solver.misere_outcome(after) == "second", (heaps, after)
    # Normal play from the same solver is unchanged.
    assert solver.outcome([5, 5]) == "second"
    assert solver.misere_outcome([5, 5]) == "first"


def test_misere_errors_in_a_python_game_are_rules_errors():
    def broken(n):
        if n == 3:
            raise KeyError("three")
        return [(1, [n - 1])] if n > 0 else []

    solver = grundy.Solver(broken)
    with pytest.raises(grundy.RulesError, match="three"):
        solver.misere_outcome([4])
    assert solver.misere_outcome([2]) == "first"

    def loop(n):
        return [(0, [(n + 1) % 3])]

    with pytest.raises(grundy.RulesError, match="not well founded"):
        grundy.Solver(loop).misere_outcome([0])
    small = grundy.Solver(kayles_options, max_positions=200)
    with pytest.raises(grundy.RulesError, match="max_positions=200"):
        small.misere_outcome([20, 21])
