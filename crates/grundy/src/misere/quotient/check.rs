//! The check of a quotient document as a certificate, written apart from
//! the solver: it rebuilds the monoid from the generators' actions alone,
//! checks that it is a commutative monoid whose elements are pairwise
//! distinguishable, and that the misère rule holds for every sum of heaps up
//! to the bound the periodicity argument needs (every heap, when proven):
//! no P-position has a move to a P-position and every N-position with a
//! move has one.
//!
//! A heap's *winning set* is the set of elements w such that, beside any
//! sum of image w, a move in the heap reaches P. The first half is checked
//! heap by heap: no element w with w·Φ(h) in P is in heap h's winning set.
//! The second walks the sums of heaps by (image, whether it has a move,
//! winning set), where heaps of one image (and with moves alike) are one
//! class with the winning set they all share, which is exact (see
//! `Walk::run`), and a state whose winning set holds another's is left.
//! Cost: every heap's moves once (about n²/2 for heaps below n, spread over
//! the cores), then O(classes · |Q|) for each state walked (0.56's 130
//! elements at 60,000 heaps: 2,562 states). It shares the solver's idea of
//! a sum's state, not its code, and a pass rests on that idea's easy half
//! alone: a heap's own winning set holds its class's share.

mod progress;

use std::str::FromStr;

use crate::games::octal::OctalCode;
use crate::wire;

pub use progress::CheckProgress;

/// Why a certificate is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// The game is not a code the check reads.
    #[error("the game {0:?} is not an octal code (octal:CODE): {1}")]
    Game(String, String),
    /// Fields that do not fit together.
    #[error("malformed certificate: {0}")]
    Malformed(String),
    /// x·y ≠ y·x.
    #[error("not commutative: element {x} times element {y} is not element {y} times element {x}")]
    NotCommutative {
        /// An element.
        x: u32,
        /// Another.
        y: u32,
    },
    /// (x·y)·g ≠ x·(y·g).
    #[error("not associative: (element {x} · element {y}) · generator {g} differs from element {x} · (element {y} · generator {g})")]
    NotAssociative {
        /// An element.
        x: u32,
        /// Another.
        y: u32,
        /// A generator's index.
        g: usize,
    },
    /// Two elements no product tells apart.
    #[error("elements {x} and {y} are indistinguishable (x·z ∈ P exactly when y·z ∈ P): the quotient is not reduced")]
    NotReduced {
        /// An element.
        x: u32,
        /// Another.
        y: u32,
    },
    /// The pretending function is not what the periodicity claim needs.
    #[error("pretending function: {0}")]
    Pretending(String),
    /// A P-position with a move to a P-position.
    #[error("the sum of heaps {heaps:?} (element {element}, in P) has a move to a P-position")]
    PToP {
        /// The heaps.
        heaps: Vec<u64>,
        /// Its element.
        element: u32,
    },
    /// An N-position with a move but none to a P-position.
    #[error("the sum of heaps {heaps:?} (element {element}, not in P) has moves but none to a P-position")]
    NWithoutP {
        /// The heaps.
        heaps: Vec<u64>,
        /// Its element.
        element: u32,
    },
    /// A P-position without a move (in misère play it is won by the player to move).
    #[error("the sum of heaps {heaps:?} has no move, yet its element {element} is in P")]
    TerminalInP {
        /// The heaps.
        heaps: Vec<u64>,
        /// Its element.
        element: u32,
    },
    /// The walk over sums grew past its limit.
    #[error(
        "the check grew past its bounds after {0} states or heap types \
         (at most 5,000,000 states and 100,000,000 numbers held)"
    )]
    TooLarge(usize),
    /// More elements than the check holds the products of.
    #[error(
        "a quotient of {} elements: the check holds every product of two, \
         for at most 10,000 elements (100,000,000 products)",
        crate::notation::with_commas(*.0 as u128)
    )]
    TooManyElements(usize),
    /// Asked to stop (a time limit or Ctrl-C) before the check ended.
    #[error("the check was stopped before it ended")]
    Stopped,
}

/// What a passed check covered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Every sum of heaps 0 … `heaps` − 1 was checked (every heap when the
    /// document is proven: this is the bound the periodicity argument
    /// needs).
    pub heaps: u64,
    /// Distinct (image, options' images) states walked.
    pub states: usize,
    /// The heap it went on from, when it went on from a stopped check's
    /// [`CheckProgress`] (the heaps below it read then).
    pub went_on_from: Option<u64>,
}

/// The most states the check walks.
pub const MAX_CHECK_STATES: usize = 5_000_000;

/// The most numbers (options' images and heaps) the check holds for its
/// states and heap types, about 4 bytes each: a bound on its memory, as
/// states of large quotients hold long sets.
pub const MAX_CHECK_ENTRIES: usize = 100_000_000;

/// The most elements a checked quotient has: the check holds the product
/// of every two (|Q|² numbers, 400 MB at this bound).
pub const MAX_CHECK_ORDER: usize = 10_000;

/// How far a check has got, told as it goes (for a progress bar).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckStage {
    /// The monoid: `done` of `of` rows of its products built and checked
    /// (three passes over the elements).
    Monoid {
        /// Rows done.
        done: usize,
        /// Rows in all.
        of: usize,
    },
    /// The heaps: the heaps below `heap` read, of `heaps`.
    Heaps {
        /// The first heap not yet read.
        heap: u64,
        /// The heaps to read, 0 … `heaps` − 1.
        heaps: u64,
    },
    /// The walk over sums: states walked so far.
    Sums {
        /// States walked.
        states: usize,
    },
}

