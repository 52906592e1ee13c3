//! Arbitrary JSON as the playground's API reads it: a position and a move
//! of the wire format, given to every registered game within small limits.
//! Each is taken or refused with a reason; nothing panics.
#![no_main]
use grundy::analysis::{self, Analyst};
use grundy::game::Limits;
use grundy::prelude::*;
use grundy::registry::{self, Settings};
use grundy::wire;
use libfuzzer_sys::fuzz_target;

struct Try(wire::Position, Option<wire::Move>);

impl Try {
    fn run(self, game: AnyGame) {
        let mut analyst = Analyst::normal(game);
        let limits = Limits {
            max_cells: 400,
            max_heap: 2_000,
        };
        let Ok(position) = analyst.game().position_from_wire(&self.0, limits) else {
            return;
        };
        if analyst.admit(&position, limits).is_err() {
            return;
        }
        let _ = analysis::analyse(&mut analyst, &position, 3);
        if let Some(mv) = self.1 {
            let game = analyst.game_mut();
            if let Ok(mv) = analysis::take_move(game, &position, &mv) {
                let after = game.play(&position, &mv);
                let _ = game.position_wire(&after.position);
            }
        }
    }
}

fuzz_target!(|text: &str| {
    let (position, mv) = text.split_once('\n').unwrap_or((text, ""));
    let Ok(position) = serde_json::from_str::<wire::Position>(position) else {
        return;
    };
    let mv = serde_json::from_str::<wire::Move>(mv).ok();
    for game in registry::GAMES.iter().map(|entry| entry.example) {
        if let Ok(game) = registry::open(game, &Settings::default()) {
            Try(position.clone(), mv.clone()).run(game);
        }
    }
});
