//! `grundy explain` as a user runs it, for every registered game by its
//! own examples: the text names the options, the mex and the move that
//! makes the nim-sum *0 (one `solve` lists as winning); the JSON follows
//! the schema and agrees with `solve`.

use grundy::registry::GAMES;
use serde_json::Value;

use crate::common;

use common::{run as grundy, text};

#[test]
fn every_game_s_won_example_is_explained_down_to_a_winning_move() {
    for entry in GAMES {
        let won = entry.examples.won;
        let out = grundy(&["explain", entry.example, "--format", "json"], won);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}: {}",
            entry.name,
            text(&out.stderr)
        );
        let explanations: Vec<Value> = text(&out.stdout)
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        let solved = grundy(&["solve", entry.example, "--all", "--format", "json"], won);
        let analyses = common::schema_checked(&text(&solved.stdout));
        assert_eq!(explanations.len(), analyses.len(), "{}", entry.name);
        for (explanation, analysis) in explanations.iter().zip(&analyses) {
            common::check_schema(explanation, "Explanation");
            assert_eq!(
                explanation["nim_sum"], analysis["nim_sum"],
                "{}",
                entry.name
            );
            assert_eq!(explanation["winner"], analysis["winner"], "{}", entry.name);
            for (why, component) in explanation["components"]
                .as_array()
                .unwrap()
                .iter()
                .zip(analysis["components"].as_array().unwrap())
            {
                assert_eq!(&why["component"], component, "{}", entry.name);
                assert_eq!(why["mex"], component["value"], "{}", entry.name);
            }
            // The move that makes the nim-sum *0 is one solve calls winning.
            let winning: Vec<&Value> = analysis["winning_moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| &m["move"])
                .collect();
            if analysis["nim_sum_decides"] == true && analysis["winner"] == "first" {
                let zeroing = &explanation["zeroing"]["move"]["move"];
                assert!(winning.contains(&zeroing), "{}: {zeroing}", entry.name);
            }
        }
        // In text: the options, their values and the mex, for people.
        let out = grundy(&["explain", entry.example], won);
        let shown = text(&out.stdout);
        assert!(shown.starts_with("Case 1: "), "{}: {shown}", entry.name);
        assert!(
            shown.contains("the least value they miss (the mex) is *")
                || shown.contains("decided by the game's own rule"),
            "{}: {shown}",
            entry.name
        );
    }
}

#[test]
fn a_bomb_is_explained_option_by_option() {
    let out = grundy(&["explain", "bomb"], "2 3\n.##\n#..\n");
    assert_eq!(
        text(&out.stdout),
        "\
Case 1: John wins (nim-sum *2).
  (1,2) *1, from its 1 option:
    1 2 1 → *0: explode (1,2), new bomb on (1,1); (1,1) vanishes at once
    Its options reach *0; the least value they miss (the mex) is *1, so its value is *1.
  (1,3) *2, from its 2 options:
    1 3 1 → *0: explode (1,3), new bomb on (1,1); (1,1) vanishes at once
    1 3 2 → *1: explode (1,3), new bomb on (1,2); (1,2) lands on a bomb and both vanish
    Its options reach *0, *1; the least value they miss (the mex) is *2, so its value is *2.
  (2,1) *1, from its 1 option:
    2 1 1 → *0: explode (2,1), new bomb on (1,1); (1,1) vanishes at once
    Its options reach *0; the least value they miss (the mex) is *1, so its value is *1.
  The nim-sum: *1 ⊕ *2 ⊕ *1 = *2. Not *0: the player to move wins by making it *0.
  (1,3) *2 holds the nim-sum's highest bit: it must go from *2 to *2 ⊕ *2 = *0, by its option 1 3 1: explode (1,3), new bomb on (1,1); (1,1) vanishes at once.
"
    );
}

#[test]
fn a_lost_position_and_a_strip_are_explained_as_such() {
    let out = grundy(&["explain", "nim"], "1 2 3\n");
    let shown = text(&out.stdout);
    assert!(
        shown.starts_with("Case 1: the second player wins (nim-sum *0).\n"),
        "{shown}"
    );
    assert!(
        shown.contains("The nim-sum: *1 ⊕ *2 ⊕ *3 = *0. It is *0: any move"),
        "{shown}"
    );
    let out = grundy(&["explain", "cutting"], "1 5\n");
    let shown = text(&out.stdout);
    assert!(
        shown.contains(
            "1×5 (a strip: a single cell can be cut out): decided by the game's own rule"
        ),
        "{shown}"
    );
    assert!(!shown.contains("nim-sum"), "{shown}");
    // The headline says why it is won; the last line shows how, once.
    assert!(
        shown.ends_with(
            "\n  Winning move: cut the 1×5 piece horizontally at 1, leaving 1×1 and 1×4, cutting out a single cell, which wins.\n"
        ),
        "{shown}"
    );
    assert_eq!(
        shown.matches("cutting out a single cell").count(),
        2,
        "{shown}"
    );
}

