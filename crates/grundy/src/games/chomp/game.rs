//! Chomp for people, for the wire and for the registry: its notation,
//! drawing, wire shape (a shape of its own, `bars`), input, misère form and
//! admission.

use std::io::Read;
use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

use super::reader::{parse_bars, Positions};
use super::{sub_bars, Bar, Bite, Chomp, ChompRules, MAX_SUB_BARS};
use crate::engine::{IllegalMove, Outcome};
use crate::format::ReadError;
use crate::game::{
    Abilities, CaseReader, Extras, Game, JudgeFormat, Limits, Notation, Present, Refusal, Rng,
    Style, WireForm,
};
use crate::misere::{Misere, MisereEngine, MisereError};
use crate::nimber::Nimber;
use crate::notation::with_commas;
use crate::registry::{Entry, Examples, ParameterError, Registered, Settings};
use crate::rules::{Solver, SumMove, Unsolvable};
use crate::shared::Cancel;
use crate::wire::{self, WireError};

/// A move: a bite in one bar (from 1), leaving the bar it bites.
type Move = SumMove<Bite, Bar>;

/// The most bars of one position.
const MAX_BARS: usize = 10_000;

/// The wire shape of a position: `{"kind": "bars", "bars": [[4, 4, 3], [2, 1]]}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BarsShape {
    bars: Vec<Vec<u64>>,
}

/// Bars from their row lengths, refused with the reason.
fn bars_of(rows: Vec<Vec<u64>>) -> Result<Vec<Bar>, WireError> {
    if rows.is_empty() || rows.len() > MAX_BARS {
        return Err(WireError::Refused(format!(
            "a position of 1 to {MAX_BARS} bars, found {}",
            rows.len()
        )));
    }
    rows.into_iter()
        .enumerate()
        .map(|(i, rows)| {
            Bar::new(rows).map_err(|e| WireError::Refused(format!("bar {}: expected {e}", i + 1)))
        })
        .collect()
}

impl Present for Chomp {
    fn name(&self) -> String {
        "chomp".to_string()
    }

    fn components_noun(&self) -> &'static str {
        "Bars"
    }

    fn describe_component(&self, index: usize, bar: &Bar, value: Nimber) -> String {
        format!("bar {}: {} {value}", index + 1, bar.text())
    }

    /// Each bar as a grid, `P` the poisoned square and `#` the others,
    /// with row and column numbers.
    fn draw(&self, bars: &Vec<Bar>, style: &dyn Style) -> String {
        let mut out = Vec::new();
        for (i, bar) in bars.iter().enumerate() {
            let width = bar.rows().next().unwrap_or(0);
            let rows: Vec<usize> = bar.rows().collect();
            let label = rows.len().to_string().len();
            out.push(format!("Bar {} ({}):", i + 1, bar.text()));
            let header: Vec<String> = (1..=width).map(|c| format!("{:>2}", c % 100)).collect();
            out.push(format!("{:label$} {}", "", header.join("")));
            for (r, &length) in rows.iter().enumerate() {
                let squares: Vec<String> = (1..=length)
                    .map(|c| {
                        if (r, c) == (0, 1) {
                            format!(" {}", style.piece("P"))
                        } else {
                            " #".to_string()
                        }
                    })
                    .collect();
                out.push(format!("{:>label$} {}", r + 1, squares.join("")));
            }
        }
        out.join("\n")
    }

    fn describe_move(&self, bars: &Vec<Bar>, mv: &Move) -> String {
        let left = mv.leaves.first().map_or_else(String::new, Bar::text);
        let square = format!("({},{})", mv.action.row, mv.action.col);
        let bar = if bars.len() > 1 {
            format!("in bar {}, ", mv.component)
        } else {
            String::new()
        };
        format!("{bar}eat {square} and every square below and right of it, leaving {left}")
    }

    fn move_help(&self) -> String {
        "A move is `R C` (`B R C` in bar B when there are several): eat the square in row R, \
         column C and every square below and right of it. Rows count from the top, columns \
         from the left; the poisoned square 1 1 is never eaten."
            .to_string()
    }
}