/// What the check tells its caller as it goes, and asks it.
struct Watch<'a> {
    stop: &'a dyn Fn() -> bool,
    progress: &'a dyn Fn(CheckStage),
}

impl<'a> Watch<'a> {
    /// Asks `stop`, telling nothing.
    #[cfg(test)]
    fn quiet(stop: &'a dyn Fn() -> bool) -> Watch<'a> {
        Watch {
            stop,
            progress: &|_| {},
        }
    }

    /// Tells `stage`, then asks whether to stop.
    fn at(&self, stage: CheckStage) -> Result<(), CheckError> {
        (self.progress)(stage);
        if (self.stop)() {
            Err(CheckError::Stopped)
        } else {
            Ok(())
        }
    }
}

fn malformed(what: impl Into<String>) -> CheckError {
    CheckError::Malformed(what.into())
}

/// Checks a quotient document as a certificate.
pub fn check(doc: &wire::Quotient) -> Result<Checked, CheckError> {
    check_until(doc, &|| false)
}

/// [`check`], stopping with [`CheckError::Stopped`] soon after `stop`
/// says so.
pub fn check_until(doc: &wire::Quotient, stop: &dyn Fn() -> bool) -> Result<Checked, CheckError> {
    check_watched(doc, stop, &|_| {})
}

/// [`check_until`], telling `progress` how far it has got each time it
/// asks `stop`: after each element's row of the monoid (O(|Q|·generators)
/// work), between runs of heaps (tens of milliseconds), and at the walk's
/// first state and every 1,024 sums it follows.
pub fn check_watched(
    doc: &wire::Quotient,
    stop: &dyn Fn() -> bool,
    progress: &dyn Fn(CheckStage),
) -> Result<Checked, CheckError> {
    check_within(doc, stop, progress, BOUNDS, Runs::here(), None).0
}

/// [`check_watched`], going on from `from`, how far a stopped check of the
/// same document had read its heaps (ignored when it does not fit the
/// document: the check then starts at heap 1). Stopped while reading the
/// heaps or after them, it also gives how far it got, for a later check to
/// go on from.
///
/// The heaps below `from`'s are not read again: what they gave is taken
/// as `from` has it, so `from` must come from a check of this very
/// document (the cache keeps it under the document's name).
pub fn check_going_on(
    doc: &wire::Quotient,
    from: Option<&CheckProgress>,
    stop: &dyn Fn() -> bool,
    progress: &dyn Fn(CheckStage),
) -> (Result<Checked, CheckError>, Option<CheckProgress>) {
    check_within(doc, stop, progress, BOUNDS, Runs::here(), from)
}

/// Checks that go on where a stopped check of the same document got (the
/// user's cache): a run's proof waits on such a check, and with one given
/// ([`Settings::checks`](super::Settings::checks)) a run stopped during
/// it loses none of the heaps it read.
pub trait ResumableChecks: Send + Sync + std::fmt::Debug {
    /// [`check_until`], going on from what is kept for `doc` and keeping
    /// how far it got when `stop` ends it while it reads the heaps.
    fn check_resumably(
        &self,
        doc: &wire::Quotient,
        stop: &dyn Fn() -> bool,
    ) -> Result<Checked, CheckError>;
}

/// How far the walk over sums may grow.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    /// The most states ([`MAX_CHECK_STATES`]).
    states: usize,
    /// The most numbers held for them ([`MAX_CHECK_ENTRIES`]).
    entries: usize,
}

/// The check's bounds.
const BOUNDS: Bounds = Bounds {
    states: MAX_CHECK_STATES,
    entries: MAX_CHECK_ENTRIES,
};

/// [`check_going_on`] within `bounds`, reading the heaps in `runs`.
fn check_within(
    doc: &wire::Quotient,
    stop: &dyn Fn() -> bool,
    progress: &dyn Fn(CheckStage),
    bounds: Bounds,
    runs: Runs,
    from: Option<&CheckProgress>,
) -> (Result<Checked, CheckError>, Option<CheckProgress>) {
    let mut left = None;
    let result = check_from(doc, stop, progress, bounds, runs, from, &mut left);
    (result, left)
}

