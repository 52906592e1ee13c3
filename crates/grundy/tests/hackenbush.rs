//! Green Hackenbush against a search of its literal rule, written apart
//! from the engine: delete one edge, drop every edge no longer connected to
//! the ground (vertex 0), and take the mex of the options' values. Neither
//! the colon nor the fusion principle is used here.

use std::collections::HashMap;
use std::ops::ControlFlow;

use grundy::games::hackenbush::{Cut, Graph, GreenHackenbush};
use grundy::{Engine, Nimber, Outcome};

type Edges = Vec<[u32; 2]>;

/// The edges still connected to vertex 0, in order.
fn grounded_part(edges: &[[u32; 2]]) -> Edges {
    let mut reached = vec![0u32];
    loop {
        let before = reached.len();
        for &[a, b] in edges {
            if reached.contains(&a) && !reached.contains(&b) {
                reached.push(b);
            }
            if reached.contains(&b) && !reached.contains(&a) {
                reached.push(a);
            }
        }
        if reached.len() == before {
            break;
        }
    }
    edges
        .iter()
        .copied()
        .filter(|&[a, _]| reached.contains(&a))
        .collect()
}

/// The position after deleting edge `i` (from 0), by the rule.
fn option(edges: &[[u32; 2]], i: usize) -> Edges {
    let mut rest = edges.to_vec();
    rest.remove(i);
    grounded_part(&rest)
}

/// The value by the literal rule (memoised on the sorted edges, which the
/// value cannot depend on the order of).
fn literal(edges: &[[u32; 2]], memo: &mut HashMap<Edges, u32>) -> u32 {
    let mut key: Edges = edges.iter().map(|&[a, b]| [a.min(b), a.max(b)]).collect();
    key.sort_unstable();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let values: Vec<u32> = (0..key.len())
        .map(|i| literal(&option(&key, i), memo))
        .collect();
    let mex = (0..).find(|v| !values.contains(v)).unwrap_or(0);
    memo.insert(key, mex);
    mex
}

/// Every winning move of the engine, as edge places from 1.
fn engine_winning(game: &mut GreenHackenbush, graph: &Graph) -> Vec<usize> {
    let mut moves = Vec::new();
    let _ = game.winning_moves(graph, &mut |mv: Cut| {
        moves.push(mv.edge);
        ControlFlow::Continue(())
    });
    moves
}

/// Checks the engine on `edges` against the rule: value, outcome, every
/// winning move (in order), their count, and that each leaves `*0`.
fn check(game: &mut GreenHackenbush, edges: &[[u32; 2]], memo: &mut HashMap<Edges, u32>) {
    let graph = Graph::new(edges.to_vec());
    let value = literal(edges, memo);
    assert_eq!(
        game.value(&graph),
        Nimber::from(u64::from(value)),
        "{edges:?}"
    );
    let components = game.components(&graph);
    let sum = components.iter().fold(Nimber::ZERO, |s, (_, v)| s ^ *v);
    assert_eq!(sum, Nimber::from(u64::from(value)), "{edges:?}");
    let expected_outcome = if value == 0 {
        Outcome::SecondPlayer
    } else {
        Outcome::FirstPlayer
    };
    assert_eq!(game.outcome(&graph), expected_outcome, "{edges:?}");
    let winning: Vec<usize> = (0..edges.len())
        .filter(|&i| literal(&option(edges, i), memo) == 0)
        .map(|i| i + 1)
        .collect();
    let found = engine_winning(game, &graph);
    assert_eq!(found, winning, "{edges:?}");
    assert_eq!(game.count_winning_moves(&graph), winning.len() as u128);
    for &edge in &found {
        let played = game.try_play(&graph, &Cut { edge }).unwrap();
        assert!(!played.won);
        assert_eq!(played.position.edges, option(edges, edge - 1));
        assert_eq!(game.value(&played.position), Nimber::ZERO, "{edges:?}");
    }
    if edges.is_empty() {
        assert!(game.is_terminal(&graph));
        assert_eq!(game.suggest(&graph), None);
    } else {
        let suggested = game.suggest(&graph).expect("a move");
        assert!(game.check(&graph, &suggested).is_ok());
        if value != 0 {
            assert!(winning.contains(&suggested.edge));
        }
    }
}

#[test]
fn every_graph_of_up_to_7_edges_on_5_vertices_and_the_ground() {
    // Every edge u ≤ v on vertices 0..=5, loops included.
    let mut all = Vec::new();
    for u in 0..=5u32 {
        for v in u..=5 {
            all.push([u, v]);
        }
    }
    let mut memo = HashMap::new();
    let mut game = GreenHackenbush;
    let mut checked = 0u64;
    // Multisets of edges, as non-decreasing index lists.
    let mut stack: Vec<(Edges, usize)> = vec![(Vec::new(), 0)];
    while let Some((edges, from)) = stack.pop() {
        // Each graph once up to the names of its vertices besides the
        // ground: those used are 1..=k, without a gap.
        let mut used: Vec<u32> = edges
            .iter()
            .flatten()
            .copied()
            .filter(|&v| v != 0)
            .collect();
        used.sort_unstable();
        used.dedup();
        let no_gap = used.iter().enumerate().all(|(i, &v)| v == i as u32 + 1);
        if no_gap && grounded_part(&edges).len() == edges.len() {
            check(&mut game, &edges, &mut memo);
            checked += 1;
        }
        if edges.len() < 7 {
            for (i, &e) in all.iter().enumerate().skip(from) {
                let mut more = edges.clone();
                more.push(e);
                stack.push((more, i));
            }
        }
    }
    // Grounded multisets only; a count that cannot be met by a broken
    // enumeration.
    assert!(checked > 50_000, "{checked}");
}

