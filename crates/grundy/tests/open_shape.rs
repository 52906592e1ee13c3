//! A game defined here brings its own position and move shapes to the wire
//! format, without any change to `grundy::wire`: Kayles written as a row of
//! pins (`"II.I"`: pins `I`, gaps `.`), whose moves are `knock`s. It is
//! answered through the same door and analysis as every registered game,
//! its documents go to JSON and back, and the format's own shapes keep
//! their precise errors.

use std::io::Read;
use std::ops::ControlFlow;

use grundy::analysis::{self, Analyst};
use grundy::convention::Refusal;
use grundy::format::ReadError;
use grundy::game::{Abilities, CaseReader, Limits, Rng, Style};
use grundy::games::heap::{heap_game, HeapGame};
use grundy::games::octal::OctalCode;
use grundy::misere::MisereEngine;
use grundy::prelude::*;
use grundy::wire::{self, WireError};
use grundy::{IllegalMove, Nimber, Outcome, Played};
use serde::{Deserialize, Serialize};

type Kayles = HeapGame<OctalCode>;
type Heaps = <Kayles as Engine>::Position;
type Knock = <Kayles as Engine>::Move;

/// The game's own position shape: `{"kind": "row", "pins": "II.I"}`.
#[derive(Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct Row {
    pins: String,
}

/// The game's own move shape: `{"kind": "knock", "heap": 1, "take": 2}`.
#[derive(Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct KnockShape {
    heap: usize,
    take: u64,
    leave: Vec<u64>,
}

/// Kayles on a row of pins: the heaps are the runs of pins.
struct PinRow(Kayles);

fn pin_row() -> PinRow {
    PinRow(heap_game("0.77".parse().unwrap()))
}

impl Engine for PinRow {
    type Position = Heaps;
    type Component = <Kayles as Engine>::Component;
    type Move = Knock;

    fn components(&mut self, p: &Heaps) -> Vec<(Self::Component, Nimber)> {
        Engine::components(&mut self.0, p)
    }

    fn winning_moves(
        &mut self,
        p: &Heaps,
        visit: &mut dyn FnMut(Knock) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        Engine::winning_moves(&mut self.0, p, visit)
    }

    fn moves(
        &mut self,
        p: &Heaps,
        visit: &mut dyn FnMut(Knock) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        Engine::moves(&mut self.0, p, visit)
    }

    fn suggest(&mut self, p: &Heaps) -> Option<Knock> {
        Engine::suggest(&mut self.0, p)
    }

    fn check(&mut self, p: &Heaps, mv: &Knock) -> Result<(), IllegalMove> {
        Engine::check(&mut self.0, p, mv)
    }

    fn play(&mut self, p: &Heaps, mv: &Knock) -> Played<Heaps> {
        Engine::play(&mut self.0, p, mv)
    }

    fn is_terminal(&mut self, p: &Heaps) -> bool {
        Engine::is_terminal(&mut self.0, p)
    }
}

impl Present for PinRow {
    fn name(&self) -> String {
        "pin-row".to_string()
    }

    fn components_noun(&self) -> &'static str {
        "Runs"
    }

    fn describe_component(&self, i: usize, c: &Self::Component, v: Nimber) -> String {
        self.0.describe_component(i, c, v)
    }

    fn draw(&self, p: &Heaps, style: &dyn Style) -> String {
        self.0.draw(p, style)
    }

    fn describe_move(&self, p: &Heaps, mv: &Knock) -> String {
        self.0.describe_move(p, mv)
    }

    fn move_help(&self) -> String {
        self.0.move_help()
    }
}

impl Notation for PinRow {
    fn parse_move(&self, p: &Heaps, text: &str) -> Result<Knock, IllegalMove> {
        self.0.parse_move(p, text)
    }

    fn notation(&self, p: &Heaps, mv: &Knock) -> String {
        self.0.notation(p, mv)
    }
}

impl WireForm for PinRow {
    fn position_wire(&self, heaps: &Heaps) -> wire::Position {
        let pins: Vec<String> = heaps.iter().map(|&h| "I".repeat(h as usize)).collect();
        let row = Row {
            pins: pins.join("."),
        };
        wire::Position::shaped("row", &row).unwrap()
    }