/// [`check_within`], `left` set to how far the heaps were read when it is
/// stopped while reading them or after.
fn check_from(
    doc: &wire::Quotient,
    stop: &dyn Fn() -> bool,
    progress: &dyn Fn(CheckStage),
    bounds: Bounds,
    runs: Runs,
    from: Option<&CheckProgress>,
    left: &mut Option<CheckProgress>,
) -> Result<Checked, CheckError> {
    let watch = Watch { stop, progress };
    let code_text = doc
        .game
        .strip_prefix("octal:")
        .ok_or_else(|| CheckError::Game(doc.game.clone(), "no octal: prefix".into()))?;
    let code = OctalCode::from_str(code_text)
        .map_err(|e| CheckError::Game(doc.game.clone(), e.to_string()))?;
    let m = doc.elements.len();
    let k = doc.actions.len();
    if m == 0 || doc.order != m {
        return Err(malformed(format!("order {} but {} elements", doc.order, m)));
    }
    if doc.generators.len() != k {
        return Err(malformed("one action per generator"));
    }
    for (g, row) in doc.actions.iter().enumerate() {
        if row.len() != m || row.iter().any(|&y| y as usize >= m) {
            return Err(malformed(format!(
                "action of generator {g}: {m} element indices"
            )));
        }
    }
    if doc.elements.iter().any(|w| w.len() != k) {
        return Err(malformed(
            "every element's word has one exponent per generator",
        ));
    }
    if doc.elements[0].iter().any(|&e| e != 0) {
        return Err(malformed("element 0 must be the identity (the empty word)"));
    }
    if m > MAX_CHECK_ORDER {
        return Err(CheckError::TooManyElements(m));
    }
    // Element i's word w names a chain of elements: w less its last letter
    // (one fewer of the last generator in it) must be an earlier element's
    // word, whose product with that generator is i. The solver's least
    // words are so (a least word less a letter is a least word); a chain
    // holds distinct elements, so no word is longer than |Q| letters.
    let mut by_word: std::collections::HashMap<&[u32], u32> = std::collections::HashMap::new();
    for (i, w) in doc.elements.iter().enumerate() {
        if by_word.insert(w.as_slice(), i as u32).is_some() {
            return Err(malformed(format!(
                "element {i}'s word is another element's"
            )));
        }
    }
    let mut by_length: Vec<u32> = (1..m as u32).collect();
    by_length.sort_by_key(|&i| {
        doc.elements[i as usize]
            .iter()
            .map(|&e| u64::from(e))
            .sum::<u64>()
    });
    let mut last_letter = vec![(0u32, 0usize); m];
    for &i in &by_length {
        let mut w = doc.elements[i as usize].clone();
        let g = w.iter().rposition(|&e| e > 0).unwrap_or(0);
        w[g] -= 1;
        let before = *by_word.get(w.as_slice()).ok_or_else(|| {
            malformed(format!(
                "element {i}'s word less its last letter is no element's word"
            ))
        })?;
        if doc.actions[g][before as usize] != i {
            return Err(malformed(format!("element {i}'s word does not lead to it")));
        }
        last_letter[i as usize] = (before, g);
    }
    // x times element i is x acted on by i's word, letter by letter in the
    // generators' order: x times the element before i, then i's last
    // letter (`mul` row by row, its columns in `by_length`'s order).
    let rows = 3 * m;
    let mut mul = vec![0u32; m * m];
    for x in 0..m {
        watch.at(CheckStage::Monoid { done: x, of: rows })?;
        let row = &mut mul[x * m..(x + 1) * m];
        row[0] = x as u32;
        for &i in &by_length {
            let (before, g) = last_letter[i as usize];
            row[i as usize] = doc.actions[g][row[before as usize] as usize];
        }
    }
    let at = |x: u32, y: u32| mul[x as usize * m + y as usize];
    for x in 0..m as u32 {
        watch.at(CheckStage::Monoid {
            done: m + x as usize,
            of: rows,
        })?;
        for y in x + 1..m as u32 {
            if at(x, y) != at(y, x) {
                return Err(CheckError::NotCommutative { x, y });
            }
        }
        for y in 0..m as u32 {
            for (g, row) in doc.actions.iter().enumerate() {
                if row[at(x, y) as usize] != at(x, row[y as usize]) {
                    return Err(CheckError::NotAssociative { x, y, g });
                }
            }
        }
    }
    let mut p = vec![false; m];
    for &x in &doc.p_portion {
        let slot = p
            .get_mut(x as usize)
            .ok_or_else(|| malformed(format!("P holds element {x}, beyond the {m} elements")))?;
        *slot = true;
    }
    if doc.p_size != doc.p_portion.len() || p.iter().filter(|&&b| b).count() != doc.p_size {
        return Err(malformed("p_size is not the number of distinct P elements"));
    }
    // `lost_beside[x]` is x's P-profile {w : x·w ∈ P}; reduced: the
    // profiles are pairwise different.
    let mut lost_beside: Vec<Bits> = Vec::with_capacity(m);
    let mut profiles = std::collections::HashMap::new();
    for x in 0..m as u32 {
        watch.at(CheckStage::Monoid {
            done: 2 * m + x as usize,
            of: rows,
        })?;
        let profile = Bits::from_fn(m, |w| p[at(x, w) as usize]);
        if let Some(&y) = profiles.get(&profile) {
            return Err(CheckError::NotReduced { x: y, y: x });
        }
        profiles.insert(profile.clone(), x);
        lost_beside.push(profile);
    }
    drop(profiles);
    // The pretending function, and the heaps to check. The heaps a run
    // reached are Φ's length in a partial document, and at least that in a
    // proven one (Φ through one period); they say how far it decides.
    let phi = &doc.pretending;
    if (doc.proven && doc.heaps < phi.len() as u64)
        || (!doc.proven && doc.heaps != phi.len() as u64)
    {
        return Err(malformed(format!(
            "heaps {} but Φ lists {} heaps",
            doc.heaps,
            phi.len()
        )));
    }
    if phi.first() != Some(&0) || phi.iter().any(|&x| x as usize >= m) {
        return Err(CheckError::Pretending(
            "heap 0 must pretend to be the identity, and every heap an element".into(),
        ));
    }
    let (heaps, image): (u64, Box<dyn Fn(u64) -> u32>) = if doc.proven {
        if !code.periodicity_applies() {
            return Err(CheckError::Pretending(format!(
                "no period can be proven for {code}: {}",
                code.why_no_period_theorem()
            )));
        }
        let (Some(period), Some(preperiod)) = (doc.period, doc.preperiod) else {
            return Err(CheckError::Pretending(
                "proven without a period and preperiod".into(),
            ));
        };
        if period == 0 || phi.len() as u64 != preperiod + period {
            return Err(CheckError::Pretending(
                "a proven document lists the heaps through the preperiod and one period".into(),
            ));
        }
        let bound = code.period_bound();
        let parts = bound.parts.max(2);
        let needed = parts * (preperiod.max(1) + period) + bound.t;
        let table = phi.clone();
        (
            needed,
            Box::new(move |h: u64| {
                if h < preperiod + period {
                    table[h as usize]
                } else {
                    table[(preperiod + (h - preperiod) % period) as usize]
                }
            }),
        )
    } else {
        let table = phi.clone();
        (phi.len() as u64, Box::new(move |h: u64| table[h as usize]))
    };
    // The empty sum has no move: the player to move wins.
    if p[0] {
        return Err(CheckError::TerminalInP {
            heaps: Vec::new(),
            element: 0,
        });
    }
    // Each generator is its heap's image, so each element's word names a
    // sum of heaps whose image it is.
    for (g, generator) in doc.generators.iter().enumerate() {
        let element = doc
            .elements
            .iter()
            .position(|w| w.iter().enumerate().all(|(i, &e)| e == u32::from(i == g)));
        if generator.heap >= heaps || element != Some(image(generator.heap) as usize) {
            return Err(CheckError::Pretending(format!(
                "generator {} is not the image of heap {}",
                generator.name, generator.heap
            )));
        }
    }
    // A heap of image a and options' images O wins beside a sum of image
    // w exactly when some o in O has o·w in P: its winning set A = {w :
    // o·w ∈ P for some o ∈ O}, the union of `lost_beside[o]` over O.
    // The representative sum of each element: its word's heaps.
    let sum_of = |x: u32| -> Vec<u64> {
        let mut heaps: Vec<u64> = doc.elements[x as usize]
            .iter()
            .zip(&doc.generators)
            .flat_map(|(&e, g)| std::iter::repeat_n(g.heap, e as usize))
            .collect();
        heaps.sort_unstable();
        heaps
    };
    // Every part a move leaves is smaller than its heap.
    let images: Vec<u32> = (0..heaps).map(&image).collect();
    // Heap h's moves (whether it has one) and its winning set.
    let heap_wins = |h: u64, reached: &mut [bool]| -> (bool, Bits) {
        let mut has_move = false;
        code.each_move(h, &mut |_, parts| {
            has_move = true;
            reached[parts.iter().fold(0, |x, &q| at(x, images[q as usize])) as usize] = true;
        });
        let mut wins = Bits::new(m);
        for (o, flag) in reached.iter_mut().enumerate() {
            if std::mem::take(flag) {
                wins.or(&lost_beside[o]);
            }
        }
        (has_move, wins)
    };
    // The heaps' classes: heaps of one image, with moves or without, and
    // the winning set they all share.
    // Gone on from a stopped check's progress when it fits this document
    // (its classes' images those of their heaps here), else from heap 1.
    let resumed = from.filter(|f| f.fits(m, heaps, &images));
    let (first, mut classes) = match resumed {
        Some(f) => (f.heap, f.classes.clone()),
        None => (1, Vec::new()),
    };
    let mut class_of: std::collections::HashMap<(u32, bool), usize> = classes
        .iter()
        .enumerate()
        .map(|(i, c)| ((c.image, c.has_move), i))
        .collect();
    let read_heaps =
        |from: u64, visit: &mut Visit| each_heap(m, from, heaps, runs, &watch, &heap_wins, visit);
    // The first heap not yet read, for a stopped check's progress.
    let mut next = first;
    let read = read_heaps(first, &mut |h, has_move, wins| {
        // No P-position has a move to a P-position: a move in heap h of
        // R + h reaches P exactly when R's image r is in h's winning set, so
        // it is enough that no r with r·Φ(h) ∈ P is in it, every element
        // being some sum's image.
        let a = images[h as usize];
        if let Some(r) = wins.first_common(&lost_beside[a as usize]) {
            let mut heaps = sum_of(r);
            heaps.push(h);
            heaps.sort_unstable();
            return Err(CheckError::PToP {
                heaps,
                element: at(r, a),
            });
        }
        match class_of.entry((a, has_move)) {
            std::collections::hash_map::Entry::Occupied(c) => classes[*c.get()].wins.and(&wins),
            std::collections::hash_map::Entry::Vacant(c) => {
                c.insert(classes.len());
                classes.push(Class {
                    image: a,
                    has_move,
                    wins,
                    heap: h,
                });
            }
        }
        next = h + 1;
        Ok(std::ops::ControlFlow::Continue(()))
    });
    if let Err(CheckError::Stopped) = read {
        *left = Some(CheckProgress {
            m,
            heap: next,
            classes,
        });
        return Err(CheckError::Stopped);
    }
    read?;
    let walk = Walk {
        m,
        mul: &mul,
        p: &p,
        watch: &watch,
        bounds,
    };
    match walk.run(&classes) {
        Ok(states) => Ok(Checked {
            heaps,
            states,
            went_on_from: resumed.map(|f| f.heap),
        }),
        // Stopped in the walk: every heap was read, and a later check
        // need read none.
        Err(Failure::Check(CheckError::Stopped)) => {
            *left = Some(CheckProgress {
                m,
                heap: next,
                classes,
            });
            Err(CheckError::Stopped)
        }
        Err(Failure::Check(e)) => Err(e),
        // A sum of classes without a move to P: for each of its heaps, a
        // heap of the class whose own winning set lacks what the others'
        // product is (one has, or the class would share it) makes a sum of
        // heaps with the same image and no move to P either.
        Err(Failure::NoMoveToP { element, sum }) => {
            let mut wanted: Vec<(usize, u32)> = (0..sum.len())
                .map(|i| {
                    let others = sum
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != i)
                        .fold(0, |x, (_, &c)| at(x, classes[c].image));
                    (sum[i], others)
                })
                .collect();
            let mut heaps_named = Vec::new();
            read_heaps(1, &mut |h, has_move, wins| {
                let a = images[h as usize];
                wanted.retain(|&(c, others)| {
                    let found = (classes[c].image, classes[c].has_move) == (a, has_move)
                        && !wins.contains(others);
                    if found {
                        heaps_named.push(h);
                    }
                    !found
                });
                Ok(if wanted.is_empty() {
                    std::ops::ControlFlow::Break(())
                } else {
                    std::ops::ControlFlow::Continue(())
                })
            })?;
            heaps_named.sort_unstable();
            Err(CheckError::NWithoutP {
                heaps: heaps_named,
                element,
            })
        }
    }
}

