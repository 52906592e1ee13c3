//! Every registered game that is not a seed game (the seed games have their
//! own literal searches in `brute_force.rs` and `solve.rs`), through the one
//! engine interface, against a search over whole positions by the games'
//! literal rules, written here apart from the library: no Grundy values of
//! components, no sums, no periods — a position's value is the mex of the
//! values of the positions one move away, and it is won when one of them is
//! lost.

use std::collections::HashMap;

use grundy::game::{Game, Limits};
use grundy::games::grundys::GrundysGame;
use grundy::games::heap::HeapGame;
use grundy::games::octal::OctalCode;
use grundy::games::subtraction::Subtraction;
use grundy::games::wythoff::WythoffGame;
use grundy::registry::{self, Registered, Settings};
use grundy::rules::SumMove;
use grundy::Nimber;

/// A literal move: the component moved in (1-based) and what it becomes.
type Literal = (usize, Vec<Vec<u64>>);

/// What one component may become, by the statement of each game.
fn options(game: &str, component: &[u64]) -> Vec<Vec<Vec<u64>>> {
    let mut out = Vec::new();
    let heap = |parts: Vec<u64>| parts.into_iter().map(|p| vec![p]).collect::<Vec<_>>();
    match game {
        "wythoff" => {
            let (x, y) = (component[0], component[1]);
            for a in 0..x {
                out.push(vec![vec![a, y]]);
            }
            for b in 0..y {
                out.push(vec![vec![x, b]]);
            }
            for k in 1..=x.min(y) {
                out.push(vec![vec![x - k, y - k]]);
            }
        }
        "grundys-game" => {
            let n = component[0];
            for a in 1..n {
                if a < n - a {
                    out.push(heap(vec![a, n - a]));
                }
            }
        }
        _ => {
            let n = component[0];
            // Every game here as digits: digit k says what taking k may leave.
            let digits: Vec<u8> = if let Some(set) = game.strip_prefix("subtraction:") {
                let set: Vec<usize> = set.split(',').map(|s| s.parse().unwrap()).collect();
                let mut d = vec![0u8; set.iter().max().unwrap() + 1];
                for k in set {
                    d[k] = 3;
                }
                d
            } else {
                let code = game.strip_prefix("octal:0.").unwrap();
                std::iter::once(0)
                    .chain(code.chars().map(|c| c.to_digit(8).unwrap() as u8))
                    .collect()
            };
            for (k, &d) in digits.iter().enumerate() {
                let k = k as u64;
                if k == 0 || k > n {
                    continue;
                }
                let rest = n - k;
                if d & 1 != 0 && rest == 0 {
                    out.push(vec![]);
                }
                if d & 2 != 0 && rest > 0 {
                    out.push(heap(vec![rest]));
                }
                if d & 4 != 0 {
                    for a in 1..rest {
                        if a <= rest - a {
                            out.push(heap(vec![a, rest - a]));
                        }
                    }
                }
            }
        }
    }
    out
}

/// Every move of a whole position, and the position it leads to.
fn moves(game: &str, position: &[Vec<u64>]) -> Vec<(Literal, Vec<Vec<u64>>)> {
    let mut out = Vec::new();
    for (i, c) in position.iter().enumerate() {
        for becomes in options(game, c) {
            let mut after = position.to_vec();
            after.splice(i..=i, becomes.iter().cloned());
            let mut sorted = becomes.clone();
            sorted.sort();
            out.push(((i + 1, sorted), after));
        }
    }
    out
}

/// The value of a whole position, by its literal game tree.
fn value(game: &str, position: &[Vec<u64>], memo: &mut HashMap<Vec<Vec<u64>>, u32>) -> u32 {
    let mut key = position.to_vec();
    key.sort();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut seen: Vec<u32> = moves(game, position)
        .into_iter()
        .map(|(_, after)| value(game, &after, memo))
        .collect();
    seen.sort_unstable();
    seen.dedup();
    let v = seen
        .iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u32)
        .map_or(seen.len(), |(i, _)| i) as u32;
    memo.insert(key, v);
    v
}

