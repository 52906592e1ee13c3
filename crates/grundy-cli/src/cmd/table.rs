//! `grundy table`: the Grundy values of one component, as a table.
//!
//! sg(p, q) of a single bomb at (p, q), or sg(W, H) of a single W×H paper in
//! the reduced Cutting Game (a paper with a side of 1 has no reduced cut and
//! shows 0), rows and columns numbered from 1 as in the statements.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap::ValueEnum;
use grundy::games::bomb::Cell;
use grundy::games::cutting::{reduced_grundy, Paper};
use serde::Serialize;

use crate::cli::parse_dimensions;
#[cfg(feature = "pictures")]
use crate::heatmap::{self, Heatmap};
use crate::input::UsageError;

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
    /// Which game's component.
    #[arg(value_enum)]
    pub game: TableGame,
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

/// Games with a table of one component.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableGame {
    /// sg(p, q) of one bomb at row p, column q.
    Bomb,
    /// sg(W, H) of one W×H paper in the reduced game.
    Cutting,
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

fn parse_size(text: &str) -> Result<(u32, u32), String> {
    parse_dimensions(text, u32::MAX)
}

/// A table of values, row-major.
struct Table {
    game: &'static str,
    rows: usize,
    cols: usize,
    values: Vec<u32>,
}

impl Table {
    fn row(&self, i: usize) -> &[u32] {
        &self.values[i * self.cols..(i + 1) * self.cols]
    }
}

#[derive(Serialize)]
struct JsonTable<'a> {
    game: &'a str,
    rows: usize,
    cols: usize,
    values: Vec<&'a [u32]>,
}

/// Runs `grundy table`.
pub fn run(args: Args, mut env: Env) -> anyhow::Result<()> {
    let (rows, cols) = args.size;
    let cells = u64::from(rows) * u64::from(cols);
    let side = env.max_bomb_side();
    let refusal = match args.game {
        // As for boards: within a square of --max-cells (see `judge`).
        TableGame::Bomb if rows > side || cols > side => {
            Some(format!("a Bomb table of at most {side}×{side}"))
        }
        _ if cells > env.max_cells => Some(format!("a table of at most {} cells", env.max_cells)),
        _ => None,
    };
    if let Some(limit) = refusal {
        return Err(UsageError(format!(
            "--size {rows}x{cols} is beyond the limit of {limit} (--max-cells raises it)"
        ))
        .into());
    }
    let table = compute(args.game, args.size, &mut env);
    match &args.output {
        Some(path) => {
            let file =
                File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
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

fn compute(game: TableGame, (rows, cols): (u32, u32), env: &mut Env) -> Table {
    let (r, c) = (rows as usize, cols as usize);
    match game {
        TableGame::Bomb => {
            let mut game = env.bomb_game();
            // The size was checked against --max-cells (at most
            // MAX_CELLS); the table grows to cover the far corner.
            if let Some(corner) = Cell::new(rows, cols) {
                game.bomb_value(corner);
            }
            game.keep_table();
            let table = game.table();
            let values = (0..r).flat_map(|i| table.row(i)[..c].to_vec()).collect();
            Table {
                game: "bomb",
                rows: r,
                cols: c,
                values,
            }
        }
        TableGame::Cutting => {
            let values = (1..=u64::from(rows))
                .flat_map(|w| {
                    (1..=u64::from(cols))
                        .map(move |h| reduced_grundy(Paper::new(w, h)).value() as u32)
                })
                .collect();
            Table {
                game: "cutting",
                rows: r,
                cols: c,
                values,
            }
        }
    }
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
                for v in table.row(i) {
                    write!(out, " {v:>width$}")?;
                }
                writeln!(out)?;
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
                for v in table.row(i) {
                    field.clear();
                    write!(field, "{v}")?;
                    csv.write_field(&field)?;
                }
                field.clear();
                csv.write_record(None::<&[u8]>)?;
            }
            csv.flush()?;
        }
        #[cfg(feature = "pictures")]
        TableFormat::Png | TableFormat::Svg => {
            let what = match table.game {
                "bomb" => "one bomb at (p, q)",
                _ => "one W×H paper (reduced game)",
            };
            let map = Heatmap {
                title: format!("Grundy values of {what}, {}×{}", table.rows, table.cols),
                rows: table.rows,
                cols: table.cols,
                values: &table.values,
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
            let json = JsonTable {
                game: table.game,
                rows: table.rows,
                cols: table.cols,
                values: (0..table.rows).map(|i| table.row(i)).collect(),
            };
            serde_json::to_writer(&mut *out, &json)?;
            writeln!(out)?;
        }
    }
    Ok(())
}
