//! The wire format: its checked-in JSON Schema is the one the types
//! generate, and its documents read back as they were written.

use grundy::wire::{self, Big};

const CHECKED_IN: &str = "../../schema/grundy.schema.json";

/// The schema as the types generate it, as the file holds it.
fn generated() -> String {
    serde_json::to_string_pretty(&wire::schema()).unwrap() + "\n"
}

#[test]
fn the_checked_in_schema_is_the_one_the_types_generate() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(CHECKED_IN);
    let schema = generated();
    if std::env::var_os("GRUNDY_BLESS").is_some() {
        std::fs::write(&path, &schema).unwrap();
    }
    let file = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        file == schema,
        "{} is not the schema the wire types generate: run \
         `GRUNDY_BLESS=1 cargo test -p grundy --features serde --test wire` and commit it",
        path.display()
    );
}

#[test]
fn big_numbers_are_strings_of_digits_both_ways() {
    let big = Big(u128::MAX);
    let text = serde_json::to_string(&big).unwrap();
    assert_eq!(text, "\"340282366920938463463374607431768211455\"");
    assert_eq!(serde_json::from_str::<Big>(&text).unwrap(), big);
    assert_eq!(serde_json::from_str::<Big>("\"0\"").unwrap(), Big(0));
    for bad in [
        "12",
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
    assert!(serde_json::from_str::<wire::Position>(r#"{"kind":"stones","heaps":[1]}"#).is_err());
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
