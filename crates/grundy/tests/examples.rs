//! The games of `examples/`, run as a user runs them (`cargo run --example`),
//! their output read back and checked against the literal rules: every
//! value printed by a mex over the moves written out here, every winning
//! move legal in the position the example names and leaving a lost one.

use std::collections::HashMap;
use std::process::Command;

/// What the example `name` prints; fails the test if it fails. `cargo test`
/// builds the examples beside the tests (`target/debug/examples/`), and
/// that binary is run; where it is not there or is older than the example's
/// source (a test run that built no examples), `cargo run --example` builds
/// and runs it.
fn run_example(name: &str) -> String {
    run_example_with(name, &[])
}

/// What the example `name` prints when given `args`.
fn run_example_with(name: &str, args: &[&str]) -> String {
    let built = std::env::current_exe().ok().and_then(|test| {
        let path = test
            .parent()?
            .parent()?
            .join("examples")
            .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
        // A binary older than its source (a run of one test binary, which
        // builds no example) is not the example as it stands.
        let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../examples")
            .join(format!("{name}.rs"));
        let modified = |p: &std::path::Path| p.metadata().and_then(|m| m.modified()).ok();
        let fresh = matches!((modified(&path), modified(&source)), (Some(b), Some(s)) if b >= s);
        fresh.then_some(path)
    });
    let output = match built {
        Some(path) => Command::new(path).args(args).output(),
        None => Command::new(env!("CARGO"))
            .args(["run", "--quiet", "--example", name, "--"])
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output(),
    }
    .expect("the example runs");
    assert!(
        output.status.success(),
        "example {name} failed ({}):\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("the example prints UTF-8")
}

/// The numbers in `text`, in order.
fn numbers(text: &str) -> Vec<u32> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().expect("a number"))
        .collect()
}

/// The one line of `output` starting with `prefix`, without it.
fn line<'a>(output: &'a str, prefix: &str) -> &'a str {
    output
        .lines()
        .find_map(|l| l.trim_start().strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no line starting {prefix:?} in:\n{output}"))
}

/// The Grundy value of a heap game's heap: the mex of its options' nim-sums.
fn heap_value(
    heap: u32,
    options: &dyn Fn(u32) -> Vec<Vec<u32>>,
    memo: &mut HashMap<u32, u32>,
) -> u32 {
    if let Some(&v) = memo.get(&heap) {
        return v;
    }
    let mut seen = Vec::new();
    for leaves in options(heap) {
        let sum = leaves
            .iter()
            .fold(0, |s, &h| s ^ heap_value(h, options, memo));
        seen.push(sum);
    }
    let value = (0..).find(|v| !seen.contains(v)).expect("a mex");
    memo.insert(heap, value);
    value
}

/// The literal subtraction game {1, 3, 4}: what a heap can become.
fn subtraction_options(heap: u32) -> Vec<Vec<u32>> {
    [1, 3, 4]
        .into_iter()
        .filter(|&t| t <= heap)
        .map(|t| vec![heap - t])
        .collect()
}

/// Grundy's game literally: a heap splits into two unequal non-empty heaps.
fn grundys_options(heap: u32) -> Vec<Vec<u32>> {
    (1..heap)
        .filter(|&a| 2 * a != heap)
        .map(|a| vec![a, heap - a])
        .collect()
}

