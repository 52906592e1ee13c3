//! Misère quotients against brute-force misère play of the literal rules,
//! and against published facts (T. E. Plambeck and A. N. Siegel, "Misère
//! quotients for impartial games", JCTA 115 (2008); the figures of A. N.
//! Siegel's MisereSolver quoted in the issue that asked for quotients).

use std::collections::HashMap;

use grundy::games::octal::OctalCode;
use grundy::misere::quotient::{check, compute, CheckError, Quotient, Settings};

/// The document of `code`'s partial quotient of the heaps below `upto`.
fn partial(code: &str, upto: u64) -> grundy::wire::Quotient {
    compute(
        &code.parse::<OctalCode>().unwrap(),
        &Settings {
            upto,
            ..Settings::default()
        },
        &mut |_| {},
    )
    .document()
}

fn quotient(code: &str) -> Quotient {
    compute(&code.parse().unwrap(), &Settings::default(), &mut |_| {})
}

/// Misère play by the letter, written apart from the quotient code: a sum
/// (sorted heaps, none empty) is lost for the player to move when it has a
/// move and every move leads to a sum won for the player to move.
struct Brute {
    code: OctalCode,
    memo: HashMap<Vec<u64>, bool>,
}

impl Brute {
    fn new(code: &str) -> Brute {
        Brute {
            code: code.parse().unwrap(),
            memo: HashMap::new(),
        }
    }

    /// The literal moves of one heap: what it leaves.
    fn leaves(&self, heap: u64) -> Vec<Vec<u64>> {
        let digits = self.code.to_string();
        let (_, after) = digits.split_once('.').unwrap();
        let before = digits.split_once('.').unwrap().0;
        let mut out = Vec::new();
        let digit_of = |k: usize| -> u32 {
            if k == 0 {
                before
                    .chars()
                    .last()
                    .and_then(|c| c.to_digit(16))
                    .unwrap_or(0)
            } else {
                after
                    .chars()
                    .nth(k - 1)
                    .and_then(|c| c.to_digit(16))
                    .unwrap_or(0)
            }
        };
        for k in 0..=heap as usize {
            let d = digit_of(k);
            let rest = heap - k as u64;
            if d & 1 != 0 && rest == 0 && k > 0 {
                out.push(vec![]);
            }
            if d & 2 != 0 && rest > 0 && k > 0 {
                out.push(vec![rest]);
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    if a <= rest - a {
                        out.push(vec![a, rest - a]);
                    }
                }
            }
            if d & 8 != 0 {
                for a in 1..rest {
                    for b in a..rest {
                        // Three heaps a ≤ b ≤ c.
                        if a + b < rest && b <= rest - a - b {
                            out.push(vec![a, b, rest - a - b]);
                        }
                    }
                }
            }
        }
        out
    }

    /// Whether no heap of the sum has a move.
    fn leaves_nothing(&self, sum: &[u64]) -> bool {
        sum.iter().all(|&h| self.leaves(h).is_empty())
    }

    /// The sum's first legal move in the rules' order (heap by heap, each
    /// as [`Brute::leaves`] lists them), if any.
    fn first_legal(&self, sum: &[u64]) -> Option<LiteralMove> {
        sum.iter()
            .enumerate()
            .find_map(|(i, &h)| self.leaves(h).first().map(|l| (i + 1, l.clone())))
    }

    /// Whether the sum is a misère P-position.
    fn lost(&mut self, sum: &[u64]) -> bool {
        if let Some(&v) = self.memo.get(sum) {
            return v;
        }
        let mut any_move = false;
        let mut to_lost = false;
        for i in 0..sum.len() {
            if i > 0 && sum[i] == sum[i - 1] {
                continue;
            }
            for left in self.leaves(sum[i]) {
                any_move = true;
                let mut next: Vec<u64> = sum[..i].iter().chain(&sum[i + 1..]).copied().collect();
                next.extend(left);
                next.sort_unstable();
                if self.lost(&next) {
                    to_lost = true;
                    break;
                }
            }
            if to_lost {
                break;
            }
        }
        let lost = any_move && !to_lost;
        self.memo.insert(sum.to_vec(), lost);
        lost
    }
}

/// Misère play of `copies` heaps of `big` beside smaller heaps, by the
/// letter, a sum with no heap of `big` answered by a quotient of the
/// smaller heaps (exact for such sums).
struct Beside<'a> {
    brute: Brute,
    smaller: &'a Quotient,
    big: u64,
    memo: HashMap<(usize, Vec<u64>), bool>,
}

impl Beside<'_> {
    fn lost(&mut self, copies: usize, heaps: &[u64]) -> bool {
        let mut heaps = heaps.to_vec();
        heaps.sort_unstable();
        if copies == 0 {
            return self.smaller.is_p_position(&heaps).unwrap();
        }
        if let Some(&lost) = self.memo.get(&(copies, heaps.clone())) {
            return lost;
        }
        let mut moves: Vec<(usize, Vec<u64>)> = Vec::new();
        for left in self.brute.leaves(self.big) {
            moves.push((copies - 1, [heaps.as_slice(), &left].concat()));
        }
        for i in 0..heaps.len() {
            for left in self.brute.leaves(heaps[i]) {
                let rest = [&heaps[..i], &heaps[i + 1..], &left].concat();
                moves.push((copies, rest));
            }
        }
        // A heap of `big` has a move, so the sum is not over.
        let lost = !moves.iter().any(|(c, next)| self.lost(*c, next));
        self.memo.insert((copies, heaps), lost);
        lost
    }
}

impl Brute {
    /// Every winning move of a sum, by the letter (a move to a lost sum):
    /// the heap moved in (from 1) and what it leaves, sorted.
    fn winning_moves(&mut self, sum: &[u64]) -> Vec<(usize, Vec<u64>)> {
        let mut moves = Vec::new();
        for (i, &heap) in sum.iter().enumerate() {
            for mut leaves in self.leaves(heap) {
                let mut next: Vec<u64> = sum[..i].iter().chain(&sum[i + 1..]).copied().collect();
                next.extend(&leaves);
                next.sort_unstable();
                if self.lost(&next) {
                    leaves.sort_unstable();
                    moves.push((i + 1, leaves));
                }
            }
        }
        moves.sort();
        moves
    }
}

/// The winning moves a misère form names, as [`Brute::winning_moves`]
/// writes them.
fn winning_moves(
    form: &mut dyn grundy::misere::MisereEngine<Vec<u64>, grundy::rules::SumMove<u64, u64>>,
    sum: &[u64],
) -> Vec<(usize, Vec<u64>)> {
    as_written(form.winning_moves(&sum.to_vec()).unwrap())
}

/// Moves as [`Brute::winning_moves`] writes them: each its heap's place and
/// the heaps it leaves, sorted.
fn as_written(moves: Vec<grundy::rules::SumMove<u64, u64>>) -> Vec<(usize, Vec<u64>)> {
    let mut moves: Vec<(usize, Vec<u64>)> = moves
        .into_iter()
        .map(|m| {
            let mut leaves = m.leaves;
            leaves.sort_unstable();
            (m.component, leaves)
        })
        .collect();
    moves.sort();
    moves
}

/// Asserts that a misère form's outcome and winning moves of `sum` are
/// literal play's.
fn plays_by_the_letter(
    form: &mut dyn grundy::misere::MisereEngine<Vec<u64>, grundy::rules::SumMove<u64, u64>>,
    brute: &mut Brute,
    sum: &[u64],
) {
    let lost = brute.lost(sum);
    assert_eq!(
        form.outcome(&sum.to_vec()).unwrap().first_player_wins(),
        !lost,
        "{sum:?}"
    );
    assert_eq!(
        winning_moves(form, sum),
        brute.winning_moves(sum),
        "{sum:?}"
    );
}

