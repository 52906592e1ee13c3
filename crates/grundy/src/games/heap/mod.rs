//! What every heap game shares: positions that are lists of heaps, values
//! from a sequence computed on demand, the input format, and the notation.
//!
//! A heap game is a [`Rules`] game whose components are heaps (`u64`) and
//! whose moves take some tokens from one heap and leave its rest as zero,
//! one or more heaps. Its [`Engine`](crate::engine::Engine) is [`HeapGame`]
//! (`engine.rs`): the generic [`Solver`](crate::rules::Solver) with a
//! [`Values`] cache — the value sequence G(0), G(1), … computed by the
//! game's fastest method (the sparse-space engine for octal codes),
//! extended when a larger heap appears, and read past its end through a
//! proven period, or given by a closed form (Nim) — and heaps too large to
//! list their moves answered through the shape of the game's moves, up to
//! `u64::MAX`.
//!
//! # Input format
//! One position per line: heap sizes separated by white space. Blank lines
//! and lines starting with `#` are skipped. A size that is not a whole
//! number below 2^64 is an error naming its line; a heap whose value would
//! have to be computed past the limit (`--max-heap`) is refused when the
//! position is admitted.

mod engine;
mod splits;

pub use engine::{HeapGame, Shape, LISTED_HEAP};
pub(crate) use splits::three_part_classes;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read};
use std::sync::Arc;

use super::values::Sequence;
use crate::engine::{IllegalMove, Outcome};
use crate::format::{FormatError, ReadError};
use crate::game::{CaseReader, Limits, Notation, Present, Rng, Style};
use crate::nimber::{MexSet, Nimber};
use crate::notation::with_commas;
use crate::rules::{Cache, Rules, SumMove};
use crate::shared::{Cancel, Shelf};
use crate::style::numbered_list;
use crate::wire::{self, WireError};
use crate::Refusal;

/// The rules of a heap game, and the fastest way to its values.
pub trait HeapRules: Rules<Position = u64, Move = u64> + Clone + 'static {
    /// The registry's name for the game, with its parameter.
    fn name(&self) -> String;

    /// G(0), …, G(`upto` − 1), stopping early at a proven period, asking
    /// `keep_going` (with the number of values done) at least every 1,024
    /// values whether to go on: `Err` with the values so far, and no
    /// period, when it said no.
    fn sequence_while(
        &self,
        upto: usize,
        keep_going: &mut dyn FnMut(usize) -> bool,
    ) -> Result<Sequence, Sequence>;

    /// G(0), …, G(`upto` − 1), stopping early at a proven period.
    fn sequence(&self, upto: usize) -> Sequence {
        self.sequence_while(upto, &mut |_| true)
            .unwrap_or_else(|stopped| stopped)
    }

    /// The largest heap whose value is computed when values may be
    /// computed up to `max_heap` (`--max-heap`), and why it is fewer where
    /// it is (a clause ending the refusal of a larger heap): a game whose values each
    /// cost far more than a few steps values fewer heaps, so that a
    /// question is answered or refused at once.
    fn valued_up_to(&self, max_heap: u64) -> (u64, Option<&'static str>) {
        (max_heap, None)
    }

    /// A misère form of the game's own (Nim's: Bouton's rule), if it has
    /// one; otherwise misère play is genus theory and search.
    #[allow(clippy::type_complexity)] // the engine's own signature
    fn misere_form(
        &self,
    ) -> Option<Box<dyn crate::misere::MisereEngine<Vec<u64>, SumMove<u64, u64>>>> {
        None
    }

    /// A misère form through the game's proven misère quotient, found
    /// within `budget` (see [`crate::misere::quotient::proven`]);
    /// otherwise what the look found short of a proof ([`NoQuotient`]; the
    /// default, where the game has no quotient to look for, says nothing).
    fn quotient_form(
        &self,
        budget: u64,
        cancel: Option<Cancel>,
    ) -> Result<HeapMisereForm, NoQuotient> {
        let _ = (budget, cancel);
        Err(NoQuotient::default())
    }

    /// What the engine may know of the moves of heaps too large to list
    /// ([`Shape::Listed`]: nothing, the default).
    fn shape(&self) -> Shape {
        Shape::Listed
    }

    /// G(n) at any n, where a formula gives it (Nim: n); `None`, the
    /// default, where values are computed.
    fn closed_form(&self) -> Option<fn(u64) -> Nimber> {
        None
    }
}

/// A heap game's form under misère play.
pub type HeapMisereForm = Box<dyn crate::misere::MisereEngine<Vec<u64>, SumMove<u64, u64>>>;

/// What a heap game's look for its misère quotient found short of a proof.
#[derive(Default)]
pub struct NoQuotient {
    /// Why no quotient is proven, for people; `None` where the game has
    /// none to look for.
    pub why: Option<String>,
    /// A form exact on the positions it covers: the partial quotient of
    /// the heaps reached, for sums of those heaps.
    pub partial: Option<crate::misere::quotient::QuotientMisere>,
}

/// The values of a heap game: the sequence computed so far, read past its
/// end through its period when one is proven.
#[derive(Clone, Debug, Default)]
pub struct Values {
    /// Shared with the shelf, if any: never changed, only replaced.
    sequence: Option<Arc<Sequence>>,
    /// Values the solver found by search, for heaps the sequence does not
    /// reach (none when positions go through [`Game::admit`]).
    found: HashMap<u64, Nimber>,
    /// Where sequences are shared, and the game's key there.
    shelf: Option<(Arc<Shelf>, String)>,
    /// G(n) by a formula, for every n.
    closed: Option<fn(u64) -> Nimber>,
}

impl Values {
    /// How many values are computed.
    pub fn computed(&self) -> usize {
        self.sequence.as_ref().map_or(0, |s| s.values.len())
    }

    /// The proven period of the values, if any.
    pub fn periodicity(&self) -> Option<super::values::Periodicity> {
        self.sequence.as_ref().and_then(|s| s.periodicity)
    }
}

impl Cache<u64> for Values {
    fn get(&self, heap: &u64) -> Option<Nimber> {
        if let Some(closed) = self.closed {
            return Some(closed(*heap));
        }
        self.sequence
            .as_ref()
            .and_then(|s| s.value(*heap))
            .or_else(|| self.found.get(heap).copied())
    }