#[test]
fn subtraction_prints_true_values_and_legal_winning_moves() {
    let output = run_example("subtraction");
    let memo = &mut HashMap::new();
    let values = numbers(line(&output, "subtraction game {1, 3, 4}, heaps 0..20:"));
    assert_eq!(values.len(), 21, "{output}");
    for (heap, v) in (0..).zip(values) {
        assert_eq!(
            v,
            heap_value(heap, &subtraction_options, memo),
            "heap {heap}"
        );
    }
    let heaps = numbers(line(&output, "heaps ["));
    let heaps = &heaps[..heaps.len() - 1]; // "… are worth *v"
    let moves: Vec<&str> = output
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("winning: "))
        .collect();
    // Every winning move of the literal game is printed, and nothing else.
    let mut expected = 0;
    for (i, &h) in heaps.iter().enumerate() {
        for leaves in subtraction_options(h) {
            let mut after = heaps.to_vec();
            after[i] = leaves[0];
            let sum = after
                .iter()
                .fold(0, |s, &x| s ^ heap_value(x, &subtraction_options, memo));
            expected += usize::from(sum == 0);
        }
    }
    assert!(expected > 0);
    assert_eq!(moves.len(), expected, "{output}");
    for text in moves {
        // "take T from heap C (of H), leaving [L]"
        let [take, component, heap, left] = numbers(text)[..] else {
            panic!("unexpected move line {text:?}");
        };
        let index = component as usize - 1;
        assert_eq!(heaps[index], heap, "heap {component} is the {heap}: {text}");
        assert!([1, 3, 4].contains(&take) && left + take == heap, "{text}");
        let mut after = heaps.to_vec();
        after[index] = left;
        let sum = after
            .iter()
            .fold(0, |s, &x| s ^ heap_value(x, &subtraction_options, memo));
        assert_eq!(sum, 0, "{text} leaves a won position");
    }
}

#[test]
fn grundys_game_prints_true_values_and_legal_winning_moves() {
    let output = run_example("grundys_game");
    let memo = &mut HashMap::new();
    let values = numbers(line(&output, "Grundy's game, heaps 0..29:"));
    assert_eq!(values.len(), 30, "{output}");
    for (heap, v) in (0..).zip(values) {
        assert_eq!(v, heap_value(heap, &grundys_options, memo), "heap {heap}");
    }
    let lost = numbers(line(
        &output,
        "heaps below 200 lost for the player to move:",
    ));
    let expected: Vec<u32> = (1..200)
        .filter(|&h| heap_value(h, &grundys_options, memo) == 0)
        .collect();
    assert_eq!(lost, expected);
    let heaps = numbers(line(&output, "heaps ["));
    let heaps = &heaps[..heaps.len() - 1];
    let moves: Vec<&str> = output
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("winning: "))
        .collect();
    assert!(!moves.is_empty(), "{output}");
    for text in moves {
        // "split heap C (the H) into A + B"
        let [component, heap, a, b] = numbers(text)[..] else {
            panic!("unexpected move line {text:?}");
        };
        let index = component as usize - 1;
        assert_eq!(heaps[index], heap, "heap {component} is the {heap}: {text}");
        assert!(a + b == heap && a != b && a > 0 && b > 0, "{text}");
        let mut after = heaps.to_vec();
        after.splice(index..=index, [a, b]);
        let sum = after
            .iter()
            .fold(0, |s, &x| s ^ heap_value(x, &grundys_options, memo));
        assert_eq!(sum, 0, "{text} leaves a won position");
    }
}

/// Whether the player to move loses Wythoff's game from `(a, b)`, by trying
/// every move.
fn wythoff_lost(a: u32, b: u32, memo: &mut HashMap<(u32, u32), bool>) -> bool {
    if let Some(&lost) = memo.get(&(a, b)) {
        return lost;
    }
    let mut options = Vec::new();
    options.extend((1..=a).map(|k| (a - k, b)));
    options.extend((1..=b).map(|k| (a, b - k)));
    options.extend((1..=a.min(b)).map(|k| (a - k, b - k)));
    let lost = options.into_iter().all(|(x, y)| !wythoff_lost(x, y, memo));
    memo.insert((a, b), lost);
    lost
}

#[test]
fn wythoff_prints_its_lost_pairs_and_legal_winning_moves() {
    let output = run_example("wythoff");
    let memo = &mut HashMap::new();
    let pairs = numbers(line(&output, "lost positions (a ≤ b < 40):"));
    let pairs: Vec<(u32, u32)> = pairs.chunks(2).map(|p| (p[0], p[1])).collect();
    let expected: Vec<(u32, u32)> = (0..40)
        .flat_map(|a| (a..40).map(move |b| (a, b)))
        .filter(|&(a, b)| wythoff_lost(a, b, memo))
        .collect();
    assert_eq!(pairs, expected);
    assert!(line(&output, "Wythoff pairs").ends_with("agree: true"));
    let moves: Vec<&str> = output
        .lines()
        .filter(|l| l.starts_with("from (9, 14): take"))
        .collect();
    assert!(!moves.is_empty(), "{output}");
    for text in moves {
        let [_, _, x, y, a, b] = numbers(text)[..] else {
            panic!("unexpected move line {text:?}");
        };
        let legal = (x == 0 || y == 0 || x == y) && x + y > 0;
        assert!(legal && a == 9 - x && b == 14 - y, "{text}");
        assert!(wythoff_lost(a, b, memo), "{text} leaves a won position");
    }
}