/// Every multiset of heaps (each ≥ 1) with at most `tokens` tokens.
fn sums(tokens: u64) -> Vec<Vec<u64>> {
    fn go(left: u64, max: u64, cur: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.push(cur.clone());
        for h in (1..=max.min(left)).rev() {
            cur.push(h);
            go(left - h, h, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(tokens, tokens, &mut Vec::new(), &mut out);
    for s in &mut out {
        s.sort_unstable();
    }
    out
}

#[test]
fn the_quotient_predicts_literal_misere_play_of_every_small_sum() {
    for (code, tokens) in [
        ("0.75", 30),
        ("0.77", 30),
        ("0.34", 30),
        ("0.123", 30),
        ("4.4", 30),
        ("0.3", 30),
        ("0.71", 30),
        ("0.53", 30),
        ("0.15", 30),
    ] {
        let q = quotient(code);
        assert!(q.period().is_some(), "{code}: {:?}", q.unproven());
        let mut brute = Brute::new(code);
        let mut p_positions = 0;
        for sum in sums(tokens) {
            let lost = brute.lost(&sum);
            p_positions += usize::from(lost);
            assert_eq!(q.is_p_position(&sum), Some(lost), "{code}: heaps {sum:?}");
        }
        assert!(p_positions > 10, "{code}: the test must see P-positions");
    }
}

/// Dawson's Kayles and 0.64 need the classes of smaller heaps to split
/// (MisereSolver's recalibration). 0.07's partial quotient of heaps ≤ 33
/// has order 638, the figure the issue reports from MisereSolver, and that
/// of heaps ≤ 30 has order 360, as A. N. Siegel wrote of MisereSolver's
/// Q₃₀(0.07) ("Some MisereSolver questions answered", miseregames.wordpress.com,
/// 28 August 2007); 0.64 is taken to heap 14 (MisereSolver stalls at 15).
/// Both partial quotients predict literal misère play of every small sum,
/// and 0.07's, played beside heaps of 34, shows why heap 34 is hard.
#[test]
fn partial_quotients_that_split_old_classes_predict_literal_play() {
    for (code, upto, tokens) in [("0.07", 34, 26), ("0.64", 15, 24)] {
        let settings = Settings {
            upto,
            ..Settings::default()
        };
        let q = compute(&code.parse().unwrap(), &settings, &mut |_| {});
        assert_eq!(q.heaps(), upto, "{code}: {:?}", q.unproven());
        if code == "0.07" {
            assert_eq!(q.order(), 638);
            let changes: Vec<u64> = q.changes().iter().map(|c| c.0).collect();
            assert_eq!(changes, [2, 4, 10, 14, 25, 27, 30, 31, 32, 33]);
            let q30 = q.changes().iter().rev().find(|c| c.0 <= 30).unwrap();
            assert_eq!(q30.1, 360, "the order of Q₃₀: {:?}", q.changes());
            // Beside Q₃₃, a heap of 34 (g): 34 + 14 is won and 3 × 34 + 14
            // lost, so no quotient holding heap 34 has g³ = g; 34 + 2 + 2 +
            // 2 + 2 + 2 + 4 + 10 is lost, as `grundy solve --misere` finds
            // too (docs/misere.md).
            let mut beside = Beside {
                brute: Brute::new(code),
                smaller: &q,
                big: 34,
                memo: HashMap::new(),
            };
            assert!(!beside.lost(1, &[14]));
            assert!(beside.lost(3, &[14]));
            assert!(beside.lost(1, &[2, 2, 2, 2, 2, 4, 10]));
            assert!(!beside.lost(0, &[2, 2, 2, 2, 2, 4, 10]));
        }
        let mut brute = Brute::new(code);
        for sum in sums(tokens) {
            if sum.iter().all(|&h| h < upto) {
                let lost = brute.lost(&sum);
                assert_eq!(q.is_p_position(&sum), Some(lost), "{code}: heaps {sum:?}");
            }
        }
    }
}

/// Where no quotient is proven within a question's bounds, the partial
/// quotient those bounds reached answers the sums of its heaps, in front of
/// the search ([`Covered`]): outcome and every winning move as literal
/// play has them, and the basis naming it; a sum with a larger heap goes on
/// to the search, whose answers and basis it keeps.
#[test]
fn a_partial_quotient_answers_the_sums_of_the_heaps_it_reached() {
    use grundy::misere::quotient::{request_settings, QuotientMisere};
    use grundy::misere::{Covered, HeapMisere, Misere, MisereEngine, MisereError, DEFAULT_BUDGET};
    use std::sync::Arc;
    for (code, least_reach, tokens) in [("0.07", 25, 26), ("0.64", 13, 17), ("0.35", 10, 14)] {
        let rules: OctalCode = code.parse().unwrap();
        let q = compute(&rules, &request_settings(DEFAULT_BUDGET, None), &mut |_| {});
        assert!(
            q.period().is_none(),
            "{code} is not proven within a question's bounds"
        );
        let reach = q.heaps();
        assert!(reach >= least_reach, "{code}: {reach}");
        let partial = QuotientMisere::partial(Arc::new(q)).unwrap();
        let mut alone = partial.clone();
        let mut form = Covered {
            front: Box::new(partial),
            rest: Box::new(HeapMisere(Misere::new(rules.clone()), Some("why".into()))),
        };
        let mut search = Misere::new(rules.clone());
        let mut brute = Brute::new(code);
        let (mut covered, mut beyond) = (0, 0);
        for sum in sums(tokens) {
            let inside = sum.iter().all(|&h| h < reach);
            let basis = form.basis(&sum).unwrap();
            if inside {
                covered += 1;
                assert!(basis.starts_with(&format!(
                    "the partial misère quotient of octal:{code}, exact for sums of heaps below {reach} ("
                )), "{basis}");
                let lost = brute.lost(&sum);
                assert_eq!(
                    form.outcome(&sum).unwrap().first_player_wins(),
                    !lost,
                    "{code}: {sum:?}"
                );
                assert_eq!(
                    winning_moves(&mut form, &sum),
                    brute.winning_moves(&sum),
                    "{code}: {sum:?}"
                );
                let suggested = form.suggest(&sum).unwrap();
                assert_eq!(
                    suggested.is_none(),
                    brute.leaves_nothing(&sum),
                    "{code}: {sum:?}"
                );
            } else {
                beyond += 1;
                assert_eq!(
                    basis,
                    "genus theory where every heap is tame, else a search of the sum (why)"
                );
                assert_eq!(
                    alone.outcome(&sum),
                    Err(MisereError::Uncovered),
                    "{code}: {sum:?}"
                );
                assert!(alone.winning_moves(&sum).is_err() && alone.suggest(&sum).is_err());
                if let Ok(outcome) = search.outcome_by_search(&sum) {
                    assert_eq!(form.outcome(&sum).unwrap(), outcome, "{code}: {sum:?}");
                }
            }
        }
        assert!(
            covered > 100 && beyond > 0,
            "{code}: {covered} covered, {beyond} beyond"
        );
    }
}

/// A lost sum has no winning move, and what is suggested there is its
/// first legal move in the rules' order (nothing when it has none), as
/// literal play has it: for every sum of at most 14 tokens of codes whose
/// first move leaves nothing, one heap, two heaps or three (0.8's only
/// move takes one token and leaves three heaps).
#[test]
fn a_lost_sum_s_suggestion_is_its_first_legal_move() {
    use grundy::misere::quotient::QuotientMisere;
    use grundy::misere::MisereEngine;
    use std::sync::Arc;
    for code in ["0.8", "0.9", "0.4", "0.07", "0.75", "4.C"] {
        let rules: OctalCode = code.parse().unwrap();
        let settings = Settings {
            upto: 15,
            ..Settings::default()
        };
        let q = compute(&rules, &settings, &mut |_| {});
        let mut engine = QuotientMisere::partial(Arc::new(q)).unwrap();
        let mut brute = Brute::new(code);
        let mut lost = 0;
        for sum in sums(14) {
            assert!(engine.covers(&sum), "{code}: {sum:?}");
            if brute.leaves_nothing(&sum) {
                // Won in misère play, with nothing to suggest: the empty
                // sum, and under 0.8 every sum of heaps below 4.
                assert_eq!(engine.suggest(&sum).unwrap(), None, "{code}: {sum:?}");
            }
            if !brute.lost(&sum) {
                continue;
            }
            assert_eq!(winning_moves(&mut engine, &sum), vec![], "{code}: {sum:?}");
            let first_legal = brute.first_legal(&sum);
            let suggested = engine.suggest(&sum).unwrap().map(|m| as_literal(&m));
            assert!(
                first_legal.is_some(),
                "{code}: {sum:?} is lost with no move"
            );
            assert_eq!(suggested, first_legal, "{code}: {sum:?}");
            lost += 1;
        }
        assert!(lost > 10, "{code}: {lost} lost");
    }
}

/// A search told a partial quotient's answers ([`Misere::decide_by`])
/// takes them for the sums of the heaps it reached and searches only the
/// sums with a larger heap: for every sum with a heap past the reach, its
/// outcome and every winning move are as literal play has them, and the
/// quotient was asked and answered along the way. A decider that answers
/// nothing leaves the search as it was; one that lies is believed (the
/// answers are the decider's, which is why only an exact form is told).
#[test]
fn a_search_told_a_partial_quotient_s_answers_stays_exact_past_its_reach() {
    use grundy::misere::quotient::QuotientMisere;
    use grundy::misere::Misere;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    for (code, upto, tokens) in [("0.07", 12, 23), ("0.77", 6, 17), ("0.35", 9, 16)] {
        let rules: OctalCode = code.parse().unwrap();
        let settings = Settings {
            upto,
            ..Settings::default()
        };
        let q = compute(&rules, &settings, &mut |_| {});
        assert_eq!(q.heaps(), upto, "{code}");
        let partial = QuotientMisere::partial(Arc::new(q)).unwrap();
        assert_eq!(partial.reach(), Some(upto));
        let asked = Arc::new(AtomicUsize::new(0));
        let answered = Arc::new(AtomicUsize::new(0));
        let mut told = Misere::new(rules.clone());
        told.decide_by(Box::new({
            let (asked, answered) = (Arc::clone(&asked), Arc::clone(&answered));
            move |heaps: &[u64]| {
                asked.fetch_add(1, Ordering::Relaxed);
                let wins = partial.wins(heaps);
                answered.fetch_add(usize::from(wins.is_some()), Ordering::Relaxed);
                wins
            }
        }));
        let mut silent = Misere::new(rules.clone());
        silent.decide_by(Box::new(|_: &[u64]| None));
        let mut brute = Brute::new(code);
        let mut beyond = 0;
        for sum in sums(tokens)
            .into_iter()
            .filter(|s| s.iter().any(|&h| h >= upto))
        {
            beyond += 1;
            let lost = brute.lost(&sum);
            let by_search = told.outcome_by_search(&sum).unwrap();
            assert_eq!(by_search.first_player_wins(), !lost, "{code}: {sum:?}");
            assert_eq!(told.outcome(&sum).unwrap(), by_search, "{code}: {sum:?}");
            assert_eq!(
                as_written(told.winning_moves(&sum).unwrap()),
                brute.winning_moves(&sum),
                "{code}: {sum:?}"
            );
            assert_eq!(
                silent.outcome_by_search(&sum).unwrap(),
                by_search,
                "{code}: {sum:?}"
            );
        }
        let (asked, answered) = (
            asked.load(Ordering::Relaxed),
            answered.load(Ordering::Relaxed),
        );
        assert!(beyond > 100, "{code}: {beyond}");
        assert!(
            answered > 100 && asked > answered,
            "{code}: {asked} asked, {answered} answered"
        );
    }
    // What the search is spared: 0.07's [12, 13, 14] beside a quotient of
    // heaps below 12 takes 507 positions (a child decided lost found among
    // all of a sum's children before any is searched; 810 when the
    // children are gone through in order), and 2,996 without it.
    let rules: OctalCode = "0.07".parse().unwrap();
    let settings = Settings {
        upto: 12,
        ..Settings::default()
    };
    let partial =
        QuotientMisere::partial(Arc::new(compute(&rules, &settings, &mut |_| {}))).unwrap();
    let mut told = Misere::new(rules.clone());
    told.decide_by(Box::new(move |heaps: &[u64]| partial.wins(heaps)));
    told.set_budget(600);
    let mut silent = Misere::new(rules.clone());
    silent.set_budget(600);
    let sum = [12, 13, 14];
    let lost = Brute::new("0.07").lost(&sum);
    assert_eq!(
        told.outcome_by_search(&sum).unwrap().first_player_wins(),
        !lost
    );
    assert!(matches!(
        silent.outcome_by_search(&sum),
        Err(grundy::misere::MisereError::TooLarge { budget: 600, .. })
    ));
    // A liar is believed: every sum it answers is as it says.
    let mut fooled = Misere::new("0.77".parse::<OctalCode>().unwrap());
    fooled.decide_by(Box::new(|heaps: &[u64]| (heaps == [3]).then_some(false)));
    assert!(!fooled.outcome_by_search(&[3]).unwrap().first_player_wins());
    let mut brute = Brute::new("0.77");
    assert!(!brute.lost(&[3]));
    // [1, 3] has a move to [3] (taking the heap of 1), which the liar calls lost.
    assert!(fooled
        .outcome_by_search(&[1, 3])
        .unwrap()
        .first_player_wins());
    // And a nim heap beside (the misère values of genera) is never shown to it.
    let shown = Arc::new(AtomicUsize::new(0));
    let mut genus = Misere::new("0.77".parse::<OctalCode>().unwrap());
    genus.decide_by(Box::new({
        let shown = Arc::clone(&shown);
        move |_: &[u64]| {
            shown.fetch_add(1, Ordering::Relaxed);
            Some(true)
        }
    }));
    let mut plain = Misere::new("0.77".parse::<OctalCode>().unwrap());
    for heap in 0..12 {
        assert_eq!(
            genus.genus(&heap).unwrap(),
            plain.genus(&heap).unwrap(),
            "{heap}"
        );
    }
    assert_eq!(shown.load(Ordering::Relaxed), 0);
}

/// A quotient the front end gives (`--quotient FILE`: a document, read
/// back and checked) decides the sums of the heaps it reached, in front of
/// the look a question makes: 0.07's Q₂₇ answers sums with heaps of 25 to
/// 27, which the question's own partial quotient (heaps below 25) leaves
/// to the search, as literal play has them. Sums with a larger heap go on
/// as before; a quotient of another code is not used; a proven one answers
/// every sum.
#[test]
fn a_quotient_given_decides_the_sums_of_the_heaps_it_reached() {
    use grundy::game::Extras;
    use grundy::games::heap::HeapGame;
    use grundy::misere::DEFAULT_BUDGET;
    use grundy::registry::{Registered, Settings as Opened};
    use std::sync::Arc;
    let settings = Settings {
        upto: 28,
        ..Settings::default()
    };
    let q = compute(&"0.07".parse().unwrap(), &settings, &mut |_| {});
    assert_eq!((q.heaps(), q.order()), (28, 176));
    let text = serde_json::to_string(&q.document()).unwrap();
    let doc = serde_json::from_str(&text).unwrap();
    check(&doc).unwrap();
    let given = Arc::new(Quotient::from_document(&doc).unwrap());
    let open = |code: &str, given: &Arc<Quotient>| {
        let settings = Opened {
            misere_quotient: Some(Arc::clone(given)),
            ..Opened::default()
        };
        let game = HeapGame::<OctalCode>::open(Some(code), &settings).unwrap();
        game.misere(DEFAULT_BUDGET).unwrap()
    };
    let mut form = open("0.07", &given);
    let mut brute = Brute::new("0.07");
    // Every sum of at most 22 tokens, and each heap of 25 to 27 beside
    // every sum of at most 8.
    let mut cases = sums(22);
    for big in 25..28 {
        for mut rest in sums(8) {
            rest.push(big);
            rest.sort_unstable();
            cases.push(rest);
        }
    }
    let mut past_the_question = 0;
    for sum in cases {
        past_the_question += usize::from(sum.iter().any(|&h| h >= 25));
        let basis = form.basis(&sum).unwrap();
        assert_eq!(
            basis,
            "the partial misère quotient of octal:0.07 given, exact for sums of heaps below 28 \
             (176 elements, 28 in P)"
        );
        plays_by_the_letter(&mut *form, &mut brute, &sum);
    }
    assert!(past_the_question > 50, "{past_the_question}");
    // A larger heap: the question's own look, then the search, which
    // takes the quotient's answers for the sums of heaps below 28 its
    // moves reach, as literal play has them.
    let basis = form.basis(&vec![28, 1]).unwrap();
    assert!(
        basis.starts_with(
            "genus theory where every heap is tame, else a search of the sum (its sums of \
             heaps below 28 decided by the partial misère quotient given; no misère quotient \
             of octal:0.07 was proven within the bounds of a question: "
        ),
        "{basis}"
    );
    for big in 28..32 {
        for mut sum in sums(6) {
            sum.push(big);
            sum.sort_unstable();
            plays_by_the_letter(&mut *form, &mut brute, &sum);
        }
    }
    // Another code's quotient is not used; a proven one answers any sum.
    let kayles = Arc::new(quotient("0.77"));
    let other = open("0.07", &kayles);
    let basis = other.basis(&vec![26]).unwrap();
    assert!(
        basis.starts_with(
            "genus theory where every heap is tame, else a search of the sum (its sums of \
             heaps below 25 decided by the partial misère quotient; no misère quotient"
        ),
        "{basis}"
    );
    let mut proven = open("0.77", &kayles);
    let basis = proven.basis(&vec![1_000_000, 3]).unwrap();
    assert_eq!(
        basis,
        "the misère quotient of octal:0.77 given (40 elements, 9 in P), proven for every heap size"
    );
    assert_eq!(
        proven
            .outcome(&vec![1_000_000, 3])
            .unwrap()
            .first_player_wins(),
        kayles.is_p_position(&[1_000_000, 3]) == Some(false)
    );
}

/// A proven quotient kept between runs ([`KeptQuotients`], the user's
/// cache in the CLI) decides a heap game's misère play where the
/// question's own look, within a tiny budget, finds none; its basis is the
/// one the look gives when it finds the quotient. The store is asked for
/// the game's name only, and a quotient it returns for another game, or a
/// partial one, is not used. A quotient given ahead of it comes first.
#[test]
fn a_proven_quotient_kept_decides_where_the_look_finds_none() {
    use grundy::game::Extras;
    use grundy::games::heap::HeapGame;
    use grundy::misere::quotient::KeptQuotients;
    use grundy::registry::{Registered, Settings as Opened};
    use std::sync::{Arc, Mutex};
    struct Kept {
        quotient: Arc<Quotient>,
        asked: Mutex<Vec<String>>,
    }
    impl KeptQuotients for Kept {
        fn proven(&self, game: &str) -> Option<Arc<Quotient>> {
            self.asked.lock().unwrap().push(game.to_string());
            Some(Arc::clone(&self.quotient))
        }
    }
    let kept = |quotient: Quotient| {
        Arc::new(Kept {
            quotient: Arc::new(quotient),
            asked: Mutex::default(),
        })
    };
    let open = |code: &str, kept: &Arc<Kept>, given: Option<Arc<Quotient>>| {
        let settings = Opened {
            kept_quotients: Some(Arc::clone(kept) as Arc<dyn KeptQuotients>),
            misere_quotient: given,
            ..Opened::default()
        };
        let game = HeapGame::<OctalCode>::open(Some(code), &settings).unwrap();
        game.misere(10).unwrap()
    };
    let kayles = kept(quotient("0.77"));
    let mut form = open("0.77", &kayles, None);
    assert_eq!(*kayles.asked.lock().unwrap(), ["octal:0.77"]);
    assert_eq!(
        form.basis(&vec![60, 61, 62]).unwrap(),
        "the misère quotient of octal:0.77 (40 elements, 9 in P), proven for every heap size"
    );
    let mut brute = Brute::new("0.77");
    for sum in sums(14) {
        assert_eq!(
            form.outcome(&sum).unwrap().first_player_wins(),
            !brute.lost(&sum),
            "{sum:?}"
        );
        assert_eq!(
            winning_moves(&mut *form, &sum),
            brute.winning_moves(&sum),
            "{sum:?}"
        );
    }
    // Without it, the budget of 10 finds no quotient.
    let settings = Opened::default();
    let alone = HeapGame::<OctalCode>::open(Some("0.77"), &settings)
        .unwrap()
        .misere(10)
        .unwrap();
    let basis = alone.basis(&vec![60]).unwrap();
    assert!(basis.starts_with("genus theory"), "{basis}");
    // Kayles' quotient is not 0.75's; a partial one is not used either.
    let basis = open("0.75", &kayles, None).basis(&vec![60]).unwrap();
    assert!(basis.starts_with("genus theory"), "{basis}");
    let partial = Settings {
        upto: 20,
        ..Settings::default()
    };
    let partial = kept(compute(&"0.77".parse().unwrap(), &partial, &mut |_| {}));
    let basis = open("0.77", &partial, None).basis(&vec![60]).unwrap();
    assert!(basis.starts_with("genus theory"), "{basis}");
    // A proven quotient given comes first, and the store is not asked.
    let given = Arc::new(quotient("0.77"));
    let first = open("0.77", &partial, Some(given));
    assert!(first.basis(&vec![60]).unwrap().contains(" given "));
    assert_eq!(partial.asked.lock().unwrap().len(), 1);
}

/// A partial quotient kept between runs ([`KeptQuotients::partial`], the
/// furthest one the user's cache holds) decides the sums of the heaps it
/// reached, and the search takes its answers past them, where the game has
/// no proven one: 0.07's Q₂₇ kept answers sums with heaps of 25 to 27 as
/// literal play has them. Of the partial quotients given, kept and found,
/// the one that reaches the furthest decides (the one given where two reach
/// as far); one of another game is not used.
#[test]
fn a_partial_quotient_kept_decides_the_sums_of_the_heaps_it_reached() {
    use grundy::game::Extras;
    use grundy::games::heap::HeapGame;
    use grundy::misere::quotient::KeptQuotients;
    use grundy::misere::DEFAULT_BUDGET;
    use grundy::registry::{Registered, Settings as Opened};
    use std::sync::{Arc, Mutex};
    struct Kept {
        partial: Option<Arc<Quotient>>,
        asked: Mutex<Vec<String>>,
    }
    impl KeptQuotients for Kept {
        fn proven(&self, _: &str) -> Option<Arc<Quotient>> {
            None
        }
        fn partial(&self, game: &str) -> Option<Arc<Quotient>> {
            self.asked.lock().unwrap().push(game.to_string());
            self.partial.clone()
        }
    }
    let upto = |code: &str, upto: u64| {
        let settings = Settings {
            upto,
            ..Settings::default()
        };
        Arc::new(compute(&code.parse().unwrap(), &settings, &mut |_| {}))
    };
    let (q26, q28) = (upto("0.07", 26), upto("0.07", 28));
    let open = |kept: Option<&Arc<Quotient>>, given: Option<&Arc<Quotient>>| {
        let kept = Arc::new(Kept {
            partial: kept.cloned(),
            asked: Mutex::default(),
        });
        let settings = Opened {
            kept_quotients: Some(Arc::clone(&kept) as Arc<dyn KeptQuotients>),
            misere_quotient: given.cloned(),
            ..Opened::default()
        };
        let game = HeapGame::<OctalCode>::open(Some("0.07"), &settings).unwrap();
        let form = game.misere(DEFAULT_BUDGET).unwrap();
        assert_eq!(*kept.asked.lock().unwrap(), ["octal:0.07"]);
        form
    };
    let kept_28 = "the partial misère quotient of octal:0.07 kept in the cache, exact for sums \
                   of heaps below 28 (176 elements, 28 in P)";
    let mut form = open(Some(&q28), None);
    let mut brute = Brute::new("0.07");
    for big in 25..28 {
        for mut sum in sums(8) {
            sum.push(big);
            sum.sort_unstable();
            assert_eq!(form.basis(&sum).unwrap(), kept_28);
            plays_by_the_letter(&mut *form, &mut brute, &sum);
        }
    }
    let basis = form.basis(&vec![28, 1]).unwrap();
    assert!(
        basis.starts_with(
            "genus theory where every heap is tame, else a search of the sum (its sums of \
             heaps below 28 decided by the partial misère quotient kept in the cache; no \
             misère quotient of octal:0.07 was proven"
        ),
        "{basis}"
    );
    for mut sum in sums(4) {
        sum.push(29);
        sum.sort_unstable();
        plays_by_the_letter(&mut *form, &mut brute, &sum);
    }
    // The furthest decides; the one given where two reach as far.
    let given_28 = kept_28.replace("kept in the cache", "given");
    let decides = |kept, given| open(kept, given).basis(&vec![26, 3]).unwrap();
    assert_eq!(decides(Some(&q28), Some(&q26)), kept_28);
    assert_eq!(decides(Some(&q26), Some(&q28)), given_28);
    assert_eq!(decides(Some(&q28), Some(&q28)), given_28);
    // Nearer than the question's own look (heaps below 25): the look's.
    let own = open(Some(&upto("0.07", 20)), None)
        .basis(&vec![24, 3])
        .unwrap();
    assert!(
        own.starts_with(
            "the partial misère quotient of octal:0.07, exact for sums of heaps below 25"
        ),
        "{own}"
    );
    // Another game's is not used.
    let other = open(Some(&upto("0.77", 20)), None)
        .basis(&vec![26, 3])
        .unwrap();
    assert!(
        other.starts_with(
            "genus theory where every heap is tame, else a search of the sum (its sums of \
             heaps below 25 decided by the partial misère quotient; no misère quotient"
        ),
        "{other}"
    );
}

/// The certificate check a proof waits on stops when asked (a run's time
/// limit reaches it too), and passes when left alone.
#[test]
fn the_certificate_check_stops_when_asked() {
    use grundy::misere::quotient::{check_until, CheckError};
    let doc = quotient("0.44").document();
    assert!(matches!(
        check_until(&doc, &|| true),
        Err(CheckError::Stopped)
    ));
    assert!(check_until(&doc, &|| false).is_ok());
}

/// The check tells how far it has got each time it asks whether to stop:
/// the monoid's rows in order, then the heaps from 1 up, then the walk's
/// states; and a stop at any of those asks ends it at once.
#[test]
fn the_certificate_check_tells_how_far_it_has_got_and_stops_at_every_stage() {
    use grundy::misere::quotient::{check_watched, CheckStage};
    use std::cell::RefCell;
    let doc = quotient("0.77").document();
    let m = doc.order;
    let told = RefCell::new(Vec::new());
    let passed = check_watched(&doc, &|| false, &|stage| told.borrow_mut().push(stage)).unwrap();
    let told = told.into_inner();
    let rows: Vec<CheckStage> = (0..3 * m)
        .map(|done| CheckStage::Monoid { done, of: 3 * m })
        .collect();
    assert_eq!(told[..3 * m], rows[..]);
    let heaps: Vec<u64> = told
        .iter()
        .filter_map(|&stage| match stage {
            CheckStage::Heaps { heap, heaps } => {
                assert_eq!(heaps, passed.heaps);
                Some(heap)
            }
            _ => None,
        })
        .collect();
    assert_eq!(heaps.first(), Some(&1));
    assert!(heaps.windows(2).all(|w| w[0] < w[1]) && heaps.iter().all(|&h| h < passed.heaps));
    let rest = &told[3 * m + heaps.len()..];
    assert_eq!(rest.first(), Some(&CheckStage::Sums { states: 1 }));
    assert!(rest.iter().all(|s| matches!(s, CheckStage::Sums { .. })));
    // At the first state and every 1,024 sums followed: Kayles' 70 states
    // of at most 80 classes each follow fewer than 6,000.
    assert!(rest.len() <= 6, "{}", rest.len());
    // Stopped at the first ask of each stage, and at the last ask.
    let firsts = [0, 3 * m, 3 * m + heaps.len(), told.len() - 1];
    for first in firsts {
        let asked = std::cell::Cell::new(0);
        let stop = || {
            asked.set(asked.get() + 1);
            asked.get() > first
        };
        let last = RefCell::new(None);
        let stopped = check_watched(&doc, &stop, &|stage| *last.borrow_mut() = Some(stage));
        assert_eq!(stopped, Err(CheckError::Stopped), "stopped at ask {first}");
        assert_eq!(asked.get(), first + 1);
        assert_eq!(last.into_inner(), Some(told[first]));
    }
}

/// The check builds each product from the words: an element's word less
/// its last letter is another element's word (the solver writes least
/// words, which are so), which bounds every word by |Q| letters; and it
/// holds every product of two elements, so it refuses at once a document of
/// more elements than that allows.
#[test]
fn a_document_whose_words_are_not_chains_or_too_many_is_refused_at_once() {
    use grundy::misere::quotient::MAX_CHECK_ORDER;
    let doc = quotient("0.75").document();
    check(&doc).unwrap();
    let b2 = doc.elements.iter().position(|w| w == &[0, 2, 0]).unwrap();
    let mut b4 = doc.clone();
    // b⁴ = b² (b³ = b), but b³'s word is no element's.
    b4.elements[b2] = vec![0, 4, 0];
    let err = check(&b4).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "malformed certificate: element {b2}'s word less its last letter is no element's word"
        )
    );
    let mut twice = doc.clone();
    twice.elements[b2] = vec![0, 1, 0];
    assert!(
        matches!(check(&twice), Err(CheckError::Malformed(ref e)) if e.contains("is another element's")),
        "{:?}",
        check(&twice)
    );
    let mut astray = doc.clone();
    // b² less a letter is b, but b·b is not the element b²'s word names.
    let b = doc.elements.iter().position(|w| w == &[0, 1, 0]).unwrap();
    astray.actions[1][b] = astray.actions[1][0];
    assert_eq!(
        check(&astray),
        Err(CheckError::Malformed(format!(
            "element {b2}'s word does not lead to it"
        )))
    );
    // One generator, a cycle of MAX_CHECK_ORDER + 1 elements: refused
    // before any product is built, with the bound said.
    let m = MAX_CHECK_ORDER + 1;
    let mut big = doc.clone();
    big.order = m;
    big.generators.truncate(1);
    big.relations.clear();
    big.elements = (0..m as u32).map(|i| vec![i]).collect();
    big.actions = vec![(0..m as u32).map(|i| (i + 1) % m as u32).collect()];
    big.p_portion = vec![1];
    big.p_size = 1;
    let err = check(&big).unwrap_err();
    assert_eq!(err, CheckError::TooManyElements(m));
    assert!(err.to_string().contains("10,001 elements"), "{err}");
    assert!(err.to_string().contains("at most 10,000 elements"), "{err}");
    // Of MAX_CHECK_ORDER elements it is held, and refused for its play.
    let m = MAX_CHECK_ORDER;
    big.order = m;
    big.elements.truncate(m);
    big.actions = vec![(0..m as u32).map(|i| (i + 1) % m as u32).collect()];
    let err = check(&big).unwrap_err();
    assert!(
        matches!(err, CheckError::PToP { .. } | CheckError::NWithoutP { .. }),
        "{}",
        err.to_string().chars().take(300).collect::<String>()
    );
}

/// Fields that do not fit together are refused as such, before anything
/// is built from them.
#[test]
fn a_document_whose_fields_do_not_fit_is_refused_as_malformed() {
    let doc = quotient("0.75").document();
    let malformed = |changed: &grundy::wire::Quotient| {
        let err = check(changed).unwrap_err();
        assert!(matches!(err, CheckError::Malformed(_)), "{err}");
        err.to_string()
    };
    let mut order = doc.clone();
    order.order += 2;
    assert!(malformed(&order).contains("order 10 but 8 elements"));
    let mut none = doc.clone();
    none.order = 0;
    none.elements.clear();
    assert!(malformed(&none).contains("order 0 but 0 elements"));
    let mut short = doc.clone();
    short.actions[1].pop();
    assert!(malformed(&short).contains("action of generator 1"));
    let mut beyond = doc.clone();
    beyond.actions[2][3] = 8;
    assert!(malformed(&beyond).contains("action of generator 2"));
    let mut word = doc.clone();
    word.elements[5].push(0);
    assert!(malformed(&word).contains("one exponent per generator"));
    let mut twice = doc.clone();
    twice.p_portion = vec![twice.p_portion[0]; 2];
    assert!(malformed(&twice).contains("p_size is not the number of distinct P elements"));
    let mut size = doc.clone();
    size.p_size += 1;
    assert!(malformed(&size).contains("p_size"));
    // The heaps reached: at least Φ's period and preperiod in a proven one
    // (further is how far its run went), Φ's length in a partial one; a
    // partial one claiming more would pass for one that reaches further.
    let listed = doc.pretending.len() as u64;
    assert!(doc.heaps > listed);
    let mut fewer = doc.clone();
    fewer.heaps = listed - 1;
    assert!(malformed(&fewer).contains(&format!("heaps {} but Φ lists {listed} heaps", listed - 1)));
    let mut through = doc.clone();
    through.heaps = listed;
    assert!(check(&through).is_ok());
    let partial = compute(
        &"0.77".parse().unwrap(),
        &Settings {
            upto: 12,
            ..Settings::default()
        },
        &mut |_| {},
    )
    .document();
    assert_eq!(check(&partial).unwrap().heaps, 12);
    for heaps in [11, 13, u64::MAX] {
        let claimed = grundy::wire::Quotient {
            heaps,
            ..partial.clone()
        };
        assert!(
            malformed(&claimed).contains("but Φ lists 12 heaps"),
            "{heaps}"
        );
    }
}

/// A proven document names Φ's period and preperiod and lists Φ through
/// them, exactly: one without them, with a period of 0 (its heaps past the
/// preperiod would have no image) or with a heap more or fewer listed is
/// refused before any heap is read, never a panic.
#[test]
fn a_proven_document_lists_its_heaps_through_one_period_exactly() {
    let doc = quotient("0.77").document();
    let (period, preperiod) = (doc.period.unwrap(), doc.preperiod.unwrap());
    assert_eq!((period, preperiod), (12, 71));
    let refused = |changed: &grundy::wire::Quotient| match check(changed) {
        Err(CheckError::Pretending(why)) => why,
        other => panic!("{other:?}"),
    };
    let mut without = doc.clone();
    without.period = None;
    assert_eq!(refused(&without), "proven without a period and preperiod");
    let mut without = doc.clone();
    without.preperiod = None;
    assert_eq!(refused(&without), "proven without a period and preperiod");
    let through = "a proven document lists the heaps through the preperiod and one period";
    // Period 0, Φ listed through the preperiod: nothing would follow it.
    let mut zero = doc.clone();
    zero.period = Some(0);
    zero.pretending.truncate(preperiod as usize);
    assert_eq!(refused(&zero), through);
    // Period 0 with Φ as it was.
    zero.pretending = doc.pretending.clone();
    assert_eq!(refused(&zero), through);
    // One heap more or fewer than the preperiod and one period.
    let mut fewer = doc.clone();
    fewer.pretending.pop();
    assert_eq!(refused(&fewer), through);
    let mut more = doc.clone();
    more.pretending.push(doc.pretending[preperiod as usize]);
    assert_eq!(refused(&more), through);
    // A period or preperiod named apart from the Φ listed.
    let mut longer = doc.clone();
    longer.period = Some(period + 1);
    assert_eq!(refused(&longer), through);
    let mut later = doc.clone();
    later.preperiod = Some(preperiod - 1);
    assert_eq!(refused(&later), through);
    assert!(check(&doc).is_ok());
}

#[test]
fn kayles_has_the_published_quotient() {
    let q = quotient("0.77");
    assert_eq!(q.order(), 40);
    assert_eq!(q.p_size(), 9);
    let period = q.period().unwrap();
    assert_eq!((period.preperiod, period.period), (71, 12));
    let changes: Vec<(u64, usize)> = q.changes().iter().map(|c| (c.0, c.1)).collect();
    assert_eq!(
        changes,
        [
            (1, 2),
            (2, 6),
            (5, 12),
            (9, 18),
            (12, 24),
            (25, 32),
            (27, 40)
        ]
    );
    let doc = q.document();
    assert!(doc.proven);
    assert_eq!(doc.order % 2, 0);
    check(&doc).unwrap();
}

#[test]
fn dot_75_has_the_published_presentation() {
    let q = quotient("0.75");
    let doc = q.document();
    assert_eq!((doc.order, doc.p_size), (8, 2));
    assert_eq!((doc.preperiod, doc.period), (Some(8), Some(2)));
    let relations: Vec<&str> = doc.relations.iter().map(|r| r.text.as_str()).collect();
    assert_eq!(relations, ["a² = 1", "b³ = b", "bc = ab", "c² = b²"]);
    // Φ = 1 a b a b c b c b ab², then b ab² repeating.
    let words: Vec<String> = doc
        .pretending
        .iter()
        .map(|&x| word(&doc.elements[x as usize]))
        .collect();
    assert_eq!(words, ["1", "a", "b", "a", "b", "c", "b", "c", "b", "ab²"]);
    let p: Vec<String> = doc
        .p_portion
        .iter()
        .map(|&x| word(&doc.elements[x as usize]))
        .collect();
    assert_eq!(p, ["a", "b²"]);
    check(&doc).unwrap();
}

fn word(exponents: &[u32]) -> String {
    let mut s = String::new();
    for (i, &e) in exponents.iter().enumerate() {
        let letter = (b'a' + i as u8) as char;
        match e {
            0 => {}
            1 => s.push(letter),
            2 => s.extend([letter, '²']),
            _ => s.push_str(&format!("{letter}^{e}")),
        }
    }
    if s.is_empty() {
        "1".into()
    } else {
        s
    }
}

#[test]
fn misere_nim_below_two_to_the_k_is_tame_of_order_two_to_the_k_plus_two() {
    for k in 2..=4u32 {
        let settings = Settings {
            upto: 1 << k,
            ..Settings::default()
        };
        let q = compute(&OctalCode::nim(), &settings, &mut |_| {});
        assert_eq!(q.heaps(), 1 << k);
        assert_eq!(q.order(), (1 << k) + 2, "heaps below 2^{k}");
        assert_eq!(q.p_size(), 2);
        assert_eq!(q.tame(), Some(k));
        let doc = q.document();
        assert!(!doc.proven, "Nim's tail takes without bound: never proven");
        check(&doc).unwrap();
    }
    assert_eq!(quotient("0.75").tame(), None);
    assert_eq!(
        quotient("0.3").tame(),
        Some(1),
        "heaps pretend to be 0 or 1"
    );
    let one = compute(
        &OctalCode::nim(),
        &Settings {
            upto: 2,
            ..Settings::default()
        },
        &mut |_| {},
    );
    assert_eq!((one.order(), one.tame()), (2, Some(1)));
}

#[test]
fn a_changed_certificate_is_refused_with_its_failure_named() {
    let doc = quotient("0.77").document();
    check(&doc).unwrap();

    let mut action = doc.clone();
    let g = action.actions.len() - 1;
    let x = action.actions[g][5];
    action.actions[g][5] = (x + 1) % action.order as u32;
    assert!(check(&action).is_err());

    let mut p = doc.clone();
    p.p_portion[0] = (0..p.order as u32)
        .find(|x| !p.p_portion.contains(x))
        .unwrap();
    let err = check(&p).unwrap_err();
    assert!(
        matches!(
            err,
            CheckError::PToP { .. } | CheckError::NWithoutP { .. } | CheckError::TerminalInP { .. }
        ),
        "{err}"
    );

    let mut phi = doc.clone();
    let h = phi.pretending.len() - 1;
    phi.pretending[h] = (phi.pretending[h] + 1) % phi.order as u32;
    let err = check(&phi).unwrap_err();
    assert!(
        matches!(
            err,
            CheckError::PToP { .. } | CheckError::NWithoutP { .. } | CheckError::TerminalInP { .. }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("heaps"), "{err}");
}

/// Whether the sum a refusal names is as it says, by the document's own
/// tables and the literal moves: its image (in P or not) and its moves'
/// images. Refusals that name no sum hold trivially.
fn named_sum_is_as_said(doc: &grundy::wire::Quotient, brute: &Brute, err: &CheckError) -> bool {
    let times = |x: u32, y: u32| {
        let mut x = x;
        for (g, &e) in doc.elements[y as usize].iter().enumerate() {
            for _ in 0..e {
                x = doc.actions[g][x as usize];
            }
        }
        x
    };
    let phi = |h: u64| {
        let h = match (doc.preperiod, doc.period) {
            (Some(pre), Some(period)) if h >= pre + period => pre + (h - pre) % period,
            _ => h,
        };
        doc.pretending[h as usize]
    };
    let image = |sum: &[u64]| sum.iter().fold(0, |x, &h| times(x, phi(h)));
    let in_p = |x: u32| doc.p_portion.contains(&x);
    let moves_to_p = |sum: &[u64]| -> (bool, bool) {
        let (mut any, mut to_p) = (false, false);
        for i in 0..sum.len() {
            for left in brute.leaves(sum[i]) {
                any = true;
                let next = [&sum[..i], &sum[i + 1..], &left].concat();
                to_p |= in_p(image(&next));
            }
        }
        (any, to_p)
    };
    match err {
        CheckError::PToP { heaps, element } => {
            image(heaps) == *element && in_p(*element) && moves_to_p(heaps).1
        }
        CheckError::NWithoutP { heaps, element } => {
            image(heaps) == *element && !in_p(*element) && moves_to_p(heaps) == (true, false)
        }
        CheckError::TerminalInP { heaps, element } => {
            image(heaps) == *element && in_p(*element) && !moves_to_p(heaps).0
        }
        _ => true,
    }
}

/// Which sum a refusal names, if it names one.
fn sum_named(err: &CheckError) -> &'static str {
    match err {
        CheckError::PToP { .. } => "P to P",
        CheckError::NWithoutP { .. } => "N without P",
        CheckError::TerminalInP { .. } => "terminal in P",
        _ => "none",
    }
}

/// The check is a proof: it passes no document that is wrong. Every
/// quotient's elements are told apart by some sum of its generators, so a
/// heap made to pretend to be another element, or an element moved in or
/// out of P, is wrong for some sum of heaps within the bound: each such
/// change, one at a time, is refused (Kayles proven, Dawson's Kayles and
/// 0.56 partial, the latter tame, with heaps of one image whose winning
/// moves differ).
#[test]
fn every_changed_pretending_or_p_portion_is_refused() {
    for doc in [
        quotient("0.77").document(),
        partial("0.07", 20),
        partial("0.56", 120),
    ] {
        let brute = Brute::new(doc.game.strip_prefix("octal:").unwrap());
        let passed = check(&doc).unwrap();
        assert_eq!(passed.heaps, if doc.proven { 168 } else { doc.heaps });
        let m = doc.order as u32;
        // Each changed document, with what was changed.
        let mut changes = Vec::new();
        for h in 0..doc.pretending.len() {
            for e in (0..m).filter(|&e| e != doc.pretending[h]) {
                let mut changed = doc.clone();
                changed.pretending[h] = e;
                changes.push((format!("heap {h} as element {e}"), changed));
            }
        }
        for x in 0..m {
            let mut changed = doc.clone();
            match changed.p_portion.iter().position(|&y| y == x) {
                Some(i) => {
                    changed.p_portion.remove(i);
                }
                None => changed.p_portion.push(x),
            }
            changed.p_size = changed.p_portion.len();
            changes.push((format!("P changed at {x}"), changed));
        }
        let mut named = HashMap::new();
        for (what, changed) in &changes {
            let err = check(changed).expect_err(what);
            assert!(
                named_sum_is_as_said(changed, &brute, &err),
                "{}: {what}: {err}",
                doc.game
            );
            *named.entry(sum_named(&err)).or_insert(0) += 1;
        }
        for kind in ["P to P", "N without P", "terminal in P", "none"] {
            assert!(named.contains_key(kind), "{}: {named:?}", doc.game);
        }
    }
}

#[test]
fn misere_play_through_the_quotient_equals_the_search() {
    use grundy::misere::quotient::QuotientMisere;
    use grundy::misere::{Misere, MisereEngine};
    use std::sync::Arc;
    for (code, tokens) in [("0.77", 14), ("0.75", 14), ("0.34", 14)] {
        let mut engine = QuotientMisere::new(Arc::new(quotient(code))).unwrap();
        let mut search = Misere::new(code.parse::<OctalCode>().unwrap());
        let mut compared = 0;
        for sum in sums(tokens) {
            let Ok(outcome) = search.outcome_by_search(&sum) else {
                continue;
            };
            assert_eq!(engine.outcome(&sum).unwrap(), outcome, "{code}: {sum:?}");
            let mut expected: Vec<String> = search
                .winning_moves(&sum)
                .unwrap()
                .iter()
                .map(|m| format!("{m:?}"))
                .collect();
            let mut got: Vec<String> = engine
                .winning_moves(&sum)
                .unwrap()
                .iter()
                .map(|m| format!("{m:?}"))
                .collect();
            expected.sort();
            got.sort();
            assert_eq!(got, expected, "{code}: {sum:?}");
            compared += 1;
        }
        assert!(compared > 100, "{code}: {compared}");
    }
}

#[test]
fn kayles_heaps_near_a_million_are_answered_through_the_period() {
    use grundy::misere::quotient::QuotientMisere;
    use grundy::misere::MisereEngine;
    use std::sync::Arc;
    let q = Arc::new(quotient("0.77"));
    let mut engine = QuotientMisere::new(q.clone()).unwrap();
    let sum = vec![999_999, 1_000_000, 77];
    let moves = engine.winning_moves(&sum).unwrap();
    assert_eq!(
        engine.outcome(&sum).unwrap().first_player_wins(),
        !moves.is_empty()
    );
    for m in &moves {
        let mut next: Vec<u64> = sum.clone();
        next.remove(m.component - 1);
        next.extend(&m.leaves);
        assert_eq!(q.is_p_position(&next), Some(true), "{m:?}");
    }
    // The period: heap n and n + 12 pretend alike past the preperiod.
    assert_eq!(
        q.is_p_position(&[999_999, 1_000_000]),
        q.is_p_position(&[999_999 - 12 * 80_000, 1_000_000 - 12 * 80_000])
    );
}

/// A literal move of a sum: the heap moved in (from 1) and what it leaves.
type LiteralMove = (usize, Vec<u64>);

/// The winning moves of a sum through the quotient's products, by the
/// letter: every literal move ([`Brute::leaves`], in the rules' order,
/// heap by heap) whose sum the quotient places in P.
fn winning_by_letter(brute: &Brute, q: &Quotient, sum: &[u64]) -> Vec<LiteralMove> {
    let mut moves = Vec::new();
    for (i, &heap) in sum.iter().enumerate() {
        for leaves in brute.leaves(heap) {
            let next = [&sum[..i], &sum[i + 1..], &leaves].concat();
            if q.is_p_position(&next) == Some(true) {
                moves.push((i + 1, leaves));
            }
        }
    }
    moves
}

fn as_literal(m: &grundy::rules::SumMove<u64, u64>) -> LiteralMove {
    (m.component, m.leaves.clone())
}

/// Splits past the period's start fall into classes the engine counts in
/// one step and lists passing over the losing ones: its moves, their count
/// and its suggestion equal every literal move through the quotient, in
/// the rules' order, for heaps from below the classes' reach to several
/// periods past it, alone and beside others.
#[test]
fn winning_moves_through_the_period_are_every_literal_one_in_order() {
    use grundy::misere::quotient::QuotientMisere;
    use grundy::misere::MisereEngine;
    use std::sync::Arc;
    let mut lists = 0;
    // 0.F, 0.F1 and 4.C also split a heap in three (0.F's quotient is
    // misère Nim's on heaps of one: every sum's parity decides; 0.F1's has
    // 14 elements, 4.C's 48, its Φ of period 34 from heap 54, whose heaps
    // are taken every fifth).
    for code in ["0.75", "0.77", "0.34", "4.4", "0.15", "0.F", "0.F1", "4.C"] {
        let q = Arc::new(quotient(code));
        let period = q.period().unwrap();
        let (n0, p) = (period.preperiod as u64, period.period as u64);
        let mut engine = QuotientMisere::new(q.clone()).unwrap();
        let brute = Brute::new(code);
        // From where the classes could start (both parts past n0) to
        // several periods past where they are used.
        let start = 2 * (n0 + 2 * p);
        let every = if code == "4.C" { 5 } else { 1 };
        for big in (2 * n0..start + 3 * p)
            .step_by(every)
            .chain([start + 1000, start + 1001])
        {
            for others in [vec![], vec![1], vec![2, 3], vec![n0 + 7], vec![big + 5]] {
                let sum = [&[big][..], &others].concat();
                let letter = winning_by_letter(&brute, &q, &sum);
                let got: Vec<LiteralMove> = engine
                    .winning_moves(&sum)
                    .unwrap()
                    .iter()
                    .map(as_literal)
                    .collect();
                assert_eq!(got, letter, "{code}: {sum:?}");
                assert_eq!(
                    engine.count_winning_moves(&sum).unwrap(),
                    letter.len() as u128,
                    "{code}: {sum:?}"
                );
                let suggested = engine.suggest(&sum).unwrap().map(|m| as_literal(&m));
                assert_eq!(
                    suggested,
                    letter.first().cloned().or(brute.first_legal(&sum)),
                    "{code}: {sum:?}"
                );
                lists += usize::from(!letter.is_empty());
            }
        }
    }
    assert!(lists > 200, "{lists}");
}

/// Heaps of any size: where the classes apply, two more periods of tokens
/// add each winning class of splits once more, so the count grows by the
/// same amount every 2p tokens. The engine's count at 10^6, 10^12 and
/// 10^18 equals the count by the letter at a small heap of the same
/// residue, carried on by that step; and its first winning moves there
/// are those of a walk over the literal moves in order, none passed over.
#[test]
fn winning_moves_of_heaps_of_any_size_are_counted_and_listed_by_the_period() {
    use grundy::misere::quotient::QuotientMisere;
    use grundy::misere::MisereEngine;
    use std::ops::ControlFlow;
    use std::sync::Arc;
    for code in ["0.77", "0.75", "0.34"] {
        let q = Arc::new(quotient(code));
        let period = q.period().unwrap();
        let (n0, p) = (period.preperiod as u64, period.period as u64);
        let mut engine = QuotientMisere::new(q.clone()).unwrap();
        let brute = Brute::new(code);
        for huge in [1_000_000u64, 1_000_000_000_000, 1_000_000_000_000_000_000] {
            for offset in 0..2 * p {
                let h = huge + offset;
                let small = 2 * (n0 + p) + 4 + (h - 2 * (n0 + p) - 4) % (2 * p);
                let here = winning_by_letter(&brute, &q, &[small, 5]).len() as u128;
                let next = winning_by_letter(&brute, &q, &[small + 2 * p, 5]).len() as u128;
                let steps = u128::from((h - small) / (2 * p));
                assert_eq!(
                    engine.count_winning_moves(&vec![h, 5]).unwrap(),
                    here + (next - here) * steps,
                    "{code}: {h} beside 5"
                );
            }
            // The first 300 winning moves, against a walk in the rules'
            // order (take 1 or 2, the heap left whole, then each split
            // a + (rest − a) by a) over the moves of the huge heap.
            // What taking k may leave: read off a heap of k + 4, the
            // literal moves that leave 4 tokens.
            let kinds = |k: u64| -> Vec<usize> {
                brute
                    .leaves(k + 4)
                    .iter()
                    .filter(|l| l.iter().sum::<u64>() == 4)
                    .map(Vec::len)
                    .collect()
            };
            let first_split = (1..).find(|&k| kinds(k).contains(&2)).unwrap();
            // The first sum of a huge heap, alone or beside a small one,
            // whose first 300 winning moves (as the engine lists them) all
            // split the huge heap after the least take that splits; the
            // walk checks them and every move before them.
            let first = |engine: &mut QuotientMisere, sum: &Vec<u64>| {
                let mut listed = Vec::new();
                let _ = engine
                    .visit_winning_moves(sum, &mut |m| {
                        listed.push(m);
                        if listed.len() == 300 {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        }
                    })
                    .unwrap();
                listed
            };
            let (sum, listed) = (0..4)
                .flat_map(|offset| (0..=8).map(move |small| vec![huge + offset, small]))
                .map(|sum| sum.into_iter().filter(|&h| h > 0).collect::<Vec<u64>>())
                .map(|sum| {
                    let listed = first(&mut engine, &sum);
                    (sum, listed)
                })
                .find(|(_, listed)| {
                    listed.len() == 300
                        && listed
                            .iter()
                            .all(|m| (m.component, m.action) == (1, first_split))
                })
                .unwrap_or_else(|| panic!("{code}: no sum of many winning splits of one take"));
            let last_take = first_split;
            let listed: Vec<LiteralMove> = listed.iter().map(as_literal).collect();
            // The walk: each take up to the first that splits (no split
            // before it), the heap left whole if the rules allow it, then
            // each split.
            let mut walked = Vec::new();
            for k in 1..=last_take {
                let kinds = kinds(k);
                let rest = sum[0] - k;
                let whole = kinds.contains(&1).then(|| vec![rest]);
                let splits = (1..=rest / 2)
                    .take_while(|_| kinds.contains(&2))
                    .map(|a| vec![a, rest - a]);
                for leaves in whole.into_iter().chain(splits) {
                    let next = [&leaves[..], &sum[1..]].concat();
                    if q.is_p_position(&next) == Some(true) {
                        walked.push((1, leaves));
                        if walked.len() == 300 {
                            break;
                        }
                    }
                }
            }
            assert_eq!(listed, walked, "{code}: {sum:?}");
        }
    }
}

/// Splits in three of heaps of any size: once every class of splits has
/// formed (heaps past 3(n0 + 2p)), six more periods of tokens add to each
/// class a count that grows by the same amount each time, so along one
/// residue of the heap modulo 6p the number of winning moves is a
/// quadratic in the heap. The engine's count at 10^6, 10^12 and 10^18 (some
/// 10^35 splits) equals the quadratic through the counts by the letter at
/// three small heaps of the same residue, alone and beside a heap of 5;
/// and a sum with no winning move is told at once, its walk passing over
/// every class.
#[test]
fn splits_in_three_of_heaps_of_any_size_are_counted_by_their_classes() {
    use grundy::misere::quotient::QuotientMisere;
    use grundy::misere::MisereEngine;
    use std::sync::Arc;
    let mut lost = 0;
    for code in ["0.F", "0.F1", "4.C"] {
        let q = Arc::new(quotient(code));
        let period = q.period().unwrap();
        let (n0, p) = (period.preperiod as u64, period.period as u64);
        let mut engine = QuotientMisere::new(q.clone()).unwrap();
        let brute = Brute::new(code);
        let step = 6 * p;
        let base = 3 * (n0 + 2 * p);
        for offset in [0, 1, 5, step / 2 + 3, step - 1] {
            for others in [vec![], vec![5]] {
                let small = base + offset;
                let by_letter = |h: u64| {
                    let sum = [&[h][..], &others].concat();
                    winning_by_letter(&brute, &q, &sum).len() as i128
                };
                let (c0, c1, c2) = (
                    by_letter(small),
                    by_letter(small + step),
                    by_letter(small + 2 * step),
                );
                for huge in [1_000_000u64, 1_000_000_000_000, 1_000_000_000_000_000_000] {
                    let h = huge + (small + step - huge % step) % step;
                    let t = i128::from((h - small) / step);
                    let expected = c0 + t * (c1 - c0) + t * (t - 1) / 2 * (c2 - 2 * c1 + c0);
                    let sum = [&[h][..], &others].concat();
                    let count = engine.count_winning_moves(&sum).unwrap();
                    assert_eq!(count as i128, expected, "{code}: {sum:?}");
                    if count == 0 {
                        lost += 1;
                        assert!(engine.winning_moves(&sum).unwrap().is_empty());
                    }
                }
            }
        }
    }
    assert!(lost > 0, "no sum without a winning move");
}

/// A walk over the moves of a huge heap stops once its flag is raised,
/// within a few thousand steps, rather than run on (here it would list
/// about 2.5·10^17 winning moves).
#[test]
fn a_walk_over_a_huge_heap_s_moves_stops_when_asked() {
    use grundy::misere::quotient::QuotientMisere;
    use grundy::misere::{MisereEngine, MisereError};
    use grundy::shared::Cancel;
    use std::ops::ControlFlow;
    use std::sync::Arc;
    let mut engine = QuotientMisere::new(Arc::new(quotient("0.77"))).unwrap();
    let cancel = Cancel::new();
    engine.stop_when(cancel.clone());
    let sum = vec![1_000_000_000_000_000_000, 3];
    assert!(engine.count_winning_moves(&sum).unwrap() > 1 << 50);
    // Not raised: it goes on as long as it is asked to.
    let mut seen = 0u64;
    let flow = engine
        .visit_winning_moves(&sum, &mut |_| {
            seen += 1;
            if seen == 20_000 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
    assert!(flow.is_break());
    cancel.cancel();
    let mut seen = 0u64;
    let stopped = engine.visit_winning_moves(&sum, &mut |_| {
        seen += 1;
        ControlFlow::Continue(())
    });
    assert!(
        matches!(stopped, Err(MisereError::Cancelled)),
        "{stopped:?}"
    );
    assert!(seen < 10_000, "{seen}");
}

#[test]
fn a_run_resumed_from_its_document_at_any_heap_ends_as_a_fresh_run() {
    use grundy::misere::quotient::resume;
    let settings = |upto| Settings {
        upto,
        ..Settings::default()
    };
    // Kayles past its last change at heap 27, 0.75 to its proof (at heap
    // 22), and Dawson's Kayles through the changes at heaps 9 … 28.
    for (code, upto, every) in [("0.77", 40, 1), ("0.75", 100, 1), ("0.07", 30, 3)] {
        let code: OctalCode = code.parse().unwrap();
        let fresh = compute(&code, &settings(upto), &mut |_| {}).document();
        // The document read back is the quotient it was written from, a
        // proven one's heaps included (its Φ lists one period only); why
        // a partial run ended is the run's, not the quotient's.
        let back = Quotient::from_document(&fresh).unwrap().document();
        let ended = grundy::wire::Quotient {
            unproven: None,
            ..fresh.clone()
        };
        assert_eq!(back, ended, "{code}");
        for n in (1..fresh.heaps).step_by(every) {
            let part = compute(&code, &settings(n), &mut |_| {}).document();
            assert_eq!(part.heaps, n);
            let from = Quotient::from_document(&part).unwrap();
            let resumed = resume(from, &settings(upto), &mut |_| {}).document();
            assert_eq!(resumed, fresh, "{code} resumed at heap {n}");
        }
    }
}

/// One edit of a quotient document, as a careless hand or a bad disk
/// might make it.
#[derive(Clone, Debug)]
enum Edit {
    /// actions[g][x] = value (indices taken modulo their lengths).
    Action(usize, usize, u32),
    /// Element x moved in or out of P, with p_size kept or not.
    TogglePortion(u32, bool),
    /// Φ(h) = value.
    Pretend(usize, u32),
    /// An exponent of an element's word.
    Exponent(usize, usize, u32),
    /// The heap a generator names.
    GeneratorHeap(usize, u64),
    Period(Option<u64>),
    Preperiod(Option<u64>),
    Heaps(u64),
    Proven(bool),
    /// The last element dropped (its word and actions), order kept or not.
    DropLast(bool),
}

fn an_edit() -> impl proptest::strategy::Strategy<Value = Edit> {
    use proptest::prelude::*;
    prop_oneof![
        (0..8usize, 0..64usize, 0..70u32).prop_map(|(g, x, v)| Edit::Action(g, x, v)),
        (0..70u32, any::<bool>()).prop_map(|(x, keep)| Edit::TogglePortion(x, keep)),
        (0..100usize, 0..70u32).prop_map(|(h, v)| Edit::Pretend(h, v)),
        (0..64usize, 0..8usize, 0..4u32).prop_map(|(x, g, e)| Edit::Exponent(x, g, e)),
        (0..8usize, 0..200u64).prop_map(|(g, h)| Edit::GeneratorHeap(g, h)),
        proptest::option::of(0..20u64).prop_map(Edit::Period),
        proptest::option::of(0..100u64).prop_map(Edit::Preperiod),
        (0..300u64).prop_map(Edit::Heaps),
        any::<bool>().prop_map(Edit::Proven),
        any::<bool>().prop_map(Edit::DropLast),
    ]
}

fn edited(doc: &grundy::wire::Quotient, edits: &[Edit]) -> grundy::wire::Quotient {
    let mut doc = doc.clone();
    for edit in edits {
        match *edit {
            Edit::Action(g, x, v) if !doc.actions.is_empty() => {
                let g = g % doc.actions.len();
                if !doc.actions[g].is_empty() {
                    let x = x % doc.actions[g].len();
                    doc.actions[g][x] = v;
                }
            }
            Edit::TogglePortion(x, keep) => {
                match doc.p_portion.iter().position(|&y| y == x) {
                    Some(i) => {
                        doc.p_portion.remove(i);
                    }
                    None => doc.p_portion.push(x),
                }
                if keep {
                    doc.p_size = doc.p_portion.len();
                }
            }
            Edit::Pretend(h, v) if !doc.pretending.is_empty() => {
                let h = h % doc.pretending.len();
                doc.pretending[h] = v;
            }
            Edit::Exponent(x, g, e) if !doc.elements.is_empty() => {
                let x = x % doc.elements.len();
                if !doc.elements[x].is_empty() {
                    let g = g % doc.elements[x].len();
                    doc.elements[x][g] = e;
                }
            }
            Edit::GeneratorHeap(g, h) if !doc.generators.is_empty() => {
                let g = g % doc.generators.len();
                doc.generators[g].heap = h;
            }
            Edit::Period(p) => doc.period = p,
            Edit::Preperiod(p) => doc.preperiod = p,
            Edit::Heaps(h) => doc.heaps = h,
            Edit::Proven(p) => doc.proven = p,
            Edit::DropLast(keep) => {
                doc.elements.pop();
                for action in &mut doc.actions {
                    action.pop();
                }
                if !keep {
                    doc.order = doc.elements.len();
                }
            }
            _ => {}
        }
    }
    doc
}

/// The image of a sum of heaps under a document that passed the check:
/// each heap's element (through the period where proven), multiplied
/// through the generators' actions along the element's word.
fn predicted_lost(doc: &grundy::wire::Quotient, sum: &[u64]) -> bool {
    let phi = |h: u64| -> u32 {
        let listed = doc.pretending.len() as u64;
        if h < listed {
            return doc.pretending[h as usize];
        }
        let (period, preperiod) = (doc.period.unwrap(), doc.preperiod.unwrap());
        doc.pretending[(preperiod + (h - preperiod) % period) as usize]
    };
    let times = |x: u32, y: u32| -> u32 {
        let mut x = x;
        for (g, &e) in doc.elements[y as usize].iter().enumerate() {
            for _ in 0..e {
                x = doc.actions[g][x as usize];
            }
        }
        x
    };
    let image = sum.iter().fold(0, |x, &h| times(x, phi(h)));
    doc.p_portion.contains(&image)
}

/// The certificate check of documents edited at random (one to three
/// edits of actions, P, Φ, words, generators, period, preperiod, heaps,
/// order; 4,000 cases): it never panics, and every document it passes
/// (some 9%: edits that change nothing, or that a proven document's
/// bound allows, such as more heaps claimed) predicts literal misère play
/// of every sum of at most 12 tokens of the heaps it covers. With the
/// check's search for a P-position with a move to a P-position, or for an
/// N-position without one, left out, this fails.
#[test]
fn an_edited_certificate_is_refused_or_predicts_literal_play() {
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};
    let docs = [
        quotient("0.75").document(),
        quotient("0.77").document(),
        partial("0.07", 14),
    ];
    let small = sums(12);
    let mut lost: Vec<HashMap<Vec<u64>, bool>> = Vec::new();
    for doc in &docs {
        let mut brute = Brute::new(doc.game.strip_prefix("octal:").unwrap());
        lost.push(small.iter().map(|s| (s.clone(), brute.lost(s))).collect());
    }
    let passed = std::cell::Cell::new(0u32);
    let mut runner = TestRunner::new(Config {
        cases: 4_000,
        ..Config::default()
    });
    let edits = (0..docs.len(), prop::collection::vec(an_edit(), 1..4));
    runner
        .run(&edits, |(which, edits)| {
            let doc = edited(&docs[which], &edits);
            let Ok(checked) = check(&doc) else {
                return Ok(());
            };
            for sum in small
                .iter()
                .filter(|s| s.iter().all(|&h| h < checked.heaps))
            {
                prop_assert_eq!(
                    predicted_lost(&doc, sum),
                    lost[which][sum],
                    "{:?} passed, but mispredicts {:?}",
                    edits,
                    sum
                );
            }
            passed.set(passed.get() + 1);
            Ok(())
        })
        .unwrap();
    // The unedited documents pass and predict, as the edited ones must.
    for (doc, lost) in docs.iter().zip(&lost) {
        let heaps = check(doc).unwrap().heaps;
        for sum in small.iter().filter(|s| s.iter().all(|&h| h < heaps)) {
            assert_eq!(predicted_lost(doc, sum), lost[sum], "{}: {sum:?}", doc.game);
        }
    }
    assert!(passed.get() < 4_000, "every edit passed");
}