struct Check {
    spec: &'static str,
    positions: Vec<Vec<Vec<u64>>>,
}

/// Positions of the engine's own type, from the literal ones.
trait FromLiteral: Sized {
    fn from_literal(position: &[Vec<u64>]) -> Self;
    fn to_literal(&self) -> Vec<Vec<u64>>;
}

impl FromLiteral for Vec<u64> {
    fn from_literal(position: &[Vec<u64>]) -> Self {
        position.iter().map(|c| c[0]).collect()
    }
    fn to_literal(&self) -> Vec<Vec<u64>> {
        self.iter().map(|&h| vec![h]).collect()
    }
}

impl FromLiteral for Vec<(u64, u64)> {
    fn from_literal(position: &[Vec<u64>]) -> Self {
        position.iter().map(|c| (c[0], c[1])).collect()
    }
    fn to_literal(&self) -> Vec<Vec<u64>> {
        self.iter().map(|&(x, y)| vec![x, y]).collect()
    }
}

/// The checks run on each game as its own type (the registry's door, an
/// `AnyGame`, hides the positions' types this test builds).
trait Visit {
    fn visit<G: Game + 'static>(self, game: G) -> usize;
}

/// Opens `spec` as its own type and visits it.
fn open_typed(spec: &str, check: Check) -> usize {
    let settings = Settings::default();
    let (name, parameter) = registry::split(spec);
    match name {
        "octal" => check.visit(HeapGame::<OctalCode>::open(parameter, &settings).unwrap()),
        "subtraction" => check.visit(HeapGame::<Subtraction>::open(parameter, &settings).unwrap()),
        "grundys-game" => check.visit(HeapGame::<GrundysGame>::open(parameter, &settings).unwrap()),
        "wythoff" => check.visit(WythoffGame::open(parameter, &settings).unwrap()),
        other => panic!("no typed opening for {other}"),
    }
}

impl Visit for Check {
    fn visit<G: Game + 'static>(self, mut game: G) -> usize {
        let mut memo = HashMap::new();
        let mut checked = 0;
        for literal in &self.positions {
            let Some(position) = convert::<G>(literal) else {
                panic!("{}: positions of an unexpected type", self.spec);
            };
            game.admit(&position, Limits::default()).unwrap();
            let expected = value(self.spec, literal, &mut memo);
            let what = format!("{} {literal:?}", self.spec);
            assert_eq!(game.value(&position), Nimber::from(expected), "{what}");
            assert_eq!(
                game.outcome(&position).first_player_wins(),
                expected != 0,
                "{what}"
            );
            // The full set of winning moves, by what the component becomes.
            let mut literal_wins: Vec<Literal> = moves(self.spec, literal)
                .into_iter()
                .filter(|(_, after)| value(self.spec, after, &mut memo) == 0)
                .map(|(mv, _)| mv)
                .collect();
            literal_wins.sort();
            let mut engine_wins = Vec::new();
            let _ = game.winning_moves(&position, &mut |mv| {
                engine_wins.push(mv);
                std::ops::ControlFlow::Continue(())
            });
            assert_eq!(
                game.count_winning_moves(&position),
                engine_wins.len() as u128,
                "{what}"
            );
            let mut as_literal: Vec<Literal> = engine_wins
                .iter()
                .map(|mv| literal_of(&mut game, &position, mv))
                .collect();
            as_literal.sort();
            assert_eq!(as_literal, literal_wins, "{what}");
            // Every suggested move is legal and leads where the rules say.
            let terminal = moves(self.spec, literal).is_empty();
            assert_eq!(game.is_terminal(&position), terminal, "{what}");
            match game.suggest(&position) {
                None => assert!(terminal, "{what}: no suggestion"),
                Some(mv) => {
                    game.check(&position, &mv).unwrap();
                    let played = game.play(&position, &mv).position;
                    let (i, becomes) = literal_of(&mut game, &position, &mv);
                    let mut expected = literal.clone();
                    expected.splice(i - 1..i, becomes);
                    let mut got = played.to_literal_any();
                    got.sort();
                    expected.sort();
                    assert_eq!(got, expected, "{what}: {mv:?}");
                    if !terminal && expected != *literal {
                        // The notation reads back to the same move.
                        let text = game.notation(&position, &mv);
                        assert_eq!(game.parse_move(&position, &text), Ok(mv), "{what}");
                    }
                }
            }
            checked += 1;
        }
        checked
    }
}

