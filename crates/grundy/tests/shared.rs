//! Games opened with one shelf share their finished tables (a growing one
//! holds up no reader), and a raised cancel flag stops a Bomb table
//! computation between columns. Computations are held or stopped from
//! their progress reports, never by waiting an amount of time.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Barrier, Mutex};
use std::thread;
use std::time::Duration;

use grundy::games::bomb::{naive_table, BombGame, Cell, Progress};
use grundy::games::heap::{heap_game, share_values};
use grundy::games::octal::OctalCode;
use grundy::registry::{Registered, Settings};
use grundy::shared::{Cancel, Shelf};
use grundy::Engine;

fn shared(shelf: &Arc<Shelf>, cancel: Option<Cancel>) -> Settings {
    Settings {
        shelf: Some(Arc::clone(shelf)),
        cancel,
        ..Settings::default()
    }
}

#[test]
fn a_bomb_table_grown_by_one_game_is_read_by_the_next() {
    let shelf = Arc::new(Shelf::default());
    let mut first = BombGame::open(None, &shared(&shelf, None)).unwrap();
    assert_eq!(first.table().rows(), 0);
    first.bomb_value(Cell::new(40, 30).unwrap());
    assert_eq!((first.table().rows(), first.table().cols()), (40, 30));
    // A game opened afterwards starts from that table, computing nothing.
    let second = BombGame::open(None, &shared(&shelf, None)).unwrap();
    assert_eq!((second.table().rows(), second.table().cols()), (40, 30));
    let naive = naive_table(40, 30);
    for (i, row) in naive.iter().enumerate() {
        assert_eq!(second.table().row(i), row.as_slice());
    }
    // A smaller table grown later does not replace the larger one.
    let mut small = BombGame::new();
    small.share_tables_on(Arc::clone(&shelf));
    assert_eq!(small.table().rows(), 40, "it took the shelf's");
    let mut other = BombGame::new();
    other.bomb_value(Cell::new(10, 10).unwrap());
    other.share_tables_on(Arc::clone(&shelf));
    assert_eq!(other.table().rows(), 40, "the larger table wins");
    // A game without the shelf keeps its own.
    let alone = BombGame::open(None, &Settings::default()).unwrap();
    assert_eq!(alone.table().rows(), 0);
}

#[test]
fn a_raised_flag_stops_the_bomb_table_and_nothing_is_shared() {
    let shelf = Arc::new(Shelf::default());
    let cancel = Cancel::new();
    cancel.cancel();
    let mut game = BombGame::open(None, &shared(&shelf, Some(cancel))).unwrap();
    // 2000×2000 takes many seconds; stopped before the first column.
    game.bomb_value(Cell::new(2000, 2000).unwrap());
    assert!(game.was_cancelled());
    assert!(shelf.is_empty(), "a stopped table is not offered");
    assert!(
        BombGame::open(None, &shared(&shelf, None))
            .unwrap()
            .table()
            .rows()
            == 0
    );
}

#[test]
fn a_flag_raised_during_the_computation_stops_it() {
    let shelf = Arc::new(Shelf::default());
    let cancel = Cancel::new();
    // The flag is raised from inside the computation, when its first
    // column is done: it is certainly under way, on any machine.
    let columns = Arc::new(AtomicUsize::new(0));
    let progress: Progress = {
        let (cancel, columns) = (cancel.clone(), Arc::clone(&columns));
        Arc::new(move |_, _| {
            columns.fetch_add(1, Ordering::SeqCst);
            cancel.cancel();
        })
    };
    let settings = Settings {
        progress: Some(progress),
        threads: Some(2),
        ..shared(&shelf, Some(cancel))
    };
    let mut game = BombGame::open(None, &settings).unwrap();
    // On two threads, stopped between columns: the thread that raised the
    // flag stops; the other finishes the column it is in, and at most one
    // more that it had begun before the flag went up (column 3 waits for
    // column 2, which the first thread leaves at once).
    let board = grundy::games::bomb::Board::new(2000, 2000).unwrap();
    let _ = game.value(&board);
    assert!(game.was_cancelled());
    let done = columns.load(Ordering::SeqCst);
    assert!((1..=3).contains(&done), "{done} columns of 2000 were done");
    assert!(shelf.is_empty());
    // Nor is it kept in a store.
    let store: Arc<Mutex<dyn grundy::games::bomb::TableStore>> = Arc::new(Mutex::new(Saved));
    game.keep_tables_in(Arc::clone(&store), u64::MAX);
    game.keep_table();
    assert!(SAVED.load(Ordering::Relaxed) == 0);
}