    fn insert(&mut self, heap: u64, value: Nimber) {
        self.found.insert(heap, value);
    }
}

/// A heap game solved with a value sequence (or its closed form).
pub fn heap_game<R: HeapRules>(rules: R) -> HeapGame<R> {
    let closed = rules.closed_form();
    let mut game = HeapGame::new(rules);
    game.cache_mut().closed = closed;
    game
}

/// Shares `game`'s values through `shelf` (under its name): it starts from
/// the sequence there and offers back every longer one it computes.
pub fn share_values<R: HeapRules>(game: &mut HeapGame<R>, shelf: Arc<Shelf>) {
    let key = game.rules().name();
    if let Some(sequence) = shelf.get::<Sequence>(&key) {
        game.cache_mut().sequence = Some(sequence);
    }
    game.cache_mut().shelf = Some((shelf, key));
}

/// Whether `new` knows more values than `old`: a proven period, or more
/// values computed.
fn knows_more(new: &Sequence, old: &Sequence) -> bool {
    match (&new.periodicity, &old.periodicity) {
        (Some(_), None) => true,
        (None, Some(_)) => false,
        _ => new.values.len() > old.values.len(),
    }
}

/// Makes sure `solver` has the value of every heap up to `largest`,
/// computing the values of heaps up to `limit` at most (`why` says why
/// the limit is lower than `--max-heap`, if it is); the reason when it
/// cannot ([`Refusal::Heap`]), or [`Refusal::Cancelled`] when its flag
/// stopped the computation.
fn ensure_values<R: HeapRules>(
    solver: &mut HeapGame<R>,
    largest: u64,
    (limit, why): (u64, Option<&str>),
) -> Result<(), Refusal> {
    let known = |values: &Values| {
        values.closed.is_some()
            || values
                .sequence
                .as_ref()
                .and_then(|s| s.value(largest))
                .is_some()
    };
    if known(solver.cache()) {
        return Ok(());
    }
    let cap = limit.saturating_add(1);
    let refusal = || {
        let why = why.map(|why| format!("; {why}")).unwrap_or_default();
        Refusal::Heap(format!(
            "heap {} is too large: grundy values this game's heaps up to {} \
             (no period is known that would give the values beyond){why}",
            with_commas(largest.into()),
            with_commas(cap.saturating_sub(1).into())
        ))
    };
    // Past the limit only a proven period could give the value, and where
    // the periodicity theorem does not hold none will be: refused at once.
    if largest > limit && solver.rules().shape() == Shape::Listed {
        return Err(refusal());
    }
    let computed = solver.cache().computed() as u64;
    // Computed afresh, at least doubling, unless the cap is already reached.
    if computed < cap {
        let want = largest.saturating_add(1).max(2 * computed).min(cap);
        let cancel = solver.cancel.clone();
        let mut keep_going = |_: usize| !cancel.as_ref().is_some_and(Cancel::is_cancelled);
        let sequence = solver
            .rules()
            .sequence_while(usize::try_from(want).unwrap_or(usize::MAX), &mut keep_going)
            .map_err(|_| Refusal::Cancelled)?;
        let sequence = Arc::new(sequence);
        if let Some((shelf, key)) = &solver.cache().shelf {
            shelf.offer(key, Arc::clone(&sequence), knows_more);
        }
        solver.cache_mut().sequence = Some(sequence);
    }
    if known(solver.cache()) {
        Ok(())
    } else {
        Err(refusal())
    }
}

/// Reads positions given as whole numbers, one position per line.
pub struct NumberLines<'a> {
    input: BufReader<Box<dyn Read + 'a>>,
    line: u64,
    case_line: u64,
    /// The largest number accepted.
    max: u64,
    /// The most numbers on a line.
    max_count: u64,
    /// What a number is, for messages ("a heap size").
    what: &'static str,
    hint: &'static str,
}

impl<'a> NumberLines<'a> {
    /// A reader of lines of numbers up to `max`, at most `max_count` a line.
    pub fn new(
        input: Box<dyn Read + 'a>,
        max: u64,
        max_count: u64,
        what: &'static str,
        hint: &'static str,
    ) -> NumberLines<'a> {
        NumberLines {
            input: BufReader::with_capacity(1 << 16, input),
            line: 0,
            case_line: 0,
            max,
            max_count,
            what,
            hint,
        }
    }

    fn error(&self, expected: String, found: String) -> ReadError {
        FormatError::new(self.line, expected, found).into()
    }

    /// The numbers of the next line that holds any, or `None` at the end.
    pub fn next_numbers(&mut self) -> Result<Option<Vec<u64>>, ReadError> {
        loop {
            let mut numbers = Vec::new();
            let mut any = false;
            let mut comment = false;
            let mut number: Option<u64> = None;
            let mut word = Vec::new();
            self.line += 1;
            let mut ended = true;
            loop {
                let buffer = self.input.fill_buf()?;
                if buffer.is_empty() {
                    break;
                }
                ended = false;
                let mut used = 0;
                let mut newline = false;
                for &b in buffer {
                    used += 1;
                    if b == b'\n' {
                        newline = true;
                        break;
                    }
                    if comment {
                        continue;
                    }
                    if b == b'#' && !any && number.is_none() && word.is_empty() {
                        comment = true;
                        continue;
                    }
                    if b.is_ascii_whitespace() {
                        if let Some(n) = number.take() {
                            numbers.push(n);
                            if numbers.len() as u64 > self.max_count {
                                return Err(self.too_many());
                            }
                        }
                        if !word.is_empty() {
                            return Err(self.not_a_number(&word));
                        }
                        continue;
                    }
                    any = true;
                    if b.is_ascii_digit() && word.is_empty() {
                        let n = number
                            .unwrap_or(0)
                            .checked_mul(10)
                            .and_then(|n| n.checked_add(u64::from(b - b'0')));
                        match n {
                            Some(n) if n <= self.max => number = Some(n),
                            _ => {
                                let found =
                                    format!("a number above {}", with_commas(self.max.into()));
                                let error = FormatError::new(
                                    self.line,
                                    match self.hint {
                                        "" => format!(
                                            "{} from 0 to {}",
                                            self.what,
                                            with_commas(self.max.into())
                                        ),
                                        hint => format!(
                                            "{} from 0 to {} ({hint})",
                                            self.what,
                                            with_commas(self.max.into())
                                        ),
                                    },
                                    found,
                                );
                                return Err(ReadError::TooLarge(Box::new(error)));
                            }
                        }
                    } else {
                        if word.len() < 20 {
                            word.push(b);
                        }
                        if let Some(n) = number.take() {
                            // Digits then something else: `12a`.
                            word.splice(0..0, n.to_string().bytes());
                        }
                    }
                }
                self.input.consume(used);
                if newline {
                    break;
                }
            }
            if let Some(n) = number.take() {
                numbers.push(n);
                if numbers.len() as u64 > self.max_count {
                    return Err(self.too_many());
                }
            }
            if !word.is_empty() {
                return Err(self.not_a_number(&word));
            }
            if any {
                self.case_line = self.line;
                return Ok(Some(numbers));
            }
            if ended {
                return Ok(None);
            }
        }
    }

    fn not_a_number(&self, word: &[u8]) -> ReadError {
        let shown = crate::format::scan::describe_bytes(word);
        let found = if word.first() == Some(&b'-') {
            format!("the negative number {shown}")
        } else {
            shown
        };
        self.error(format!("{} (a whole number from 0)", self.what), found)
    }

    fn too_many(&self) -> ReadError {
        let error = FormatError::new(
            self.line,
            format!(
                "at most {} numbers on a line (--max-cells raises the limit)",
                with_commas(self.max_count.into())
            ),
            "more".to_string(),
        );
        ReadError::TooLarge(Box::new(error))
    }

    /// The line of the last position read.
    pub fn case_line(&self) -> u64 {
        self.case_line
    }
}

