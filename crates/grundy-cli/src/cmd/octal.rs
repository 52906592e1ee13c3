//! `grundy octal`: the Grundy sequence of a take-and-break game, and its
//! period once the periodicity theorem proves one.

use std::io::{self, BufWriter, IsTerminal, Write};

use clap::ValueEnum;
use grundy::games::octal::{grundy_sequence, OctalCode, Sequence};
use indicatif::{ProgressBar, ProgressStyle};

const EXAMPLES: &str = "\
Examples:
  grundy octal 0.07                  # Dawson's Kayles: period 34, preperiod 53
  grundy octal 0.77 --format json    # Kayles
  grundy octal 4.07 --upto 5000      # may also split a heap without taking
  grundy octal 0.161 --upto 10000000 --no-values";

/// The most values `--upto` may ask for (4 bytes each).
const MAX_UPTO: u64 = 500_000_000;

/// Compute the Grundy sequence of an octal (or hexadecimal) game.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game's code: digits, a point, digits, e.g. 0.07, 4.07 or 0.3F.
    #[arg(value_parser = parse_code)]
    pub code: OctalCode,
    /// Compute at most this many values (G(0) … G(N − 1)) when no period
    /// is proven sooner.
    #[arg(long, default_value_t = 1_000_000,
          value_parser = clap::value_parser!(u64).range(1..=MAX_UPTO))]
    pub upto: u64,
    /// The output format.
    #[arg(long, value_enum, default_value_t = OctalFormat::Text)]
    pub format: OctalFormat,
    /// Leave the values out: only the period, preperiod and count.
    #[arg(long)]
    pub no_values: bool,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OctalFormat {
    /// A summary line, then the values twenty to a line.
    Text,
    /// `n,grundy`, one row per value.
    Csv,
    /// `{"code":…, "computed":n, "period":p|null, "preperiod":n0|null, "values":[…]}`.
    Json,
}

fn parse_code(text: &str) -> Result<OctalCode, String> {
    text.parse().map_err(|e| format!("{e}"))
}

/// Runs `grundy octal`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let upto = args.upto as usize;
    let bar = (io::stderr().is_terminal() && upto >= 1 << 20).then(|| {
        let style = ProgressStyle::with_template(
            "{msg} [{bar:40}] {pos}/{len} ({elapsed}, about {eta} left)",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
        ProgressBar::new(upto as u64)
            .with_style(style)
            .with_message(format!("G(n) of {}", args.code))
    });
    let sequence = grundy_sequence(&args.code, upto, &mut |done| {
        if let Some(bar) = &bar {
            bar.set_position(done as u64);
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let mut out = BufWriter::new(io::stdout().lock());
    write(&args, &sequence, &mut out)?;
    out.flush()?;
    Ok(())
}

fn write(args: &Args, sequence: &Sequence, out: &mut impl Write) -> anyhow::Result<()> {
    let values = &sequence.values;
    match args.format {
        OctalFormat::Text => {
            match sequence.periodicity {
                Some(p) => writeln!(
                    out,
                    "{}: period {}, preperiod {} (proven from the first {} values)",
                    args.code,
                    p.period,
                    p.preperiod,
                    values.len()
                )?,
                None => writeln!(
                    out,
                    "{}: no period found in the first {} values",
                    args.code,
                    values.len()
                )?,
            }
            if !args.no_values {
                let width = (values.len().max(1) - 1).to_string().len();
                for (line, chunk) in values.chunks(20).enumerate() {
                    write!(out, "{:>width$}:", line * 20)?;
                    for v in chunk {
                        write!(out, " {v}")?;
                    }
                    writeln!(out)?;
                }
            }
        }
        OctalFormat::Csv => {
            let mut csv = csv::Writer::from_writer(out);
            csv.write_record(["n", "grundy"])?;
            if !args.no_values {
                let mut field = Vec::with_capacity(12);
                for (n, v) in values.iter().enumerate() {
                    field.clear();
                    write!(field, "{n}")?;
                    csv.write_field(&field)?;
                    field.clear();
                    write!(field, "{v}")?;
                    csv.write_field(&field)?;
                    csv.write_record(None::<&[u8]>)?;
                }
            }
            csv.flush()?;
        }
        OctalFormat::Json => {
            // The wire format's sequence, as `/api/octal` answers (with
            // no values under --no-values).
            let json = grundy::wire::Sequence {
                format: grundy::wire::FORMAT_VERSION,
                game: format!("octal:{}", args.code),
                computed: values.len(),
                period: sequence.periodicity.map(|p| p.period as u64),
                preperiod: sequence.periodicity.map(|p| p.preperiod as u64),
                complete: true,
                values: if args.no_values {
                    Vec::new()
                } else {
                    values.clone()
                },
            };
            serde_json::to_writer(&mut *out, &json)?;
            writeln!(out)?;
        }
    }
    Ok(())
}