#[test]
fn random_graphs_of_up_to_12_edges_in_any_order() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let mut memo = HashMap::new();
    let mut game = GreenHackenbush;
    for _ in 0..400 {
        let count = 1 + next(12) as usize;
        let vertices = 1 + next(7) as u32;
        let mut edges: Edges = Vec::new();
        let mut touched = vec![0u32];
        for _ in 0..count {
            // A reversed pair now and then: `v-u` is the same edge.
            let a = touched[next(touched.len() as u64) as usize];
            let b = next(u64::from(vertices) + 1) as u32;
            if !touched.contains(&b) {
                touched.push(b);
            }
            edges.push(if next(2) == 0 { [a, b] } else { [b, a] });
        }
        check(&mut game, &edges, &mut memo);
    }
}

#[test]
fn published_values() {
    // Winning Ways ch. 7: a stalk of n edges is a Nim heap of n; a
    // grounded cycle of n edges is worth *1 when n is odd, *0 when even; the
    // "girl" figure's values follow from the colon principle. Here only
    // the two families, which the rule search also confirms.
    let mut game = GreenHackenbush;
    for n in 1..=20u32 {
        let stalk: Edges = (0..n).map(|i| [i, i + 1]).collect();
        assert_eq!(game.value(&Graph::new(stalk)), Nimber::from(u64::from(n)));
        let cycle: Edges = (0..n).map(|i| [i, (i + 1) % n]).collect();
        let expected = if n == 1 { 1 } else { u64::from(n % 2) };
        assert_eq!(
            game.value(&Graph::new(cycle)),
            Nimber::from(expected),
            "{n}"
        );
    }
}

/// Whether the player to move wins under misère play, by the literal rule:
/// without an edge the player to move has won (the other made the last
/// move); otherwise when some deletion leaves a position lost for the
/// other player.
fn misere_wins(edges: &[[u32; 2]], memo: &mut HashMap<Edges, bool>) -> bool {
    let mut key: Edges = edges.iter().map(|&[a, b]| [a.min(b), a.max(b)]).collect();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let wins = key.is_empty() || (0..key.len()).any(|i| !misere_wins(&option(&key, i), memo));
    memo.insert(key, wins);
    wins
}

#[test]
fn misere_play_against_the_literal_rule() {
    use grundy::{Analyst, Convention};
    let mut analyst =
        Analyst::new(GreenHackenbush, Convention::Misere { budget: 1_000_000 }).unwrap();
    let mut memo = HashMap::new();
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let mut graphs: Vec<Edges> = vec![vec![], vec![[0, 1]], vec![[0, 0]], vec![[0, 1], [0, 1]]];
    for _ in 0..300 {
        let count = 1 + next(9) as usize;
        let mut edges: Edges = Vec::new();
        let mut touched = vec![0u32];
        for _ in 0..count {
            let a = touched[next(touched.len() as u64) as usize];
            let b = next(6) as u32;
            if !touched.contains(&b) {
                touched.push(b);
            }
            edges.push([a, b]);
        }
        graphs.push(edges);
    }
    for edges in graphs {
        let graph = Graph::new(edges.clone());
        let wins = misere_wins(&edges, &mut memo);
        let expected = if wins {
            Outcome::FirstPlayer
        } else {
            Outcome::SecondPlayer
        };
        assert_eq!(analyst.outcome(&graph).unwrap(), expected, "{edges:?}");
        let mut winning: Vec<usize> = (0..edges.len())
            .filter(|&i| !misere_wins(&option(&edges, i), &mut memo))
            .map(|i| i + 1)
            .collect();
        let mut found: Vec<usize> = analyst
            .first_winning_moves(&graph, usize::MAX)
            .unwrap()
            .iter()
            .map(|mv| mv.edge)
            .collect();
        winning.sort_unstable();
        found.sort_unstable();
        assert_eq!(found, winning, "{edges:?}");
        assert_eq!(
            analyst.count_winning_moves(&graph).unwrap(),
            winning.len() as u128
        );
        if let Some(mv) = analyst.suggest(&graph).unwrap() {
            assert!(analyst.check(&graph, &mv).is_ok());
            assert!(!winning.is_empty() || !wins || edges.is_empty());
            if !winning.is_empty() {
                assert!(winning.contains(&mv.edge), "{edges:?}");
            }
        } else {
            assert!(edges.is_empty());
        }
    }
}
