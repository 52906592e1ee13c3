"""Bad input raises the documented exception with the CLI's message."""

import pytest

import grundy
from conftest import run


def cli_message(stderr):
    """The CLI's message after its `grundy: ` or `error: ` prefix."""
    return stderr.strip().split(": ", 1)[1]


def test_an_unknown_game_says_which_games_there_are(cli):
    _, _, err = run(cli, "judge", "chess", input="1\n")
    with pytest.raises(ValueError) as caught:
        grundy.game("chess")
    assert str(caught.value).startswith("unknown game `chess`; the games are: bomb, cutting, matrix, ")
    for game in grundy.games():
        assert game["name"] in str(caught.value)
    assert str(caught.value) in err
    with pytest.raises(ValueError, match="^octal: expected an octal code after the `:`"):
        grundy.game("octal")


def test_malformed_judge_input_is_the_cli_s_message_with_the_answers_before_it(cli):
    text = "2 2\n3 2\n4 x\n5 5\n"
    status, out, err = run(cli, "judge", "cutting", input=text)
    assert status == 2
    with pytest.raises(grundy.JudgeError) as caught:
        grundy.judge("cutting", text)
    assert isinstance(caught.value, ValueError)
    assert str(caught.value).startswith("line 3: ")
    assert f"<stdin>: {caught.value}" in err
    assert caught.value.answers == out == "LOSE\nLOSE\n"


def test_a_case_beyond_the_limits_says_how_to_raise_them(cli):
    text = "3000 3000\n"
    _, _, err = run(cli, "judge", "bomb", input=text)
    with pytest.raises(grundy.JudgeError, match="max_cells= raises the limit") as caught:
        grundy.judge("bomb", text)
    assert str(caught.value).split(" (")[0] in err
    board = "11 11\n" + ("." * 10 + "#\n") * 11
    with pytest.raises(grundy.JudgeError, match="max_cells= raises the limit"):
        grundy.judge("bomb", board, max_cells=100)
    assert grundy.judge("bomb", board, max_cells=121) == grundy.judge("bomb", board)


def test_positions_and_moves_of_the_wrong_shape():
    kayles = grundy.game("octal:0.77")
    # A kind the format does not name is a shape of some other game's.
    with pytest.raises(ValueError, match="^octal:0.77 takes heaps, not heapz$"):
        kayles.value({"kind": "heapz"})
    with pytest.raises(ValueError, match="^expected a position in the JSON wire format: unknown field `heapz`"):
        kayles.value({"kind": "heaps", "heapz": [1]})
    with pytest.raises(ValueError, match="^octal:0.77 takes heaps, not board$"):
        kayles.value({"kind": "board", "rows": 1, "cols": 1, "bombs": []})
    with pytest.raises(TypeError, match="expected dicts, lists, ints and strings"):
        kayles.value({"kind": "heaps", "heaps": [1.5]})
    with pytest.raises(TypeError, match="dict keys must be strings"):
        kayles.value({1: 2})
    with pytest.raises(ValueError, match="^illegal move: "):
        kayles.play({"kind": "heaps", "heaps": [3]}, {"kind": "heap", "heap": 1, "take": 3, "leave": [1]})
    # A move of a kind the format does not name is some other game's.
    with pytest.raises(ValueError, match="^octal:0.77 takes heap moves, not jump$"):
        kayles.play({"kind": "heaps", "heaps": [3]}, {"kind": "jump"})
    with pytest.raises(ValueError, match="^expected a move in the JSON wire format: missing field `take`"):
        kayles.play({"kind": "heaps", "heaps": [3]}, {"kind": "heap", "heap": 1})
    small = grundy.game("octal:0.77", max_heap=50)
    with pytest.raises(ValueError, match="50"):
        small.value({"kind": "heaps", "heaps": [51]})
    with pytest.raises(ValueError, match="has no table of component values"):
        grundy.table("octal:0.07", 3, 3)