/// Heap h's moves (whether it has one) and its winning set, given room
/// for a flag per element.
type HeapWins<'a> = dyn Fn(u64, &mut [bool]) -> (bool, Bits) + Sync + 'a;

/// What is done with each heap read: its number, whether it has a move and
/// its winning set; breaking ends the reading.
type Visit<'a> = dyn FnMut(u64, bool, Bits) -> Result<std::ops::ControlFlow<()>, CheckError> + 'a;

/// How the heaps are read: by `threads` threads, in runs of about `moves`
/// moves (a heap of n having about n).
#[derive(Clone, Copy, Debug)]
struct Runs {
    threads: u64,
    moves: u64,
}

impl Runs {
    /// A thread a core, and about 2^24 moves a thread a run (tens of
    /// milliseconds).
    fn here() -> Runs {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(16)) as u64;
        Runs {
            threads,
            moves: threads << 24,
        }
    }
}

/// Calls `visit` with each heap `from` … `heaps` − 1 in order, whether it
/// has a move and its winning set (from `heap_wins`), until it breaks or
/// fails. The heaps are read in `runs`, `watch` told and asked between
/// them, the threads taking every `threads`-th heap of a run.
fn each_heap(
    m: usize,
    from: u64,
    heaps: u64,
    runs: Runs,
    watch: &Watch,
    heap_wins: &HeapWins,
    visit: &mut Visit,
) -> Result<(), CheckError> {
    let Runs { threads, moves } = runs;
    let mut lo = from.max(1);
    while lo < heaps {
        watch.at(CheckStage::Heaps { heap: lo, heaps })?;
        // The heaps lo … hi − 1 have about (hi² − lo²) / 2 moves.
        let hi = (lo.saturating_mul(lo).saturating_add(2 * moves))
            .isqrt()
            .clamp(lo + 1, heaps);
        let read = |first: u64, step: u64| -> Vec<(u64, bool, Bits)> {
            let mut reached = vec![false; m];
            (first..hi)
                .step_by(step as usize)
                .map(|h| {
                    let (has_move, wins) = heap_wins(h, &mut reached);
                    (h, has_move, wins)
                })
                .collect()
        };
        let mut run: Vec<(u64, bool, Bits)> = if threads < 2 || hi - lo < 2 * threads {
            read(lo, 1)
        } else {
            std::thread::scope(|scope| {
                let read = &read;
                let handles: Vec<_> = (0..threads)
                    .map(|t| scope.spawn(move || read(lo + t, threads)))
                    .collect();
                handles
                    .into_iter()
                    .flat_map(|handle| {
                        handle
                            .join()
                            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                    })
                    .collect()
            })
        };
        run.sort_unstable_by_key(|r| r.0);
        lo = hi;
        for (h, has_move, wins) in run {
            if visit(h, has_move, wins)?.is_break() {
                return Ok(());
            }
        }
    }
    Ok(())
}

