//! Misère play of any [`Rules`] game: the misère values of sums (with nim
//! heaps added) by a memoised search over their literal game trees, the
//! genus and tameness of components, and outcomes and winning moves of sums
//! — by genus theory when every component is tame, else by the search,
//! within a budget of positions.

use std::collections::{HashMap, HashSet};

use hashbrown::HashTable;

use super::genus::{Genus, TameKind};
use super::known::{hash_key, KnownSums};
use crate::engine::Outcome;
use crate::nimber::MexSet;
use crate::rules::{Rules, SumMove};
use crate::shared::Cancel;

/// Positions a search may value unless told otherwise.
pub const DEFAULT_BUDGET: u64 = 2_000_000;

/// Why a misère question was not answered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MisereError {
    /// The question would take more than its budget: more sums of the
    /// game tree valued, or more moves of components listed (each
    /// component's once, to value it alone or to place it in a sum).
    #[error(
        "the misère search needs more than {} positions (sums of its game tree \
         valued, or moves of its components to list: {} so far)",
        crate::notation::with_commas(u128::from(*.budget)),
        crate::notation::with_commas(*.explored)
    )]
    TooLarge {
        /// The budget.
        budget: u64,
        /// Sums valued, or moves listed (or counted before listing them,
        /// [`Rules::option_count`]), when it stopped.
        explored: u128,
    },
    /// A move led back to a position it came from: the rules never end.
    #[error("a sequence of moves returns to a position: the game never ends")]
    Loop,
    /// The search was asked to stop ([`Misere::stop_when`]).
    #[error("the misère search was stopped before it had an answer")]
    Cancelled,
    /// A partial misère form was asked about a position it does not
    /// cover (a sum with a heap its partial quotient did not reach).
    #[error("the position has a heap beyond what this partial misère quotient reaches")]
    Uncovered,
}

/// A sum: component ids (sorted, none without moves), then `SEPARATOR`,
/// then nim heaps (sorted, none empty).
type Key = Box<[u32]>;
const SEPARATOR: u32 = u32::MAX;

/// A sum on the search's path, with its options and the next one to look
/// at.
#[derive(Default)]
struct Frame {
    /// Where its key is in [`Path::keys`].
    key_start: usize,
    key_end: usize,
    children: Children,
    next: usize,
    /// Whether every child was looked up once for a known loss (the
    /// outcome search does so when it first meets the sum).
    scanned: bool,
    /// The children the outcome search did not know then (their indices,
    /// in order), to search in turn.
    unknown: Vec<u32>,
}

/// The positions one move from a sum, in the order its moves are listed
/// (a position two moves reach may be there twice): their keys one after
/// another in one allocation, as most are looked up and never kept.
#[derive(Default)]
struct Children {
    keys: Vec<u32>,
    /// Where each key ends in `keys`.
    ends: Vec<u32>,
}

impl Children {
    fn clear(&mut self) {
        self.keys.clear();
        self.ends.clear();
    }

    fn len(&self) -> usize {
        self.ends.len()
    }

    fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The key of the `i`th position.
    fn get(&self, i: usize) -> &[u32] {
        let start = match i {
            0 => 0,
            _ => self.ends[i - 1] as usize,
        };
        &self.keys[start..self.ends[i] as usize]
    }

    /// Ends the key written since the last one.
    fn end_key(&mut self) {
        self.ends.push(self.keys.len() as u32);
    }
}

/// The search's path: the sums being valued, innermost last, their keys
/// one after another, and the same sums by their keys' hashes (a sum
/// reached again while on the path is a loop). Frames left are kept with
/// their allocations for the next sums entered: a search enters millions.
#[derive(Default)]
struct Path {
    stack: Vec<Frame>,
    keys: Vec<u32>,
    /// A hash of each frame's key, and the frame's place in `stack`.
    on_stack: HashTable<(u64, usize)>,
    spare: Vec<Frame>,
}

impl Path {
    /// The key of the frame at `depth`.
    fn key_at(&self, depth: usize) -> &[u32] {
        self.key_of(&self.stack[depth])
    }

    /// The key of a frame on the path, or just left (until
    /// [`Path::recycle`]).
    fn key_of(&self, frame: &Frame) -> &[u32] {
        &self.keys[frame.key_start..frame.key_end]
    }

    /// Where the key to enter next begins: after the innermost frame's.
    fn next_start(&self) -> usize {
        self.stack.last().map_or(0, |f| f.key_end)
    }

    /// The key written to enter next.
    fn next_key(&self) -> &[u32] {
        &self.keys[self.next_start()..]
    }

