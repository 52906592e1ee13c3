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