/// Every sum of heaps 1 … `below` − 1 of at most `tokens` tokens, as heaps.
fn small_sums(below: u64, tokens: u64) -> Vec<Vec<u64>> {
    fn go(from: u64, below: u64, left: u64, sum: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.push(sum.clone());
        for heap in from..below.min(left + 1) {
            sum.push(heap);
            go(heap, below, left - heap, sum, out);
            sum.pop();
        }
    }
    let mut out = Vec::new();
    go(1, below, tokens, &mut Vec::new(), &mut out);
    out
}

/// heap_powers plays Kayles (0.77) by the letter beside the quotient of the
/// heaps below 9; the quotient of the heaps below 10, which the solver finds
/// on its own, must say the same of every sum it prints and of every pair
/// of powers it calls alike.
#[test]
fn heap_powers_agrees_with_the_quotient_one_heap_further() {
    use grundy::misere::quotient::{compute, Settings};
    let code = "0.77".parse().unwrap();
    let settings = Settings {
        upto: 10,
        ..Settings::default()
    };
    let q = compute(&code, &settings, &mut |_| {});
    assert_eq!(q.heaps(), 10);
    let lost = |sum: &[u64]| q.is_p_position(sum).expect("heaps below 10");
    let with = |k: usize, big: u64, j: usize, small: u64, z: &[u64]| -> Vec<u64> {
        let mut sum = z.to_vec();
        sum.extend(std::iter::repeat_n(big, k));
        sum.extend(std::iter::repeat_n(small, j));
        sum
    };
    let zs = small_sums(9, 10);

    let output = run_example_with("heap_powers", &["0.77", "9", "3", "10"]);
    let mut pairs = 0;
    for l in output.lines().filter(|l| l.starts_with("g^")) {
        let n = numbers(l);
        let (i, j) = (n[0] as usize, n[1] as usize);
        if l.contains("no sum") {
            for z in &zs {
                assert_eq!(
                    lost(&with(i, 9, 0, 0, z)),
                    lost(&with(j, 9, 0, 0, z)),
                    "{l}: {z:?}"
                );
            }
        } else {
            let z: Vec<u64> = l[l.find('[').unwrap()..l.find(']').unwrap() + 1]
                .trim_matches(['[', ']'])
                .split(", ")
                .filter(|w| !w.is_empty())
                .map(|w| w.parse().unwrap())
                .collect();
            let said = |g: usize| l.contains(&format!("g^{g}: lost"));
            assert_eq!(lost(&with(i, 9, 0, 0, &z)), said(i), "{l}");
            assert_eq!(lost(&with(j, 9, 0, 0, &z)), said(j), "{l}");
            assert_ne!(said(i), said(j), "{l}");
        }
        pairs += 1;
    }
    assert_eq!(pairs, 6, "{output}");

    let output = run_example_with("heap_powers", &["0.77", "9", "2", "10", "5", "6"]);
    for k in 0..=2 {
        let said = line(&output, &format!("{k} × 9 + j × 5, j = 0 … 6: like j = "));
        let said: Vec<usize> = numbers(&said[..said.find(']').unwrap()])
            .into_iter()
            .map(|n| n as usize)
            .collect();
        let row =
            |j: usize| -> Vec<bool> { zs.iter().map(|z| lost(&with(k, 9, j, 5, z))).collect() };
        let rows: Vec<Vec<bool>> = (0..=6).map(row).collect();
        let like: Vec<usize> = (0..=6)
            .map(|j| (0..=j).find(|&i| rows[i] == rows[j]).unwrap())
            .collect();
        assert_eq!(said, like, "{k} heaps of 9:\n{output}");
    }
}