    /// Writes the key of the innermost frame's `i`th child, to enter next.
    fn write_child(&mut self, i: usize) {
        let top = self.stack.last().expect("a frame");
        self.keys.extend_from_slice(top.children.get(i));
    }

    /// Whether the key written to enter next is a sum on the path.
    fn next_is_on_path(&self) -> bool {
        let key = self.next_key();
        self.on_stack
            .find(hash_key(key), |&(_, depth)| self.key_at(depth) == key)
            .is_some()
    }

    /// Puts the key written to enter next on the path, with its children.
    fn push(&mut self, children: Children) {
        let key_start = self.next_start();
        let hash = hash_key(&self.keys[key_start..]);
        let depth = self.stack.len();
        self.on_stack
            .insert_unique(hash, (hash, depth), |&(h, _)| h);
        let mut frame = self.spare.pop().unwrap_or_default();
        frame.key_start = key_start;
        frame.key_end = self.keys.len();
        frame.children = children;
        frame.next = 0;
        frame.scanned = false;
        frame.unknown.clear();
        self.stack.push(frame);
    }

    /// A spare list of children to fill (empty, its allocation kept).
    fn spare_children(&mut self) -> Children {
        let mut children = self
            .spare
            .last_mut()
            .map(|f| std::mem::take(&mut f.children))
            .unwrap_or_default();
        children.clear();
        children
    }

    /// Takes the innermost sum off the path: its frame, its key still
    /// readable by [`Path::key_of`] until [`Path::recycle`].
    fn leave(&mut self) -> Frame {
        let depth = self.stack.len() - 1;
        let hash = hash_key(self.key_at(depth));
        if let Ok(entry) = self.on_stack.find_entry(hash, |&(_, d)| d == depth) {
            entry.remove();
        }
        self.stack.pop().expect("a frame")
    }

    /// Forgets a frame left, keeping its allocations for the next.
    fn recycle(&mut self, frame: Frame) {
        self.keys.truncate(frame.key_start);
        self.spare.push(frame);
    }
}

/// The outcome when the player to move wins (`true`) or loses.
fn to_move(wins: bool) -> Outcome {
    if wins {
        Outcome::FirstPlayer
    } else {
        Outcome::SecondPlayer
    }
}

/// What is known of one component.
struct Node<P, M> {
    position: P,
    /// Every move and the components it leaves (ids), once asked.
    options: Option<Vec<(M, Vec<u32>)>>,
    genus: Option<Genus>,
    tame: Option<Option<TameKind>>,
    normal: Option<u32>,
    height: Option<u64>,
}

/// A misère move of a game with rules `R`.
pub type MoveOf<R> = SumMove<<R as Rules>::Move, <R as Rules>::Position>;

/// Whether the player to move wins a sum of components under misère play,
/// where an exact form answers it (`None` elsewhere): a partial misère
/// quotient for the sums of the heaps it reached.
pub type Decides<P> = Box<dyn Fn(&[P]) -> Option<bool> + Send + Sync>;

/// Misère analysis of one game's sums, with everything it learns kept.
pub struct Misere<R: Rules> {
    rules: R,
    ids: HashMap<R::Position, u32>,
    nodes: Vec<Node<R::Position, R::Move>>,
    /// What is known of sums met: their misère values, and their misère
    /// outcomes where only the outcome was searched (one map, so a sum is
    /// hashed once a look).
    known: KnownSums,
    /// Sums in `known` with a value, and with an outcome.
    valued: u64,
    outcomes: u64,
    budget: u64,
    /// Positions kept when the current question began.
    start: u64,
    /// Moves of components listed by the current question (each
    /// component's once): a large heap's followers each have their own
    /// moves (about n²/2 in all for a heap of n in 0.77), listed to value
    /// them alone or to leave out those without a move from a sum's key.
    examined: u64,
    /// Raised when the search is to stop.
    cancel: Option<Cancel>,
    /// Exact forms asked, in turn, about each sum the search meets before
    /// it values the sum itself ([`Misere::decide_by`]).
    exact: Vec<Decides<R::Position>>,
    /// The components of the sum last shown to `exact` (kept to spare an
    /// allocation a sum).
    shown: Vec<R::Position>,
    /// Room for the parts a move leaves, and for the children an outcome
    /// search puts off (kept to spare an allocation a sum).
    parts: Vec<u32>,
    later: Vec<u32>,
}

