//! `grundy table`: the Grundy values of one component, as a table.
//!
//! For the games of the registry whose components have two sizes: sg(p, q)
//! of a single bomb at (p, q), or sg(W, H) of a single W×H paper in the
//! reduced Cutting Game, rows and columns numbered from 1 as in the
//! statements. A component whose player to move wins at once whatever its
//! value (a Cutting strip: cut out a single cell) is marked [`WINS_AT_ONCE`]
//! in text and CSV, with a legend under the text, and listed in the JSON's
//! `wins_at_once`.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap::ValueEnum;
use grundy::prelude::*;
use grundy::registry::{self, Settings};
use grundy::{Game, Refusal};

#[cfg(feature = "pictures")]
use crate::heatmap::{self, Heatmap};
use crate::input::UsageError;
use crate::sizes::parse_dimensions;

use super::Env;

const EXAMPLES: &str = "\
Examples:
  grundy table bomb --size 8                   # an aligned 8×8 grid
  grundy table cutting --size 20x30 --format csv > cutting.csv
  grundy table bomb --size 200 --format json --output bomb.json
  grundy table bomb --size 300 --format png --output bomb.png";

/// Print the Grundy values of one bomb, or one piece of paper, by size.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Which game's component: bomb or cutting.
    #[arg(value_name = "GAME")]
    pub game: String,
    #[command(flatten)]
    pub limits: crate::cli::TableLimitArgs,
    /// Rows and columns: N for N×N, or NxM (at most --max-cells cells).
    #[arg(long, value_parser = parse_size)]
    pub size: (u32, u32),
    /// The output format.
    #[arg(long, value_enum, default_value_t = TableFormat::Text)]
    pub format: TableFormat,
    /// Write to this file instead of standard output.
    #[arg(long)]
    pub output: Option<PathBuf>,
}

/// Table formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    /// An aligned grid for the terminal.
    Text,
    /// A header row, then one row per table row.
    Csv,
    /// `{"game":…, "rows":N, "cols":M, "values":[[…],…]}`.
    Json,
    /// A heatmap picture.
    Png,
    /// A heatmap as scalable vector graphics.
    Svg,
}

/// The mark, in text and CSV, of a component the player to move wins at
/// once.
pub const WINS_AT_ONCE: &str = "W";

/// The text table's legend for [`WINS_AT_ONCE`].
const LEGEND: &str = "W: the player to move wins at once, whatever the value \
                      (a Cutting strip: cut out a single cell)";

fn parse_size(text: &str) -> Result<(u32, u32), String> {
    parse_dimensions(text, u32::MAX)
}

/// A table of values, row-major.
struct Table {
    game: String,
    /// What an entry is the value of, for a heatmap's title.
    what: &'static str,
    /// What the sizes are, down the rows and along the columns.
    axes: [&'static str; 2],
    rows: usize,
    cols: usize,
    values: Vec<u32>,
    wins_at_once: Vec<[u32; 2]>,
    /// Row-major: whether the entry is in `wins_at_once`.
    marked: Vec<bool>,
}

impl Table {
    fn row(&self, i: usize) -> &[u32] {
        &self.values[i * self.cols..(i + 1) * self.cols]
    }

    /// Row `i` (from 0) as its entries: a value, or `None` for a component
    /// the player to move wins at once.
    fn entries(&self, i: usize) -> impl Iterator<Item = Option<u32>> + '_ {
        let marked = &self.marked;
        self.row(i)
            .iter()
            .enumerate()
            .map(move |(j, &v)| (!marked[i * self.cols + j]).then_some(v))
    }
}

/// Runs `grundy table`.
pub fn run(args: Args, env: Env) -> anyhow::Result<()> {
    if args.format == TableFormat::Png && args.output.is_none() && io::stdout().is_terminal() {
        return Err(UsageError(
            "a PNG picture is not for a terminal: give --output FILE, \
             or redirect standard output to a file"
                .to_string(),
        )
        .into());
    }
    let limits = env.limits();
    let mut game = env.open(&args.game)?;
    {
        let (rows, cols) = args.size;
        if !game.abilities().table {
            return Err(UsageError(format!(
                "{} has no table of one component; the games with one: {}",
                game.name(),
                games_with_tables().join(", ")
            ))
            .into());
        }
        let table = match game.component_table(rows, cols, limits) {
            Err(Refusal::Limit(limit)) => {
                return Err(UsageError(format!(
                    "--size {rows}x{cols} is beyond the limit of {limit} (--max-cells raises it)"
                ))
                .into())
            }
            Err(other) => return Err(UsageError(other.to_string()).into()),
            Ok(table) => {
                let (rows, cols) = (rows as usize, cols as usize);
                let mut marked = vec![false; table.values.len()];
                for &[r, c] in &table.wins_at_once {
                    let (r, c) = (r as usize, c as usize);
                    if (1..=rows).contains(&r) && (1..=cols).contains(&c) {
                        marked[(r - 1) * cols + c - 1] = true;
                    }
                }
                Table {
                    game: game.name(),
                    what: table.what,
                    axes: table.axes,
                    rows,
                    cols,
                    values: table.values,
                    wins_at_once: table.wins_at_once,
                    marked,
                }
            }
        };
        game.finish();
        match &args.output {
            Some(path) => {
                let file = File::create(path)
                    .with_context(|| format!("cannot create {}", path.display()))?;
                let mut out = BufWriter::new(file);
                write(&table, args.format, &mut out)
                    .with_context(|| format!("cannot write {}", path.display()))?;
                out.flush()
                    .with_context(|| format!("cannot write {}", path.display()))?;
            }
            None => {
                let mut out = BufWriter::new(io::stdout().lock());
                write(&table, args.format, &mut out)?;
                out.flush()?;
            }
        }
        Ok(())
    }
}