struct Heaps<'a>(NumberLines<'a>);

impl CaseReader<Vec<u64>> for Heaps<'_> {
    fn next_case(&mut self) -> Result<Option<Vec<u64>>, ReadError> {
        self.0.next_numbers()
    }

    fn line(&self) -> u64 {
        self.0.case_line()
    }
}

/// How a heap move is written: `H K` takes K from heap H (leaving one heap
/// or none); `H A B` (or more parts) leaves heap H as parts A, B, …, the
/// rest of it taken.
fn heap_notation(mv: &SumMove<u64, u64>) -> String {
    match mv.leaves.as_slice() {
        [] | [_] => format!("{} {}", mv.component, mv.action),
        parts => {
            let parts: Vec<String> = parts.iter().map(u64::to_string).collect();
            format!("{} {}", mv.component, parts.join(" "))
        }
    }
}

/// Each heap's size as drawn.
fn heap_texts(heaps: &[u64], style: &dyn Style) -> Vec<String> {
    heaps
        .iter()
        .map(|&h| style.strong(&with_commas(h.into())))
        .collect()
}

impl<R: HeapRules> crate::game::Present for HeapGame<R> {
    fn name(&self) -> String {
        self.rules().name()
    }

    fn components_noun(&self) -> &'static str {
        "Heaps"
    }

    fn describe_component(&self, index: usize, heap: &u64, value: Nimber) -> String {
        format!(
            "heap {}: {} {value}",
            index + 1,
            with_commas((*heap).into())
        )
    }

    fn draw(&self, heaps: &Vec<u64>, style: &dyn Style) -> String {
        if heaps.is_empty() {
            return "Heaps: none".to_string();
        }
        format!("Heaps: {}", numbered_list(&heap_texts(heaps, style), 0..0))
    }

    /// The heaps the move left, in the place of the heap it took from,
    /// in brackets.
    fn draw_after(
        &self,
        _: &Vec<u64>,
        mv: &SumMove<u64, u64>,
        after: &Vec<u64>,
        style: &dyn Style,
    ) -> String {
        if after.is_empty() {
            return "Heaps: none (the last heap was taken)".to_string();
        }
        let from = mv.component.saturating_sub(1);
        let list = numbered_list(&heap_texts(after, style), from..from + mv.leaves.len());
        let gone = if mv.leaves.is_empty() {
            format!("   (heap {} was taken whole)", mv.component)
        } else {
            String::new()
        };
        format!("Heaps: {list}{gone}")
    }

    /// Only the forms of move the game has, found from its rules on the
    /// heaps up to 64: `H K` where a move leaves one heap or none, `H A B`
    /// where one leaves two (a split, or a take that leaves two).
    fn move_help(&self) -> String {
        let (mut takes, mut splits, mut splits_taking) = (false, false, false);
        for heap in 1..=64u64 {
            self.rules().options(&heap, &mut |_, leaves| match leaves {
                [_, _, ..] if leaves.iter().sum::<u64>() < heap => splits_taking = true,
                [_, _, ..] => splits = true,
                _ => takes = true,
            });
        }
        let mut forms = Vec::new();
        if takes {
            forms.push("`H K`: take K tokens from heap H, leaving the rest as one heap (or none)");
        }
        if splits_taking {
            forms.push("`H A B`: leave heap H as heaps A and B (the rest of it is taken)");
        } else if splits {
            forms.push("`H A B`: split heap H into heaps A and B, taking nothing");
        }
        if forms.is_empty() {
            return "This game has no move on heaps up to 64. Heaps are numbered from 1."
                .to_string();
        }
        format!(
            "A move is {}. Heaps are numbered from 1.",
            forms.join("; or ")
        )
    }

    fn describe_move(&self, heaps: &Vec<u64>, mv: &SumMove<u64, u64>) -> String {
        let size = mv
            .component
            .checked_sub(1)
            .and_then(|i| heaps.get(i))
            .copied()
            .unwrap_or(0);
        let taken = match mv.action {
            0 => "take nothing".to_string(),
            1 => "take 1 token".to_string(),
            k => format!("take {} tokens", with_commas(k.into())),
        };
        if mv.action == 0 && mv.leaves.len() == 2 {
            return format!(
                "split heap {} ({}) into {}",
                mv.component,
                with_commas(size.into()),
                leaves_text(&mv.leaves)
            );
        }
        format!(
            "{taken} from heap {} ({}), leaving {}",
            mv.component,
            with_commas(size.into()),
            leaves_text(&mv.leaves)
        )
    }
}

