//! Why a position has its value, as the theory says it: each component's
//! options, the value of each, their mex (the component's value), then the
//! nim-sum of the components and the move that makes it `*0`.
//!
//! The values come from the game's engine; the options and their values
//! from [`Extras::component_options`](crate::game::Extras::component_options),
//! so an explanation whose mex is not the engine's value is a bug, and is
//! refused as one rather than shown.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use super::document::report;
use super::{Analyst, Refusal};
use crate::game::{capitalised, Game};
use crate::nimber::Nimber;
use crate::wire::{self, Big, FORMAT_VERSION};

/// The most options of one component an explanation lists the values of:
/// a component with more is refused (its values would not fit a page).
pub const MAX_OPTIONS: u64 = 1_000_000;

/// How often, in options, the cancel flag is looked at.
const CHECK_EVERY: u64 = 1024;

/// The explanation of `position` under normal play, listing at most
/// `listed` options of each component (all of them are valued: the mex
/// needs every value). Refused under misère play (the values do not
/// decide it), for a component of more than [`MAX_OPTIONS`] options, and
/// when the game's cancel flag is raised.
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
    let components = game.components(position);
    let nim_sum = components
        .iter()
        .fold(Nimber::ZERO, |sum, &(_, value)| sum ^ value);
    let mut whys = Vec::with_capacity(components.len());
    let mut zeroing = None;
    for (i, (component, value)) in components.iter().enumerate() {
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
        let wanted = nim_sum_decides && wins && zeroing.is_none() && target < *value;
        let mut options = Vec::new();
        let mut reached = BTreeSet::new();
        let mut count = 0u64;
        let mut stopped = None;
        let mut zeroing_move = None;
        let _flow = game.component_options(position, i + 1, &mut |mv, after| {
            count += 1;
            if count > MAX_OPTIONS {
                stopped = Some(Refusal::Limit(format!(
                    "component {} has more than {} options: too many to list their values",
                    i + 1,
                    with_commas(MAX_OPTIONS)
                )));
                return ControlFlow::Break(());
            }
            if count.is_multiple_of(CHECK_EVERY)
                && cancel.as_ref().is_some_and(|c| c.is_cancelled())
            {
                stopped = Some(Refusal::Cancelled);
                return ControlFlow::Break(());
            }
            reached.insert(after);
            if wanted && after == target && zeroing_move.is_none() {
                zeroing_move = Some(mv.clone());
            }
            if options.len() < listed {
                options.push((mv, after));
            }
            ControlFlow::Continue(())
        })?;
        if let Some(refusal) = stopped {
            return Err(refusal);
        }
        let mex = mex(&reached);
        if mex != *value {
            return Err(Refusal::Unable(format!(
                "component {} is valued {} by the engine but its options' mex is {}: a bug, please report it",
                i + 1,
                value,
                mex
            )));
        }
        if let Some(mv) = zeroing_move {
            zeroing = Some(wire::Zeroing {
                component: i + 1,
                from: Big(value.value()),
                to: Big(target.value()),
                mv: report(game, position, &mv),
            });
        }
        whys.push(wire::ComponentWhy {
            component: wire_component,
            text,
            options: options
                .iter()
                .map(|(mv, after)| wire::OptionValue {
                    mv: report(game, position, mv),
                    value: Big(after.value()),
                })
                .collect(),
            option_count: Big(u128::from(count)),
            reached: runs(&reached),
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
        nim_sum: Big(nim_sum.value()),
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

/// The least value not in `values`.
fn mex(values: &BTreeSet<Nimber>) -> Nimber {
    let mut next = 0u128;
    for value in values {
        if value.value() != next {
            break;
        }
        next += 1;
    }
    Nimber(next)
}

/// `values` as ascending runs of consecutive values.
fn runs(values: &BTreeSet<Nimber>) -> Vec<[Big; 2]> {
    let mut runs: Vec<[Big; 2]> = Vec::new();
    for value in values.iter().map(|v| v.value()) {
        match runs.last_mut() {
            Some(run) if run[1].0 + 1 == value => run[1] = Big(value),
            _ => runs.push([Big(value), Big(value)]),
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
        assert_eq!(mex(&set(&[])), Nimber(0));
        assert_eq!(mex(&set(&[1, 2])), Nimber(0));
        assert_eq!(mex(&set(&[0, 1, 3])), Nimber(2));
        assert_eq!(mex(&set(&[0, 1, 2])), Nimber(3));
        let big = |a: u128, b: u128| [Big(a), Big(b)];
        assert_eq!(
            runs(&set(&[0, 1, 3, 5, 6, 7])),
            [big(0, 1), big(3, 3), big(5, 7)]
        );
        assert!(runs(&set(&[])).is_empty());
    }
}