impl Notation for Chomp {
    fn parse_move(&self, bars: &Vec<Bar>, text: &str) -> Result<Move, IllegalMove> {
        let numbers: Result<Vec<usize>, _> =
            text.split_ascii_whitespace().map(str::parse).collect();
        let wrong = || {
            IllegalMove(format!(
                "a Chomp move is `R C` or `B R C`, found `{}`",
                text.trim()
            ))
        };
        let (bar, row, col) = match *numbers.map_err(|_| wrong())?.as_slice() {
            [row, col] if bars.len() == 1 => (1, row, col),
            [row, col] => {
                return Err(IllegalMove(format!(
                    "`{row} {col}`: there are {} bars: write `B R C` with the bar B",
                    bars.len()
                )))
            }
            [bar, row, col] => (bar, row, col),
            _ => return Err(wrong()),
        };
        let Some(b) = bar.checked_sub(1).and_then(|i| bars.get(i)) else {
            return Err(IllegalMove(format!(
                "there is no bar {bar}: the bars are numbered 1 to {}",
                bars.len()
            )));
        };
        if (row, col) == (1, 1) {
            return Err(IllegalMove(
                "the square 1 1 is poisoned: it is never eaten".to_string(),
            ));
        }
        if !b.has(row, col) {
            return Err(IllegalMove(format!(
                "bar {bar} ({}) has no square in row {row}, column {col}",
                b.text()
            )));
        }
        Ok(SumMove {
            component: bar,
            action: Bite { row, col },
            leaves: vec![b.bitten(row, col)],
        })
    }

    fn notation(&self, bars: &Vec<Bar>, mv: &Move) -> String {
        let Bite { row, col } = mv.action;
        if bars.len() == 1 {
            format!("{row} {col}")
        } else {
            format!("{} {row} {col}", mv.component)
        }
    }
}

impl WireForm for Chomp {
    fn position_wire(&self, bars: &Vec<Bar>) -> wire::Position {
        let shape = BarsShape {
            bars: bars
                .iter()
                .map(|b| b.rows().map(|r| r as u64).collect())
                .collect(),
        };
        wire::Position::shaped("bars", &shape).expect("`bars` is no kind of the format's own")
    }

    fn position_from_wire(
        &self,
        position: &wire::Position,
        _: Limits,
    ) -> Result<Vec<Bar>, WireError> {
        match position {
            wire::Position::Shaped(shaped) if shaped.kind() == "bars" => {
                bars_of(shaped.fields::<BarsShape>()?.bars)
            }
            other => Err(WireError::wrong(self.name(), "bars", other.kind())),
        }
    }

    fn plain_form(&self) -> Option<&'static str> {
        Some("a list of bars, each a list of row lengths from the top, like [[4, 4, 3], [2, 1]]")
    }

    fn position_from_plain(&self, plain: &serde_json::Value) -> Result<wire::Position, WireError> {
        let rows: Vec<Vec<u64>> = serde_json::from_value(plain.clone())
            .map_err(|e| WireError::Refused(format!("expected lists of row lengths: {e}")))?;
        let bars = bars_of(rows)?;
        Ok(self.position_wire(&bars))
    }
}

impl JudgeFormat for Chomp {
    fn reader<'a>(
        &self,
        input: Box<dyn Read + 'a>,
        _: Limits,
    ) -> Result<Box<dyn CaseReader<Vec<Bar>> + 'a>, ReadError> {
        Ok(Box::new(Positions::new(input)))
    }
}

/// Chomp under misère play (whoever eats the last square but the poisoned
/// ones loses): the budgeted search over the bars, the literal rule their
/// options.
struct ChompMisere(Misere<ChompRules>);

impl MisereEngine<Vec<Bar>, Move> for ChompMisere {
    fn outcome(&mut self, bars: &Vec<Bar>) -> Result<Outcome, MisereError> {
        self.0.outcome(bars)
    }

    fn winning_moves(&mut self, bars: &Vec<Bar>) -> Result<Vec<Move>, MisereError> {
        self.0.winning_moves(bars)
    }

    fn suggest(&mut self, bars: &Vec<Bar>) -> Result<Option<Move>, MisereError> {
        self.0.suggest(bars)
    }

    fn stop_when(&mut self, cancel: Cancel) {
        self.0.stop_when(cancel);
    }
}

impl Extras for Chomp {
    fn abilities(&self) -> Abilities {
        Abilities {
            table: false,
            misere: true,
            genera: false,
        }
    }

