//! The door every front end goes through: a game opened by name is an
//! `AnyGame`, and it must answer exactly as the game does under its own
//! type — every question, both conventions, the judge's bytes, the words
//! and drawings — and refuse a value another game made.

use grundy::analysis::{self, Analyst};
use grundy::format::JudgeInput;
use grundy::game::{Answers, Limits, Plain, Rng};
use grundy::games::bomb::BombGame;
use grundy::games::cutting::CuttingGame;
use grundy::games::hackenbush::GreenHackenbush;
use grundy::games::heap::HeapGame;
use grundy::games::matrix::MatrixGame;
use grundy::games::octal::OctalCode;
use grundy::games::wythoff::WythoffGame;
use grundy::prelude::*;
use grundy::registry::{self, Registered, Settings};
use grundy::Convention;

struct Lines(Vec<u8>);

impl Answers for Lines {
    fn line(&mut self, text: &[u8]) -> std::io::Result<()> {
        self.0.extend_from_slice(text);
        self.0.push(b'\n');
        Ok(())
    }
}

fn judged<G: Game>(game: G, convention: Convention, input: &str) -> Result<Vec<u8>, String> {
    let mut analyst = Analyst::new(game, convention).map_err(|e| e.to_string())?;
    let mut out = Lines(Vec::new());
    analysis::judge(
        &mut analyst,
        JudgeInput::stream(input.as_bytes()),
        Limits::default(),
        &mut out,
    )
    .map_err(|e| e.to_string())?;
    Ok(out.0)
}