/// The registry's games (those without a parameter) that have tables.
fn games_with_tables() -> Vec<&'static str> {
    registry::GAMES
        .iter()
        .filter(|e| e.parameter.is_none())
        .filter(|e| {
            registry::open(e.name, &Settings::default()).is_ok_and(|game| game.abilities().table)
        })
        .map(|e| e.name)
        .collect()
}

fn write(table: &Table, format: TableFormat, out: &mut impl Write) -> anyhow::Result<()> {
    match format {
        TableFormat::Text => {
            let width = table
                .values
                .iter()
                .max()
                .map_or(1, |v| v.to_string().len())
                .max(table.cols.to_string().len());
            let label = table.rows.to_string().len();
            write!(out, "{:label$}", "")?;
            for c in 1..=table.cols {
                write!(out, " {c:>width$}")?;
            }
            writeln!(out)?;
            for i in 0..table.rows {
                write!(out, "{:>label$}", i + 1)?;
                for entry in table.entries(i) {
                    match entry {
                        Some(v) => write!(out, " {v:>width$}")?,
                        None => write!(out, " {WINS_AT_ONCE:>width$}")?,
                    }
                }
                writeln!(out)?;
            }
            if table.marked.contains(&true) {
                writeln!(out, "{LEGEND}")?;
            }
        }
        TableFormat::Csv => {
            let mut csv = csv::Writer::from_writer(out);
            let header: Vec<String> = std::iter::once("row".to_string())
                .chain((1..=table.cols).map(|c| c.to_string()))
                .collect();
            csv.write_record(&header)?;
            // Fields written from a reused buffer: a 2000×2000 table is four
            // million numbers, too many for a String each.
            let mut field = Vec::with_capacity(12);
            for i in 0..table.rows {
                write!(field, "{}", i + 1)?;
                csv.write_field(&field)?;
                for entry in table.entries(i) {
                    field.clear();
                    match entry {
                        Some(v) => write!(field, "{v}")?,
                        None => field.extend_from_slice(WINS_AT_ONCE.as_bytes()),
                    }
                    csv.write_field(&field)?;
                }
                field.clear();
                csv.write_record(None::<&[u8]>)?;
            }
            csv.flush()?;
        }
        #[cfg(feature = "pictures")]
        TableFormat::Png | TableFormat::Svg => {
            let map = Heatmap {
                title: format!(
                    "Grundy values of {}, {}×{}",
                    table.what, table.rows, table.cols
                ),
                rows: table.rows,
                cols: table.cols,
                axes: table.axes,
                values: &table.values,
                wins_at_once: &table.wins_at_once,
            };
            if format == TableFormat::Png {
                out.write_all(&heatmap::png(&map)?)?;
            } else {
                out.write_all(heatmap::svg(&map)?.as_bytes())?;
            }
        }
        #[cfg(not(feature = "pictures"))]
        TableFormat::Png | TableFormat::Svg => {
            return Err(crate::input::UsageError(
                "this grundy was built without picture output (cargo feature `pictures`)"
                    .to_string(),
            )
            .into());
        }
        TableFormat::Json => {
            // The wire format's table, as `/api/table` answers.
            let json = grundy::wire::Table {
                format: grundy::wire::FORMAT_VERSION,
                game: table.game.clone(),
                what: table.what.to_string(),
                axes: table.axes.map(str::to_string),
                rows: table.rows as u32,
                cols: table.cols as u32,
                max: table.values.iter().copied().max().unwrap_or(0),
                values: (0..table.rows).map(|i| table.row(i).to_vec()).collect(),
                wins_at_once: table.wins_at_once.clone(),
            };
            serde_json::to_writer(&mut *out, &json)?;
            writeln!(out)?;
        }
    }
    Ok(())
}
