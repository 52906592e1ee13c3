//! The wire format: its documents read back as they were written (the
//! checked-in schema is checked in `grundy-web`, which adds its messages).

use grundy::wire::{self, Big};

#[test]
fn big_numbers_are_written_as_strings_of_digits_and_read_from_integers_too() {
    let big = Big(u128::MAX);
    let text = serde_json::to_string(&big).unwrap();
    assert_eq!(text, "\"340282366920938463463374607431768211455\"");
    assert_eq!(serde_json::from_str::<Big>(&text).unwrap(), big);
    assert_eq!(serde_json::from_str::<Big>("\"0\"").unwrap(), Big(0));
    // JSON integers are read too (Python's ints arrive this way).
    assert_eq!(serde_json::from_str::<Big>("12").unwrap(), Big(12));
    assert_eq!(
        serde_json::from_str::<Big>("18446744073709551615").unwrap(),
        Big(u64::MAX.into())
    );
    let value = serde_json::json!({"kind": "pieces", "pieces": [[2, "3"]]});
    assert_eq!(
        serde_json::from_value::<wire::Position>(value).unwrap(),
        wire::Position::Pieces {
            pieces: vec![[Big(2), Big(3)]]
        }
    );
    let message = serde_json::from_str::<Big>("-1").unwrap_err().to_string();
    assert!(
        message.contains("a whole number written as a string of digits"),
        "{message}"
    );
    for bad in [
        "-1",
        "1.5",
        "true",
        "\"\"",
        "\"-1\"",
        "\"1.5\"",
        "\"+3\"",
        "\" 3\"",
        "\"340282366920938463463374607431768211456\"",
    ] {
        assert!(serde_json::from_str::<Big>(bad).is_err(), "{bad}");
    }
}