/// The same game twice, as its own type and through the registry, asked the
/// same questions about the same random positions.
/// Random positions are at most `largest` in the game's own size.
fn same_answers<G: Game + 'static>(
    typed: impl Fn() -> G,
    spec: &str,
    largest: (u64, u64),
    judge_input: &str,
) {
    let open = || registry::open(spec, &Settings::default()).unwrap();
    let mut game = typed();
    let mut any = open();
    assert_eq!(any.name(), game.name());
    assert_eq!(any.players(), game.players());
    assert_eq!(any.components_noun(), game.components_noun());
    assert_eq!(any.abilities(), game.abilities());
    assert_eq!(any.move_help(), game.move_help());
    let limits = Limits::default();
    let mut conventions = vec![Convention::Normal];
    if game.abilities().misere {
        conventions.push(Convention::Misere { budget: 200_000 });
    }
    let mut illegal = 0;
    for seed in 1..=25 {
        let size = Some((1 + seed % largest.0, 1 + seed % largest.1));
        let p = game.random_position(&mut Rng::new(seed), size);
        let q = any.random_position(&mut Rng::new(seed), size);
        let wire = game.position_wire(&p);
        assert_eq!(any.position_wire(&q), wire, "{spec} seed {seed}");
        // And back in from the wire.
        let q = any.position_from_wire(&wire, limits).unwrap();
        assert_eq!(any.position_wire(&q), wire);
        game.admit(&p, limits).unwrap();
        any.admit(&q, limits).unwrap();
        assert_eq!(any.value(&q), game.value(&p));
        assert_eq!(any.outcome(&q), game.outcome(&p));
        assert_eq!(any.is_terminal(&q), game.is_terminal(&p));
        assert_eq!(any.nim_sum_decides(&q), game.nim_sum_decides(&p));
        let outcome = game.outcome(&p);
        assert_eq!(
            any.judge_answer(seed, outcome),
            game.judge_answer(seed, outcome)
        );
        assert_eq!(any.draw(&q, &Plain), game.draw(&p, &Plain));
        let (o, to) = (any.outcome(&q), game.outcome(&p));
        assert_eq!(any.headline(&q, o), game.headline(&p, to));
        assert_eq!(any.lost_because(&q), game.lost_because(&p));
        let words = |g: &mut G| -> Vec<String> {
            let components = g.components(&p);
            components
                .iter()
                .enumerate()
                .map(|(i, (c, v))| g.describe_component(i, c, *v))
                .collect()
        };
        let any_words: Vec<String> = {
            let components = any.components(&q);
            components
                .iter()
                .enumerate()
                .map(|(i, (c, v))| any.describe_component(i, c, *v))
                .collect()
        };
        assert_eq!(any_words, words(&mut game));
        assert_eq!(any.count_winning_moves(&q), game.count_winning_moves(&p));
        // Moves: the same in notation and words, equal to themselves and
        // not to another, played to the same position.
        let mut moves = Vec::new();
        let _ = any.winning_moves(&q, &mut |mv| {
            moves.push(mv);
            std::ops::ControlFlow::Continue(())
        });
        let typed_moves = grundy::engine::first_winning_moves(&mut game, &p, usize::MAX);
        assert_eq!(moves.len(), typed_moves.len());
        for (a, b) in moves.iter().zip(&typed_moves) {
            assert_eq!(any.notation(&q, a), game.notation(&p, b));
            assert_eq!(any.describe_move(&q, a), game.describe_move(&p, b));
            assert_eq!(any.move_wire(&q, a), game.move_wire(&p, b));
            let after = any.try_play(&q, a).unwrap();
            let typed_after = game.try_play(&p, b).unwrap();
            assert_eq!(
                any.position_wire(&after.position),
                game.position_wire(&typed_after.position)
            );
            assert_eq!(after.won, typed_after.won);
            // Legality is the game's: most moves are not legal once played.
            let legal = game.check(&typed_after.position, b).is_ok();
            assert_eq!(any.check(&after.position, a).is_ok(), legal);
            assert_eq!(any.try_play(&after.position, a).is_ok(), legal);
            illegal += usize::from(!legal);
            let parsed = any.parse_move(&q, &any.notation(&q, a)).unwrap();
            assert_eq!(&parsed, a);
            assert_eq!(&parsed.clone(), a);
        }
        if moves.len() >= 2 {
            assert_ne!(moves[0], moves[1]);
        }
        if let Some(mv) = any.suggest(&q) {
            let typed = game.suggest(&p).unwrap();
            assert_eq!(any.notation(&q, &mv), game.notation(&p, &typed));
            assert!(any.check(&q, &mv).is_ok());
        }
        // The analysis document, under each convention the game has.
        for &convention in &conventions {
            let mut a = Analyst::new(open(), convention).unwrap();
            let mut t = Analyst::new(typed(), convention).unwrap();
            let q = a.game().position_from_wire(&wire, limits).unwrap();
            a.admit(&q, limits).unwrap();
            t.admit(&p, limits).unwrap();
            assert_eq!(
                analysis::analyse(&mut a, &q, 50).ok(),
                analysis::analyse(&mut t, &p, 50).ok(),
                "{spec} seed {seed} {convention:?}"
            );
        }
    }
    assert!(illegal > 0, "{spec}: every move stayed legal");
    // The judge, fast path and all, byte for byte; and an error the same.
    for &convention in &conventions {
        assert_eq!(
            judged(open(), convention, judge_input),
            judged(typed(), convention, judge_input),
            "{spec}"
        );
        let bad = format!("{judge_input}x\n");
        assert_eq!(
            judged(open(), convention, &bad),
            judged(typed(), convention, &bad)
        );
    }
    let limits = Limits::default();
    if game.abilities().table {
        assert_eq!(
            any.component_table(3, 4, limits).unwrap().values,
            game.component_table(3, 4, limits).unwrap().values
        );
    } else {
        assert!(any.component_table(3, 4, limits).is_err());
    }
    assert_eq!(
        any.genera(6, 10_000).map_err(|e| e.to_string()),
        game.genera(6, 10_000).map_err(|e| e.to_string())
    );
    any.finish();
}

#[test]
fn every_kind_of_game_answers_through_the_door_as_under_its_own_type() {
    let settings = Settings::default();
    same_answers(
        || BombGame::open(None, &settings).unwrap(),
        "bomb",
        (3, 3),
        "2 3\n#..\n..#\n1 1\n#\n",
    );
    same_answers(|| CuttingGame, "cutting", (4, 4), "2 2\n3 2\n4 2\n5 7\n");
    same_answers(|| MatrixGame, "matrix", (4, 4), "2\n1 2\n3 4\n2 1\n1\n1\n");
    same_answers(
        || HeapGame::<OctalCode>::open(Some("0.137"), &settings).unwrap(),
        "octal:0.137",
        (4, 9),
        "1 2 3\n7\n\n4 4\n",
    );
    same_answers(
        || WythoffGame::open(None, &settings).unwrap(),
        "wythoff",
        (4, 9),
        "1 2\n3 5 2 2\n",
    );
    same_answers(
        || GreenHackenbush,
        "green-hackenbush",
        (4, 4),
        "0-1 1-2\n0-1 0-2 1-2\n",
    );
}

