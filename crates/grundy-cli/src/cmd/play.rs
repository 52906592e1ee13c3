//! `grundy play`: play any registered game against a perfect engine.
//!
//! One loop serves every game through the library's engine: draw the
//! position, read a line and parse it into a command (`help`, `hint`,
//! `undo`, `quit` or a move) before acting on it, refuse an illegal move with
//! the reason, answer with the engine's move, and keep the positions before
//! each of the person's moves so `undo` can take back a pair of moves. Input
//! may be a terminal or a pipe; the end of input ends the program quietly.

use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Context;
use clap::ValueEnum;
use grundy::game::{Limits, Rng, Style};
use grundy::{Analyst, Game};

use super::Env;
use crate::cli::{GameInput, MisereArgs};
use crate::input::{Cases, Source, UsageError};
use crate::sizes::parse_dimensions;
use crate::words::refusal;

const EXAMPLES: &str = "\
Examples:
  grundy play bomb                        # a random 5×5 board; you move first
  grundy play cutting --size 9x7 --you second
  grundy play matrix examples/matrix.txt  # the first case of a judge input
  grundy play octal:0.07 --heaps 10,7,3   # Dawson's Kayles from heaps 10, 7, 3
  grundy play subtraction:1,3,4 --heaps 20
  printf '1 3\\nquit\\n' | grundy play matrix --seed 7";

/// Play a game against grundy, which never misses a win.
///
/// The position comes from FILE (the first case of a judge input), from
/// --heaps, or is random (reproducible with --seed; --size sets its
/// dimensions). Type `help` during the game for the move notation, `hint`,
/// `undo` or `quit`.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    #[command(flatten)]
    pub input: GameInput,
    #[command(flatten)]
    pub limits: crate::cli::LimitArgs,
    /// Whether you move first or second.
    #[arg(long, value_enum, default_value_t = Side::First)]
    pub you: Side,
    /// Seed for random positions (the same seed gives the same games).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Size of random positions: ROWSxCOLS for a board or matrix, WxH for a
    /// paper, HEAPSxLARGEST for a heap game (default 5x5, 3x4, from 2x2 to
    /// 10x10, 3x20).
    #[arg(long, value_parser = parse_size)]
    pub size: Option<(u64, u64)>,
    /// The starting position written as one line of the game's input, commas
    /// allowed: heap sizes for a heap game (`10,7,3`), `x,y` pairs for
    /// Wythoff's game.
    #[arg(long, value_name = "LIST", conflicts_with = "file")]
    pub heaps: Option<String>,
    /// Before each of your moves, list your legal moves (12 of them, the
    /// winning ones first when there are more), each marked as winning or
    /// losing: in how many moves where the game
    /// is small enough to search (its remoteness), and with the nim-sum it
    /// leaves where the nim-sum decides.
    #[arg(long)]
    pub show_values: bool,
    #[command(flatten)]
    pub misere: MisereArgs,
}

/// The most moves `--show-values` lists before summing up the rest.
const SHOWN_VALUES: usize = 12;
/// The widest remoteness the value history draws to scale.
const HISTORY_WIDTH: u32 = 40;

/// "1 move", "3 moves".
fn moves(n: u32) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

/// Who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Side {
    /// You move first.
    First,
    /// grundy moves first.
    Second,
}

fn parse_size(text: &str) -> Result<(u64, u64), String> {
    parse_dimensions(text, 100).map(|(a, b)| (a.into(), b.into()))
}

/// Colours, used only on a terminal and never with `NO_COLOR` set.
pub struct Colours {
    colour: bool,
}

impl Colours {
    fn paint(&self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}

impl Style for Colours {
    fn strong(&self, text: &str) -> String {
        self.paint("1", text)
    }

