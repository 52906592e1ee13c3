"""Every game of the registry from Python equals the CLI's JSON."""

import json
import math

import pytest

import grundy
from conftest import analyses, run

# One game of every registry entry (a game registered later is tested here
# without an edit), and two codes with constraints the example lacks.
GAMES = [g["example"] for g in grundy.games()] + ["octal:0.137", "octal:4.07"]


def with_ints(move):
    """A wire move with the strings of digits the JSON writes made ints."""
    move = dict(move)
    if move["kind"] == "cut":
        move["at"] = int(move["at"])
    if move["kind"] == "row":
        move["take"] = [int(t) for t in move["take"]]
    return move


def positions(game, count=25):
    g = grundy.game(game)
    return [g.random_position(seed) for seed in range(1, count + 1)] + [
        g.random_position(seed, size) for seed in range(1, 6) for size in [(1, 1), (2, 3), (3, 7)]
    ]


@pytest.mark.parametrize("name", GAMES)
def test_values_outcomes_and_moves_equal_the_clis(cli, name):
    game = grundy.game(name)
    cases = positions(name)
    for position, expected in zip(cases, analyses(cli, name, cases), strict=True):
        expected.pop("case")
        assert game.analyse(position, listed=10**6) == expected
        # No value where a component has none (a Cutting strip decides).
        undecided = any(c["value"] is None for c in expected["components"])
        assert game.value(position) == (None if undecided else int(expected["nim_sum"]))
        assert game.outcome(position) == expected["winner"]
        assert game.values(position) == [
            None if c["value"] is None else int(c["value"]) for c in expected["components"]
        ]
        moves = game.winning_moves(position)
        assert moves == [with_ints(m["move"]) for m in expected["winning_moves"]]
        assert game.winning_moves(position, limit=1) == moves[:1]
        suggested = game.suggest(position)
        if expected["winner"] == "first":
            assert suggested in moves
        elif expected["suggested_move"] is None:
            assert suggested is None
        else:
            assert suggested == with_ints(expected["suggested_move"]["move"])


@pytest.mark.parametrize("name", [g for g in GAMES if g != "cutting"])
def test_a_winning_move_leaves_a_lost_position(name):
    game = grundy.game(name)
    for position in positions(name, 10):
        for move in game.winning_moves(position, limit=5):
            after = game.play(position, move)
            assert after["kind"] == position["kind"]
            assert game.outcome(after) == "second"
            assert game.value(after) == 0


def test_the_cutting_game_s_won_positions_and_huge_papers():
    cutting = grundy.game("cutting")
    big = 10**18
    position = {"kind": "pieces", "pieces": [[big, 3], [4, 2]]}
    assert cutting.outcome(position) in ("first", "second")
    moves = cutting.winning_moves(position, limit=3)
    for move in moves:
        assert isinstance(move["at"], int)
        assert cutting.play(position, move)["kind"] == "pieces"
    # Digit strings, as the JSON writes them, are read too.
    assert cutting.value({"kind": "pieces", "pieces": [["4", "2"]]}) == cutting.value(
        {"kind": "pieces", "pieces": [[4, 2]]}
    )


def test_a_cutting_strip_has_no_value_but_an_outcome():
    # A 1×5 strip: the player to move cuts out a single cell and wins at
    # once, so no nim-sum decides it (the wire format's `value: null`).
    cutting = grundy.game("cutting")
    for pieces in ([(1, 5)], [(5, 1), (2, 2)], [(1, 2), (1, 2)]):
        assert cutting.value(pieces) is None, pieces
        assert cutting.outcome(pieces) == "first", pieces
        assert None in cutting.values(pieces)
    # Without a strip the value is the reduced game's nim-sum: 2×2 is lost.
    assert cutting.value([(2, 2)]) == 0
    assert cutting.outcome([(2, 2)]) == "second"
    assert cutting.value([(2, 3)]) == 0  # every cut leaves a strip
    assert cutting.value([(2, 4)]) != 0  # 2×2 + 2×2 wins


