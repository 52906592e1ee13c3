//! A game added by the steps the registry documents — its rules, and the
//! heap-game description that makes it a [`Game`] — solved by `grundy
//! solve`'s own code without any change to the front ends. (A game in the
//! library would add its type to the registry's one line as well; a test
//! cannot, so it hands the game to the command's generic code directly, as
//! the registry does.)

use grundy::game::Limits;
use grundy::game::Present;
use grundy::games::heap::{heap_game, plain_sequence_while, HeapRules};
use grundy::games::octal::Sequence;
use grundy::rules::Rules;
use grundy_cli::cmd::solve::{solve, Format, InputFormat, Want};
use grundy_cli::output::run_cases;

/// Take one or two tokens, or split a heap of even size into two halves.
#[derive(Clone, Copy, Debug)]
struct TakeOrHalve;

impl Rules for TakeOrHalve {
    type Position = u64;
    type Move = u64;

    fn options(&self, heap: &u64, option: &mut dyn FnMut(u64, &[u64])) {
        for take in [1, 2] {
            if take <= *heap {
                let rest = heap - take;
                option(
                    take,
                    if rest == 0 {
                        &[]
                    } else {
                        std::slice::from_ref(&rest)
                    },
                );
            }
        }
        if *heap >= 2 && heap.is_multiple_of(2) {
            option(0, &[heap / 2, heap / 2]);
        }
    }
}

impl HeapRules for TakeOrHalve {
    fn name(&self) -> String {
        "take-or-halve".to_string()
    }

    fn sequence_while(
        &self,
        upto: usize,
        keep_going: &mut dyn FnMut(usize) -> bool,
    ) -> Result<Sequence, Sequence> {
        plain_sequence_while(self, upto, keep_going)
    }
}

/// The values by the literal rules, written out by hand from them: G(n) is
/// the mex of G(n-1), G(n-2) and, for even n, G(n/2) ^ G(n/2) = 0.
fn expected(n: usize) -> u32 {
    let mut g = vec![0u32; n + 1];
    for m in 1..=n {
        let mut options = vec![g[m - 1]];
        if m >= 2 {
            options.push(g[m - 2]);
        }
        if m % 2 == 0 {
            options.push(0);
        }
        g[m] = (0..).find(|v| !options.contains(v)).unwrap();
    }
    g[n]
}

fn solve_text(input: &str, all: bool) -> String {
    solve_with(input, all, None)
}

fn solve_with(input: &str, all: bool, misere: Option<u64>) -> String {
    let convention = grundy::Convention::from_budget(misere);
    // Behind the one type every front end holds, as the registry would
    // give it.
    let game = grundy::AnyGame::new(heap_game(TakeOrHalve));
    let mut analyst = grundy::Analyst::new(game, convention).unwrap();
    let want = Want {
        all,
        format: Format::Text,
        input: InputFormat::Text,
        engine: grundy::analysis::EngineMove::Always,
    };
    let out = run_cases(
        &mut analyst,
        grundy::format::JudgeInput::stream(input.as_bytes()),
        Vec::new(),
        |analyst, input, out| {
            solve(
                analyst,
                Box::new(input),
                out,
                "<toy>",
                Limits::default(),
                want,
            )
        },
    )
    .unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn a_game_defined_here_is_solved_by_the_solve_command() {
    assert_eq!(heap_game(TakeOrHalve).name(), "take-or-halve");
    let text = solve_text("4\n5 3\n6 6\n", true);
    let (g4, g5, g3) = (expected(4), expected(5), expected(3));
    assert!(
        text.contains(&format!("Case 1: the first player wins (nim-sum *{g4}).")),
        "{text}"
    );
    assert!(
        text.contains(&format!("Heaps: heap 1: 5 *{g5}, heap 2: 3 *{g3}")),
        "{text}"
    );
    assert!(
        text.contains("Case 3: the second player wins (nim-sum *0)."),
        "{text}"
    );
    // Halving 4 leaves 2 + 2, worth 0: a winning move of case 1.
    assert!(text.contains("split heap 1 (4) into 2 and 2"), "{text}");
}

#[test]
fn a_game_defined_here_is_solved_under_misere_play_too() {
    // Heap 1: the only move is the last one, so the player to move loses.
    // Heap 2: take one and leave the opponent that last move.
    let text = solve_with("1\n2\n", true, Some(1000));
    assert!(
        text.contains("Case 1: the second player wins (misère play"),
        "{text}"
    );
    assert!(
        text.contains("Case 2: the first player wins (misère play"),
        "{text}"
    );
    assert!(
        text.contains("take 1 token from heap 1 (2), leaving 1"),
        "{text}"
    );
}
