//! The checked-in JSON Schema of the wire format is the one the library's
//! documents and the playground's messages generate.

const CHECKED_IN: &str = "../../schema/grundy.schema.json";

/// The schema as the types generate it, as the file holds it.
fn generated() -> String {
    serde_json::to_string_pretty(&grundy_web::messages::schema()).unwrap() + "\n"
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
         `GRUNDY_BLESS=1 cargo test -p grundy-web --test schema` and commit it",
        path.display()
    );
}