def test_moves_in_notation_and_game_over():
    nim = grundy.game("subtraction:1,2")
    assert nim.play({"kind": "heaps", "heaps": [3, 4]}, "2 2") == {"kind": "heaps", "heaps": [3, 2]}
    assert nim.is_over({"kind": "heaps", "heaps": [0, 0]})
    assert not nim.is_over({"kind": "heaps", "heaps": [0, 1]})
    assert repr(nim) == 'grundy.game("subtraction:1,2")'
    assert grundy.game("bomb").players == ("John", "Jack")


def test_judge_prints_what_the_cli_prints(cli):
    inputs = {
        "bomb": "2 3\n#.#\n.##\n1 1\n#\n3 3\n...\n.#.\n..#\n",
        "cutting": "2 2\n3 2\n4 2\n 5 7 \n\n2 3\n",
        "matrix": "2\n2 2\n1 2\n3 4\n1 3\n0 0 0\n",
        "octal:0.07": "1 2\n3 4 5\n\n7\n",
        "wythoff": "1 2\n3 5\n",
        "green-hackenbush": "0-1 1-2 1-3 2-3\n# a comment\n\n0-1 0-1\n",
    }
    for name, text in inputs.items():
        status, out, err = run(cli, "judge", name, input=text)
        assert status == 0, err
        assert grundy.judge(name, text) == out
        assert grundy.judge(grundy.game(name), text) == out


def test_a_bomb_table_equals_the_clis(cli):
    import csv
    import io

    status, out, err = run(cli, "table", "bomb", "--size", "12x9", "--format", "csv", "--no-cache")
    assert status == 0, err
    rows = list(csv.reader(io.StringIO(out)))[1:]
    table = grundy.table("bomb", 12, 9)
    assert table.shape == (12, 9) and str(table.dtype) == "uint32"
    assert [[int(v) for v in row[1:]] for row in rows] == table.tolist()
    cutting = grundy.table("cutting", 5, 6)
    assert cutting.shape == (5, 6)


def test_a_large_bomb_table_is_kept_in_the_users_cache():
    import os
    import pathlib

    kept = pathlib.Path(os.environ["GRUNDY_CACHE_DIR"]) / "bomb-table-v2.bin"
    # One bomb at the far corner of a 130 × 130 board: a table past the
    # size worth keeping (128 × 128 cells).
    board = "130 130\n" + "".join("." * 129 + ("#" if r == 129 else ".") + "\n" for r in range(130))
    answer = grundy.judge("bomb", board + "0 0\n", cache=False)
    assert answer in ("John\n", "Jack\n")
    grundy.table("bomb", 130, 130, cache=False)
    assert not kept.exists()
    assert grundy.judge("bomb", board + "0 0\n") == answer
    assert kept.stat().st_size > 130 * 130
    kept.unlink()
    table = grundy.table("bomb", 130, 130)
    assert kept.exists()
    assert grundy.table("bomb", 130, 130).tolist() == table.tolist()


def test_heaps_past_the_limit_through_nim_or_a_period():
    # Nim's value is the heap's size at any size; 0.07 repeats with period
    # 34 from heap 53 (Winning Ways, ch. 4), so a heap of 10**12 is worth
    # what 53 + (10**12 - 53) % 34 is.
    nim = grundy.game("nim")
    top = 2**64 - 1
    assert nim.value([top]) == top
    assert nim.outcome([top, top]) == "second"
    move = nim.suggest([top, 5])
    after = nim.play({"kind": "heaps", "heaps": [top, 5]}, move)
    assert nim.value(after) == 0
    dawson = grundy.game("octal:0.07")
    big = 10**12
    small = 53 + (big - 53) % 34
    assert dawson.value([big]) == dawson.value([small])
    for move in dawson.winning_moves([big, 7], limit=5):
        assert dawson.value(dawson.play({"kind": "heaps", "heaps": [big, 7]}, move)) == 0