impl<R: Rules> Misere<R> {
    /// Misère analysis of `rules`, with the default budget.
    pub fn new(rules: R) -> Self {
        Misere {
            rules,
            ids: HashMap::new(),
            nodes: Vec::new(),
            known: KnownSums::default(),
            valued: 0,
            outcomes: 0,
            budget: DEFAULT_BUDGET,
            start: 0,
            examined: 0,
            cancel: None,
            exact: Vec::new(),
            shown: Vec::new(),
            parts: Vec::new(),
            later: Vec::new(),
        }
    }

    /// Has the search ask `decides` about each sum of components it meets
    /// (without the nim heaps a genus adds) before valuing it: where
    /// `decides` answers, that answer is taken and the sum's game tree is
    /// not searched. For a form exact where it answers, such as a partial
    /// misère quotient for the sums of the heaps it reached: a sum of
    /// larger heaps is searched only until its moves leave heaps the
    /// quotient covers. The outcomes and winning moves it gives are then
    /// as exact as `decides`; the misère values of genera are still
    /// computed in full.
    pub fn decide_by(&mut self, decides: Decides<R::Position>) {
        self.exact.push(decides);
    }

    /// Stops every question with [`MisereError::Cancelled`] once `cancel`
    /// is raised: looked at as each sum is entered and as each component
    /// is valued, steps that each cost one listing of options.
    pub fn stop_when(&mut self, cancel: Cancel) {
        self.cancel = Some(cancel);
    }

    /// [`MisereError::Cancelled`] once the flag is raised.
    fn going(&self) -> Result<(), MisereError> {
        match &self.cancel {
            Some(cancel) if cancel.is_cancelled() => Err(MisereError::Cancelled),
            _ => Ok(()),
        }
    }

    /// How many positions of sums one question (an outcome, the winning
    /// moves, a genus) may value. What is learnt is kept for later
    /// questions, up to four budgets' worth; then it is forgotten (the
    /// genera and tameness of components are always kept).
    pub fn set_budget(&mut self, budget: u64) {
        self.budget = budget;
    }