    fn component_options(
        &mut self,
        bars: &Vec<Bar>,
        index: usize,
        visit: &mut dyn FnMut(Move, Nimber) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, Refusal> {
        self.sum_component_options(bars, index, visit)
    }

    fn misere(&self, budget: u64) -> Result<Box<dyn MisereEngine<Vec<Bar>, Move>>, Refusal> {
        let mut search = Misere::new(ChompRules);
        search.set_budget(budget);
        if let Some(cancel) = self.cancel_flag() {
            search.stop_when(cancel.clone());
        }
        Ok(Box::new(ChompMisere(search)))
    }
}

impl Game for Chomp {
    /// Refuses bars holding more than [`MAX_SUB_BARS`] sub-diagrams in all
    /// (counted, not searched), then values every bar (stopped by the
    /// flag of [`Game::stop_when`]).
    fn admit(&mut self, bars: &Vec<Bar>, _: Limits) -> Result<(), Refusal> {
        let total = bars
            .iter()
            .fold(0u64, |sum, bar| sum.saturating_add(sub_bars(bar)));
        if total > MAX_SUB_BARS {
            return Err(Refusal::Limit(format!(
                "these bars hold {} positions to value, beyond Chomp's limit of {} \
                 (a 10×10 bar holds 184,755)",
                if total == u64::MAX {
                    "more than 2^64".to_string()
                } else {
                    with_commas(total.into())
                },
                with_commas(MAX_SUB_BARS.into())
            )));
        }
        for bar in bars {
            self.try_grundy(bar).map_err(|e| match e {
                Unsolvable::Cancelled => Refusal::Cancelled,
                // Not reached: the count above bounds the positions valued.
                other => Refusal::Limit(other.to_string()),
            })?;
        }
        Ok(())
    }

    fn stop_when(&mut self, cancel: Cancel) {
        self.set_cancel(Some(cancel));
    }

    /// `size` is (rows, columns) of the rectangle the bars fit in, 4 × 5
    /// by default; one to three bars, and a square to eat besides the
    /// poisoned ones unless the rectangle is 1 × 1 (a deal of poisoned
    /// squares alone is dealt again).
    fn random_position(&mut self, rng: &mut Rng, size: Option<(u64, u64)>) -> Vec<Bar> {
        let (rows, cols) = size.unwrap_or((4, 5));
        let rows = rows.clamp(1, 12);
        let cols = cols.clamp(1, 12);
        loop {
            let bars = deal_bars(rng, rows, cols);
            let poisoned_only = bars.iter().all(|bar| bar.squares() == 1);
            if !poisoned_only || rows * cols == 1 {
                return bars;
            }
        }
    }
}

/// One to three bars in a `rows` × `cols` rectangle.
fn deal_bars(rng: &mut Rng, rows: u64, cols: u64) -> Vec<Bar> {
    let count = 1 + rng.below(3);
    (0..count)
        .map(|_| {
            let mut above = cols;
            let mut lengths = Vec::new();
            for _ in 0..1 + rng.below(rows) {
                let length = 1 + rng.below(above);
                lengths.push(length);
                above = length;
            }
            Bar::new(lengths).expect("non-increasing rows within the limits")
        })
        .collect()
}

impl Registered for Chomp {
    const ENTRY: Entry = Entry {
        name: "chomp",
        title: "Chomp",
        parameter: None,
        summary: "Chomp: bars as row lengths from the top (`4 4 3`), several joined by `+`, one position a line",
        rules: "A position is one or more bars of chocolate, each a staircase of rows of squares, no row longer than the one above; the top-left square is poisoned. A move eats one square with every square below and to the right of it, never the poisoned one. The player who cannot move, only poisoned squares being left, loses.",
        example: "chomp",
        examples: Examples {
            judge: "3 3\n2 1\n",
            answers: "WIN\nLOSE\n",
            won: "4 4 3 + 2\n",
            winning_move: "1 2 2",
            illegal_move: "1 1 1",
            bad_input: "3 3\n2 3\n",
            bad_line: 2,
            plain: "[[4, 4, 3], [2]]",
        },
    };