def test_a_lone_wythoff_pair_of_any_size_by_wythoffs_pairs(cli):
    # (⌊kφ⌋, ⌊kφ⌋ + k) for k = 618,033,989 is lost; one more in the first
    # heap is won, by taking it back among three ways (each pair checked
    # here by ⌊kφ⌋ = (k + isqrt(5k²)) // 2). Beyond the table such a pair
    # has no value, as a Cutting strip has none; a sum with one is refused.
    wythoff = grundy.game("wythoff")
    lost, won = (10**9, 1_618_033_989), (10**9 + 1, 1_618_033_989)
    assert wythoff.outcome([lost]) == "second"
    assert wythoff.outcome([won]) == "first"
    assert wythoff.value([won]) is None and wythoff.values([won]) == [None]
    moves = [tuple(m["to"]) for m in wythoff.winning_moves([won])]
    assert lost in moves and len(moves) == 3
    for a, b in moves:
        k = abs(a - b)
        assert min(a, b) == (k + math.isqrt(5 * k * k)) // 2
        assert wythoff.outcome([(a, b)]) == "second"
    position = {"kind": "pairs", "pairs": [list(won)]}
    [expected] = analyses(cli, "wythoff", [position])
    expected.pop("case")
    analysis = wythoff.analyse(position, listed=10**6)
    assert analysis == expected
    assert analysis["nim_sum"] is None and not analysis["nim_sum_decides"]
    with pytest.raises(ValueError, match="one pair alone is decided at any size"):
        wythoff.outcome([(1, 1), won])


@pytest.mark.parametrize("name", GAMES)
def test_explain_equals_the_clis(cli, name):
    game = grundy.game(name)
    won = next(g for g in grundy.games() if name.startswith(g["name"]))["examples"]["won"]
    status, out, err = run(cli, "explain", name, "--format", "json", "--options", "3", input=won)
    assert status == 0, err
    expected = json.loads(out.splitlines()[0])
    expected.pop("case")
    assert game.explain(expected["position"], listed=3) == expected


@pytest.mark.parametrize("name", GAMES)
def test_value_moves_agree_with_the_outcome_of_each_move(name):
    game = grundy.game(name)
    for position in positions(name, count=5):
        answer = game.value_moves(position, listed=40)
        assert answer["wins"] == (game.outcome(position) == "first")
        for m in answer["moves"]:
            after = game.play(position, m["move"]["move"])
            # A move that ends the game at once (a Cutting cell) wins.
            wins = game.is_over(after) or game.outcome(after) == "second"
            if m["move"]["text"].endswith("which wins"):
                wins = True
            assert m["wins"] == wins, (name, position, m["move"]["text"])
            if m["remoteness"] is not None:
                assert m["wins"] == (m["remoteness"] % 2 == 0)


def test_value_moves_of_nim_and_misere_nim():
    # Nim 1 2: only leaving 1 1 wins; the game then lasts 3 moves.
    answer = grundy.game("nim").value_moves([1, 2])
    marks = [(m["move"]["notation"], m["wins"], m["remoteness"]) for m in answer["moves"]]
    assert marks == [("1 1", False, 1), ("2 1", True, 2), ("2 2", False, 1)]
    assert (answer["wins"], answer["remoteness"], answer["winning"]) == (True, 3, 1)
    assert answer["winning_in_all"] == "1"
    # More moves than are marked: the one winning move (the first heap
    # down to 12,345) listed first, and every winning move counted.
    big = grundy.game("nim").value_moves([20000, 12345], listed=3)
    assert (big["more"], big["valued"], big["winning"], big["winning_in_all"]) == (True, 10000, 1, "1")
    assert [m["wins"] for m in big["moves"]] == [True, False, False]
    assert big["moves"][0]["move"]["notation"] == "1 7655"
    # Misère play: taking the last token loses; no remoteness is searched.
    misere = grundy.game("nim", misere=True).value_moves([1])
    assert [m["wins"] for m in misere["moves"]] == [False]
    assert misere["remoteness"] is None
    with pytest.raises(ValueError, match="normal play"):
        grundy.game("nim", misere=True).explain([1])