#[test]
#[should_panic(expected = "another game")]
fn a_position_of_another_game_is_refused_loudly() {
    let mut kayles = registry::open("octal:0.77", &Settings::default()).unwrap();
    let mut cutting = registry::open("cutting", &Settings::default()).unwrap();
    let paper = cutting.random_position(&mut Rng::new(1), None);
    kayles.value(&paper);
}

#[test]
fn positions_and_moves_print_as_the_game_s_own() {
    let mut nim = registry::open("subtraction:1,2", &Settings::default()).unwrap();
    let heaps = nim
        .position_from_wire(
            &grundy::wire::Position::Heaps { heaps: vec![4, 2] },
            Limits::default(),
        )
        .unwrap();
    assert_eq!(format!("{heaps:?}"), "[4, 2]");
    assert_eq!(format!("{nim:?}"), "AnyGame(\"subtraction:1,2\")");
    let mv = nim.winning_move(&heaps).unwrap();
    assert!(format!("{mv:?}").contains("component"), "{mv:?}");
    let components = nim.components(&heaps);
    assert_eq!(format!("{:?}", components[0].0), "4");
}

#[test]
fn cases_read_through_the_door_are_the_game_s_with_their_lines() {
    let text = "1 2\n\n# a comment\n3\n4 4\n";
    let game = registry::open("octal:0.07", &Settings::default()).unwrap();
    let mut reader = game
        .reader(Box::new(text.as_bytes()), Limits::default())
        .unwrap();
    let mut seen = Vec::new();
    while let Some(position) = reader.next_case().unwrap() {
        seen.push((game.position_wire(&position), reader.line()));
    }
    let heaps = |heaps: &[u64]| grundy::wire::Position::Heaps {
        heaps: heaps.to_vec(),
    };
    assert_eq!(
        seen,
        [(heaps(&[1, 2]), 1), (heaps(&[3]), 4), (heaps(&[4, 4]), 5)]
    );
}

#[test]
fn a_case_refused_through_the_door_names_its_line() {
    // Under misère play with a small budget, the large case is refused.
    let limits = Limits::default();
    let game = registry::open("octal:0.07", &Settings::default()).unwrap();
    let mut analyst = Analyst::new(game, Convention::Misere { budget: 50 }).unwrap();
    let mut out = Lines(Vec::new());
    let error = analysis::judge(
        &mut analyst,
        JudgeInput::stream("1\n\n# a comment\n2\n3\n30 31 29 40\n7\n".as_bytes()),
        limits,
        &mut out,
    )
    .unwrap_err();
    assert!(
        matches!(error, grundy::game::JudgeError::Refused { line: 6, .. }),
        "{error:?}"
    );
    assert_eq!(out.0.iter().filter(|&&b| b == b'\n').count(), 3);
}

#[test]
fn what_the_game_decides_or_keeps_is_the_game_s() {
    // A Cutting Game strip is decided by the game's own rule, not the
    // nim-sum.
    let mut cutting = registry::open("cutting", &Settings::default()).unwrap();
    let paper = |w: u64, h: u64| grundy::wire::Position::Pieces {
        pieces: vec![[w.into(), h.into()]],
    };
    let strip = cutting
        .position_from_wire(&paper(1, 5), Limits::default())
        .unwrap();
    assert!(!cutting.nim_sum_decides(&strip));
    let square = cutting
        .position_from_wire(&paper(3, 3), Limits::default())
        .unwrap();
    assert!(cutting.nim_sum_decides(&square));
    // A Bomb table grown through the door is kept when it finishes.
    use std::sync::{Arc, Mutex};
    struct Kept(Vec<u8>);
    impl grundy::games::bomb::TableStore for Kept {
        fn load(&mut self) -> Option<Vec<u8>> {
            None
        }
        fn save(&mut self, bytes: &[u8]) {
            self.0 = bytes.to_vec();
        }
    }
    let store = Arc::new(Mutex::new(Kept(Vec::new())));
    let settings = Settings {
        store: Some(store.clone()),
        ..Settings::default()
    };
    let mut bomb = registry::open("bomb", &settings).unwrap();
    let board = grundy::wire::Position::Board {
        rows: 200,
        cols: 200,
        bombs: vec![[200, 200]],
    };
    let board = bomb.position_from_wire(&board, Limits::default()).unwrap();
    bomb.admit(&board, Limits::default()).unwrap();
    let _ = bomb.value(&board);
    assert!(store.lock().unwrap().0.is_empty());
    bomb.finish();
    assert!(!store.lock().unwrap().0.is_empty(), "the table is kept");
}