    fn piece(&self, text: &str) -> String {
        self.paint("31;1", text)
    }
}

/// Runs `grundy play`.
pub fn run(args: Args, env: Env) -> anyhow::Result<()> {
    if args.input.file.as_deref() == Some(Path::new("-")) {
        return Err(UsageError(
            "play reads your moves from standard input: give the starting position as a file"
                .to_string(),
        )
        .into());
    }
    let limits = env.limits();
    let mut analyst = env.analyst(&args.input.game, &args.misere)?;
    // The game opened, so its entry exists.
    let rules = grundy::registry::entry(&args.input.game)
        .map(|entry| crate::words::wrap(entry.rules, 0, 78))
        .unwrap_or_default();
    let game = analyst.game_mut();
    let start = match (&args.input.file, &args.heaps) {
        (Some(path), _) => Start::Cases(file_cases(game, path, limits)?),
        (None, Some(list)) => Start::Position(listed(game, list, limits)?),
        (None, None) => Start::Deal,
    };
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let stdout = io::stdout();
    let style = Colours {
        colour: stdout.is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    };
    let session = Session {
        input: io::stdin().lock(),
        out: stdout.lock(),
        style,
        you_first: args.you == Side::First,
        rng: Rng::new(seed),
        seed,
        size: args.size,
        limits,
        rules,
        show_values: args.show_values,
    };
    let result = session.run(&mut analyst, start);
    analyst.game_mut().finish();
    result
}

/// Where each game starts.
enum Start<G: Game> {
    /// A random position, dealt for each game.
    Deal,
    /// The same position every game (`--heaps`).
    Position(G::Position),
    /// The cases of a judge input, one game each, in order: the first one
    /// read already, the rest read as the games go.
    Cases(FileCases<G>),
}

/// The cases of the judge input `play FILE` plays, read again from the
/// first once the last is played.
struct FileCases<G: Game> {
    cases: Cases<'static, G>,
    first: Option<G::Position>,
    path: std::path::PathBuf,
    limits: Limits,
}

impl<G: Game> FileCases<G> {
    /// The next case's position; after the last, the first again (`true`
    /// with it).
    fn next(&mut self, game: &mut G) -> anyhow::Result<(G::Position, bool)> {
        if let Some(first) = self.first.take() {
            return Ok((first, false));
        }
        if let Some(position) = self.cases.next(game)? {
            return Ok((position, false));
        }
        *self = file_cases(game, &self.path, self.limits)?;
        Ok((self.first.take().expect("read by file_cases"), true))
    }
}

/// The judge input at `path`, its first case read (a file with none is
/// refused before any game).
fn file_cases<G: Game>(game: &mut G, path: &Path, limits: Limits) -> anyhow::Result<FileCases<G>> {
    let source = Source::open(Some(path))?;
    let name = source.name().to_string();
    let mut cases = Cases::new(game, &name, source.into_reader(), limits)?;
    let first = cases
        .next(game)?
        .with_context(|| format!("{name} holds no case to start from"))?;
    Ok(FileCases {
        cases,
        first: Some(first),
        path: path.to_path_buf(),
        limits,
    })
}

/// The position written on the command line (`--heaps 10,7,3`).
fn listed<G: Game>(game: &mut G, list: &str, limits: Limits) -> anyhow::Result<G::Position> {
    let line = list.replace(',', " ");
    let mut cases = Cases::new(game, "--heaps", Box::new(io::Cursor::new(line)), limits)?;
    cases
        .next(game)?
        .ok_or_else(|| UsageError("--heaps: expected a position, like 10,7,3".to_string()).into())
}

struct Session<I, O> {
    input: I,
    out: O,
    style: Colours,
    you_first: bool,
    rng: Rng,
    seed: u64,
    size: Option<(u64, u64)>,
    limits: Limits,
    /// The game's rules in words, shown at the start and by `help`.
    rules: String,
    /// `--show-values`: each legal move marked before your move.
    show_values: bool,
}

/// What to do once a game is over.
enum Again {
    Yes,
    No,
    /// Take back the last moves and go on.
    Undo,
}

/// Who moves next.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Turn {
    You,
    Engine,
}

/// What a line of input asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Command {
    /// Nothing (an empty line).
    Nothing,
    Help,
    Hint,
    Undo,
    Quit,
    /// A move, as typed.
    Move(String),
}

impl Command {
    fn parse(line: &str) -> Command {
        let line = line.trim();
        match line.to_ascii_lowercase().as_str() {
            "" => Command::Nothing,
            "help" | "?" => Command::Help,
            "hint" => Command::Hint,
            "undo" => Command::Undo,
            "quit" | "exit" | "q" => Command::Quit,
            _ => Command::Move(line.to_string()),
        }
    }
}

