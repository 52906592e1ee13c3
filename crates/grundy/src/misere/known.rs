//! What the misère search knows of the sums it met, by their keys.
//!
//! The search looks up millions of keys (some 60 for each sum it enters),
//! most of them not there, and keeps millions. A map of boxed keys spends
//! a heap allocation on each key kept and a pointer chase on each probe
//! that meets one; this table writes the keys one after another in one
//! vector and keeps each key's full hash beside its place, so a probe reads
//! a key only when the hashes agree, and growing the table hashes nothing
//! again.

use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

/// What is known of a sum: its misère value, or only its outcome (at
/// least one of them, once the search has written it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Known {
    pub(super) value: Option<u32>,
    pub(super) outcome: Option<bool>,
}

impl Known {
    /// Whether the player to move wins (misère value 0 loses).
    pub(super) fn wins(self) -> bool {
        self.outcome
            .unwrap_or_else(|| self.value.is_some_and(|v| v != 0))
    }
}

/// The hash of a sum's key, for this table and for the search's path.
pub(super) fn hash_key(key: &[u32]) -> u64 {
    FxBuildHasher.hash_one(key)
}

/// One key's place in the table.
struct Slot {
    hash: u64,
    /// Where the key starts in [`KnownSums::keys`], and its length.
    start: usize,
    len: u32,
    known: Known,
}

/// Sums' keys (lists of `u32`) and what is known of each.
#[derive(Default)]
pub(super) struct KnownSums {
    /// Every key kept, one after another.
    keys: Vec<u32>,
    table: HashTable<Slot>,
}

impl KnownSums {
    fn key_of<'a>(keys: &'a [u32], slot: &Slot) -> &'a [u32] {
        &keys[slot.start..slot.start + slot.len as usize]
    }

    /// What is known of `key`, if it was met.
    pub(super) fn get(&self, key: &[u32]) -> Option<Known> {
        let keys = &self.keys;
        let hash = hash_key(key);
        self.table
            .find(hash, |slot| {
                slot.hash == hash && Self::key_of(keys, slot) == key
            })
            .map(|slot| slot.known)
    }

    /// What is known of `key`, kept from now on (nothing known yet if it
    /// was not met).
    pub(super) fn entry(&mut self, key: &[u32]) -> &mut Known {
        let hash = hash_key(key);
        let keys = &mut self.keys;
        let entry = self.table.entry(
            hash,
            |slot| slot.hash == hash && Self::key_of(keys, slot) == key,
            |slot| slot.hash,
        );
        let slot = entry.or_insert_with(|| {
            let start = keys.len();
            keys.extend_from_slice(key);
            Slot {
                hash,
                start,
                len: key.len() as u32,
                known: Known::default(),
            }
        });
        &mut slot.into_mut().known
    }

    /// How many keys are kept.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.table.len()
    }

    /// Forgets every key, and gives their memory back.
    pub(super) fn forget(&mut self) {
        *self = KnownSums::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys are told apart by every entry and by their length, and what is
    /// written of one stays with it.
    #[test]
    fn each_key_keeps_what_is_written_of_it() {
        let mut sums = KnownSums::default();
        let keys: Vec<Vec<u32>> = (0..2_000u32)
            .map(|i| (0..1 + i % 7).map(|j| i / 7 + j).collect())
            .collect();
        for (i, key) in keys.iter().enumerate() {
            assert_eq!(sums.get(key), None, "{key:?} before it is written");
            *sums.entry(key) = Known {
                value: Some(i as u32),
                outcome: (i % 3 == 0).then_some(i % 2 == 0),
            };
        }
        assert_eq!(sums.len(), keys.len());
        for (i, key) in keys.iter().enumerate() {
            let known = sums.get(key).expect("kept");
            assert_eq!(known.value, Some(i as u32), "{key:?}");
            assert_eq!(known.outcome, (i % 3 == 0).then_some(i % 2 == 0));
        }
        // A key met again is the same entry: nothing is added.
        sums.entry(&keys[5]).outcome = Some(true);
        assert_eq!(sums.len(), keys.len());
        assert_eq!(sums.get(&keys[5]).unwrap().outcome, Some(true));
        assert_eq!(sums.get(&keys[5]).unwrap().value, Some(5));
        // Keys of other entries, or longer, are other keys.
        assert_eq!(sums.get(&[5, 6, 7, 9]), None);
        assert_eq!(sums.get(&[0, 1, 2, 3, 4, 5, 6, 7]), None);
        assert_eq!(sums.get(&[]), None);
        sums.forget();
        assert_eq!(sums.len(), 0);
        assert_eq!(sums.get(&keys[5]), None);
    }

    #[test]
    fn a_sum_wins_by_its_outcome_else_by_a_value_not_zero() {
        let known = |value, outcome| Known { value, outcome }.wins();
        assert!(known(Some(2), None));
        assert!(!known(Some(0), None));
        assert!(!known(Some(2), Some(false)));
        assert!(known(Some(0), Some(true)));
        assert!(!known(None, None));
    }
}