#[test]
fn positions_and_moves_name_their_kind() {
    let position = wire::Position::Heaps { heaps: vec![3, 5] };
    let text = serde_json::to_string(&position).unwrap();
    assert_eq!(text, r#"{"kind":"heaps","heaps":[3,5]}"#);
    assert_eq!(
        serde_json::from_str::<wire::Position>(&text).unwrap(),
        position
    );
    let cut = wire::Move::Cut {
        piece: 1,
        direction: wire::Direction::Vertical,
        at: Big(2),
    };
    let text = serde_json::to_string(&cut).unwrap();
    assert_eq!(
        text,
        r#"{"kind":"cut","piece":1,"direction":"vertical","at":"2"}"#
    );
    assert_eq!(serde_json::from_str::<wire::Move>(&text).unwrap(), cut);
    // Unknown fields are refused, not ignored.
    assert!(
        serde_json::from_str::<wire::Position>(r#"{"kind":"heaps","heaps":[1],"x":1}"#).is_err()
    );
    // A kind the format does not name is the shape of a game defined
    // elsewhere, kept as it is for that game to read (and for every game
    // of the registry to refuse: see `open_shape.rs`).
    let stones =
        serde_json::from_str::<wire::Position>(r#"{"kind":"stones","heaps":[1]}"#).unwrap();
    assert_eq!(stones.kind(), "stones");
    assert!(matches!(&stones, wire::Position::Shaped(s) if s.json() == r#"{"heaps":[1]}"#));
    assert_eq!(
        serde_json::to_string(&stones).unwrap(),
        r#"{"kind":"stones","heaps":[1]}"#
    );
}

#[test]
fn a_positions_size_measures_its_work() {
    use wire::Position;
    let board = Position::Board {
        rows: 30,
        cols: 7,
        bombs: vec![[1, 1]],
    };
    assert_eq!(board.size(), 210);
    let pieces = Position::Pieces {
        pieces: vec![[Big(u128::MAX), Big(1)]; 3],
    };
    assert_eq!(pieces.size(), 3);
    let matrix = Position::Matrix {
        rows: vec![vec![Big(9); 4]; 5],
    };
    assert_eq!(matrix.size(), 20);
    let heaps = Position::Heaps {
        heaps: vec![5, 90_000, 7],
    };
    assert_eq!(heaps.size(), 90_003);
    assert_eq!(Position::Heaps { heaps: vec![] }.size(), 0);
    let pairs = Position::Pairs {
        pairs: vec![[3, 99], [4, 2]],
    };
    assert_eq!(pairs.size(), 100 * 100 + 2);
    let huge = Position::Heaps {
        heaps: vec![u64::MAX],
    };
    assert_eq!(huge.size(), u64::MAX, "saturates");
    assert_eq!(
        Position::Pairs {
            pairs: vec![[u64::MAX, 0]]
        }
        .size(),
        u64::MAX
    );
    for (position, kind) in [
        (board, "board"),
        (pieces, "pieces"),
        (matrix, "matrix"),
        (heaps, "heaps"),
        (pairs, "pairs"),
    ] {
        assert_eq!(position.kind(), kind);
        let json = serde_json::to_value(&position).unwrap();
        assert_eq!(json["kind"], kind);
    }
    assert_eq!(Big::from(7u64), Big(7));
    assert_eq!(Big(7).to_string(), "7");
    assert_eq!(Big(u128::from(u64::MAX) + 1).to_u64(), None);
    assert_eq!(Big(12).to_u64(), Some(12));
}

#[test]
fn moves_name_their_kind_and_big_numbers_are_checked() {
    use wire::{Direction, Move};
    let moves = [
        (
            Move::Bomb {
                explode: [2, 2],
                above: None,
                left: None,
            },
            "bomb",
        ),
        (
            Move::Cut {
                piece: 1,
                direction: Direction::Horizontal,
                at: Big(1),
            },
            "cut",
        ),
        (
            Move::Row {
                row: 1,
                take: vec![],
            },
            "row",
        ),
        (
            Move::Heap {
                heap: 1,
                take: 1,
                leave: vec![],
            },
            "heap",
        ),
        (
            Move::Pair {
                pair: 1,
                to: [0, 0],
            },
            "pair",
        ),
        (
            Move::Notation {
                notation: "1 1".into(),
            },
            "notation",
        ),
    ];
    for (mv, kind) in moves {
        assert_eq!(mv.kind(), kind);
        assert_eq!(serde_json::to_value(&mv).unwrap()["kind"], kind);
    }
    assert_eq!(wire::small(Big(7), "a side of"), Ok(7));
    assert_eq!(
        wire::small(Big(1 << 64), "a side of")
            .unwrap_err()
            .to_string(),
        "a side of 18446744073709551616 is larger than 2^64 − 1"
    );
}

#[test]
fn an_analysis_says_why_a_lost_position_is_lost() {
    use grundy::prelude::*;
    use grundy::registry::{self, Settings};
    let analyse = |heaps: Vec<u64>| {
        let mut game = registry::open("octal:0.07", &Settings::default()).unwrap();
        let position = game
            .position_from_wire(
                &wire::Position::Heaps { heaps },
                grundy::game::Limits::default(),
            )
            .unwrap();
        game.admit(&position, grundy::game::Limits::default())
            .unwrap();
        grundy::analysis::analyse(&mut grundy::Analyst::normal(game), &position, 5).unwrap()
    };
    // Dawson's Kayles: G(1) = 0 (no move), G(2) = 1.
    let lost = analyse(vec![1]);
    assert_eq!(lost.winner, wire::Winner::Second);
    assert_eq!(
        lost.reason.as_deref(),
        Some("The first player has no move.")
    );
    assert_eq!(lost.suggested_move, None);
    let won = analyse(vec![2]);
    assert_eq!(won.winner, wire::Winner::First);
    assert_eq!(won.reason, None);
    assert_eq!(won.winning_move_count, Big(1));
    assert_eq!(won.winning_moves[0].notation, "1 2");
    assert_eq!(won.format, wire::FORMAT_VERSION);
    // A lost position with moves: the hardest one to answer, apart.
    let tried = analyse(vec![4, 4]);
    assert_eq!(tried.winner, wire::Winner::Second);
    assert!(tried.winning_moves.is_empty());
    assert!(tried.suggested_move.is_some());
    assert!(tried.reason.unwrap().contains("winning reply"));
}
