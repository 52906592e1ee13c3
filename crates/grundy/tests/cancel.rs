//! Stopping the analysis surface's long loops when asked: the best try,
//! the remoteness search and the listing of winning moves each look at the
//! flag every `STOP_EVERY` steps, so a raised flag is answered within one
//! such stretch (counted in steps, not timed).

use std::cell::Cell;
use std::ops::ControlFlow;

use grundy::analysis::{remoteness, Analyst};
use grundy::game::{Extras, Game, Limits, WireForm};
use grundy::games::grundys::GrundysGame;
use grundy::games::heap::{plain_sequence_while, HeapRules};
use grundy::games::octal::Sequence;
use grundy::games::wythoff::WythoffTable;
use grundy::misere::{Misere, MisereError};
use grundy::registry::{self, Settings};
use grundy::rules::{Rules, Solver, Unsolvable};
use grundy::shared::Cancel;
use grundy::solve::{self, STOP_EVERY, SUGGESTION_BUDGET};
use grundy::{Convention, Nimber, Refusal};

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
    assert_eq!(
        grundy::analysis::explain(&mut analyst, &won, 3).unwrap_err(),
        Refusal::Cancelled
    );
    // A game opened without a flag is never stopped.
    let mut plain = Analyst::normal(registry::open("nim", &Settings::default()).unwrap());
    assert!(!plain.cancelled());
    assert!(plain.reply(&position).unwrap().is_some());
    assert!(grundy::analysis::explain(&mut plain, &won, 3).is_ok());
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

/// A flag raised from inside the work: at the `at`-th call of `tick`.
struct RaiseAt {
    cancel: Cancel,
    at: u64,
    calls: Cell<u64>,
}

impl RaiseAt {
    fn new(at: u64) -> RaiseAt {
        RaiseAt {
            cancel: Cancel::new(),
            at,
            calls: Cell::new(0),
        }
    }

    fn tick(&self) {
        self.calls.set(self.calls.get() + 1);
        if self.calls.get() == self.at {
            self.cancel.cancel();
        }
    }
}

/// Kayles (0.77) by its literal rules, raising a flag at a counted listing
/// of options: take one or two tokens, leaving nothing, one heap or two.
struct CountedKayles<'a>(&'a RaiseAt);

impl Rules for CountedKayles<'_> {
    type Position = u64;
    type Move = (u64, u64);

    fn options(&self, heap: &u64, option: &mut dyn FnMut((u64, u64), &[u64])) {
        self.0.tick();
        for take in 1..=2u64.min(*heap) {
            let rest = heap - take;
            for a in 0..=rest / 2 {
                let parts: Vec<u64> = [a, rest - a].into_iter().filter(|&p| p > 0).collect();
                option((take, a), &parts);
            }
        }
    }
}

/// Asks `compute` to stop at its third look: it must stop there, with
/// the values of its first three stretches of 1,024 and no period.
fn stops_at_third_look(
    compute: impl FnOnce(&mut dyn FnMut(usize) -> bool) -> Result<Sequence, Sequence>,
) {
    let looks = Cell::new(0u64);
    let stopped = compute(&mut |_| {
        looks.set(looks.get() + 1);
        looks.get() < 3
    })
    .expect_err("stopped");
    assert_eq!((looks.get(), stopped.values.len()), (3, 3 * 1024));
    assert_eq!(stopped.periodicity, None);
    assert_eq!(stopped.values[..21], GrundysGame.sequence(21).values[..]);
}

#[test]
fn a_sequence_stops_at_the_first_look_after_it_is_asked() {
    // Grundy's game to 10^6 values takes seconds (far longer by the plain
    // rule); asked at the third look, each returns what it has.
    stops_at_third_look(|going| GrundysGame.sequence_while(1_000_000, going));
    stops_at_third_look(|going| plain_sequence_while(&GrundysGame, 1_000_000, going));
}

#[test]
fn admitting_a_heap_whose_values_must_be_computed_stops_when_asked() {
    let limits = Limits::default();
    let cancel = Cancel::new();
    let settings = Settings {
        cancel: Some(cancel.clone()),
        ..Settings::default()
    };
    let mut game = registry::open("grundys-game", &settings).unwrap();
    let small = heaps(&game, &[20]);
    game.admit(&small, limits).unwrap();
    cancel.cancel();
    // Known values need no computation, and are admitted.
    game.admit(&small, limits).unwrap();
    // A heap of 999,999 needs a million values: refused at once.
    let large = heaps(&game, &[999_999]);
    assert_eq!(game.admit(&large, limits).unwrap_err(), Refusal::Cancelled);
    // A game without a raised flag admits it.
    let mut plain = registry::open("subtraction:2,5,7", &Settings::default()).unwrap();
    let large = heaps(&plain, &[999_999]);
    plain.admit(&large, limits).unwrap();
}