impl<R: HeapRules> crate::game::Notation for HeapGame<R> {
    fn parse_move(&self, heaps: &Vec<u64>, text: &str) -> Result<SumMove<u64, u64>, IllegalMove> {
        let fail = |reason: String| Err(IllegalMove(reason));
        let mut numbers = Vec::new();
        for word in text.split(|c: char| c.is_whitespace() || c == ',') {
            if word.is_empty() {
                continue;
            }
            match word.parse::<u64>() {
                Ok(n) => numbers.push(n),
                Err(_) => return fail(format!("`{word}` is not a whole number")),
            }
        }
        let Some((&h, rest)) = numbers.split_first() else {
            return fail("a move is `H K` or `H A B`".to_string());
        };
        let Some(&size) = h
            .checked_sub(1)
            .and_then(|i| heaps.get(usize::try_from(i).ok()?))
        else {
            return fail(format!("there is no heap {h} (there are {})", heaps.len()));
        };
        let (action, mut leaves) = match rest {
            [] => return fail("say how many tokens to take: `H K`".to_string()),
            [k] if *k > size => {
                let tokens = if size == 1 { "token" } else { "tokens" };
                return fail(format!("heap {h} has {size} {tokens}, fewer than {k}"));
            }
            [k] => (*k, if *k == size { vec![] } else { vec![size - k] }),
            parts => {
                let total = parts.iter().try_fold(0u64, |s, &p| s.checked_add(p));
                match total {
                    Some(t) if t <= size => (size - t, parts.to_vec()),
                    _ => return fail(format!("the parts add up to more than heap {h} ({size})")),
                }
            }
        };
        leaves.sort_unstable();
        let mv = SumMove {
            component: h as usize,
            action,
            leaves,
        };
        if self.is_move(size, mv.action, &mv.leaves) {
            Ok(mv)
        } else {
            fail(format!(
                "the rules do not let a heap of {size} become {} by taking {}",
                leaves_text(&mv.leaves),
                mv.action
            ))
        }
    }

    fn notation(&self, _: &Vec<u64>, mv: &SumMove<u64, u64>) -> String {
        heap_notation(mv)
    }
}

impl<R: HeapRules> crate::game::WireForm for HeapGame<R> {
    fn plain_form(&self) -> Option<&'static str> {
        Some("a list of heap sizes, like [10, 7, 3]")
    }

    fn position_from_plain(
        &self,
        plain: &serde_json::Value,
    ) -> Result<crate::wire::Position, crate::wire::WireError> {
        crate::wire::Position::from_list("heaps", "heaps", plain)
    }

    fn component_wire(&self, index: usize, heap: &u64, value: Nimber) -> wire::Component {
        wire::Component {
            index: index + 1,
            part: wire::Part::Heap { size: *heap },
            value: Some(value.value().into()),
        }
    }

    fn position_wire(&self, heaps: &Vec<u64>) -> wire::Position {
        wire::Position::Heaps {
            heaps: heaps.clone(),
        }
    }

    fn position_from_wire(
        &self,
        position: &wire::Position,
        limits: Limits,
    ) -> Result<Vec<u64>, WireError> {
        let wire::Position::Heaps { heaps } = position else {
            return Err(WireError::wrong(self.name(), "heaps", position.kind()));
        };
        if heaps.len() as u64 > limits.max_cells {
            return Err(WireError::Refused(format!(
                "{} heaps are beyond the limit of {}",
                heaps.len(),
                limits.max_cells
            )));
        }
        // Heaps of any size are read; admission refuses one whose value or
        // moves would take computing past the limit.
        Ok(heaps.clone())
    }

    fn move_wire(&self, _: &Vec<u64>, mv: &SumMove<u64, u64>) -> wire::Move {
        wire::Move::Heap {
            heap: mv.component,
            take: mv.action,
            leave: mv.leaves.clone(),
        }
    }

    fn move_from_wire(
        &self,
        heaps: &Vec<u64>,
        mv: &wire::Move,
    ) -> Result<SumMove<u64, u64>, WireError> {
        match mv {
            wire::Move::Heap { heap, take, leave } => {
                let mut leaves = leave.clone();
                leaves.sort_unstable();
                Ok(SumMove {
                    component: *heap,
                    action: *take,
                    leaves,
                })
            }
            wire::Move::Notation { notation } => Ok(self.parse_move(heaps, notation)?),
            other => Err(WireError::wrong(self.name(), "heap moves", other.kind())),
        }
    }
}

impl<R: HeapRules> crate::game::JudgeFormat for HeapGame<R> {
    fn reader<'a>(
        &self,
        input: Box<dyn Read + 'a>,
        limits: Limits,
    ) -> Result<Box<dyn CaseReader<Vec<u64>> + 'a>, ReadError> {
        Ok(Box::new(Heaps(NumberLines::new(
            input,
            u64::MAX,
            limits.max_cells,
            "a heap size",
            "",
        ))))
    }

    fn judge_answer(&self, _: u64, outcome: Outcome) -> String {
        if outcome.first_player_wins() {
            "WIN"
        } else {
            "LOSE"
        }
        .to_string()
    }
}

impl<R: HeapRules> crate::game::Extras for HeapGame<R> {
    fn abilities(&self) -> crate::game::Abilities {
        crate::game::Abilities {
            table: false,
            misere: true,
            genera: true,
        }
    }