/// Heaps of one image, with moves or without: the winning set they all
/// share, and the least of them.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Class {
    image: u32,
    has_move: bool,
    wins: Bits,
    heap: u64,
}

/// Why a walk failed.
#[derive(Debug)]
enum Failure {
    /// A failure to report as it is.
    Check(CheckError),
    /// A sum of these classes (their indices) of image `element`, not in P,
    /// with a move but none to P for the winning sets the classes share.
    NoMoveToP { element: u32, sum: Vec<usize> },
}

/// The walk over sums of heaps of some classes.
struct Walk<'a> {
    m: usize,
    mul: &'a [u32],
    p: &'a [bool],
    watch: &'a Watch<'a>,
    bounds: Bounds,
}

impl Walk<'_> {
    /// Walks the sums of heaps of `classes` by (image, whether it has a
    /// move, winning set W), depth first, with one sum of classes for each
    /// state to name; the number of states walked. A sum's winning set is
    /// {w : beside a sum of image w, a move in this sum reaches P}: adding
    /// a heap (a, A) to (x, W) gives x·a and {w : w·a ∈ W} ∪ {w : x·w ∈ A},
    /// and the sum itself has a move to P when W holds the identity.
    ///
    /// With each class's shared winning set this is exact, not only
    /// enough: it finds a sum without a move to P exactly when some sum of
    /// heaps has none. Enough, as a heap's own winning set holds its
    /// class's, and W grows with the heaps' sets. Exact, as for a sum of
    /// classes failing, each of its heaps can be taken from its class so
    /// that its own set lacks the product of the others' images, which
    /// the class's shared set lacks. A state whose winning set holds
    /// another's of the same image (and with moves alike) is left: every
    /// sum it leads to has a winning set holding that of the sum the other
    /// leads to by the same heaps.
    fn run(&self, classes: &[Class]) -> Result<usize, Failure> {
        let m = self.m;
        let at = |x: u32, y: u32| self.mul[x as usize * m + y as usize];
        let mut held = 0usize;
        let mut seen: std::collections::HashMap<(u32, bool), Vec<Bits>> =
            std::collections::HashMap::new();
        let mut states = 1usize;
        seen.insert((0, false), vec![Bits::new(m)]);
        let mut stack: Vec<(u32, bool, Bits, Vec<usize>)> =
            vec![(0, false, Bits::new(m), Vec::new())];
        // Asked at the first state, then every 1,024 sums followed (each
        // O(|Q|) and a look at the states of its image).
        let mut followed = 0usize;
        self.watch
            .at(CheckStage::Sums { states })
            .map_err(Failure::Check)?;
        while let Some((x, has_move, wins, sum)) = stack.pop() {
            if !has_move && self.p[x as usize] {
                let heaps = sum.iter().map(|&c| classes[c].heap).collect();
                return Err(Failure::Check(CheckError::TerminalInP {
                    heaps,
                    element: x,
                }));
            }
            if has_move && !self.p[x as usize] && !wins.contains(0) {
                return Err(Failure::NoMoveToP { element: x, sum });
            }
            for (c, class) in classes.iter().enumerate() {
                followed += 1;
                if followed.is_multiple_of(1024) {
                    self.watch
                        .at(CheckStage::Sums { states })
                        .map_err(Failure::Check)?;
                }
                let y = at(x, class.image);
                let next = Bits::from_fn(m, |w| {
                    wins.contains(at(w, class.image)) || class.wins.contains(at(x, w))
                });
                let moves = has_move || class.has_move;
                let known = seen.entry((y, moves)).or_default();
                if known.iter().any(|w| w.is_subset(&next)) {
                    continue;
                }
                held += next.0.len() + sum.len() + 1;
                states += 1;
                if states >= self.bounds.states || held > self.bounds.entries {
                    return Err(Failure::Check(CheckError::TooLarge(states)));
                }
                known.push(next.clone());
                let mut s = sum.clone();
                s.push(c);
                stack.push((y, moves, next, s));
            }
        }
        Ok(states)
    }
}