    fn position_from_wire(&self, p: &wire::Position, _: Limits) -> Result<Heaps, WireError> {
        match p {
            wire::Position::Shaped(shaped) if shaped.kind() == "row" => {
                let row: Row = shaped.fields()?;
                row.pins
                    .split('.')
                    .filter(|run| !run.is_empty())
                    .map(|run| match run.bytes().all(|b| b == b'I') {
                        true => Ok(run.len() as u64),
                        false => Err(WireError::Refused(format!("`{run}` is not a run of pins"))),
                    })
                    .collect()
            }
            other => Err(WireError::wrong(self.name(), "a row", other.kind())),
        }
    }

    fn move_wire(&self, heaps: &Heaps, mv: &Knock) -> wire::Move {
        // The heap game's own wire move says which heap and what is left.
        let wire::Move::Heap { heap, take, leave } = self.0.move_wire(heaps, mv) else {
            panic!("a heap game writes heap moves");
        };
        let shape = KnockShape { heap, take, leave };
        wire::Move::shaped("knock", &shape).unwrap()
    }

    fn move_from_wire(&self, heaps: &Heaps, mv: &wire::Move) -> Result<Knock, WireError> {
        match mv {
            wire::Move::Shaped(shaped) if shaped.kind() == "knock" => {
                let KnockShape { heap, take, leave } = shaped.fields()?;
                self.0
                    .move_from_wire(heaps, &wire::Move::Heap { heap, take, leave })
            }
            other => Err(WireError::wrong(self.name(), "knocks", other.kind())),
        }
    }
}

impl JudgeFormat for PinRow {
    fn reader<'a>(
        &self,
        input: Box<dyn Read + 'a>,
        limits: Limits,
    ) -> Result<Box<dyn CaseReader<Heaps> + 'a>, ReadError> {
        self.0.reader(input, limits)
    }
}

impl Extras for PinRow {
    fn abilities(&self) -> Abilities {
        Abilities {
            misere: true,
            ..Abilities::default()
        }
    }

    fn misere(&self, budget: u64) -> Result<Box<dyn MisereEngine<Heaps, Knock>>, Refusal> {
        self.0.misere(budget)
    }
}

impl Game for PinRow {
    fn random_position(&mut self, rng: &mut Rng, size: Option<(u64, u64)>) -> Heaps {
        self.0.random_position(rng, size)
    }
}

fn row(pins: &str) -> wire::Position {
    serde_json::from_value(serde_json::json!({ "kind": "row", "pins": pins })).unwrap()
}

#[test]
fn a_shape_of_its_own_is_read_answered_and_written_back() {
    let mut game = AnyGame::new(pin_row());
    let limits = Limits::default();
    let position = row("II.I.III");
    assert!(matches!(position, wire::Position::Shaped(_)));
    assert_eq!(position.kind(), "row");
    let heaps = game.position_from_wire(&position, limits).unwrap();
    // Kayles: G(2) ^ G(1) ^ G(3) = 2 ^ 1 ^ 3 = 0.
    assert_eq!(game.value(&heaps), Nimber(0));
    assert_eq!(game.outcome(&heaps), Outcome::SecondPlayer);
    let mut analyst = Analyst::normal(game);
    let won = analyst
        .game()
        .position_from_wire(&row("III.I"), limits)
        .unwrap();
    let analysis = analysis::analyse(&mut analyst, &won, 10).unwrap();
    let json = serde_json::to_value(&analysis).unwrap();
    assert_eq!(
        json["position"],
        serde_json::json!({ "kind": "row", "pins": "III.I" })
    );
    let first = &json["winning_moves"][0]["move"];
    assert_eq!(first["kind"], "knock", "{json}");
    // The document reads back as it was written, shapes and all.
    let back: wire::Analysis = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, analysis);
    // A knock from the wire is taken, checked and played.
    let mv: wire::Move = serde_json::from_value(first.clone()).unwrap();
    let game = analyst.game_mut();
    let knock = analysis::take_move(game, &won, &mv).unwrap();
    let after = game.play(&won, &knock);
    assert_eq!(game.value(&after.position), Nimber(0));
    // A move of the format's own shape is refused as another game's.
    let nim = wire::Move::Notation {
        notation: "1 1".to_string(),
    };
    assert_eq!(
        game.move_from_wire(&won, &nim).unwrap_err().to_string(),
        "pin-row takes knocks, not notation"
    );
    // Its misère form is reached through the same surface.
    let mut misere = Analyst::new(
        AnyGame::new(pin_row()),
        grundy::Convention::Misere { budget: 10_000 },
    )
    .unwrap();
    let one = misere.game().position_from_wire(&row("I"), limits).unwrap();
    assert_eq!(misere.outcome(&one).unwrap(), Outcome::SecondPlayer);
}