#[test]
fn a_growing_bomb_table_does_not_hold_up_readers() {
    let shelf = Arc::new(Shelf::default());
    let mut first = BombGame::open(None, &shared(&shelf, None)).unwrap();
    let before = first.bomb_value(Cell::new(40, 30).unwrap());
    // A game grows a larger table, and stops inside the computation (after
    // its first column) until the readers below are done.
    let (started, resume) = (Arc::new(Barrier::new(2)), Arc::new(Barrier::new(2)));
    let progress: Progress = {
        let (started, resume) = (Arc::clone(&started), Arc::clone(&resume));
        let first_column = AtomicBool::new(true);
        Arc::new(move |_, _| {
            if first_column.swap(false, Ordering::SeqCst) {
                started.wait();
                resume.wait();
            }
        })
    };
    let settings = Settings {
        progress: Some(progress),
        threads: Some(1),
        ..shared(&shelf, None)
    };
    let grower = thread::spawn(move || {
        let mut game = BombGame::open(None, &settings).unwrap();
        game.bomb_value(Cell::new(200, 200).unwrap());
        game.table().rows()
    });
    started.wait();
    // Meanwhile games opened with the shelf read the finished table: were
    // they to wait for the growth, they would wait for ever, so they answer
    // on a thread of their own and the test gives up on them in the end.
    let (answers, answered) = mpsc::channel();
    let readers = {
        let shelf = Arc::clone(&shelf);
        thread::spawn(move || {
            for _ in 0..20 {
                let mut game = BombGame::open(None, &shared(&shelf, None)).unwrap();
                let rows = game.table().rows();
                answers
                    .send((rows, game.bomb_value(Cell::new(40, 30).unwrap())))
                    .unwrap();
            }
        })
    };
    for _ in 0..20 {
        let answer = answered
            .recv_timeout(Duration::from_secs(120))
            .expect("a reader waited for the growing table");
        assert_eq!(
            answer,
            (40, before),
            "the finished table, not the growing one"
        );
    }
    readers.join().unwrap();
    resume.wait();
    assert_eq!(grower.join().unwrap(), 200);
    // Once grown, the larger table is the one shared.
    let after = BombGame::open(None, &shared(&shelf, None)).unwrap();
    assert_eq!((after.table().rows(), after.table().cols()), (200, 200));
    let naive = naive_table(40, 40);
    for (i, row) in naive.iter().enumerate() {
        assert_eq!(&after.table().row(i)[..40], row.as_slice());
    }
}

static SAVED: AtomicUsize = AtomicUsize::new(0);

struct Saved;

impl grundy::games::bomb::TableStore for Saved {
    fn load(&mut self) -> Option<Vec<u8>> {
        None
    }
    fn save(&mut self, _: &[u8]) {
        SAVED.fetch_add(1, Ordering::Relaxed);
    }
}

#[test]
fn heap_games_share_their_values() {
    let shelf = Arc::new(Shelf::default());
    let code: OctalCode = "0.137".parse().unwrap();
    let mut first = heap_game(code.clone());
    share_values(&mut first, Arc::clone(&shelf));
    let heaps = vec![500u64, 7];
    grundy::Game::admit(&mut first, &heaps, grundy::game::Limits::default()).unwrap();
    let value = first.value(&heaps);
    assert_eq!(shelf.len(), 1);
    let mut second = heap_game(code);
    share_values(&mut second, Arc::clone(&shelf));
    assert!(
        second.cache().computed() > 0,
        "the sequence came from the shelf"
    );
    assert_eq!(second.value(&heaps), value);
    // Another code is kept apart.
    let mut other = heap_game("0.07".parse::<OctalCode>().unwrap());
    share_values(&mut other, Arc::clone(&shelf));
    assert_eq!(other.cache().computed(), 0);
}

#[test]
fn a_game_told_to_use_one_thread_computes_its_table_on_one() {
    let ids = Arc::new(Mutex::new(std::collections::HashSet::new()));
    let seen = Arc::clone(&ids);
    let progress: grundy::games::bomb::Progress = Arc::new(move |_, _| {
        seen.lock().unwrap().insert(thread::current().id());
    });
    let settings = Settings {
        threads: Some(1),
        progress: Some(progress),
        ..Settings::default()
    };
    let mut game = BombGame::open(None, &settings).unwrap();
    // Large enough that it would be computed on every core otherwise.
    game.bomb_value(Cell::new(300, 300).unwrap());
    assert_eq!(ids.lock().unwrap().len(), 1);
    let naive = naive_table(40, 40);
    assert_eq!(&game.table().row(39)[..40], naive[39].as_slice());
}