#[test]
fn a_misere_search_stops_when_asked() {
    // Raised at the 20th listing of options (each component's options are
    // listed once: the sums below hold 36 components at most); the search
    // then lists at most the options of the components of the sum it is
    // entering (4 here) before it looks at the flag.
    let raise = RaiseAt::new(20);
    let mut misere = Misere::new(CountedKayles(&raise));
    misere.stop_when(raise.cancel.clone());
    assert_eq!(
        misere.outcome(&[30, 31, 33, 35]).unwrap_err(),
        MisereError::Cancelled
    );
    assert!(
        raise.calls.get() <= 20 + 4,
        "{} listings",
        raise.calls.get()
    );
    // With the flag never raised it goes on (here to its budget).
    let raise = RaiseAt::new(u64::MAX);
    let mut misere = Misere::new(CountedKayles(&raise));
    misere.stop_when(raise.cancel.clone());
    misere.set_budget(2000);
    assert!(matches!(
        misere.outcome(&[30, 31, 33, 35]).unwrap_err(),
        MisereError::TooLarge { .. }
    ));
    // Valuing one component's genus (every heap below it) stops too.
    let raise = RaiseAt::new(100);
    let mut misere = Misere::new(CountedKayles(&raise));
    misere.stop_when(raise.cancel.clone());
    assert_eq!(misere.genus(&5000).unwrap_err(), MisereError::Cancelled);
    assert!(raise.calls.get() <= 101, "{} listings", raise.calls.get());
}

#[test]
fn misere_questions_and_genera_through_the_registry_are_cancelled() {
    let cancel = Cancel::new();
    let settings = Settings {
        cancel: Some(cancel.clone()),
        ..Settings::default()
    };
    // Dawson's Kayles: no misère quotient within a question's bounds, so
    // the search runs (Kayles' quotient would answer at once).
    let game = registry::open("octal:0.07", &settings).unwrap();
    let mut analyst = Analyst::new(game, Convention::from_budget(Some(200_000))).unwrap();
    let position = heaps(analyst.game(), &[30, 31, 33, 35]);
    analyst.admit(&position, Limits::default()).unwrap();
    cancel.cancel();
    assert_eq!(analyst.outcome(&position).unwrap_err(), Refusal::Cancelled);
    assert_eq!(
        analyst.game().genera(64, 1_000_000_000).unwrap_err(),
        Refusal::Cancelled
    );
    // Not raised: answered.
    let game = registry::open("octal:0.77", &Settings::default()).unwrap();
    assert_eq!(game.genera(5, 1000).unwrap().len(), 5);
}

#[test]
fn a_rules_solver_stops_within_one_stretch() {
    // A chain n → n − 1 of 100,000 positions, raised at the 5,000th
    // listing: the solver looks every 1,024 positions opened.
    struct Chain<'a>(&'a RaiseAt);
    impl Rules for Chain<'_> {
        type Position = u64;
        type Move = ();
        fn options(&self, n: &u64, option: &mut dyn FnMut((), &[u64])) {
            self.0.tick();
            if *n > 0 {
                option((), &[n - 1]);
            }
        }
    }
    let raise = RaiseAt::new(5000);
    let mut solver = Solver::new(Chain(&raise));
    solver.set_cancel(Some(raise.cancel.clone()));
    assert_eq!(solver.try_grundy(&100_000), Err(Unsolvable::Cancelled));
    // The root's listing and 5,119 more: the 5,120th position opened is
    // the look that sees the flag, before its options are listed.
    assert_eq!(raise.calls.get(), 5120, "stopped at the look after 5,000");
    let raise = RaiseAt::new(u64::MAX);
    let mut solver = Solver::new(Chain(&raise));
    assert_eq!(solver.try_grundy(&100_000), Ok(Nimber(0)));
}

#[test]
fn a_wythoff_table_stops_between_lines() {
    let lines = Cell::new(0u64);
    let stop = || {
        lines.set(lines.get() + 1);
        lines.get() > 10
    };
    assert!(WythoffTable::new_until(2000, &stop).is_none());
    assert_eq!(lines.get(), 11);
    let cancel = Cancel::new();
    let settings = Settings {
        cancel: Some(cancel.clone()),
        ..Settings::default()
    };
    let mut game = registry::open("wythoff", &settings).unwrap();
    let position = game.position_from_wire(
        &grundy::wire::Position::Pairs {
            pairs: vec![[1500, 1000]],
        },
        Limits::default(),
    );
    let position = position.unwrap();
    cancel.cancel();
    assert_eq!(
        game.admit(&position, Limits::default()).unwrap_err(),
        Refusal::Cancelled
    );
}