    /// The budget.
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// How many positions of sums it keeps: those valued and those whose
    /// outcome was searched (one with both counts twice). A question's
    /// budget counts them, and a question that begins with more than four
    /// budgets' worth forgets them.
    pub fn positions_kept(&self) -> u64 {
        self.spent()
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    fn intern(&mut self, position: &R::Position) -> u32 {
        if let Some(&id) = self.ids.get(position) {
            return id;
        }
        let id = self.nodes.len() as u32;
        self.ids.insert(position.clone(), id);
        self.nodes.push(Node {
            position: position.clone(),
            options: None,
            genus: None,
            tame: None,
            normal: None,
            height: None,
        });
        id
    }

    /// Asks the rules for the moves of component `id`, once.
    fn expand(&mut self, id: u32) {
        if self.nodes[id as usize].options.is_some() {
            return;
        }
        let mut raw: Vec<(R::Move, Vec<R::Position>)> = Vec::new();
        let position = self.nodes[id as usize].position.clone();
        self.rules.options(&position, &mut |mv, parts| {
            raw.push((mv, parts.to_vec()));
        });
        self.examined += raw.len() as u64 + 1;
        let options = raw
            .into_iter()
            .map(|(mv, parts)| (mv, parts.iter().map(|p| self.intern(p)).collect()))
            .collect();
        self.nodes[id as usize].options = Some(options);
    }

    fn is_terminal(&mut self, id: u32) -> bool {
        self.expand(id);
        self.nodes[id as usize]
            .options
            .as_ref()
            .is_some_and(Vec::is_empty)
    }

    fn options(&mut self, id: u32) -> &[(R::Move, Vec<u32>)] {
        self.expand(id);
        self.nodes[id as usize].options.as_deref().unwrap_or(&[])
    }

    /// The key of a sum of components and nim heaps; components without a
    /// move and empty heaps add nothing to the game tree and are left out.
    fn key(&mut self, components: &[u32], nims: &[u32]) -> Key {
        let mut comps: Vec<u32> = components
            .iter()
            .copied()
            .filter(|&c| !self.is_terminal(c))
            .collect();
        comps.sort_unstable();
        let mut heaps: Vec<u32> = nims.iter().copied().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        // *1 + *1 = 0 under misère play too (Conway, On Numbers and Games,
        // ch. 12): two one-token heaps change no outcome and no misère
        // value, so only the parity of their number is kept.
        let ones = heaps.iter().take_while(|&&h| h == 1).count();
        heaps.drain(..ones - ones % 2);
        comps.push(SEPARATOR);
        comps.extend(heaps);
        comps.into_boxed_slice()
    }

    fn split(key: &[u32]) -> (&[u32], &[u32]) {
        let at = key
            .iter()
            .position(|&x| x == SEPARATOR)
            .unwrap_or(key.len());
        (&key[..at], &key[(at + 1).min(key.len())..])
    }

    /// Every position one move from `key`, written to `out`.
    fn children(&mut self, key: &[u32], out: &mut Children) -> Result<(), MisereError> {
        let (comps, nims) = Self::split(key);
        let mut parts = std::mem::take(&mut self.parts);
        for i in 0..comps.len() {
            if i > 0 && comps[i] == comps[i - 1] {
                continue;
            }
            self.expand(comps[i]);
            let count = self.nodes[comps[i] as usize]
                .options
                .as_ref()
                .map_or(0, Vec::len);
            for option in 0..count {
                // The parts with a move, in order (listing the moves of
                // those not met before).
                parts.clear();
                parts.extend_from_slice(self.option_parts(comps[i], option));
                let mut with_moves = 0;
                for j in 0..parts.len() {
                    if !self.is_terminal(parts[j]) {
                        parts[with_moves] = parts[j];
                        with_moves += 1;
                    }
                }
                parts.truncate(with_moves);
                parts.sort_unstable();
                Self::merge_into(&mut out.keys, comps, i, &parts, nims);
                out.end_key();
                // A key lists the moves of components it has not met.
                self.within_budget()?;
            }
        }
        self.parts = parts;
        for i in 0..nims.len() {
            if i > 0 && nims[i] == nims[i - 1] {
                continue;
            }
            for smaller in 0..nims[i] {
                let mut next = nims.to_vec();
                next[i] = smaller;
                let key = self.key(comps, &next);
                out.keys.extend_from_slice(&key);
                out.end_key();
            }
        }
        Ok(())
    }

    /// The parts option `option` of component `id` leaves (listed already).
    fn option_parts(&self, id: u32, option: usize) -> &[u32] {
        self.nodes[id as usize]
            .options
            .as_ref()
            .map_or(&[], |o| &o[option].1)
    }

    /// The key of a sum's components (`comps`, sorted, each with a move)
    /// with the one at `skip` replaced by `parts` (sorted, each with a
    /// move), beside nim heaps `nims` as a key has them: the same key
    /// [`Misere::key`] gives, merged rather than sorted, written at the end
    /// of `key`.
    fn merge_into(key: &mut Vec<u32>, comps: &[u32], skip: usize, parts: &[u32], nims: &[u32]) {
        let mut parts = parts.iter().copied().peekable();
        for (j, &c) in comps.iter().enumerate() {
            if j == skip {
                continue;
            }
            while let Some(p) = parts.next_if(|&p| p < c) {
                key.push(p);
            }
            key.push(c);
        }
        key.extend(parts);
        key.push(SEPARATOR);
        key.extend_from_slice(nims);
    }

    fn spent(&self) -> u64 {
        self.valued + self.outcomes
    }

    /// Starts a question: its budget counts from here, and the positions
    /// kept are forgotten if they pass four budgets.
    fn begin(&mut self) {
        if self.spent() > self.budget.saturating_mul(4) {
            self.known.forget();
            self.valued = 0;
            self.outcomes = 0;
        }
        self.start = self.spent();
        self.examined = 0;
    }

    /// Whether the current question has used its budget.
    fn exhausted(&self) -> bool {
        self.spent() - self.start.min(self.spent()) >= self.budget
    }

    /// Refused once the current question has listed more moves of
    /// components than its budget, or asked to stop.
    fn within_budget(&self) -> Result<(), MisereError> {
        self.going()?;
        if self.examined > self.budget {
            return Err(MisereError::TooLarge {
                budget: self.budget,
                explored: self.examined.into(),
            });
        }
        Ok(())
    }

    fn too_large(&self) -> MisereError {
        MisereError::TooLarge {
            budget: self.budget,
            explored: (self.spent() - self.start.min(self.spent())).into(),
        }
    }

    /// Puts the key written last on `path` (by [`Path::write_child`], or
    /// the root's) on the path with its options: a loop if it is already
    /// on it, refused if the question has used its budget.
    fn enter(&mut self, path: &mut Path) -> Result<(), MisereError> {
        if path.next_is_on_path() {
            return Err(MisereError::Loop);
        }
        self.going()?;
        if self.exhausted() {
            return Err(self.too_large());
        }
        let mut children = path.spare_children();
        self.children(path.next_key(), &mut children)?;
        path.push(children);
        Ok(())
    }

    /// The misère value of a sum: 1 with no move at all, else the least
    /// value not among its options' (so 0 exactly when the player to move
    /// loses). An explicit stack, so deep games do not overflow.
    fn misere_value(&mut self, root: Key) -> Result<u32, MisereError> {
        if let Some(v) = self.value_known(&root) {
            return Ok(v);
        }
        let mut path = Path::default();
        path.keys.extend_from_slice(&root);
        self.enter(&mut path)?;
        while let Some(top) = path.stack.last_mut() {
            while top.next < top.children.len()
                && self.value_known(top.children.get(top.next)).is_some()
            {
                top.next += 1;
            }
            if top.next < top.children.len() {
                let next = top.next;
                path.write_child(next);
                self.enter(&mut path)?;
                continue;
            }
            let frame = path.leave();
            let value = if frame.children.is_empty() {
                1
            } else {
                let mut seen = MexSet::with_capacity(frame.children.len());
                for i in 0..frame.children.len() {
                    let child = frame.children.get(i);
                    let value = self.value_known(child).expect("valued first");
                    seen.insert(value.into());
                }
                seen.mex().value() as u32
            };
            self.remember_value(path.key_of(&frame), value);
            path.recycle(frame);
        }
        Ok(self.value_known(&root).expect("valued"))
    }

    /// The nim-sum of a sum's normal-play values, where every component's
    /// is known (the outcome search values its root's components, and with
    /// them every component they can leave).
    fn normal_nim_sum(&self, key: &[u32]) -> Option<u32> {
        let (comps, nims) = Self::split(key);
        let mut sum = nims.iter().fold(0, |s, &h| s ^ h);
        for &c in comps {
            sum ^= self.nodes[c as usize].normal?;
        }
        Some(sum)
    }

    /// The misère value of a sum, if valued.
    fn value_known(&self, key: &[u32]) -> Option<u32> {
        self.known.get(key).and_then(|known| known.value)
    }

    fn remember_value(&mut self, key: &[u32], value: u32) {
        let known = self.known.entry(key);
        if known.value.is_none() {
            self.valued += 1;
        }
        known.value = Some(value);
    }

    fn remember_outcome(&mut self, key: &[u32], wins: bool) {
        let known = self.known.entry(key);
        if known.outcome.is_none() {
            self.outcomes += 1;
        }
        known.outcome = Some(wins);
    }

    fn known_win(&mut self, key: &[u32]) -> Option<bool> {
        match self.known.get(key) {
            Some(known) => Some(known.wins()),
            None => self.decided(key),
        }
    }

    /// What the exact forms say of a sum without nim heaps, if one answers.
    fn decided(&mut self, key: &[u32]) -> Option<bool> {
        if self.exact.is_empty() {
            return None;
        }
        let (comps, nims) = Self::split(key);
        if !nims.is_empty() {
            return None;
        }
        let mut sum = std::mem::take(&mut self.shown);
        sum.clear();
        sum.extend(
            comps
                .iter()
                .map(|&c| self.nodes[c as usize].position.clone()),
        );
        let decided = self.exact.iter().find_map(|decides| decides(&sum));
        self.shown = sum;
        decided
    }

    /// Whether the player to move wins a sum under misère play, searching
    /// only as far as it takes to find a move to a lost position.
    fn search_wins(&mut self, root: Key) -> Result<bool, MisereError> {
        if let Some(w) = self.known_win(&root) {
            return Ok(w);
        }
        // The normal-play values of the sum's components (and so of every
        // component it can reach) order its moves.
        let (comps, _) = Self::split(&root);
        for &c in comps {
            match self.normal_and_height(c) {
                // Past the budget, the search is refused at its first step.
                Ok(_) | Err(MisereError::TooLarge { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        let mut path = Path::default();
        path.keys.extend_from_slice(&root);
        self.enter(&mut path)?;
        while let Some(top) = path.stack.last_mut() {
            // A child known lost decides the frame: the player to move wins.
            let mut decided = None;
            if top.children.is_empty() {
                // No move: under misère play the player to move wins.
                decided = Some(true);
            }
            // A child known lost anywhere among them (remembered, or
            // decided by an exact form) decides the sum before any child
            // is searched: looked for once, when the sum is met.
            if !top.scanned {
                top.scanned = true;
                // Those not known are searched in turn, those lost in
                // normal play (nim-sum 0) first: where a sum's heaps are
                // not all small they are most often lost in misère play
                // too, and a lost child ends the search of the sum.
                let mut later = std::mem::take(&mut self.later);
                for i in 0..top.children.len() {
                    let child = top.children.get(i);
                    match self.known_win(child) {
                        Some(false) => {
                            decided = Some(true);
                            break;
                        }
                        Some(true) => {}
                        None if self.normal_nim_sum(child) == Some(0) => top.unknown.push(i as u32),
                        None => later.push(i as u32),
                    }
                }
                top.unknown.append(&mut later);
                self.later = later;
            }
            // Then the children not known then, one by one (those known
            // were known won, and stay so): `next` counts those found won
            // since.
            while decided.is_none() && top.next < top.unknown.len() {
                let child = top.children.get(top.unknown[top.next] as usize);
                match self.known_win(child) {
                    Some(false) => decided = Some(true),
                    Some(true) => top.next += 1,
                    None => break,
                }
            }
            if decided.is_none() && top.next == top.unknown.len() {
                decided = Some(false);
            }
            if let Some(wins) = decided {
                let frame = path.leave();
                self.remember_outcome(path.key_of(&frame), wins);
                path.recycle(frame);
                continue;
            }
            let child = top.unknown[top.next] as usize;
            path.write_child(child);
            self.enter(&mut path)?;
        }
        Ok(self.known.get(&root).expect("searched").wins())
    }

    /// Runs `visit` on `root` and every component below it, each after all
    /// the components its moves leave (once each, skipping those `done`
    /// says are known).
    fn post_order(
        &mut self,
        root: u32,
        done: fn(&Node<R::Position, R::Move>) -> bool,
        visit: &mut dyn FnMut(&mut Self, u32) -> Result<(), MisereError>,
    ) -> Result<(), MisereError> {
        if done(&self.nodes[root as usize]) {
            return Ok(());
        }
        let mut stack: Vec<(u32, bool)> = vec![(root, false)];
        let mut entered: HashSet<u32> = HashSet::new();
        while let Some((id, children_done)) = stack.pop() {
            if done(&self.nodes[id as usize]) {
                continue;
            }
            self.going()?;
            if children_done {
                visit(self, id)?;
                continue;
            }
            if !entered.insert(id) {
                // Reached again before it was finished: a loop.
                return Err(MisereError::Loop);
            }
            stack.push((id, true));
            let parts: Vec<u32> = self
                .options(id)
                .iter()
                .flat_map(|(_, parts)| parts.iter().copied())
                .collect();
            self.within_budget()?;
            for part in parts {
                if !done(&self.nodes[part as usize]) {
                    if entered.contains(&part) {
                        return Err(MisereError::Loop);
                    }
                    stack.push((part, false));
                }
            }
        }
        Ok(())
    }

    /// The normal-play value and the height (the most moves a play of it
    /// alone can last) of a component.
    fn normal_and_height(&mut self, id: u32) -> Result<(u32, u64), MisereError> {
        self.post_order(id, |node| node.normal.is_some(), &mut |this, c| {
            let mut seen = MexSet::default();
            let mut height = 0u64;
            let options: Vec<Vec<u32>> = this.options(c).iter().map(|(_, p)| p.clone()).collect();
            for parts in options {
                let mut value = 0u32;
                let mut length = 1u64;
                for &p in &parts {
                    let node = &this.nodes[p as usize];
                    value ^= node.normal.expect("valued first");
                    length = length.saturating_add(node.height.expect("measured first"));
                }
                seen.insert_growing(value as usize);
                height = height.max(length);
            }
            let normal = seen.mex().value() as u32;
            let node = &mut this.nodes[c as usize];
            node.normal = Some(normal);
            node.height = Some(height);
            Ok(())
        })?;
        let node = &self.nodes[id as usize];
        Ok((node.normal.expect("valued"), node.height.expect("measured")))
    }

    fn genus_of(&mut self, id: u32) -> Result<Genus, MisereError> {
        if let Some(genus) = &self.nodes[id as usize].genus {
            return Ok(genus.clone());
        }
        let (normal, height) = self.normal_and_height(id)?;
        // γk = G⁻(G + k·*2), computed until the values alternate over the
        // last four, and at least to k = height + 3 (on every game tested
        // the alternation has begun by k = height + 1).
        let mut gammas = Vec::new();
        let mut k = 0usize;
        loop {
            let key = self.key(&[id], &vec![2; k]);
            gammas.push(self.misere_value(key)?);
            if k as u64 >= height.saturating_add(3) {
                if let Some(genus) = Genus::from_sequence(normal, &gammas) {
                    self.nodes[id as usize].genus = Some(genus.clone());
                    return Ok(genus);
                }
            }
            k += 1;
        }
    }

    /// The genus of a component.
    pub fn genus(&mut self, component: &R::Position) -> Result<Genus, MisereError> {
        let id = self.question(std::slice::from_ref(component))?[0];
        self.genus_of(id)
    }

    /// The misère value of a component alone (1 when it has no move).
    pub fn misere_value_of(&mut self, component: &R::Position) -> Result<u32, MisereError> {
        let id = self.question(std::slice::from_ref(component))?[0];
        let key = self.key(&[id], &[]);
        self.misere_value(key)
    }

    /// Whether a component is tame: its genus and those of every component
    /// its moves can leave, at any depth, are tame genera (Conway, *On
    /// Numbers and Games*, ch. 12). `Some` with how it plays when tame.
    ///
    /// This is the hereditary form, a sufficient condition: Conway's
    /// tameness also admits a wild follower reached by a reversible move
    /// (heap 18 of 0.14 plays as `*2`, *Winning Ways* says, yet it can
    /// reach the wild heaps 14 and 16). Such components are not called
    /// tame here, and their sums are searched instead — slower, never
    /// wrong.
    fn tame_of(&mut self, id: u32) -> Result<Option<TameKind>, MisereError> {
        self.post_order(id, |node| node.tame.is_some(), &mut |this, c| {
            let parts: Vec<u32> = this
                .options(c)
                .iter()
                .flat_map(|(_, p)| p.iter().copied())
                .collect();
            let followers_tame = parts.iter().all(|&p| {
                this.nodes[p as usize]
                    .tame
                    .expect("decided first")
                    .is_some()
            });
            let kind = if followers_tame {
                this.genus_of(c)?.tame_kind()
            } else {
                None
            };
            this.nodes[c as usize].tame = Some(kind);
            Ok(())
        })?;
        Ok(self.nodes[id as usize].tame.expect("decided"))
    }

    /// Whether a component is tame (see [`TameKind`]).
    pub fn is_tame(&mut self, component: &R::Position) -> Result<bool, MisereError> {
        let id = self.question(std::slice::from_ref(component))?[0];
        Ok(self.tame_of(id)?.is_some())
    }

    /// Who wins a sum of tame components, by genus theory: tame games play
    /// like misère Nim heaps (Conway, *On Numbers and Games*, ch. 12;
    /// *Winning Ways*, ch. 13). With every component fickle (like `*0` or
    /// `*1`) the player to move loses exactly when the nim-sum of the
    /// normal values is 1; with any firm one, exactly when it is 0.
    /// `None` when some component is not tame.
    fn tame_outcome(&mut self, ids: &[u32]) -> Result<Option<bool>, MisereError> {
        let mut sum = 0u32;
        let mut all_fickle = true;
        for &id in ids {
            if self.is_terminal(id) {
                continue;
            }
            match self.tame_of(id)? {
                None => return Ok(None),
                Some(kind) => {
                    sum ^= self.normal_and_height(id)?.0;
                    all_fickle &= kind == TameKind::Fickle;
                }
            }
        }
        let loses = if all_fickle { sum == 1 } else { sum == 0 };
        Ok(Some(!loses))
    }

    fn wins_ids(&mut self, ids: &[u32]) -> Result<bool, MisereError> {
        // Genus theory first; if a genus or a tameness check does not fit
        // in the budget, the search may still.
        match self.tame_outcome(ids) {
            Ok(Some(wins)) => return Ok(wins),
            Ok(None) | Err(MisereError::TooLarge { .. }) => {}
            Err(e) => return Err(e),
        }
        let key = self.key(ids, &[]);
        self.search_wins(key)
    }

    /// Starts a question about a sum: its components' ids. Refused at once
    /// where a component has more moves than the budget, as the rules count
    /// them ([`Rules::option_count`]): listing them would pass it.
    fn question(&mut self, components: &[R::Position]) -> Result<Vec<u32>, MisereError> {
        self.begin();
        for component in components {
            self.listable(component)?;
        }
        Ok(components.iter().map(|c| self.intern(c)).collect())
    }

    /// [`MisereError::TooLarge`] for a component with more moves than the
    /// budget, counted by the rules without listing them.
    fn listable(&self, component: &R::Position) -> Result<(), MisereError> {
        match self.rules.option_count(component) {
            Some(moves) if moves > u128::from(self.budget) => Err(MisereError::TooLarge {
                budget: self.budget,
                explored: moves,
            }),
            _ => Ok(()),
        }
    }

    /// Who wins a sum of components under misère play: by genus theory
    /// when every component is tame, else by a search of the sum's game
    /// tree within the budget.
    pub fn outcome(&mut self, components: &[R::Position]) -> Result<Outcome, MisereError> {
        let ids = self.question(components)?;
        Ok(to_move(self.wins_ids(&ids)?))
    }

    /// Who wins, by the search of the literal game tree only (no genus
    /// theory): to check the two against each other.
    pub fn outcome_by_search(
        &mut self,
        components: &[R::Position],
    ) -> Result<Outcome, MisereError> {
        let ids = self.question(components)?;
        let key = self.key(&ids, &[]);
        Ok(to_move(self.search_wins(key)?))
    }

    /// Who wins by genus theory alone, or `None` when some component is not
    /// tame.
    pub fn outcome_by_genus(
        &mut self,
        components: &[R::Position],
    ) -> Result<Option<Outcome>, MisereError> {
        let ids = self.question(components)?;
        Ok(self.tame_outcome(&ids)?.map(to_move))
    }

    /// Every winning move of a sum under misère play (none from a lost
    /// position): the moves after which the opponent loses.
    pub fn winning_moves(
        &mut self,
        components: &[R::Position],
    ) -> Result<Vec<MoveOf<R>>, MisereError> {
        let ids = self.question(components)?;
        let mut moves = Vec::new();
        for (i, &id) in ids.iter().enumerate() {
            let options: Vec<(R::Move, Vec<u32>)> = self.options(id).to_vec();
            for (mv, parts) in options {
                let mut next: Vec<u32> = ids[..i].to_vec();
                next.extend_from_slice(&ids[i + 1..]);
                next.extend_from_slice(&parts);
                if !self.wins_ids(&next)? {
                    moves.push(SumMove {
                        component: i + 1,
                        action: mv,
                        leaves: parts
                            .iter()
                            .map(|&p| self.nodes[p as usize].position.clone())
                            .collect(),
                    });
                }
            }
        }
        Ok(moves)
    }

    /// The move to play: the first winning move, or from a lost position
    /// the first legal one; `None` when there is no move.
    pub fn suggest(
        &mut self,
        components: &[R::Position],
    ) -> Result<Option<MoveOf<R>>, MisereError> {
        if let Some(first) = self.winning_moves(components)?.into_iter().next() {
            return Ok(Some(first));
        }
        for (i, c) in components.iter().enumerate() {
            let id = self.intern(c);
            if let Some((mv, parts)) = self.options(id).first().cloned() {
                return Ok(Some(SumMove {
                    component: i + 1,
                    action: mv,
                    leaves: parts
                        .iter()
                        .map(|&p| self.nodes[p as usize].position.clone())
                        .collect(),
                }));
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::OctalCode;

    /// The nim-sum that orders the search's moves: its components' normal
    /// values and its nim heaps', once every component is valued.
    #[test]
    fn a_sums_normal_nim_sum_adds_its_components_and_its_nim_heaps() {
        let mut search = Misere::new("0.07".parse::<OctalCode>().unwrap());
        let ids = search.question(&[4, 6]).unwrap();
        let key = search.key(&ids, &[3, 5]);
        assert_eq!(search.normal_nim_sum(&key), None, "not valued yet");
        for &id in &ids {
            search.normal_and_height(id).unwrap();
        }
        // Dawson's Kayles: heap 4 is *2 and heap 6 is *3 (OEIS A002187).
        assert_eq!(search.normal_nim_sum(&key), Some(2 ^ 3 ^ 3 ^ 5));
        let key = search.key(&ids, &[]);
        assert_eq!(search.normal_nim_sum(&key), Some(2 ^ 3));
    }

    /// Equal components, or equal nim heaps, have their moves listed once:
    /// a move in either leaves the same sum.
    #[test]
    fn the_moves_of_equal_components_are_listed_once() {
        let mut search = Misere::new("0.07".parse::<OctalCode>().unwrap());
        let ids = search.question(&[4, 6, 4]).unwrap();
        let key = search.key(&ids, &[2, 5, 2]);
        let mut out = Children::default();
        search.children(&key, &mut out).unwrap();
        let four = search.options(ids[0]).len();
        let six = search.options(ids[1]).len();
        // Dawson's Kayles: heap 4 leaves 2 or 1 + 1,
        // heap 6 leaves 4, 1 + 3 or 2 + 2.
        assert_eq!((four, six), (2, 3));
        // Nim heaps of 2 and 5: two and five smaller heaps to leave.
        assert_eq!(out.len(), four + six + 2 + 5);
    }
}
