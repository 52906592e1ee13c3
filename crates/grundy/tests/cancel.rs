//! Stopping the analysis surface's long loops when asked: the best try,
//! the remoteness search and the listing of winning moves each look at the
//! flag every `STOP_EVERY` steps, so a raised flag is answered within one
//! such stretch (counted in steps, not timed).

use std::cell::Cell;
use std::ops::ControlFlow;

use grundy::analysis::{remoteness, Analyst};
use grundy::game::{Game, Limits, WireForm};
use grundy::registry::{self, Settings};
use grundy::shared::Cancel;
use grundy::solve::{self, STOP_EVERY, SUGGESTION_BUDGET};
use grundy::Refusal;

fn heaps(game: &grundy::AnyGame, heaps: &[u64]) -> grundy::any_game::AnyPosition {
    game.position_from_wire(
        &grundy::wire::Position::Heaps {
            heaps: heaps.to_vec(),
        },
        Limits::default(),
    )
    .unwrap()
}

#[test]
fn a_best_try_stops_at_the_first_look_after_it_is_asked() {
    let mut nim = registry::open("nim", &Settings::default()).unwrap();
    let position = heaps(&nim, &[300_000, 300_000]);
    nim.admit(&position, Limits::default()).unwrap();
    // Asked to stop at its third look: listing 600,000 candidates looks
    // every 1,024, so it stops after 3 · 1,024 listed and scores none.
    let looks = Cell::new(0u64);
    let stop = || {
        looks.set(looks.get() + 1);
        looks.get() >= 3
    };
    let tried = solve::best_try_until(&mut nim, &position, SUGGESTION_BUDGET, &stop);
    assert!(tried.stopped);
    assert_eq!(tried.mv, None);
    assert_eq!((looks.get(), tried.examined), (3, 0));
    // Asked once scoring has begun: it stops within one stretch.
    let looks = Cell::new(0u64);
    let listing = 600_000 / STOP_EVERY; // looks while listing
    let stop = || {
        looks.set(looks.get() + 1);
        looks.get() > listing + 2
    };
    let tried = solve::best_try_until(&mut nim, &position, SUGGESTION_BUDGET, &stop);
    assert!(tried.stopped && tried.mv.is_none());
    assert_eq!(tried.examined, 3 * STOP_EVERY - 1);
    // Never asked: the whole pass.
    let tried = solve::best_try_until(&mut nim, &position, SUGGESTION_BUDGET, &|| false);
    assert!(!tried.stopped && tried.examined == 600_000 && tried.mv.is_some());
}

#[test]
fn an_analyst_asked_to_stop_refuses_with_cancelled() {
    let cancel = Cancel::new();
    let settings = Settings {
        cancel: Some(cancel.clone()),
        ..Settings::default()
    };
    let game = registry::open("nim", &settings).unwrap();
    assert!(game.cancel().is_some());
    let mut analyst = Analyst::normal(game);
    let position = heaps(analyst.game(), &[300_000, 300_000]);
    analyst.admit(&position, Limits::default()).unwrap();
    assert!(analyst.reply(&position).unwrap().is_some());
    cancel.cancel();
    assert!(analyst.cancelled());
    assert_eq!(analyst.reply(&position).unwrap_err(), Refusal::Cancelled);
    assert_eq!(analyst.suggest(&position).unwrap_err(), Refusal::Cancelled);
    let won = heaps(analyst.game(), &[300_000, 7]);
    assert_eq!(
        analyst.listed_winning_moves(&won, 10).unwrap_err(),
        Refusal::Cancelled
    );
    assert_eq!(
        analyst
            .winning_moves(&won, &mut |_| ControlFlow::Continue(()))
            .unwrap_err(),
        Refusal::Cancelled
    );
    // A game opened without a flag is never stopped.
    let mut plain = Analyst::normal(registry::open("nim", &Settings::default()).unwrap());
    assert!(!plain.cancelled());
    assert!(plain.reply(&position).unwrap().is_some());
}

#[test]
fn a_winning_move_listing_stops_within_one_stretch() {
    let cancel = Cancel::new();
    let settings = Settings {
        cancel: Some(cancel.clone()),
        ..Settings::default()
    };
    let mut analyst = Analyst::normal(registry::open("nim", &settings).unwrap());
    // 5,001 heaps of 1: the nim-sum is 1 and every heap is a winning move.
    let position = heaps(analyst.game(), &vec![1; 5001]);
    analyst.admit(&position, Limits::default()).unwrap();
    let seen = Cell::new(0u64);
    let result = analyst.winning_moves(&position, &mut |_| {
        seen.set(seen.get() + 1);
        if seen.get() == 1500 {
            cancel.cancel();
        }
        ControlFlow::Continue(())
    });
    assert_eq!(result.unwrap_err(), Refusal::Cancelled);
    // Raised at the 1,500th move, seen at the next look (the 2,048th).
    assert_eq!(seen.get(), 2 * STOP_EVERY - 1);
}

#[test]
fn a_remoteness_search_gives_up_once_asked() {
    let mut game = registry::open("octal:0.07", &Settings::default()).unwrap();
    let position = heaps(&game, &[5, 9, 12]);
    game.admit(&position, Limits::default()).unwrap();
    let cancel = Cancel::new();
    let mut search = remoteness::Search::new(&mut game, remoteness::REMOTENESS_BUDGET);
    search.stop_when(cancel.clone());
    cancel.cancel();
    assert_eq!(search.choose(&position), None);
    let mut search = remoteness::Search::new(&mut game, remoteness::REMOTENESS_BUDGET);
    assert!(search.choose(&position).is_some());
}
