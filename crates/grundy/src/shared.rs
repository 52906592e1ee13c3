//! What games opened by one front end may share: a shelf of finished
//! tables, and a way to ask a long computation to stop.
//!
//! A server opens a game for every request. With a [`Shelf`] in the
//! registry's [`Settings`](crate::registry::Settings), a game starts from the
//! largest table any earlier request finished (the Bomb table, a heap game's
//! values) and offers back a larger one when it grows it. Tables on the shelf
//! are immutable and shared (`Arc`): a reader takes one under a lock held
//! only to clone a pointer, and growing a table happens off the shelf, so no
//! reader ever waits for a computation.

use std::any::Any;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// A flag a front end raises to ask a computation to stop (its request ran
/// out of time). Games check it between steps of their long computations
/// (the Bomb table: between columns); answers from a game whose computation
/// stopped mean nothing and are thrown away.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag not raised yet.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks the computations watching this flag to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`Cancel::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

type Entry = (String, Arc<dyn Any + Send + Sync>);

/// Finished tables by key (a game's name), at most [`Shelf::capacity`] of
/// them: the least recently offered goes first.
pub struct Shelf {
    entries: Mutex<VecDeque<Entry>>,
    capacity: usize,
}

impl std::fmt::Debug for Shelf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let entries = self.lock();
        let keys: Vec<&str> = entries.iter().map(|(k, _)| k.as_str()).collect();
        f.debug_struct("Shelf")
            .field("keys", &keys)
            .field("capacity", &self.capacity)
            .finish()
    }
}

impl Default for Shelf {
    fn default() -> Self {
        Shelf::new(64)
    }
}

impl Shelf {
    /// A shelf of at most `capacity` tables (at least one).
    pub fn new(capacity: usize) -> Shelf {
        Shelf {
            entries: Mutex::new(VecDeque::new()),
            capacity: capacity.max(1),
        }
    }

    /// How many tables it keeps at most.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, VecDeque<Entry>> {
        // Entries are replaced whole, so a panic elsewhere cannot leave one
        // half written.
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The table kept under `key`, if it is a `T`.
    pub fn get<T: Any + Send + Sync>(&self, key: &str) -> Option<Arc<T>> {
        let entries = self.lock();
        let (_, value) = entries.iter().find(|(k, _)| k == key)?;
        Arc::clone(value).downcast::<T>().ok()
    }

    /// Keeps `value` under `key` unless the table kept there is at least as
    /// good (`better(new, old)` says whether `new` is better). Returns
    /// whether it was kept.
    pub fn offer<T: Any + Send + Sync>(
        &self,
        key: &str,
        value: Arc<T>,
        better: impl Fn(&T, &T) -> bool,
    ) -> bool {
        let mut entries = self.lock();
        let at = entries.iter().position(|(k, _)| k == key);
        if let Some(i) = at {
            if let Ok(old) = Arc::clone(&entries[i].1).downcast::<T>() {
                if !better(&value, &old) {
                    return false;
                }
            }
            entries.remove(i);
        }
        while entries.len() >= self.capacity {
            entries.pop_front();
        }
        entries.push_back((key.to_string(), value));
        true
    }

    /// How many tables it holds.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shelf_keeps_the_better_table_and_forgets_the_oldest() {
        let shelf = Shelf::new(2);
        assert!(shelf.is_empty());
        assert!(shelf.offer("a", Arc::new(3u32), |n, o| n > o));
        assert!(!shelf.is_empty());
        assert!(!shelf.offer("a", Arc::new(2u32), |n, o| n > o));
        assert!(!shelf.offer("a", Arc::new(3u32), |n, o| n > o));
        assert_eq!(shelf.get::<u32>("a").as_deref(), Some(&3));
        assert!(shelf.offer("a", Arc::new(5u32), |n, o| n > o));
        assert_eq!(shelf.get::<u32>("a").as_deref(), Some(&5));
        // Another type under the key is not read as this one.
        assert_eq!(shelf.get::<u64>("a"), None);
        assert!(shelf.offer("b", Arc::new(1u32), |n, o| n > o));
        assert_eq!(shelf.len(), 2);
        assert!(shelf.offer("c", Arc::new(1u32), |n, o| n > o));
        assert_eq!(shelf.len(), 2);
        assert_eq!(shelf.get::<u32>("a"), None, "the oldest went first");
        assert_eq!(shelf.get::<u32>("b").as_deref(), Some(&1));
        assert_eq!(shelf.capacity(), 2);
        assert_eq!(Shelf::new(0).capacity(), 1);
        assert!(format!("{shelf:?}").contains("\"b\""));
    }

    #[test]
    fn a_cancel_flag_is_shared_by_its_clones() {
        let flag = Cancel::new();
        let seen = flag.clone();
        assert!(!seen.is_cancelled());
        flag.cancel();
        assert!(seen.is_cancelled());
    }
}
