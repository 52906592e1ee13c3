"""Every game of the registry, through the package, by its own examples
(`grundy.games()`): a game registered is tested here without an edit."""

import json

import pytest

import grundy
from conftest import run

GAMES = grundy.games()


def test_every_game_has_examples():
    assert GAMES, "the registry lists games"
    for entry in GAMES:
        examples = entry["examples"]
        for field in ("judge", "answers", "won", "winning_move", "illegal_move", "bad_input"):
            assert examples[field].strip(), (entry["name"], field)
        assert examples["plain"] not in (None, [], ""), entry["name"]
        assert examples["bad_line"] >= 1


@pytest.mark.parametrize("entry", GAMES, ids=[g["example"] for g in GAMES])
def test_judge_answers_as_the_cli(cli, entry):
    examples = entry["examples"]
    assert grundy.judge(entry["example"], examples["judge"]) == examples["answers"]
    status, out, err = run(cli, "judge", entry["example"], input=examples["judge"])
    assert (status, out) == (0, examples["answers"]), err
    with pytest.raises(grundy.JudgeError, match=f"line {examples['bad_line']}:") as raised:
        grundy.judge(entry["example"], examples["bad_input"])
    # The answers before the bad case are kept.
    status, out, _ = run(cli, "judge", entry["example"], input=examples["bad_input"])
    assert status == 2
    assert raised.value.answers == out


@pytest.mark.parametrize("entry", GAMES, ids=[g["example"] for g in GAMES])
def test_the_won_position_written_plainly_is_won_by_its_move(cli, entry):
    examples = entry["examples"]
    game = grundy.game(entry["example"])
    plain = examples["plain"]
    assert game.outcome(plain) == "first"
    assert game.suggest(plain) in game.winning_moves(plain)
    after = game.play(plain, examples["winning_move"])
    assert game.is_over(after) or game.outcome(after) == "second"
    with pytest.raises(ValueError):
        game.play(plain, examples["illegal_move"])
    # The plain value is the position the CLI reads from `won`.
    status, out, err = run(cli, "solve", entry["example"], "--format", "json", input=examples["won"])
    assert status == 0, err
    wire = json.loads(out.splitlines()[0])["position"]
    assert game.analyse(plain) == game.analyse(wire)
    with pytest.raises(ValueError, match="^expected a position: "):
        game.value("not a position")


def test_the_game_doc_names_no_hand_list():
    # `grundy.game`'s help points at `games()` rather than listing names.
    assert "games()" in grundy.game.__doc__