/// The longest line of input `play` reads as a move.
const MAX_LINE: usize = 1024;

impl<I: BufRead, O: Write> Session<I, O> {
    fn run<G: Game>(mut self, analyst: &mut Analyst<G>, mut start: Start<G>) -> anyhow::Result<()> {
        for number in 1.. {
            let position = match &mut start {
                Start::Position(position) => position.clone(),
                Start::Deal => analyst
                    .deal(&mut self.rng, self.size, self.limits)
                    .map_err(|reason| UsageError(format!("--size: {reason}")))?,
                Start::Cases(file) => {
                    let (position, again) = file.next(analyst.game_mut())?;
                    if again {
                        writeln!(
                            self.out,
                            "That was the last case of {}: back to its first.",
                            file.cases.name
                        )?;
                    }
                    position
                }
            };
            if number == 1 {
                // A position the convention cannot answer is refused before
                // the game starts, not at the engine's first move.
                analyst.outcome(&position).map_err(|e| {
                    UsageError(format!("cannot play this position: {}", refusal(&e)))
                })?;
            }
            let first = if self.you_first {
                "You move first"
            } else {
                "grundy moves first"
            };
            let rule = analyst
                .convention()
                .announcement()
                .map(|rule| format!(" {rule}"))
                .unwrap_or_default();
            let dealt = match &start {
                Start::Deal => format!(" (seed {})", self.seed),
                Start::Position(_) => String::new(),
                Start::Cases(file) => {
                    format!(" (case {} of {})", file.cases.count, file.cases.name)
                }
            };
            let title =
                format!("Game {number}{dealt}. {first}; type `help` to see how to move.{rule}");
            if number == 1 && !self.rules.is_empty() {
                writeln!(self.out, "{}", self.rules)?;
            }
            writeln!(self.out, "{}", self.style.strong(&title))?;
            if !self.game(analyst, position)? {
                return Ok(());
            }
        }
        Ok(())
    }

    /// Asks whether to play again until the answer is yes, no or (where
    /// `can_undo`) undo; the end of input, `quit` or an empty line is no.
    fn again(&mut self, can_undo: bool) -> anyhow::Result<Again> {
        let undo = if can_undo {
            ", or `undo` (takes back your last move and grundy's reply)"
        } else {
            ""
        };
        loop {
            write!(
                self.out,
                "Play again? [y/N{}] ",
                if can_undo { "/undo" } else { "" }
            )?;
            self.out.flush()?;
            let Some(answer) = self.read_line()? else {
                return Ok(Again::No);
            };
            match answer.trim().to_ascii_lowercase().as_str() {
                "y" | "yes" => return Ok(Again::Yes),
                "" | "n" | "no" | "q" | "quit" | "exit" => return Ok(Again::No),
                "undo" if can_undo => return Ok(Again::Undo),
                _ => writeln!(
                    self.out,
                    "The game is over: answer `y` to play again, or `n` to stop{undo}."
                )?,
            }
        }
    }

    /// One line of input; `None` at its end. Bytes that are not UTF-8 are
    /// replaced (the move is then refused like any other typo), and a line
    /// longer than [`MAX_LINE`] bytes is refused without being kept: it
    /// reads as an empty line, after a message.
    fn read_line(&mut self) -> anyhow::Result<Option<String>> {
        let mut bytes = Vec::new();
        let read = (&mut self.input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut bytes)
            .context("cannot read standard input")?;
        if read == 0 {
            return Ok(None);
        }
        if bytes.len() <= MAX_LINE || bytes.ends_with(b"\n") {
            return Ok(Some(String::from_utf8_lossy(&bytes).into_owned()));
        }
        self.skip_rest_of_line()?;
        writeln!(
            self.out,
            "That line is longer than {MAX_LINE} bytes; moves are short. Type `help` for the notation."
        )?;
        Ok(Some(String::new()))
    }

