//! `grundy explain`: why each component has its value (its options, the
//! value of each, and their mex), and how the nim-sum of the values
//! decides the position, step by step.

use std::io::{self, Write};

use grundy::analysis::{self, Analyst};
use grundy::notation::with_commas;
use grundy::{wire, Game, Refusal};

use super::solve::InputFormat;
use super::Env;
use crate::cli::GameInput;
use crate::input::{refused, Cases, Source};
use crate::output::{self, Output};
use crate::words::refusal;

const EXAMPLES: &str = "\
Examples:
  printf '2 3\\n.##\\n#..\\n' | grundy explain bomb
  echo '4 2' | grundy explain cutting
  echo '3 5 6' | grundy explain nim
  grundy explain matrix examples/matrix.txt --format json";

/// Explain why each component has its value, and how their nim-sum decides.
///
/// Reads the same input as `grundy solve`. For each case and component: its
/// options (the moves in it), the value each leaves, and their mex (the
/// least value no option reaches), which is the component's Grundy value;
/// then the nim-sum of the values and, where it is not *0, the move that
/// makes it *0. Normal play only.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    #[command(flatten)]
    pub input: GameInput,
    #[command(flatten)]
    pub limits: crate::cli::LimitArgs,
    /// How many options of each component to list (all of them are
    /// valued, up to 1,000,000 a component, unless the game's rule gives
    /// their values, as Nim's does at any size): 12 in text, every one (at
    /// most 1,000,000) in JSON unless given.
    #[arg(long, value_name = "N")]
    pub options: Option<usize>,
    /// `text` for people, `json` for one JSON object per case and line
    /// (`Explanation` in `schema/grundy.schema.json`).
    #[arg(long, value_enum, default_value_t = super::solve::Format::Text)]
    pub format: super::solve::Format,
    /// How the input is written, as for `grundy solve`.
    #[arg(long = "input", value_name = "FORMAT", value_enum, default_value_t = InputFormat::Text)]
    pub input_format: InputFormat,
}

/// Options listed in text unless `--options` says.
const TEXT_OPTIONS: usize = 12;
/// The most options a drawing in the game's terms shows.
const DRAWN_OPTIONS: usize = 256;
/// Components whose values the nim-sum line writes out.
const SUM_TERMS: usize = 16;

/// Runs `grundy explain`.
pub fn run(args: Args, env: Env) -> anyhow::Result<()> {
    let limits = env.limits();
    let mut analyst = Analyst::normal(env.open(&args.input.game)?);
    let source = Source::open(args.input.file.as_deref())?;
    source.announce(&grundy::game::Present::name(analyst.game()));
    let name = source.name().to_string();
    let listed = match (args.options, args.format) {
        (Some(n), _) => n,
        (None, super::solve::Format::Text) => TEXT_OPTIONS,
        (None, super::solve::Format::Json) => usize::MAX,
    };
    output::run_cases(
        &mut analyst,
        source.into_reader().into(),
        io::stdout().lock(),
        |analyst, input, out| {
            let mut cases = match args.input_format {
                InputFormat::Text => Cases::new(analyst.game(), &name, Box::new(input), limits)?,
                InputFormat::Json => Cases::json(&name, Box::new(input), limits),
            };
            explain_cases(analyst, &mut cases, out, &name, listed, args.format)
        },
    )
    .map(drop)
}

fn explain_cases<G: Game, W: Write>(
    analyst: &mut Analyst<G>,
    cases: &mut Cases<'_, G>,
    out: &Output<W>,
    name: &str,
    listed: usize,
    format: super::solve::Format,
) -> anyhow::Result<()> {
    while let Some(position) = cases.next(analyst.game_mut())? {
        let refuse = |e: Refusal| refused(name, cases.line, refusal(&e));
        // Text asks for enough options to draw a component in the game's
        // terms (a bomb's grid), and lists `listed` where it cannot.
        let asked = match format {
            super::solve::Format::Text => listed.max(DRAWN_OPTIONS),
            super::solve::Format::Json => listed,
        };
        let mut explanation = analysis::explain(analyst, &position, asked).map_err(refuse)?;
        explanation.case = Some(cases.count);
        let text = match format {
            super::solve::Format::Text => super::solve::with_note(
                text(analyst, &position, &explanation, listed),
                cases.note(),
            ),
            super::solve::Format::Json => serde_json::to_string(&explanation)? + "\n",
        };
        out.borrow_mut().text(&text)?;
    }
    Ok(())
}

/// `*3`.
fn star(value: &wire::Big) -> String {
    format!("*{}", value.0)
}

