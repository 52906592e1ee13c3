//! The check of a quotient document as a certificate, written apart from
//! the solver: it rebuilds the monoid from the generators' actions alone,
//! checks that it is a commutative monoid whose elements are pairwise
//! distinguishable, and that the misère rule holds for every sum of heaps up
//! to the bound the periodicity argument needs (every heap, when proven):
//! no P-position has a move to a P-position and every N-position with a
//! move has one. It walks the sums by their image and the set of their
//! options' images (kept whole, where the solver keeps less), so it shares
//! no step with the solver beyond the code's moves.

use std::collections::HashSet;
use std::str::FromStr;

use crate::games::octal::OctalCode;
use crate::wire;

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
}

/// The most states the check walks.
pub const MAX_CHECK_STATES: usize = 5_000_000;

/// The most numbers (options' images and heaps) the check holds for its
/// states and heap types, about 4 bytes each: a bound on its memory, as
/// states of large quotients hold long sets.
pub const MAX_CHECK_ENTRIES: usize = 100_000_000;

fn malformed(what: impl Into<String>) -> CheckError {
    CheckError::Malformed(what.into())
}

/// Checks a quotient document as a certificate.
pub fn check(doc: &wire::Quotient) -> Result<Checked, CheckError> {
    check_until(doc, &|| false)
}

/// [`check`], stopping with [`CheckError::Stopped`] soon after `stop`
/// says so (asked every 256 heaps read and every 1,024 states).
pub fn check_until(doc: &wire::Quotient, stop: &dyn Fn() -> bool) -> Result<Checked, CheckError> {
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
    let apply = |x: u32, word: &[u32]| -> u32 {
        let mut x = x;
        for (g, &e) in word.iter().enumerate() {
            for _ in 0..e {
                x = doc.actions[g][x as usize];
            }
        }
        x
    };
    for (i, w) in doc.elements.iter().enumerate() {
        if apply(0, w) as usize != i {
            return Err(malformed(format!("element {i}'s word does not lead to it")));
        }
    }
    let mul: Vec<u32> = (0..m as u32)
        .flat_map(|x| doc.elements.iter().map(move |w| (x, w)))
        .map(|(x, w)| apply(x, w))
        .collect();
    let at = |x: u32, y: u32| mul[x as usize * m + y as usize];
    for x in 0..m as u32 {
        for y in x + 1..m as u32 {
            if at(x, y) != at(y, x) {
                return Err(CheckError::NotCommutative { x, y });
            }
        }
    }
    for x in 0..m as u32 {
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
    // Reduced: the P-profiles {z : x·z ∈ P} are pairwise different.
    let mut profiles = std::collections::HashMap::new();
    for x in 0..m as u32 {
        let profile: Vec<bool> = (0..m as u32).map(|z| p[at(x, z) as usize]).collect();
        if let Some(&y) = profiles.get(&profile) {
            return Err(CheckError::NotReduced { x: y, y: x });
        }
        profiles.insert(profile, x);
    }
    // The pretending function, and the heaps to check.
    let phi = &doc.pretending;
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
    // Heap types: (image, images of the options), with a heap of each.
    let mut types: Vec<(u32, Vec<u32>, u64)> = Vec::new();
    let mut seen_types = HashSet::new();
    let mut held = 0usize;
    // Which elements some option of the heap reaches: one flag each, so a
    // heap costs its moves, not a sort of them.
    let mut reached = vec![false; m];
    for h in 1..heaps {
        if h.is_multiple_of(256) && stop() {
            return Err(CheckError::Stopped);
        }
        code.each_move(h, &mut |_, parts| {
            reached[parts.iter().fold(0, |x, &q| at(x, image(q))) as usize] = true;
        });
        let options: Vec<u32> = (0..m as u32).filter(|&x| reached[x as usize]).collect();
        reached.fill(false);
        let t = (image(h), options);
        if !seen_types.contains(&t) {
            held += 2 * t.1.len();
            if held > MAX_CHECK_ENTRIES {
                return Err(CheckError::TooLarge(seen_types.len()));
            }
            seen_types.insert(t.clone());
            types.push((t.0, t.1, h));
        }
    }
    // Walk the sums by (image, options' images), depth first, with one sum
    // of heaps for each state to name.
    let mut seen: HashSet<(u32, Vec<u32>)> = HashSet::new();
    let mut stack: Vec<(u32, Vec<u32>, Vec<u64>)> = vec![(0, Vec::new(), Vec::new())];
    seen.insert((0, Vec::new()));
    while let Some((x, options, sum)) = stack.pop() {
        if seen.len().is_multiple_of(1024) && stop() {
            return Err(CheckError::Stopped);
        }
        let to_p = options.iter().any(|&d| p[d as usize]);
        match (p[x as usize], options.is_empty(), to_p) {
            (true, true, _) => {
                return Err(CheckError::TerminalInP {
                    heaps: sum,
                    element: x,
                })
            }
            (true, false, true) => {
                return Err(CheckError::PToP {
                    heaps: sum,
                    element: x,
                })
            }
            (false, false, false) => {
                return Err(CheckError::NWithoutP {
                    heaps: sum,
                    element: x,
                })
            }
            _ => {}
        }
        for (a, opts, h) in &types {
            let y = at(x, *a);
            let mut next: Vec<u32> = options.iter().map(|&d| at(d, *a)).collect();
            next.extend(opts.iter().map(|&o| at(x, o)));
            next.sort_unstable();
            next.dedup();
            let key = (y, next);
            if seen.contains(&key) {
                continue;
            }
            held += 2 * key.1.len() + sum.len() + 1;
            if seen.len() >= MAX_CHECK_STATES || held > MAX_CHECK_ENTRIES {
                return Err(CheckError::TooLarge(seen.len()));
            }
            seen.insert(key.clone());
            let mut s = sum.clone();
            s.push(*h);
            s.sort_unstable();
            stack.push((key.0, key.1, s));
        }
    }
    Ok(Checked {
        heaps,
        states: seen.len(),
    })
}