#[test]
fn the_shapes_of_the_format_keep_their_precise_errors() {
    let error = |json: serde_json::Value| {
        serde_json::from_value::<wire::Position>(json)
            .unwrap_err()
            .to_string()
    };
    assert!(error(serde_json::json!({ "kind": "heaps", "heaps": "x" })).contains("invalid type"),);
    assert!(error(serde_json::json!({ "kind": "heaps", "heapz": [1] })).contains("unknown field"),);
    assert!(error(serde_json::json!({ "heaps": [1] })).contains("kind"));
    assert!(!error(serde_json::json!({ "kind": 7 })).is_empty());
    // Every kind of the format is read as its own shape, never as a
    // foreign one.
    for (json, kind) in [
        (
            serde_json::json!({ "kind": "heaps", "heaps": [1, 2] }),
            "heaps",
        ),
        (
            serde_json::json!({ "kind": "pairs", "pairs": [[1, 2]] }),
            "pairs",
        ),
        (
            serde_json::json!({ "kind": "graph", "edges": [[0, 1]] }),
            "graph",
        ),
        (
            serde_json::json!({ "kind": "pieces", "pieces": [["2", "3"]] }),
            "pieces",
        ),
        (
            serde_json::json!({ "kind": "matrix", "rows": [["1"]] }),
            "matrix",
        ),
        (
            serde_json::json!({ "kind": "board", "rows": 1, "cols": 1, "bombs": [] }),
            "board",
        ),
    ] {
        let position: wire::Position = serde_json::from_value(json.clone()).unwrap();
        assert!(!matches!(position, wire::Position::Shaped(_)), "{json}");
        assert_eq!(position.kind(), kind);
        assert_eq!(serde_json::to_value(&position).unwrap(), json);
    }
    assert_eq!(wire::Position::KINDS.len(), 6);
    // A game of the format's shapes refuses a foreign one by its kind.
    let kayles = grundy::registry::open("octal:0.77", &Default::default()).unwrap();
    assert_eq!(
        kayles
            .position_from_wire(&row("II"), Limits::default())
            .unwrap_err()
            .to_string(),
        "octal:0.77 takes heaps, not row"
    );
    // A shape of its own may not take a kind of the format.
    assert!(wire::Position::shaped("heaps", &Row { pins: "I".into() }).is_err());
    assert!(wire::Position::shaped("row", &7).is_err());
    assert!(wire::Position::shaped("row", &serde_json::json!({ "kind": "x" })).is_err());
    // Kinds are a shape's among its own: a position may be a `row`, which
    // is a kind of move.
    assert!(wire::Move::shaped("row", &Row { pins: "I".into() }).is_err());
    assert!(wire::Part::shaped("knock", &Row { pins: "I".into() }).is_ok());
}

#[test]
fn a_game_brings_its_shapes_schema_to_the_generated_one() {
    let schema = wire::schema(|generator| {
        vec![
            generator.subschema_for::<Row>(),
            generator.subschema_for::<KnockShape>(),
        ]
    });
    let text = serde_json::to_string(&schema).unwrap();
    assert!(text.contains("\"Row\""), "{text}");
    assert!(text.contains("\"KnockShape\""));
    assert!(text.contains("\"Shaped\""));
}