/// A Wythoff pair beyond the table is decided by Wythoff's pairs: a won one
/// is explained by a move to one of them (⌊kφ⌋, ⌊kφ⌋ + k), worked out here
/// in integers (⌊kφ⌋ = ⌊(k + √(5k²)) / 2⌋), and its outcome said once.
#[test]
fn a_far_wythoff_pair_is_explained_by_the_move_to_one_of_wythoff_s_pairs() {
    let isqrt = |n: u128| {
        let mut r = (n as f64).sqrt() as u128;
        while r * r > n {
            r -= 1;
        }
        while (r + 1) * (r + 1) <= n {
            r += 1;
        }
        r
    };
    let pair = |k: u128| {
        let a = (k + isqrt(5 * k * k)) / 2;
        (a, a + k)
    };
    for (x, y) in [(100_000u128, 161_803u128), (1_000_000, 1_618_040)] {
        let out = grundy(&["explain", "wythoff"], &format!("{x} {y}\n"));
        let shown = text(&out.stdout);
        assert!(
            shown.starts_with(
                "Case 1: the first player wins: the pair is not one of Wythoff's pairs"
            ),
            "{shown}"
        );
        assert_eq!(shown.matches("player wins").count(), 1, "{shown}");
        let last = shown.lines().last().unwrap();
        let (a, b) = last
            .strip_suffix(").")
            .and_then(|l| l.rsplit_once("leaving ("))
            .and_then(|(_, p)| p.split_once(", "))
            .unwrap_or_else(|| panic!("{shown}"));
        let a: u128 = a.replace(',', "").parse().unwrap();
        let b: u128 = b.replace(',', "").parse().unwrap();
        assert!(last.starts_with("  Winning move: take "), "{shown}");
        assert_eq!(pair(b - a), (a, b), "{shown}");
        assert!(a <= x && b <= y && (a, b) != (x, y), "{shown}");
    }
    // One of Wythoff's pairs: lost, and said why once.
    let (a, b) = pair(61_803);
    let out = grundy(&["explain", "wythoff"], &format!("{a} {b}\n"));
    let shown = text(&out.stdout);
    assert!(
        shown.starts_with("Case 1: the second player wins: the pair is one of Wythoff's pairs"),
        "{shown}"
    );
    assert!(!shown.contains("Winning move"), "{shown}");
}

#[test]
fn options_are_listed_as_asked_and_too_many_are_refused_with_the_answers_before() {
    let out = grundy(&["explain", "nim", "--options", "2"], "20\n");
    let shown = text(&out.stdout);
    assert!(
        shown.contains("from its 20 options:\n    1 1 → *19"),
        "{shown}"
    );
    assert!(
        shown.contains("    … and 18 more (--options N lists more)\n"),
        "{shown}"
    );
    assert!(shown.contains("Its options reach *0…*19;"), "{shown}");
    // Nim's options are valued by its rule, at any size.
    let out = grundy(&["explain", "nim"], "18446744073709551615\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    for said in [
        "from its 18,446,744,073,709,551,615 options:\n    1 1 → *18446744073709551614",
        "    … and 18,446,744,073,709,551,603 more (--options N lists more)\n",
        "Its options reach *0…*18446744073709551614; the least value they miss (the mex) is \
         *18446744073709551615",
        "by its option 1 18446744073709551615: take 18,446,744,073,709,551,615 tokens",
    ] {
        assert!(shown.contains(said), "{shown}");
    }
    // Others' past 1,000,000 are refused (Dawson's Kayles: a heap of
    // 2,000,002 has 1,000,001), with the answers before written.
    let out = grundy(&["explain", "octal:0.07"], "3\n2000002\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stdout).starts_with("Case 1: the first player wins"));
    assert_eq!(
        text(&out.stderr),
        "grundy: <stdin>: line 2: component 1 has more than 1,000,000 options: too many to list their values\n"
    );
    let out = grundy(&["explain", "cutting"], "4 x\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("line 1: expected"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_bomb_off_row_1_and_column_1_is_drawn_as_its_grid() {
    let out = grundy(&["explain", "bomb"], "3 4\n....\n...#\n..#.\n");
    assert_eq!(
        text(&out.stdout),
        "\
Case 1: John wins (nim-sum *1).
  (2,4) *0, from its 3 options:
    new bombs on (u,4) and (2,v): each cell is sg(u,4) ⊕ sg(2,v)
               v=1  v=2  v=3
          u=1   *2   *2   *3
    Its options reach *2, *3; the least value they miss (the mex) is *0, so its value is *0.
  (3,3) *1, from its 4 options:
    new bombs on (u,3) and (3,v): each cell is sg(u,3) ⊕ sg(3,v)
               v=1  v=2
          u=1   *0   *2
          u=2   *2   *0
    Its options reach *0, *2; the least value they miss (the mex) is *1, so its value is *1.
  The nim-sum: *0 ⊕ *1 = *1. Not *0: the player to move wins by making it *0.
  (3,3) *1 holds the nim-sum's highest bit: it must go from *1 to *1 ⊕ *1 = *0, by its option 3 3 1 1: explode (3,3), new bombs on (1,3) and (3,1).
"
    );
    // Past 16 rows of options, a list (of 12, as by default).
    let mut board = String::from("18 2\n");
    for row in 1..=18 {
        board += if row == 18 { ".#\n" } else { "..\n" };
    }
    let shown = text(&grundy(&["explain", "bomb"], &board).stdout);
    assert!(!shown.contains("each cell is"), "{shown}");
    assert!(
        shown.contains("from its 17 options:\n    18 2 1 1 → "),
        "{shown}"
    );
    assert!(
        shown.contains("    … and 5 more (--options N lists more)\n"),
        "{shown}"
    );
}