    fn open(parameter: Option<&str>, settings: &Settings) -> Result<Self, ParameterError> {
        if let Some(p) = parameter {
            return Err(ParameterError::Unexpected(p.to_string()));
        }
        let mut game = Solver::new(ChompRules);
        // A safety net under the count checked at admission.
        game.set_limit(Some(MAX_SUB_BARS as usize + 1));
        game.set_cancel(settings.cancel.clone());
        Ok(game)
    }
}

/// Parses the bars of `text` (`4 4 3 + 2 1`), for tests and examples.
pub fn bars(text: &str) -> Result<Vec<Bar>, String> {
    parse_bars(text).map_err(|(expected, found)| format!("expected {expected}, found {found}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::game::Plain;

    fn chomp() -> Chomp {
        Chomp::open(None, &Settings::default()).unwrap()
    }

    fn position(text: &str) -> Vec<Bar> {
        bars(text).unwrap()
    }

    #[test]
    fn positions_moves_and_components_in_words() {
        let game = chomp();
        let two = position("3 2 + 2");
        assert_eq!(game.components_noun(), "Bars");
        let bar = Bar::new(vec![4, 4, 3]).unwrap();
        assert_eq!(
            game.describe_component(0, &bar, Nimber::from(8u64)),
            "bar 1: 4 4 3 *8"
        );
        assert_eq!(
            game.draw(&two, &Plain),
            "Bar 1 (3 2):\n   1 2 3\n1  P # #\n2  # #\nBar 2 (2):\n   1 2\n1  P #"
        );
        let mv = game.parse_move(&two, "1 2 2").unwrap();
        assert_eq!(
            game.describe_move(&two, &mv),
            "in bar 1, eat (2,2) and every square below and right of it, leaving 3 1"
        );
        assert_eq!(game.notation(&two, &mv), "1 2 2");
        let one = position("3 2");
        let mv = game.parse_move(&one, "1 3").unwrap();
        assert_eq!(
            game.describe_move(&one, &mv),
            "eat (1,3) and every square below and right of it, leaving 2 2"
        );
        assert_eq!(game.notation(&one, &mv), "1 3");
        assert!(game.move_help().contains("`B R C` in bar B"));
    }

    #[test]
    fn moves_are_read_with_the_reason_for_a_refusal() {
        let game = chomp();
        let two = position("3 2 + 2");
        let refused =
            |position: &Vec<Bar>, text: &str| game.parse_move(position, text).unwrap_err().0;
        assert_eq!(
            refused(&two, "2 2"),
            "`2 2`: there are 2 bars: write `B R C` with the bar B"
        );
        assert_eq!(
            refused(&two, "3 1 2"),
            "there is no bar 3: the bars are numbered 1 to 2"
        );
        assert_eq!(
            refused(&two, "2 1 1"),
            "the square 1 1 is poisoned: it is never eaten"
        );
        assert_eq!(
            refused(&two, "1 2 3"),
            "bar 1 (3 2) has no square in row 2, column 3"
        );
        assert!(refused(&two, "1 x 2").starts_with("a Chomp move is `R C` or `B R C`"));
        assert!(refused(&two, "1 2 3 4").starts_with("a Chomp move is"));
        let mv = game.parse_move(&two, "2 1 2").unwrap();
        assert_eq!(mv.component, 2);
        assert_eq!(mv.leaves, vec![Bar::new(vec![1]).unwrap()]);
    }

    #[test]
    fn the_wire_shape_and_plain_data_round_trip() {
        let game = chomp();
        let two = position("3 2 + 2");
        let wire = game.position_wire(&two);
        assert_eq!(wire.kind(), "bars");
        assert_eq!(
            game.position_from_wire(&wire, Limits::default()).unwrap(),
            two
        );
        let heaps = wire::Position::Heaps { heaps: vec![3] };
        assert!(game.position_from_wire(&heaps, Limits::default()).is_err());
        // Another game's shape with the same fields is not Chomp's.
        let other = wire::Position::shaped(
            "slabs",
            &BarsShape {
                bars: vec![vec![2]],
            },
        )
        .unwrap();
        let error = game
            .position_from_wire(&other, Limits::default())
            .unwrap_err();
        assert_eq!(error.to_string(), "chomp takes bars, not slabs");
        assert!(game
            .plain_form()
            .unwrap()
            .starts_with("a list of bars, each a list of row lengths"));
        let plain = serde_json::json!([[3, 2], [2]]);
        assert_eq!(game.position_from_plain(&plain).unwrap(), wire);
        assert!(game
            .position_from_plain(&serde_json::json!([[2, 3]]))
            .is_err());
        assert!(game.position_from_plain(&serde_json::json!("3 2")).is_err());
    }

    #[test]
    fn admission_counts_first_and_stops_when_asked() {
        let mut game = chomp();
        let nine = position(&["9"; 9].join(" "));
        let cancel = Cancel::new();
        Game::stop_when(&mut game, cancel.clone());
        cancel.cancel();
        assert_eq!(
            game.admit(&nine, Limits::default()),
            Err(Refusal::Cancelled)
        );
        // Past the limit: refused by the count, before any valuation.
        let mut fresh = chomp();
        let eleven = position(&["11"; 11].join(" "));
        let refusal = fresh.admit(&eleven, Limits::default()).unwrap_err();
        assert!(matches!(refusal, Refusal::Limit(_)), "{refusal}");
        assert!(fresh.cache().is_empty());
        // Within it, every bar is valued at admission: the 9 bars inside
        // 3 3 (C(5, 2) − 1), among them 2 and what it leaves.
        fresh
            .admit(&position("3 3 + 2"), Limits::default())
            .unwrap();
        assert_eq!(fresh.cache().len(), 9);
    }

    #[test]
    fn the_limit_is_inclusive() {
        // 200 rows of 1,000 squares: 1,000 positions each, 200,000 in all.
        let rows = vec!["1000"; 200].join(" + ");
        chomp().admit(&position(&rows), Limits::default()).unwrap();
        let more = format!("{rows} + 2");
        let refusal = chomp()
            .admit(&position(&more), Limits::default())
            .unwrap_err();
        assert!(refusal.to_string().contains("200,002"), "{refusal}");
    }

    #[test]
    fn the_misere_search_stops_when_asked() {
        let mut misere = chomp().misere(1_000_000).unwrap();
        let cancel = Cancel::new();
        misere.stop_when(cancel.clone());
        cancel.cancel();
        let outcome = misere.outcome(&position("4 4 3 + 3 3 + 2"));
        assert!(
            matches!(outcome, Err(MisereError::Cancelled)),
            "{outcome:?}"
        );
    }

    #[test]
    fn random_positions_fit_their_size() {
        let mut game = chomp();
        let mut rng = Rng::new(9);
        for _ in 0..200 {
            let bars = game.random_position(&mut rng, Some((3, 4)));
            assert!((1..=3).contains(&bars.len()), "{bars:?}");
            for bar in &bars {
                let rows: Vec<usize> = bar.rows().collect();
                assert!(rows.len() <= 3 && rows[0] <= 4, "{bar:?}");
            }
        }
        let default = game.random_position(&mut rng, None);
        assert!(default.iter().all(|b| b.rows().count() <= 4));
    }

    #[test]
    fn random_positions_have_one_to_three_bars_and_a_move_unless_1x1() {
        let mut game = chomp();
        let mut rng = Rng::new(5);
        let mut counts = [0; 4];
        for size in [(2, 2), (3, 3), (2, 3)] {
            for _ in 0..100 {
                let bars = game.random_position(&mut rng, Some(size));
                counts[bars.len()] += 1;
                assert!(bars.iter().any(|bar| bar.squares() > 1), "{bars:?}");
            }
        }
        // Each number of bars is dealt.
        assert!(counts[1..].iter().all(|&n| n > 0), "{counts:?}");
        // A 1 × 1 rectangle holds the poisoned square alone.
        let bars = game.random_position(&mut rng, Some((1, 1)));
        assert!(bars.iter().all(|bar| bar.squares() == 1), "{bars:?}");
    }

    #[test]
    fn misere_play_answers_moves_and_suggestions() {
        let game = chomp();
        assert!(game.abilities().misere);
        let mut misere = game.misere(100_000).unwrap();
        // A row of 3 (two squares besides the poisoned one): under misère
        // play, eat one and leave the other, which the opponent must eat
        // last.
        let row = position("3");
        assert!(misere.outcome(&row).unwrap().first_player_wins());
        let moves = misere.winning_moves(&row).unwrap();
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].leaves, vec![Bar::new(vec![2]).unwrap()]);
        assert_eq!(misere.suggest(&row).unwrap(), Some(moves[0].clone()));
        // The poisoned square alone: no move, and under misère play the
        // player to move wins.
        let alone = position("1");
        assert!(misere.outcome(&alone).unwrap().first_player_wins());
        let mut normal = chomp();
        assert!(!Engine::outcome(&mut normal, &alone).first_player_wins());
    }

    #[test]
    fn a_position_has_one_bar_to_max_bars() {
        let bars = |n: usize| bars_of(vec![vec![1]; n]);
        assert!(bars(0).is_err());
        assert_eq!(bars(1).unwrap().len(), 1);
        assert_eq!(bars(MAX_BARS).unwrap().len(), MAX_BARS);
        let error = bars(MAX_BARS + 1).unwrap_err().to_string();
        assert_eq!(error, "a position of 1 to 10000 bars, found 10001");
        let error = bars_of(vec![vec![2], vec![1, 2]]).unwrap_err().to_string();
        assert_eq!(
            error,
            "bar 2: expected row 2 no longer than the row above it (1)"
        );
    }
}
