"""Positions written as plain Python values: what a notebook user types
first, read as the same positions as the wire format's dicts."""

import pytest

import grundy


@pytest.mark.parametrize(
    "name, plain, wire",
    [
        ("octal:0.07", [10, 7, 3], {"kind": "heaps", "heaps": [10, 7, 3]}),
        ("nim", (3, 4, 5), {"kind": "heaps", "heaps": [3, 4, 5]}),
        ("matrix", [[1, 2], [3, 4]], {"kind": "matrix", "rows": [[1, 2], [3, 4]]}),
        ("bomb", ["..#", "#.."], {"kind": "board", "rows": 2, "cols": 3, "bombs": [[1, 3], [2, 1]]}),
        ("bomb", (2, 3, [(1, 3), (2, 1)]), {"kind": "board", "rows": 2, "cols": 3, "bombs": [[1, 3], [2, 1]]}),
        ("cutting", [(4, 2), (3, 3)], {"kind": "pieces", "pieces": [[4, 2], [3, 3]]}),
        ("wythoff", [(3, 5)], {"kind": "pairs", "pairs": [[3, 5]]}),
        ("green-hackenbush", [(0, 1), (1, 2)], {"kind": "graph", "edges": [[0, 1], [1, 2]]}),
    ],
)
def test_a_plain_value_is_the_same_position_as_its_dict(name, plain, wire):
    game = grundy.game(name)
    assert game.analyse(plain) == game.analyse(wire)
    assert game.value(plain) == game.value(wire)
    assert game.outcome(plain) == game.outcome(wire)


def test_the_issue_s_example_and_a_wrong_plain_value():
    kayles = grundy.game("octal:0.07")
    assert kayles.value([10, 7, 3]) == kayles.value({"kind": "heaps", "heaps": [10, 7, 3]})
    assert grundy.game("nim").value([3, 4, 5]) == grundy.Nimber(2)
    with pytest.raises(ValueError, match=r"^expected a position: a list of heap sizes, like \[10, 7, 3\]"):
        kayles.value(["a"])
    with pytest.raises(ValueError, match=r"^expected a position: a list of rows like \['..#', '#..'\]"):
        grundy.game("bomb").value(["..#", "#"])
    with pytest.raises(ValueError, match="^expected a position: a list of heap sizes"):
        kayles.value(7)