    /// The game's own misère form, else a proven misère quotient (the one
    /// given in the settings, the one kept from an earlier run, or one
    /// found within the budget), else genus theory where every heap is
    /// tame and a search of the sum, with the partial quotient that reaches
    /// the furthest in front for the sums of the heaps it reached (the one
    /// given, the one kept or the one found, in that order where they
    /// reach as far: each is exact for those sums, so a nearer one decides
    /// nothing the furthest does not).
    fn misere(
        &self,
        budget: u64,
    ) -> Result<Box<dyn crate::misere::MisereEngine<Vec<u64>, SumMove<u64, u64>>>, crate::Refusal>
    {
        use crate::misere::quotient::QuotientMisere;
        if let Some(form) = self.rules().misere_form() {
            return Ok(form);
        }
        let given = self.given.clone().and_then(QuotientMisere::given);
        if let Some(proven) = given.as_ref().filter(|q| q.is_proven()) {
            return Ok(Box::new(proven.clone()));
        }
        let name = self.rules().name();
        let kept = self.kept.as_ref();
        if let Some(proven) = (kept.and_then(|kept| kept.proven(&name)))
            .filter(|q| q.game() == name)
            .and_then(QuotientMisere::new)
        {
            return Ok(Box::new(proven));
        }
        let NoQuotient { why, partial } =
            match self.rules().quotient_form(budget, self.cancel.clone()) {
                Ok(form) => return Ok(form),
                Err(found) => found,
            };
        let kept = (kept.and_then(|kept| kept.partial(&name)))
            .filter(|q| q.game() == name)
            .and_then(QuotientMisere::kept);
        // The first of the furthest (`max_by_key` keeps the last).
        let front = [given, kept, partial]
            .into_iter()
            .flatten()
            .rev()
            .max_by_key(|q| q.reach());
        let mut misere = crate::misere::Misere::new(self.rules().clone());
        misere.set_budget(budget);
        if let Some(cancel) = &self.cancel {
            misere.stop_when(cancel.clone());
        }
        // The search takes the partial quotient's answers for the sums of
        // the heaps it reached.
        if let Some(q) = front.clone() {
            misere.decide_by(Box::new(move |heaps: &[u64]| q.wins(heaps)));
        }
        let helped = front.as_ref().and_then(|q| {
            Some(format!(
                "its sums of heaps below {} decided by {}",
                crate::notation::with_commas(u128::from(q.reach()?)),
                q.named()
            ))
        });
        let why = match (helped, why) {
            (Some(helped), Some(why)) => Some(format!("{helped}; {why}")),
            (helped, why) => helped.or(why),
        };
        let search: HeapMisereForm = Box::new(crate::misere::HeapMisere(misere, why));
        Ok(match front {
            Some(front) => Box::new(crate::misere::Covered {
                front: Box::new(front),
                rest: search,
            }),
            None => search,
        })
    }

    fn component_options(
        &mut self,
        position: &Vec<u64>,
        index: usize,
        visit: &mut dyn FnMut(SumMove<u64, u64>, Nimber) -> std::ops::ControlFlow<()>,
    ) -> Result<std::ops::ControlFlow<()>, crate::Refusal> {
        self.heap_options(position, index, visit)
    }

    fn component_option_values(
        &mut self,
        position: &Vec<u64>,
        index: usize,
        target: Option<Nimber>,
    ) -> Option<crate::game::OptionValues<SumMove<u64, u64>>> {
        self.heap_option_values(position, index, target)
    }

    fn genera(
        &self,
        upto: u64,
        budget: u64,
    ) -> Result<Vec<(crate::misere::Genus, bool)>, crate::Refusal> {
        let mut misere = crate::misere::Misere::new(self.rules().clone());
        misere.set_budget(budget);
        if let Some(cancel) = &self.cancel {
            misere.stop_when(cancel.clone());
        }
        (0..upto)
            .map(|n| Ok((misere.genus(&n)?, misere.is_tame(&n)?)))
            .collect()
    }
}

impl<R: HeapRules> crate::game::Game for HeapGame<R> {
    fn admit(&mut self, heaps: &Vec<u64>, limits: Limits) -> Result<(), crate::Refusal> {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let (limit, why) = self.rules().valued_up_to(limits.max_heap);
        ensure_values(self, largest, (limit, why))?;
        match heaps.iter().find_map(|&h| self.refuses(h, limits.max_heap)) {
            Some(reason) => Err(crate::Refusal::Heap(reason)),
            None => Ok(()),
        }
    }

    /// Computing values at admission, the misère search and genera stop.
    fn stop_when(&mut self, cancel: Cancel) {
        self.cancel = Some(cancel);
    }

    /// `size` is (heaps, largest heap): 3 heaps up to 20 by default. A deal
    /// where no heap has a move is dealt again, up to 64 times (so a game
    /// with a move somewhere in the size is dealt one but for a vanishing
    /// chance, and one with none is still dealt).
    fn random_position(&mut self, rng: &mut Rng, size: Option<(u64, u64)>) -> Vec<u64> {
        let (count, largest) = size.unwrap_or((3, 20));
        let rules = self.rules();
        let has_move = |heap: u64| {
            let mut any = false;
            rules.options(&heap, &mut |_, _| any = true);
            any
        };
        let mut heaps = Vec::new();
        for _ in 0..64 {
            heaps = (0..count).map(|_| 1 + rng.below(largest)).collect();
            if heaps.iter().any(|&h| has_move(h)) {
                break;
            }
        }
        heaps
    }
}