/// Converts through the two position types the games here use.
fn convert<G: Game>(literal: &[Vec<u64>]) -> Option<G::Position> {
    let any: Box<dyn std::any::Any> = if literal.iter().all(|c| c.len() == 2) && !literal.is_empty()
    {
        Box::new(<Vec<(u64, u64)>>::from_literal(literal))
    } else {
        Box::new(<Vec<u64>>::from_literal(literal))
    };
    any.downcast::<G::Position>().ok().map(|b| *b)
}

trait ToLiteralAny {
    fn to_literal_any(&self) -> Vec<Vec<u64>>;
}

impl<T: std::any::Any> ToLiteralAny for T {
    fn to_literal_any(&self) -> Vec<Vec<u64>> {
        let any: &dyn std::any::Any = self;
        if let Some(p) = any.downcast_ref::<Vec<u64>>() {
            p.to_literal()
        } else if let Some(p) = any.downcast_ref::<Vec<(u64, u64)>>() {
            p.to_literal()
        } else {
            panic!("an unexpected position type")
        }
    }
}

/// A move of the engine as a literal one: the component it names, and
/// what the position after it holds in that component's place.
fn literal_of<G: Game>(game: &mut G, position: &G::Position, mv: &G::Move) -> Literal
where
    G::Position: 'static,
    G::Move: 'static,
{
    let any: &dyn std::any::Any = mv;
    let i = if let Some(m) = any.downcast_ref::<SumMove<u64, u64>>() {
        m.component
    } else if let Some(m) = any.downcast_ref::<SumMove<(u64, u64), (u64, u64)>>() {
        m.component
    } else {
        panic!("an unexpected move type")
    };
    let before = position.to_literal_any();
    let after = game.play(position, mv).position.to_literal_any();
    let n = after.len() + 1 - before.len();
    assert_eq!(before[..i - 1], after[..i - 1]);
    assert_eq!(before[i..], after[i - 1 + n..]);
    let mut becomes: Vec<Vec<u64>> = after[i - 1..i - 1 + n].to_vec();
    becomes.sort();
    (i, becomes)
}

fn small_positions(components: &[Vec<u64>], count: usize) -> Vec<Vec<Vec<u64>>> {
    let mut out = Vec::new();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..count {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let n = 1 + (state % 3) as usize;
        let position = (0..n)
            .map(|j| components[(state >> (8 * j + 8)) as usize % components.len()].clone())
            .collect();
        out.push(position);
    }
    out
}

#[test]
fn every_heap_game_and_wythoff_agree_with_their_literal_rules() {
    let heaps: Vec<Vec<u64>> = (0..=11).map(|h| vec![h]).collect();
    let pairs: Vec<Vec<u64>> = (0..=6)
        .flat_map(|x| (0..=6).map(move |y| vec![x, y]))
        .collect();
    let games: [(&str, &[Vec<u64>]); 7] = [
        ("octal:0.07", &heaps),
        ("octal:0.77", &heaps),
        ("octal:0.137", &heaps),
        ("octal:0.6", &heaps),
        ("subtraction:1,3,4", &heaps),
        ("grundys-game", &heaps),
        ("wythoff", &pairs),
    ];
    for (spec, components) in games {
        let mut positions = small_positions(components, 120);
        positions.push(vec![components[0].clone()]);
        let checked = open_typed(spec, Check { spec, positions });
        assert_eq!(checked, 121, "{spec}");
    }
}