/// A set of elements, one bit each.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(m: usize) -> Bits {
        Bits(vec![0; m.div_ceil(64)])
    }

    fn from_fn(m: usize, member: impl Fn(u32) -> bool) -> Bits {
        let mut bits = Bits::new(m);
        for x in 0..m as u32 {
            if member(x) {
                bits.0[x as usize / 64] |= 1 << (x % 64);
            }
        }
        bits
    }

    fn contains(&self, x: u32) -> bool {
        self.0[x as usize / 64] >> (x % 64) & 1 == 1
    }

    fn or(&mut self, other: &Bits) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }

    fn and(&mut self, other: &Bits) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a &= b;
        }
    }

    fn is_subset(&self, other: &Bits) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & !b == 0)
    }

    /// The least element in both.
    fn first_common(&self, other: &Bits) -> Option<u32> {
        self.0
            .iter()
            .zip(&other.0)
            .enumerate()
            .find_map(|(i, (a, b))| {
                let both = a & b;
                (both != 0).then(|| i as u32 * 64 + both.trailing_zeros())
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The document of `code`'s quotient to `upto` heaps.
    fn document(code: &str, upto: u64) -> wire::Quotient {
        let settings = crate::misere::quotient::Settings {
            upto,
            ..Default::default()
        };
        crate::misere::quotient::compute(&code.parse().unwrap(), &settings, &mut |_| {}).document()
    }

    /// The walk stops at its bounds on states and on numbers held, and
    /// not before: each state walked holds its winning set (one word per
    /// 64 elements), its sum of classes and one more.
    #[test]
    fn the_walk_stops_at_its_bounds_and_not_before() {
        let doc = document("0.77", 30);
        let within = |states, entries| {
            check_within(
                &doc,
                &|| false,
                &|_| {},
                Bounds { states, entries },
                Runs::here(),
                None,
            )
            .0
        };
        let passed = within(usize::MAX, usize::MAX).unwrap();
        let walked = passed.states;
        assert!(walked > 10, "{walked}");
        assert_eq!(within(walked + 1, usize::MAX), Ok(passed));
        assert!(matches!(
            within(walked, usize::MAX),
            Err(CheckError::TooLarge(s)) if s == walked
        ));
        // The least bound on numbers held that it passes within.
        let passes = |entries| within(usize::MAX, entries).is_ok();
        let (mut low, mut high) = (0usize, 1usize << 40);
        assert!(!passes(low) && passes(high));
        while high - low > 1 {
            let mid = low + (high - low) / 2;
            if passes(mid) {
                high = mid;
            } else {
                low = mid;
            }
        }
        let words = doc.order.div_ceil(64);
        let pushed = walked - 1;
        // Each state holds its set and one more, and a sum of at most as
        // many classes as states walked.
        assert!(high >= pushed * (words + 1), "{high} for {pushed} states");
        assert!(
            high <= pushed * (words + 1 + pushed),
            "{high} for {pushed} states"
        );
        // Past the bound on numbers, the states walked so far are named.
        match within(usize::MAX, high - 1) {
            Err(CheckError::TooLarge(s)) => assert!(s > 1 && s <= walked, "{s}"),
            other => panic!("{other:?}"),
        }

        // Misère Nim on heaps below 2 (T₁: 1 and a, a² = 1, P = {a}),
        // walked by hand: from the empty sum, one heap of 1 (image a, with
        // a move: its set of one word, an empty sum of classes and one
        // more, 2 numbers), then two (image 1, a move: 1 + 1 + 1 = 3);
        // three heaps of 1 have one heap's image and winning set, and are
        // not walked again. Three states, five numbers.
        let settings = crate::misere::quotient::Settings {
            upto: 2,
            ..Default::default()
        };
        let nim =
            crate::misere::quotient::compute(&OctalCode::nim(), &settings, &mut |_| {}).document();
        assert_eq!(nim.order, 2);
        let nim_within = |entries| {
            check_within(
                &nim,
                &|| false,
                &|_| {},
                Bounds {
                    states: usize::MAX,
                    entries,
                },
                Runs::here(),
                None,
            )
            .0
        };
        assert_eq!(nim_within(5).map(|c| c.states), Ok(3));
        assert!(matches!(nim_within(4), Err(CheckError::TooLarge(3))));
        assert!(matches!(nim_within(1), Err(CheckError::TooLarge(2))));
    }

    /// Every heap is visited once, in order, with what it was read as,
    /// however many threads and however short the runs; a break ends the
    /// reading, and so does a stop.
    #[test]
    fn each_heap_visits_every_heap_once_in_order() {
        let m = 70;
        let heap_wins = |h: u64, reached: &mut [bool]| {
            assert_eq!(reached.len(), m);
            (
                !h.is_multiple_of(3),
                Bits::from_fn(m, |x| u64::from(x) == h % 70),
            )
        };
        for threads in 1..=3 {
            for moves in [1, 40, 5_000, 1 << 30] {
                let runs = Runs { threads, moves };
                // From heap 1 (heap 0 has no move and is not read), or
                // from where a stopped check got.
                for from in [0, 1, 137, 399, 400] {
                    let mut seen = Vec::new();
                    each_heap(
                        m,
                        from,
                        400,
                        runs,
                        &Watch::quiet(&|| false),
                        &heap_wins,
                        &mut |h, moves, wins| {
                            assert_eq!((moves, wins), heap_wins(h, &mut vec![false; m]));
                            seen.push(h);
                            Ok(std::ops::ControlFlow::Continue(()))
                        },
                    )
                    .unwrap();
                    assert_eq!(seen, (from.max(1)..400).collect::<Vec<_>>(), "{runs:?}");
                }
                let mut last = 0;
                each_heap(
                    m,
                    1,
                    400,
                    runs,
                    &Watch::quiet(&|| false),
                    &heap_wins,
                    &mut |h, _, _| {
                        last = h;
                        Ok(if h == 250 {
                            std::ops::ControlFlow::Break(())
                        } else {
                            std::ops::ControlFlow::Continue(())
                        })
                    },
                )
                .unwrap();
                assert_eq!(last, 250, "{runs:?}");
                let stopped = each_heap(
                    m,
                    1,
                    400,
                    runs,
                    &Watch::quiet(&|| true),
                    &heap_wins,
                    &mut |_, _, _| panic!("read after a stop"),
                );
                assert!(matches!(stopped, Err(CheckError::Stopped)));
            }
        }
        // The runs: each but the last about `moves` moves (heap h having
        // h here), read on the calling thread with one thread, on
        // `threads` others when a run has heaps enough.
        for (threads, moves) in [(1, 5_000), (2, 5_000), (3, 20_000), (2, 1 << 30)] {
            let runs = Runs { threads, moves };
            let readers = std::sync::Mutex::new(std::collections::HashSet::new());
            let heap_wins = |h: u64, _: &mut [bool]| {
                readers.lock().unwrap().insert(std::thread::current().id());
                (true, Bits::from_fn(m, |x| u64::from(x) == h % 70))
            };
            // Each run starts where the heaps read so far end, and says so.
            let starts = std::cell::RefCell::new(vec![]);
            let next = std::cell::Cell::new(1u64);
            let progress = |stage| {
                assert_eq!(
                    stage,
                    CheckStage::Heaps {
                        heap: next.get(),
                        heaps: 1_000
                    }
                );
                starts.borrow_mut().push(next.get());
            };
            let watch = Watch {
                stop: &|| false,
                progress: &progress,
            };
            each_heap(m, 1, 1_000, runs, &watch, &heap_wins, &mut |h, _, _| {
                next.set(h + 1);
                Ok(std::ops::ControlFlow::Continue(()))
            })
            .unwrap();
            let mut starts = starts.into_inner();
            starts.push(1_000);
            for run in starts.windows(2).take(starts.len() - 2) {
                let (lo, hi) = (run[0], run[1]);
                let sum: u64 = (lo..hi).sum();
                assert!(
                    sum + 2 * hi >= moves && sum <= moves + hi,
                    "{runs:?}: {lo} … {hi}"
                );
            }
            let readers = readers.into_inner().unwrap();
            if threads == 1 {
                assert_eq!(
                    readers.into_iter().collect::<Vec<_>>(),
                    [std::thread::current().id()]
                );
            } else {
                assert!(!readers.contains(&std::thread::current().id()), "{runs:?}");
                assert!(readers.len() >= threads as usize, "{runs:?}");
            }
        }
        let here = Runs::here();
        assert!(here.threads >= 1 && here.moves == here.threads << 24);
    }

    /// A check stopped while reading the heaps, at any run, and gone on
    /// from its progress (kept as bytes, as the cache keeps it) ends as a
    /// check not stopped: it passes a valid document with the same heaps
    /// and states, and refuses a changed one with the same failure. A
    /// progress that does not fit the document is not gone on from.
    #[test]
    fn a_stopped_check_goes_on_from_its_progress_to_the_same_end() {
        let doc = document("0.77", 60);
        let mut changed = doc.clone();
        let last = changed.pretending.len() - 1;
        changed.pretending[last] = changed.pretending[last - 1];
        let runs = Runs {
            threads: 2,
            moves: 200,
        };
        // Stopped at the k-th time it asks while reading the heaps.
        let run = |doc: &wire::Quotient, from: Option<&CheckProgress>, k: usize| {
            let asked = std::cell::Cell::new(0usize);
            let reading = std::cell::Cell::new(false);
            let progress = |stage| reading.set(matches!(stage, CheckStage::Heaps { .. }));
            let stop = || {
                if reading.get() {
                    asked.set(asked.get() + 1);
                }
                reading.get() && asked.get() == k
            };
            check_within(doc, &stop, &progress, BOUNDS, runs, from)
        };
        for doc in [&doc, &changed] {
            let (whole, none) = run(doc, None, 0);
            assert_eq!(none, None);
            if std::ptr::eq(doc, &changed) {
                assert!(
                    matches!(
                        whole,
                        Err(CheckError::PToP { .. } | CheckError::NWithoutP { .. })
                    ),
                    "{whole:?}"
                );
            } else {
                assert!(whole.as_ref().is_ok_and(|c| c.went_on_from.is_none()));
            }
            let mut stops = 0;
            let mut reached = 0;
            for k in 1.. {
                let (result, left) = run(doc, None, k);
                let Some(left) = left else {
                    // Not stopped: as many runs as it has.
                    assert_eq!(result, whole);
                    break;
                };
                assert_eq!(result, Err(CheckError::Stopped));
                stops += 1;
                assert!(left.heap() > reached || k == 1, "{k}: {}", left.heap());
                reached = left.heap();
                let kept = CheckProgress::from_bytes(&left.to_bytes()).unwrap();
                assert_eq!(kept, left);
                let (on, again) = run(doc, Some(&kept), 0);
                assert_eq!(again, None);
                match (&on, &whole) {
                    (Ok(on), Ok(whole)) => {
                        assert_eq!((on.heaps, on.states), (whole.heaps, whole.states));
                        assert_eq!(on.went_on_from, Some(left.heap()));
                    }
                    (on, whole) => assert_eq!(on, whole),
                }
                // Stopped again on the way, at its second run: further on,
                // and gone on from there to the same end.
                let (result, further) = run(doc, Some(&kept), 2);
                if let Some(further) = further {
                    assert_eq!(result, Err(CheckError::Stopped));
                    assert!(further.heap() > left.heap());
                    let (end, _) = run(doc, Some(&further), 0);
                    assert_eq!(
                        end.map(|c| (c.heaps, c.states)),
                        whole.clone().map(|c| (c.heaps, c.states))
                    );
                }
            }
            assert!(stops >= 5, "{stops}");
        }
        // Stopped in the walk over sums: every heap read, and none read
        // again by the check that goes on.
        let walking = std::cell::Cell::new(false);
        let (stopped, left) = check_within(
            &doc,
            &|| walking.get(),
            &|stage| walking.set(matches!(stage, CheckStage::Sums { .. })),
            BOUNDS,
            runs,
            None,
        );
        assert_eq!(stopped, Err(CheckError::Stopped));
        let left = left.unwrap();
        assert_eq!(left.heap(), doc.heaps);
        let read = std::cell::Cell::new(false);
        let (on, _) = check_within(
            &doc,
            &|| false,
            &|stage| read.set(read.get() || matches!(stage, CheckStage::Heaps { .. })),
            BOUNDS,
            runs,
            Some(&left),
        );
        let whole = check(&doc).unwrap();
        assert_eq!(
            on,
            Ok(Checked {
                went_on_from: Some(doc.heaps),
                ..whole
            })
        );
        assert!(!read.get(), "no heap read again");
        // Another document's progress is not gone on from.
        let (_, left) = run(&doc, None, 3);
        let left = left.unwrap();
        let (other, _) = run(&document("0.75", 60), Some(&left), 0);
        assert!(other.is_ok_and(|c| c.went_on_from.is_none()));
    }

    #[test]
    fn sets_of_elements() {
        let a = Bits::from_fn(130, |x| x % 3 == 0);
        let b = Bits::from_fn(130, |x| x % 6 == 0);
        assert!(a.contains(129) && !a.contains(128) && a.contains(0));
        assert!(b.is_subset(&a) && !a.is_subset(&b));
        let mut both = a.clone();
        both.and(&Bits::from_fn(130, |x| x >= 64));
        assert_eq!(both, Bits::from_fn(130, |x| x >= 64 && x % 3 == 0));
        assert_eq!(both.first_common(&b), Some(66));
        assert_eq!(a.first_common(&Bits::from_fn(130, |x| x % 3 == 1)), None);
        let mut either = Bits::from_fn(130, |x| x == 100);
        either.or(&b);
        assert!(either.contains(100) && either.contains(126) && !either.contains(101));
    }
}