/// "nothing", "7", "3 and 4".
fn leaves_text(leaves: &[u64]) -> String {
    let parts: Vec<String> = leaves.iter().map(|&p| with_commas(p.into())).collect();
    match parts.as_slice() {
        [] => "nothing".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// G(0), …, G(`upto` − 1) by the plain rule from any heap rules: every
/// option of every heap. No period is looked for.
pub fn plain_sequence<R: Rules<Position = u64>>(rules: &R, upto: usize) -> Sequence {
    plain_sequence_while(rules, upto, &mut |_| true).unwrap_or_else(|stopped| stopped)
}

/// [`plain_sequence`] that asks `keep_going` (with the number of values
/// done) every 1,024 values whether to go on: `Err` with the values so far
/// when it said no. What a game of your own gives as its
/// [`HeapRules::sequence_while`] when it has no faster way.
pub fn plain_sequence_while<R: Rules<Position = u64>>(
    rules: &R,
    upto: usize,
    keep_going: &mut dyn FnMut(usize) -> bool,
) -> Result<Sequence, Sequence> {
    let mut values: Vec<u32> = Vec::with_capacity(upto.min(1 << 20));
    let mut seen = MexSet::default();
    for n in 0..upto {
        if n > 0 && n.is_multiple_of(1 << 10) && !keep_going(n) {
            return Err(Sequence {
                values,
                periodicity: None,
            });
        }
        seen.clear();
        rules.options(&(n as u64), &mut |_, parts| {
            seen.insert_growing(parts.iter().fold(0u32, |x, &p| x ^ values[p as usize]) as usize);
        });
        values.push(seen.mex().value() as u32);
    }
    Ok(Sequence {
        values,
        periodicity: None,
    })
}

/// A heap game sharing its values through the settings' shelf, if any,
/// and stopped by its flag.
pub(crate) fn opened<R: HeapRules>(
    mut game: HeapGame<R>,
    settings: &crate::registry::Settings,
) -> HeapGame<R> {
    if let Some(shelf) = &settings.shelf {
        share_values(&mut game, std::sync::Arc::clone(shelf));
    }
    if let Some(cancel) = &settings.cancel {
        crate::game::Game::stop_when(&mut game, cancel.clone());
    }
    game.given = settings
        .misere_quotient
        .clone()
        .filter(|q| q.game() == game.rules().name());
    game.kept = settings.kept_quotients.clone();
    game
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, JudgeFormat, WireForm};
    use crate::games::octal::OctalCode;

    #[test]
    fn move_help_names_only_the_forms_of_move_the_game_has() {
        let help = |spec: &str| {
            let game = crate::registry::open(spec, &crate::registry::Settings::default()).unwrap();
            crate::game::Present::move_help(&game)
        };
        let take = "`H K`: take K tokens";
        let split = "`H A B`: split heap H into heaps A and B, taking nothing";
        let leave = "`H A B`: leave heap H as heaps A and B (the rest of it is taken)";
        let has = |spec: &str, forms: [bool; 3]| {
            let text = help(spec);
            let found = [take, split, leave].map(|form| text.contains(form));
            assert_eq!(found, forms, "{spec}: {text}");
        };
        has("grundys-game", [false, true, false]);
        has("nim", [true, false, false]);
        has("subtraction:1,3,4", [true, false, false]);
        has("octal:0.07", [true, false, true]);
        has("octal:4.4", [false, false, true]);
        has("octal:0.6", [true, false, true]);
        // A code with no move at all says so.
        has("subtraction:100", [false, false, false]);
        assert!(help("subtraction:100").contains("no move on heaps up to 64"));
    }

    fn read(text: &str, max: u64, count: u64) -> Vec<Result<Vec<u64>, (u64, String)>> {
        let mut lines =
            NumberLines::new(Box::new(text.as_bytes()), max, count, "a heap size", "hint");
        let mut out = Vec::new();
        loop {
            match lines.next_numbers() {
                Ok(Some(numbers)) => out.push(Ok(numbers)),
                Ok(None) => return out,
                Err(ReadError::Format(e) | ReadError::TooLarge(e)) => {
                    out.push(Err((
                        e.line,
                        format!("expected {}, found {}", e.expected, e.found),
                    )));
                    return out;
                }
                Err(e) => panic!("{e}"),
            }
        }
    }

    #[test]
    fn heap_lines_skip_blanks_and_comments_and_name_bad_lines() {
        assert_eq!(
            read("1 2\n\n  # a comment 3\n\t4\r\n5 6 7", 100, 10),
            vec![Ok(vec![1, 2]), Ok(vec![4]), Ok(vec![5, 6, 7])]
        );
        assert_eq!(read("", 100, 10), vec![]);
        assert_eq!(read("\n\n", 100, 10), vec![]);
        assert_eq!(
            read("1\n2 x3\n", 100, 10),
            vec![
                Ok(vec![1]),
                Err((
                    2,
                    "expected a heap size (a whole number from 0), found `x3`".into()
                ))
            ]
        );
        assert_eq!(
            read("12a\n", 100, 10),
            vec![Err((
                1,
                "expected a heap size (a whole number from 0), found `12a`".into()
            ))]
        );
        assert_eq!(
            read("3 -4\n", 100, 10),
            vec![Err((
                1,
                "expected a heap size (a whole number from 0), found the negative number `-4`"
                    .into()
            ))]
        );
        assert_eq!(
            read("100 101\n", 100, 10),
            vec![Err((
                1,
                "expected a heap size from 0 to 100 (hint), found a number above 100".into()
            ))]
        );
        assert_eq!(
            read("99999999999999999999999\n", u64::MAX, 10),
            vec![Err((1, "expected a heap size from 0 to 18,446,744,073,709,551,615 (hint), found a number above 18,446,744,073,709,551,615".into()))]
        );
        assert_eq!(
            read("1 2 3\n", 100, 2),
            vec![Err((
                1,
                "expected at most 2 numbers on a line (--max-cells raises the limit), found more"
                    .into()
            ))]
        );
        assert_eq!(read("1 2\n", 100, 2), vec![Ok(vec![1, 2])]);
        assert_eq!(read("1 2 \n", 100, 2), vec![Ok(vec![1, 2])]);
        assert_eq!(
            read("1 2 3 \n", 100, 2),
            vec![Err((
                1,
                "expected at most 2 numbers on a line (--max-cells raises the limit), found more"
                    .into()
            ))]
        );
        // A long word is shown by its first 20 bytes.
        assert_eq!(
            read("abcdefghijklmnopqrstuvwxyz\n", 100, 2),
            vec![Err((
                1,
                "expected a heap size (a whole number from 0), found `abcdefghijklmnopqrst`".into()
            ))]
        );
        // The line of each position, for messages about it.
        let mut lines = NumberLines::new(Box::new("\n\n7\n".as_bytes()), 9, 9, "x", "y");
        assert_eq!(lines.next_numbers().unwrap(), Some(vec![7]));
        assert_eq!(lines.case_line(), 3);
    }

    #[test]
    fn heap_moves_read_and_write_back() {
        let code: OctalCode = "0.137".parse().unwrap();
        let mut game = heap_game(code);
        let heaps = vec![10, 1];
        game.admit(&heaps, Limits::default()).unwrap();
        let mv = game.parse_move(&heaps, "1 3 4").unwrap();
        assert_eq!(
            (mv.component, mv.action, mv.leaves.clone()),
            (1, 3, vec![3, 4])
        );
        assert_eq!(game.notation(&heaps, &mv), "1 3 4");
        assert_eq!(
            game.describe_move(&heaps, &mv),
            "take 3 tokens from heap 1 (10), leaving 3 and 4"
        );
        let one = game.parse_move(&heaps, "2 1").unwrap();
        assert_eq!((one.action, one.leaves.clone()), (1, vec![]));
        assert_eq!(
            game.describe_move(&heaps, &one),
            "take 1 token from heap 2 (1), leaving nothing"
        );
        assert_eq!(game.notation(&heaps, &one), "2 1");
        // The game's reader, as the front ends use it.
        let mut reader = game
            .reader(Box::new("\n5 6\n\n7\n".as_bytes()), Limits::default())
            .unwrap();
        assert_eq!(reader.next_case().unwrap(), Some(vec![5, 6]));
        assert_eq!(reader.line(), 2);
        assert_eq!(reader.next_case().unwrap(), Some(vec![7]));
        assert_eq!(reader.line(), 4);
        assert_eq!(reader.next_case().unwrap(), None);
        let refused = |text: &str| game.parse_move(&heaps, text).unwrap_err().to_string();
        assert_eq!(refused("3 1"), "there is no heap 3 (there are 2)");
        assert_eq!(refused("1 11"), "heap 1 has 10 tokens, fewer than 11");
        assert_eq!(refused("1 x"), "`x` is not a whole number");
        assert_eq!(refused(""), "a move is `H K` or `H A B`");
        assert_eq!(refused("1"), "say how many tokens to take: `H K`");
        assert_eq!(
            refused("1 6 6"),
            "the parts add up to more than heap 1 (10)"
        );
        assert_eq!(
            refused("1 2 6"),
            "the rules do not let a heap of 10 become 2 and 6 by taking 2"
        );
        assert_eq!(game.components_noun(), "Heaps");
        assert!(game
            .move_help()
            .starts_with("A move is `H K`: take K tokens from heap H"));
        // 0.137 cannot take 1 from a heap of 10 leaving 9.
        assert_eq!(
            refused("1 1"),
            "the rules do not let a heap of 10 become 9 by taking 1"
        );
        assert_eq!(
            game.judge_answer(1, crate::engine::Outcome::FirstPlayer),
            "WIN"
        );
        assert_eq!(
            game.judge_answer(1, crate::engine::Outcome::SecondPlayer),
            "LOSE"
        );
        assert_eq!(
            game.draw(&heaps, &crate::game::Plain),
            "Heaps: 1) 10   2) 1"
        );
        assert_eq!(game.draw(&vec![], &crate::game::Plain), "Heaps: none");
        let wire_move = game.move_wire(&heaps, &mv);
        assert_eq!(
            wire_move,
            wire::Move::Heap {
                heap: 1,
                take: 3,
                leave: vec![3, 4]
            }
        );
        assert_eq!(game.move_from_wire(&heaps, &wire_move), Ok(mv.clone()));
        assert_eq!(
            game.component_wire(1, &7, Nimber(2)),
            wire::Component {
                index: 2,
                part: wire::Part::Heap { size: 7 },
                value: Some(wire::Big(2))
            }
        );
        assert_eq!(
            game.describe_component(0, &1000, Nimber(3)),
            "heap 1: 1,000 *3"
        );
        assert_eq!(leaves_text(&[1, 2, 3]), "1, 2 and 3");
    }

    #[test]
    fn the_plain_rule_handles_values_past_a_word() {
        /// Nim: a heap may become any smaller heap, so G(n) = n.
        struct Nim;
        impl Rules for Nim {
            type Position = u64;
            type Move = u64;
            fn options(&self, heap: &u64, option: &mut dyn FnMut(u64, &[u64])) {
                for left in 0..*heap {
                    option(
                        heap - left,
                        if left == 0 {
                            &[]
                        } else {
                            std::slice::from_ref(&left)
                        },
                    );
                }
            }
        }
        let values = plain_sequence(&Nim, 300).values;
        assert_eq!(values, (0..300).collect::<Vec<u32>>());
    }

    #[test]
    fn random_heaps_have_the_size_asked_for() {
        let mut game = heap_game(crate::games::grundys::GrundysGame);
        let mut rng = Rng::new(7);
        let random = game.random_position(&mut rng, Some((4, 3)));
        assert_eq!(random.len(), 4);
        assert!(random.iter().all(|h| (1..=3).contains(h)), "{random:?}");
        let default = game.random_position(&mut rng, None);
        assert_eq!(default.len(), 3);
        assert!(default.iter().all(|h| (1..=20).contains(h)), "{default:?}");
        let many = game.random_position(&mut rng, Some((200, 2)));
        assert!(many.contains(&1) && many.contains(&2), "both sizes appear");
    }

    /// A code that splits a heap into three values heaps up to 20·∛N for
    /// `--max-heap N` (its values cost some n² each), refusing a larger one
    /// with the reason, unless a period gives it.
    #[test]
    fn a_code_splitting_in_three_values_fewer_heaps() {
        let limits = |max_heap| Limits {
            max_cells: 100,
            max_heap,
        };
        let mut game = heap_game("0.8".parse::<OctalCode>().unwrap());
        // ∛1,000,000 = 100: heaps up to 2,000.
        assert_eq!(game.rules().valued_up_to(1_000_000).0, 2_000);
        // ∛999,999 is 99.99…: 1,980.
        assert_eq!(game.rules().valued_up_to(999_999).0, 1_980);
        // ∛1,000 = 10: up to 200, and 201 refused, saying why.
        game.admit(&vec![200], limits(1000)).unwrap();
        assert_eq!(game.cache().computed(), 201);
        let Err(crate::Refusal::Heap(why)) = game.admit(&vec![201], limits(1000)) else {
            panic!("heap 201 admitted");
        };
        assert_eq!(why, "heap 201 is too large: grundy values this game's heaps up to 200 (no period is known that would give the values beyond); a move splits a heap into three, so heap n's value reads some n²/12 splits, and such a game's heaps are valued up to 20·∛N for --max-heap N");
        assert_eq!(game.cache().computed(), 201, "nothing more computed");
        // Where 20·∛N is N or more, N itself, with no reason added.
        assert_eq!(game.rules().valued_up_to(8_000).0, 400);
        assert_eq!(game.rules().valued_up_to(80), (80, None));
        assert!(game.rules().valued_up_to(81).0 == 80 && game.rules().valued_up_to(81).1.is_some());
        assert_eq!(game.rules().valued_up_to(8), (8, None));
        assert_eq!(game.rules().valued_up_to(u64::MAX).0, 20 * 2_642_245);
        // A code splitting in two at most: N.
        let kayles = heap_game("0.77".parse::<OctalCode>().unwrap());
        assert_eq!(kayles.rules().valued_up_to(1_000_000), (1_000_000, None));
        // A period found within the heaps valued reaches the heaps past
        // them: 0.F's (one token taken, every way) is proven within 200
        // values.
        let mut every_way = heap_game("0.F".parse::<OctalCode>().unwrap());
        every_way.admit(&vec![1000], limits(1000)).unwrap();
        assert!(every_way.cache().computed() <= 201);
    }

    /// Rules whose values have a proven period but whose moves the engine
    /// can only list (no [`Shape`]: here a subtraction game's moves given
    /// as bare options): once their values are known, a heap past
    /// `--max-heap` has a value, but its moves would be listed one by one,
    /// so it is refused, naming the limit; below the limit it is answered.
    /// (Asked first, such a heap is refused as any heap of rules without a
    /// shape is: no period is taken for theirs before values are computed.)
    #[test]
    fn a_heap_past_the_limit_whose_moves_would_be_listed_is_refused() {
        #[derive(Clone)]
        struct Bare(crate::games::subtraction::Subtraction);
        impl Rules for Bare {
            type Position = u64;
            type Move = u64;
            fn options(&self, heap: &u64, option: &mut dyn FnMut(u64, &[u64])) {
                self.0.options(heap, option)
            }
        }
        impl HeapRules for Bare {
            fn name(&self) -> String {
                "bare".to_string()
            }
            fn sequence_while(
                &self,
                upto: usize,
                keep_going: &mut dyn FnMut(usize) -> bool,
            ) -> Result<Sequence, Sequence> {
                self.0.sequence_while(upto, keep_going)
            }
        }
        let limits = Limits {
            max_cells: 100,
            max_heap: 1000,
        };
        let mut game = heap_game(Bare("1,2".parse().unwrap()));
        assert_eq!(game.rules().shape(), Shape::Listed);
        let first = game.admit(&vec![5000], limits).unwrap_err();
        assert!(first.to_string().contains("no period is known"), "{first}");
        game.admit(&vec![5, 1000], limits).unwrap();
        // Past LISTED_HEAP (below it, a heap's moves are listed at once).
        assert_eq!(
            game.admit(&vec![5, 5_000_000], limits),
            Err(crate::Refusal::Heap(
                "heap 5,000,000 is too large: the moves of heaps past 1,000 are listed one by \
                 one in this game"
                    .to_string()
            ))
        );
        game.admit(&vec![5, 4_000_000], limits).unwrap();
        assert!(game.cache().periodicity().is_some());
        assert_eq!(game.grundy(&5_000_000), Nimber(5_000_000 % 3));
        // Past the listed heaps too, when within the limit.
        let mut game = heap_game(Bare("1,2".parse().unwrap())).list_up_to(10);
        game.admit(&vec![500], limits).unwrap();
        assert_eq!(game.refuses(500, 1000), None);
        assert!(game.refuses(1001, 1000).is_some());
        assert_eq!(game.refuses(5, 1), None, "listed");
    }

    #[test]
    fn values_are_extended_on_demand_and_refused_past_the_limit() {
        let mut game = heap_game(crate::games::grundys::GrundysGame);
        let limits = Limits {
            max_cells: 100,
            max_heap: 1000,
        };
        game.admit(&vec![10], limits).unwrap();
        let first = game.cache().computed();
        assert_eq!(first, 11);
        game.admit(&vec![12], limits).unwrap();
        assert_eq!(game.cache().computed(), 22, "doubles");
        assert_eq!(
            game.admit(&vec![2000], limits),
            Err(crate::Refusal::Heap("heap 2,000 is too large: grundy values this game's heaps up to 1,000 (no period is known that would give the values beyond)".to_string()))
        );
        // A proven period reaches any heap.
        let mut kayles = heap_game("0.77".parse::<OctalCode>().unwrap());
        kayles.admit(&vec![5], limits).unwrap();
        assert!(kayles.admit(&vec![u64::MAX - 1], limits).is_ok());
        assert!(kayles.cache().computed() <= 1001);
        // The sequence fills the cache; the search was never needed.
        assert_eq!(
            kayles.grundy(&(u64::MAX - 1)),
            kayles.cache().get(&(u64::MAX - 1)).unwrap()
        );
        // Once the limit is reached, a refused heap computes nothing more.
        #[derive(Clone, Default)]
        struct Counted(std::cell::Cell<usize>);
        impl Rules for Counted {
            type Position = u64;
            type Move = u64;
            fn options(&self, heap: &u64, option: &mut dyn FnMut(u64, &[u64])) {
                crate::games::grundys::GrundysGame.options(heap, option)
            }
        }
        impl HeapRules for Counted {
            fn name(&self) -> String {
                "counted".to_string()
            }
            fn sequence_while(
                &self,
                upto: usize,
                _: &mut dyn FnMut(usize) -> bool,
            ) -> Result<Sequence, Sequence> {
                self.0.set(self.0.get() + 1);
                Ok(plain_sequence(self, upto))
            }
        }
        let mut counted = heap_game(Counted::default());
        let small = Limits {
            max_cells: 100,
            max_heap: 50,
        };
        assert!(counted.admit(&vec![60], small).is_err());
        assert!(counted.admit(&vec![60], small).is_err());
        assert!(counted.admit(&vec![40], small).is_ok());
        assert_eq!(counted.rules().0.get(), 1, "one computation to the limit");
        let mut values = Values::default();
        values.insert(5, Nimber(3));
        assert_eq!(values.get(&5), Some(Nimber(3)));
        assert_eq!(values.get(&6), None);
    }
}