    /// Discards input up to and including the next newline.
    fn skip_rest_of_line(&mut self) -> anyhow::Result<()> {
        loop {
            let buffer = self
                .input
                .fill_buf()
                .context("cannot read standard input")?;
            if buffer.is_empty() {
                return Ok(());
            }
            match buffer.iter().position(|&b| b == b'\n') {
                Some(at) => {
                    self.input.consume(at + 1);
                    return Ok(());
                }
                None => {
                    let all = buffer.len();
                    self.input.consume(all);
                }
            }
        }
    }

    /// The engine's move: a winning one, else the hardest to answer (under
    /// misère play, a legal one); `None` when no move is legal.
    fn engine_move<G: Game>(
        analyst: &mut Analyst<G>,
        position: &G::Position,
    ) -> anyhow::Result<Option<grundy::analysis::Reply<G::Move>>> {
        if analyst.is_terminal(position) {
            return Ok(None);
        }
        analyst
            .reply(position)
            .map_err(|e| anyhow::anyhow!("{}", refusal(&e)))
    }

    /// A legal move to show how moves are written: one that does not win
    /// when there is one (the example must not be the hint), else the
    /// first; `None` when no move is legal.
    fn example<G: Game>(
        analyst: &mut Analyst<G>,
        position: &G::Position,
    ) -> anyhow::Result<Option<(G::Move, bool)>> {
        // The first few moves are enough: most positions have a move that
        // does not win among them. With it, whether it is known to win.
        let mut candidates = Vec::new();
        let _ = analyst.game_mut().moves(position, &mut |mv| {
            candidates.push(mv);
            if candidates.len() < 64 {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        });
        for mv in &candidates {
            let played = analyst.play(position, mv);
            let wins = match analyst.decided(&played) {
                Some(mover_wins) => mover_wins,
                // Refused: not known to win, so it is no give-away.
                None => analyst
                    .outcome(&played.position)
                    .is_ok_and(|o| !o.first_player_wins()),
            };
            if !wins {
                return Ok(Some((mv.clone(), false)));
            }
        }
        Ok(candidates.into_iter().next().map(|mv| (mv, true)))
    }

    /// A winning move for the hint, if there is one.
    fn hint<G: Game>(
        analyst: &mut Analyst<G>,
        position: &G::Position,
    ) -> anyhow::Result<Option<G::Move>> {
        analyst
            .winning_move(position)
            .map_err(|e| anyhow::anyhow!("{}", refusal(&e)))
    }

    /// Plays one game, then asks whether to play another (where `undo`
    /// takes back the last moves and goes on with this one); `false` if
    /// not, or if the input ended or the person quit.
    fn game<G: Game>(
        &mut self,
        analyst: &mut Analyst<G>,
        position: G::Position,
    ) -> anyhow::Result<bool> {
        let turn = if self.you_first {
            Turn::You
        } else {
            Turn::Engine
        };
        let mut state = State {
            trail: vec![Visited {
                to_move: turn,
                position: position.clone(),
                lost_at_once: false,
            }],
            position,
            turn,
            history: Vec::new(),
        };
        let mut draw = true;
        let mut revalue = true;
        loop {
            if draw {
                let drawing = analyst.game_mut().draw(&state.position, &self.style);
                writeln!(self.out, "{drawing}")?;
            }
            // Your moves valued once a position, before your first prompt.
            if self.show_values && revalue && state.turn == Turn::You {
                self.values(analyst, &state.position)?;
                revalue = false;
            }
            let before = state.turn;
            let step = match state.turn {
                Turn::Engine => self.engine_turn(analyst, &mut state)?,
                Turn::You => self.your_turn(analyst, &mut state)?,
            };
            revalue |= before == Turn::Engine || matches!(step, Step::Changed);
            match step {
                Step::Changed => draw = true,
                Step::Shown => draw = false,
                Step::Stop => return Ok(false),
                Step::Over(winner) => {
                    let verdict = match winner {
                        Turn::You => "You win!",
                        Turn::Engine => "grundy wins.",
                    };
                    writeln!(self.out, "{} {}", self.style.strong("Game over:"), verdict)?;
                    if self.show_values {
                        self.value_history(analyst, &state.trail)?;
                    }
                    match self.again(!state.history.is_empty())? {
                        Again::Yes => return Ok(true),
                        Again::No => return Ok(false),
                        Again::Undo => {
                            self.undo(&mut state)?;
                            state.turn = Turn::You;
                            draw = true;
                        }
                    }
                }
            }
        }
    }

    /// Who wins when `stuck` has no move: the other player, or under
    /// misère play `stuck` itself.
    fn stuck<G: Game>(analyst: &Analyst<G>, stuck: Turn) -> Step {
        let other = match stuck {
            Turn::You => Turn::Engine,
            Turn::Engine => Turn::You,
        };
        if analyst.convention().stuck_player_wins() {
            Step::Over(stuck)
        } else {
            Step::Over(other)
        }
    }

    /// grundy moves: says which move and why, and draws the position with
    /// the move marked on it.
    fn engine_turn<G: Game>(
        &mut self,
        analyst: &mut Analyst<G>,
        state: &mut State<G>,
    ) -> anyhow::Result<Step> {
        let Some(reply) = Self::engine_move(analyst, &state.position)? else {
            return Ok(Self::stuck(analyst, Turn::Engine));
        };
        let (game, position, mv) = (analyst.game_mut(), &state.position, &reply.mv);
        let text = format!("grundy plays {}", game.notation(position, mv));
        let described = game.describe_move(position, mv);
        writeln!(self.out, "{}: {described}.", self.style.strong(&text))?;
        // Why this move: remoteness, or the engine's own rule.
        writeln!(self.out, "  (grundy's choice: {}.)", reply.rule.describe())?;
        let played = game.play(position, mv);
        let drawing = game.draw_after(position, mv, &played.position, &self.style);
        writeln!(self.out, "{drawing}")?;
        state.trail.push(Visited {
            to_move: Turn::You,
            position: played.position.clone(),
            lost_at_once: played.won,
        });
        state.position = played.position;
        state.turn = Turn::You;
        Ok(if played.won {
            Step::Over(Turn::Engine)
        } else {
            Step::Shown
        })
    }

    /// Your turn: one line of input, a command or a move.
    fn your_turn<G: Game>(
        &mut self,
        analyst: &mut Analyst<G>,
        state: &mut State<G>,
    ) -> anyhow::Result<Step> {
        if analyst.game_mut().is_terminal(&state.position) {
            return Ok(Self::stuck(analyst, Turn::You));
        }
        write!(self.out, "your move> ")?;
        self.out.flush()?;
        let Some(line) = self.read_line()? else {
            writeln!(self.out)?;
            return Ok(Step::Stop);
        };
        match Command::parse(&line) {
            Command::Nothing => Ok(Step::Shown),
            Command::Help => self.help(analyst, &state.position),
            Command::Hint => self.show_hint(analyst, &state.position),
            Command::Undo => self.undo(state),
            Command::Quit => Ok(Step::Stop),
            Command::Move(text) => self.your_move(analyst, state, &text),
        }
    }

    /// `--show-values`: your legal moves, each winning or losing, with the
    /// moves left after it (its remoteness) where the game below is small
    /// enough to search, and the nim-sum it leaves where the nim-sum
    /// decides; [`SHOWN_VALUES`] listed (the winning ones first when there
    /// are more) and the rest counted.
    fn values<G: Game>(
        &mut self,
        analyst: &mut Analyst<G>,
        position: &G::Position,
    ) -> anyhow::Result<()> {
        let answer = grundy::analysis::value_moves(analyst, position, SHOWN_VALUES)
            .map_err(|e| anyhow::anyhow!("{}", refusal(&e)))?;
        let listed: Vec<String> = answer
            .moves
            .iter()
            .map(|m| {
                let verdict = match (m.wins, m.remoteness) {
                    (true, Some(0)) => "wins at once".to_string(),
                    (true, Some(r)) => format!("wins in {}", moves(r + 1)),
                    (false, Some(r)) => format!("loses in {}", moves(r + 1)),
                    (true, None) => "wins".to_string(),
                    (false, None) => "loses".to_string(),
                };
                let value = m
                    .nim_sum
                    .map(|sum| format!(", leaves *{sum}"))
                    .unwrap_or_default();
                format!("`{}` {verdict}{value}", m.mv.notation)
            })
            .collect();
        let commas = |n: u64| grundy::notation::with_commas(u128::from(n));
        let more = answer.valued.saturating_sub(listed.len() as u64);
        let rest = if more > 0 {
            format!("; {} more", commas(more))
        } else {
            String::new()
        };
        let summary = if answer.more {
            // Too many to mark: how many win in all, counted apart.
            let all = answer.winning_in_all.0;
            let verb = if all == 1 { "wins" } else { "win" };
            format!(
                "{} of its moves {verb}; {} looked at, the winning ones first",
                grundy::notation::with_commas(all),
                commas(answer.valued)
            )
        } else {
            format!(
                "{} of {} win",
                commas(answer.winning),
                commas(answer.valued)
            )
        };
        writeln!(
            self.out,
            "Your moves: {}{rest}. {summary}.",
            listed.join(", ")
        )?;
        Ok(())
    }

    /// `--show-values`, once a game is over: every position of the game,
    /// who was to move, whether they win and in how many moves (where
    /// known), drawn as a mark at its remoteness (GamesmanUni's value
    /// history, on its side).
    fn value_history<G: Game>(
        &mut self,
        analyst: &mut Analyst<G>,
        trail: &[Visited<G>],
    ) -> anyhow::Result<()> {
        writeln!(
            self.out,
            "Value history (each position: who was to move, whether they win, and the moves left with best play, marked at that column):"
        )?;
        for (ply, visited) in trail.iter().enumerate() {
            let (wins, remoteness) = if visited.lost_at_once {
                (false, Some(0))
            } else {
                let answer = grundy::analysis::value_moves(analyst, &visited.position, 0)
                    .map_err(|e| anyhow::anyhow!("{}", refusal(&e)))?;
                (answer.wins, answer.remoteness)
            };
            let who = match visited.to_move {
                Turn::You => "you",
                Turn::Engine => "grundy",
            };
            let verdict = match (wins, remoteness) {
                (true, Some(r)) => format!("wins, {} left", moves(r)),
                (false, Some(r)) => format!("loses, {} left", moves(r)),
                (true, None) => "wins".to_string(),
                (false, None) => "loses".to_string(),
            };
            let mark = if wins { 'W' } else { 'L' };
            let bar = match remoteness {
                Some(r) if r <= HISTORY_WIDTH => format!("|{}{mark}", " ".repeat(r as usize)),
                Some(_) => format!("|{}{mark}>", " ".repeat(HISTORY_WIDTH as usize)),
                None => format!("?{mark}"),
            };
            writeln!(self.out, "  {ply:>3} {who:<6} {verdict:<24} {bar}")?;
        }
        Ok(())
    }

    /// The rules, the notation with an example, and the commands.
    fn help<G: Game>(
        &mut self,
        analyst: &mut Analyst<G>,
        position: &G::Position,
    ) -> anyhow::Result<Step> {
        let example = Self::example(analyst, position)?
            .map(|(mv, wins)| {
                let game = analyst.game_mut();
                let advice = if wins {
                    ""
                } else {
                    " It shows how to write a move, not a good one: it does not win (`hint` suggests one)."
                };
                format!(
                    "\nFor example `{}`: {}.{advice}",
                    game.notation(position, &mv),
                    game.describe_move(position, &mv)
                )
            })
            .unwrap_or_default();
        writeln!(self.out, "{}", self.rules)?;
        writeln!(self.out, "{}{example}", analyst.game_mut().move_help())?;
        writeln!(
            self.out,
            "Commands: help, hint, undo (takes back your last move and grundy's reply), quit."
        )?;
        Ok(Step::Shown)
    }

    /// A winning move, or that there is none.
    fn show_hint<G: Game>(
        &mut self,
        analyst: &mut Analyst<G>,
        position: &G::Position,
    ) -> anyhow::Result<Step> {
        match Self::hint(analyst, position)? {
            Some(mv) => {
                let game = analyst.game_mut();
                writeln!(
                    self.out,
                    "Hint: {} ({}) wins.",
                    game.notation(position, &mv),
                    game.describe_move(position, &mv)
                )?;
            }
            None => {
                // As the page's hint: the move that is hardest to answer.
                let reply = analyst
                    .reply(position)
                    .map_err(|e| anyhow::anyhow!("{}", refusal(&e)))?;
                match reply {
                    Some(reply) => {
                        let game = analyst.game_mut();
                        writeln!(
                            self.out,
                            "Hint: no move wins here; the position is lost if grundy plays well. Best try: {} ({}): {}.",
                            game.notation(position, &reply.mv),
                            game.describe_move(position, &reply.mv),
                            reply.rule.describe()
                        )?;
                    }
                    None => writeln!(self.out, "Hint: you have no move: the game is over.")?,
                }
            }
        }
        Ok(Step::Shown)
    }

    /// Takes back your last move and grundy's reply.
    fn undo<G: Game>(&mut self, state: &mut State<G>) -> anyhow::Result<Step> {
        match state.history.pop() {
            Some((before, visited)) => {
                state.position = before;
                state.trail.truncate(visited);
                writeln!(self.out, "Took back your last move and grundy's reply.")?;
                Ok(Step::Changed)
            }
            None => {
                writeln!(self.out, "Nothing to undo.")?;
                Ok(Step::Shown)
            }
        }
    }

    /// Your move as typed: played if legal, refused with the reason if not.
    fn your_move<G: Game>(
        &mut self,
        analyst: &mut Analyst<G>,
        state: &mut State<G>,
        text: &str,
    ) -> anyhow::Result<Step> {
        let game = analyst.game_mut();
        let position = &state.position;
        let parsed = game
            .parse_move(position, text)
            .and_then(|mv| game.try_play(position, &mv).map(|played| (mv, played)));
        let (mv, played) = match parsed {
            Ok(legal) => legal,
            Err(reason) => {
                writeln!(
                    self.out,
                    "Not a legal move: {reason}. Type `help` for the notation."
                )?;
                return Ok(Step::Shown);
            }
        };
        writeln!(
            self.out,
            "You play {}: {}.",
            game.notation(position, &mv),
            game.describe_move(position, &mv)
        )?;
        state.trail.push(Visited {
            to_move: Turn::Engine,
            position: played.position.clone(),
            lost_at_once: played.won,
        });
        let visited = state.trail.len() - 1;
        let before = std::mem::replace(&mut state.position, played.position);
        state.history.push((before, visited));
        state.turn = Turn::Engine;
        Ok(if played.won {
            Step::Over(Turn::You)
        } else {
            Step::Changed
        })
    }
}

/// A game being played: the position, who moves, the positions before
/// your moves (for `undo`, each with the length of the trail then), and
/// every position of the game so far (for the value history).
struct State<G: Game> {
    position: G::Position,
    turn: Turn,
    history: Vec<(G::Position, usize)>,
    trail: Vec<Visited<G>>,
}

/// A position of the game so far and who was to move there.
struct Visited<G: Game> {
    to_move: Turn,
    position: G::Position,
    /// The move into it won at once (a Cutting Game cell cut out): the
    /// player to move has lost, whatever moves are left.
    lost_at_once: bool,
}

/// What a step of a game leaves to do.
enum Step {
    /// The position changed: draw it.
    Changed,
    /// Nothing to draw (nothing changed, or it was drawn already).
    Shown,
    /// The game is over: the winner.
    Over(Turn),
    /// The input ended, or the person quit.
    Stop,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_commands_before_they_are_acted_on() {
        assert_eq!(Command::parse("  HELP \n"), Command::Help);
        assert_eq!(Command::parse("?"), Command::Help);
        assert_eq!(Command::parse("hint"), Command::Hint);
        assert_eq!(Command::parse("undo"), Command::Undo);
        assert_eq!(Command::parse("q"), Command::Quit);
        assert_eq!(Command::parse("exit"), Command::Quit);
        assert_eq!(Command::parse(""), Command::Nothing);
        assert_eq!(
            Command::parse(" 1 3 \r\n"),
            Command::Move("1 3".to_string())
        );
    }
}
