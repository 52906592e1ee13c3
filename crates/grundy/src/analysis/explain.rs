//! Why a position has its value, as the theory says it: each component's
//! options, the value of each, their mex (the component's value), then the
//! nim-sum of the components and the move that makes it `*0`.
//!
//! The values come from the game's engine; the options and their values
//! from [`Extras::component_options`](crate::game::Extras::component_options),
//! so an explanation whose mex is not the engine's value is a bug, and is
//! refused as one rather than shown. Where the game's rule gives the
//! options' values ([`Extras::component_option_values`](crate::game::Extras::component_option_values):
//! a Nim heap of n reaches 0 … n − 1), only the listed options are
//! visited, and a component of any size is explained.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use super::document::report;
use super::{Analyst, Refusal};
use crate::game::{capitalised, Game};
use crate::nimber::Nimber;
use crate::wire::{self, Big, FORMAT_VERSION};

/// The most options of one component an explanation visits: a component
/// with more is refused unless the game's rule gives their values.
pub const MAX_OPTIONS: u64 = 1_000_000;

/// How often, in options, the cancel flag is looked at (and before each
/// component).
const CHECK_EVERY: u64 = 1024;

/// The explanation of `position` under normal play, listing at most
/// `listed` options of each component (all of them are valued, or their
/// values given by the game's rule: the mex needs every value). Refused
/// under misère play (the values do not decide it), for a component of
/// more than [`MAX_OPTIONS`] options whose values the game's rule does not
/// give (at most that many are listed), and when the game's cancel flag is
/// raised.
pub fn explain<G: Game>(
    analyst: &mut Analyst<G>,
    position: &G::Position,
    listed: usize,
) -> Result<wire::Explanation, Refusal> {
    if analyst.convention().is_misere() {
        return Err(Refusal::Unable(
            "an explanation is of normal play: under misère play the values of the components do not decide a sum (see `grundy quotient`)".to_string(),
        ));
    }
    let outcome = analyst.outcome(position)?;
    let wins = outcome.first_player_wins();
    let nim_sum_decides = analyst.nim_sum_decides(position);
    let reason = if !wins {
        Some(analyst.lost_because(position))
    } else if !nim_sum_decides {
        Some(format!(
            "{}.",
            capitalised(&analyst.game_mut().headline(position, outcome))
        ))
    } else {
        None
    };
    let cancel = analyst.game().cancel().cloned();
    let game = analyst.game_mut();
    let known = game.nim_sum_known(position);
    let components = game.components(position);
    let nim_sum = components
        .iter()
        .fold(Nimber::ZERO, |sum, &(_, value)| sum ^ value);
    let mut whys = Vec::with_capacity(components.len());
    let mut zeroing = None;
    for (i, (component, value)) in components.iter().enumerate() {
        // Before each component too: one valued by its rule visits few
        // options.
        if cancel.as_ref().is_some_and(|c| c.is_cancelled()) {
            return Err(Refusal::Cancelled);
        }
        let wire_component = game.component_wire(i, component, *value);
        let text = game.describe_component(i, component, *value);
        if wire_component.value.is_none() {
            // Decided by the game's own rule (a strip): no options to value.
            whys.push(wire::ComponentWhy {
                component: wire_component,
                text,
                options: Vec::new(),
                option_count: Big(0),
                reached: Vec::new(),
                mex: None,
            });
            continue;
        }
        let target = *value ^ nim_sum;
        let wanted =
            (nim_sum_decides && wins && zeroing.is_none() && target < *value).then_some(target);
        let seen = match game.component_option_values(position, i + 1, wanted) {
            // The rule gives the values: only the listed options are visited.
            Some(by_rule) => {
                let listed = listed.min(usize::try_from(MAX_OPTIONS).unwrap_or(usize::MAX));
                let first = visit_options(game, position, i + 1, Visit::First(listed), &cancel)?;
                Seen {
                    options: first.options,
                    count: by_rule.count,
                    runs: by_rule.reached,
                    to_target: by_rule.to_target,
                }
            }
            None => visit_options(
                game,
                position,
                i + 1,
                Visit::All { listed, wanted },
                &cancel,
            )?,
        };
        let mex = mex(&seen.runs);
        if mex != *value {
            return Err(Refusal::Unable(format!(
                "component {} is valued {} by the engine but its options' mex is {}: a bug, please report it",
                i + 1,
                value,
                mex
            )));
        }
        if let Some(mv) = &seen.to_target {
            zeroing = Some(wire::Zeroing {
                component: i + 1,
                from: Big(value.value()),
                to: Big(target.value()),
                mv: report(game, position, mv),
            });
        }
        whys.push(wire::ComponentWhy {
            component: wire_component,
            text,
            options: seen
                .options
                .iter()
                .map(|(mv, after)| wire::OptionValue {
                    mv: report(game, position, mv),
                    value: Big(after.value()),
                })
                .collect(),
            option_count: Big(seen.count),
            reached: seen
                .runs
                .iter()
                .map(|&(from, to)| [Big(from.value()), Big(to.value())])
                .collect(),
            mex: Some(Big(mex.value())),
        });
    }
    let [first, second] = game.players();
    Ok(wire::Explanation {
        format: FORMAT_VERSION,
        game: game.name(),
        case: None,
        position: game.position_wire(position),
        components: whys,
        nim_sum: known.then(|| Big(nim_sum.value())),
        nim_sum_decides,
        winner: if wins {
            wire::Winner::First
        } else {
            wire::Winner::Second
        },
        winner_name: capitalised(if wins { first } else { second }),
        zeroing,
        reason,
    })
}