/// The values reached, as runs: `*0…*3, *5`.
fn runs(reached: &[[wire::Big; 2]]) -> String {
    if reached.is_empty() {
        return "no value (it has no option)".to_string();
    }
    reached
        .iter()
        .map(|[from, to]| match to.0 - from.0 {
            0 => star(from),
            1 => format!("{}, {}", star(from), star(to)),
            _ => format!("{}…{}", star(from), star(to)),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn plural(count: u128, one: &str) -> String {
    let s = if count == 1 { "" } else { "s" };
    format!("{} {one}{s}", with_commas(count))
}

/// An explanation as text.
fn text<G: Game>(
    analyst: &mut Analyst<G>,
    position: &G::Position,
    explanation: &wire::Explanation,
    listed: usize,
) -> String {
    let game = analyst.game_mut();
    let components = game.components(position);
    let wins = explanation.winner == wire::Winner::First;
    let outcome = if wins {
        grundy::Outcome::FirstPlayer
    } else {
        grundy::Outcome::SecondPlayer
    };
    let case = explanation.case.unwrap_or(1);
    let headline = game.headline(position, outcome);
    // A win the nim-sum does not decide: the headline says why, and the
    // last line shows how (a winning move) rather than saying it again.
    let winning = if wins && !explanation.nim_sum_decides {
        analyst
            .first_winning_moves(position, 1)
            .ok()
            .and_then(|moves| moves.into_iter().next())
    } else {
        None
    };
    let game = analyst.game_mut();
    let deciding = explanation.nim_sum.filter(|_| explanation.nim_sum_decides);
    let mut text = match &deciding {
        Some(sum) => format!("Case {case}: {headline} (nim-sum {}).\n", star(sum)),
        None => format!("Case {case}: {headline}.\n"),
    };
    if components.is_empty() {
        text += "  No component is left: the player to move has no move, and loses.\n";
        return text;
    }
    for (i, (why, (component, value))) in explanation.components.iter().zip(&components).enumerate()
    {
        let described = game.describe_component(i, component, *value);
        let Some(mex) = &why.mex else {
            text += &format!("  {described}: decided by the game's own rule, not by a value.\n");
            continue;
        };
        if why.option_count.0 == 0 {
            text += &format!(
                "  {described}: it has no option, and the mex of no value is {}.\n",
                star(mex)
            );
            continue;
        }
        text += &format!(
            "  {described}, from its {}:\n",
            plural(why.option_count.0, "option")
        );
        let drawing = (why.options.len() as u128 == why.option_count.0)
            .then(|| {
                let options: Option<Vec<(G::Move, grundy::Nimber)>> = why
                    .options
                    .iter()
                    .map(|o| {
                        let mv = game.move_from_wire(position, &o.mv.mv).ok()?;
                        Some((mv, grundy::Nimber(o.value.0)))
                    })
                    .collect();
                game.draw_options(&options?)
            })
            .flatten();
        let shown = match &drawing {
            Some(drawing) => {
                for line in drawing.lines() {
                    text += &format!("    {line}\n");
                }
                why.options.len()
            }
            None => {
                for option in why.options.iter().take(listed) {
                    text += &format!(
                        "    {} → {}: {}\n",
                        option.mv.notation,
                        star(&option.value),
                        option.mv.text
                    );
                }
                why.options.len().min(listed)
            }
        };
        let more = why.option_count.0 - shown as u128;
        if more > 0 {
            text += &format!(
                "    … and {} more (--options N lists more)\n",
                with_commas(more)
            );
        }
        text += &format!(
            "    Its options reach {}; the least value they miss (the mex) is {}, so its value is {}.\n",
            runs(&why.reached),
            star(mex),
            star(mex)
        );
    }
    let Some(nim_sum) = deciding else {
        if let Some(mv) = &winning {
            text += &format!("  Winning move: {}.\n", game.describe_move(position, mv));
        } else if let Some(reason) = &explanation.reason {
            text += &format!("  {reason}\n");
        }
        return text;
    };
    let terms: Vec<String> = components
        .iter()
        .take(SUM_TERMS)
        .map(|(_, v)| format!("{v}"))
        .collect();
    let etc = if components.len() > SUM_TERMS {
        " ⊕ …"
    } else {
        ""
    };
    text += &format!(
        "  The nim-sum: {}{etc} = {}.",
        terms.join(" ⊕ "),
        star(&nim_sum)
    );
    match &explanation.zeroing {
        Some(zeroing) => {
            let index = zeroing.component - 1;
            let (component, value) = &components[index];
            let label = game.describe_component(index, component, *value);
            text += &format!(
                " Not *0: the player to move wins by making it *0.\n  {label} holds the nim-sum's highest bit: it must go from {} to {} ⊕ {} = {}, by its option {}: {}.\n",
                star(&zeroing.from),
                star(&zeroing.from),
                star(&nim_sum),
                star(&zeroing.to),
                zeroing.mv.notation,
                zeroing.mv.text
            );
        }
        None => {
            text += " It is *0: any move changes one value and makes the nim-sum non-zero, and the opponent makes it *0 again, until the player to move has no move.\n";
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use wire::Big;

    #[test]
    fn runs_are_written_short() {
        let run = |a: u128, b: u128| [Big(a), Big(b)];
        assert_eq!(
            runs(&[run(0, 3), run(5, 5), run(7, 8)]),
            "*0…*3, *5, *7, *8"
        );
        assert_eq!(runs(&[]), "no value (it has no option)");
        assert_eq!(plural(1, "option"), "1 option");
        assert_eq!(plural(1200, "option"), "1,200 options");
    }
}