/// How the options of one component are visited.
enum Visit {
    /// Every option, keeping the first `listed` and one worth `wanted`.
    All {
        listed: usize,
        wanted: Option<Nimber>,
    },
    /// Only the first options, this many (the rule gives the values).
    First(usize),
}

/// The options of one component seen: the first ones listed, how many
/// there are, the values they reach and one worth the value wanted.
struct Seen<M> {
    options: Vec<(M, Nimber)>,
    count: u128,
    runs: Vec<(Nimber, Nimber)>,
    to_target: Option<M>,
}

/// Visits the options of component `index` (from 1) as `how` says, looking
/// at `cancel` every [`CHECK_EVERY`] options; refused past [`MAX_OPTIONS`].
fn visit_options<G: Game>(
    game: &mut G,
    position: &G::Position,
    index: usize,
    how: Visit,
    cancel: &Option<crate::shared::Cancel>,
) -> Result<Seen<G::Move>, Refusal> {
    let (listed, wanted, all) = match how {
        Visit::All { listed, wanted } => (listed, wanted, true),
        Visit::First(listed) => (listed, None, false),
    };
    let mut seen = Seen {
        options: Vec::new(),
        count: 0,
        runs: Vec::new(),
        to_target: None,
    };
    let mut reached = BTreeSet::new();
    let mut stopped = None;
    let _flow = game.component_options(position, index, &mut |mv, after| {
        seen.count += 1;
        if seen.count > u128::from(MAX_OPTIONS) {
            stopped = Some(Refusal::Limit(format!(
                "component {index} has more than {} options: too many to list their values",
                with_commas(MAX_OPTIONS)
            )));
            return ControlFlow::Break(());
        }
        if seen.count.is_multiple_of(u128::from(CHECK_EVERY))
            && cancel.as_ref().is_some_and(|c| c.is_cancelled())
        {
            stopped = Some(Refusal::Cancelled);
            return ControlFlow::Break(());
        }
        reached.insert(after);
        if wanted == Some(after) && seen.to_target.is_none() {
            seen.to_target = Some(mv.clone());
        }
        if seen.options.len() < listed {
            seen.options.push((mv, after));
        }
        if !all && seen.options.len() == listed {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    })?;
    if let Some(refusal) = stopped {
        return Err(refusal);
    }
    seen.runs = runs(&reached);
    Ok(seen)
}

/// The least value not in the ascending runs `runs`.
fn mex(runs: &[(Nimber, Nimber)]) -> Nimber {
    match runs.first() {
        Some(&(from, to)) if from.is_zero() => Nimber(to.value() + 1),
        _ => Nimber::ZERO,
    }
}

/// `values` as ascending runs `(from, to)` of consecutive values.
fn runs(values: &BTreeSet<Nimber>) -> Vec<(Nimber, Nimber)> {
    let mut runs: Vec<(Nimber, Nimber)> = Vec::new();
    for &value in values {
        match runs.last_mut() {
            Some(run) if run.1.value() + 1 == value.value() => run.1 = value,
            _ => runs.push((value, value)),
        }
    }
    runs
}

fn with_commas(n: u64) -> String {
    crate::notation::with_commas(u128::from(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_and_runs() {
        let set = |v: &[u128]| v.iter().map(|&n| Nimber(n)).collect::<BTreeSet<_>>();
        let mex_of = |v: &[u128]| mex(&runs(&set(v)));
        assert_eq!(mex_of(&[]), Nimber(0));
        assert_eq!(mex_of(&[1, 2]), Nimber(0));
        assert_eq!(mex_of(&[0, 1, 3]), Nimber(2));
        assert_eq!(mex_of(&[0, 1, 2]), Nimber(3));
        let run = |a: u128, b: u128| (Nimber(a), Nimber(b));
        assert_eq!(
            runs(&set(&[0, 1, 3, 5, 6, 7])),
            [run(0, 1), run(3, 3), run(5, 7)]
        );
        assert!(runs(&set(&[])).is_empty());
    }
}
