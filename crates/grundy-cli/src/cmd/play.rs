//! `grundy play`: play a seed game against a perfect engine.
//!
//! One loop serves the three games through [`Playable`]: draw the position,
//! read a command or a move, refuse what is illegal with the reason, answer
//! with the engine's move, and keep the positions before each of the
//! person's moves so `undo` can take back a pair of moves. Input may be a
//! terminal or a pipe; the end of input ends the program quietly.

use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Context;
use clap::ValueEnum;
use grundy::format::{BombReader, CuttingReader, MatrixCase, MatrixReader};
use grundy::games::bomb::{Board, BombGame, BombMove};
use grundy::games::cutting::{self, Cut, Paper};
use grundy::games::matrix::{self, MatrixMove, Row};
use grundy::notation::{self, MoveError};

use super::Env;
use crate::cli::{parse_dimensions, GameInput, GameKind};
use crate::describe::{bomb_move_text, cut_text, matrix_move_text, paper_text, with_commas};
use crate::input::Source;

const EXAMPLES: &str = "\
Examples:
  grundy play bomb                        # a random 5×5 board; you move first
  grundy play cutting --size 9x7 --you second
  grundy play matrix examples/matrix.txt  # the first case of a judge input
  printf '1 3\\nquit\\n' | grundy play matrix --seed 7";

/// Play a seed game against grundy, which never misses a win.
///
/// The position comes from FILE (the first case of a judge input) or is
/// random (reproducible with --seed; --size sets its dimensions). Type
/// `help` during the game for the move notation, `hint`, `undo` or `quit`.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    #[command(flatten)]
    pub input: GameInput,
    /// Whether you move first or second.
    #[arg(long, value_enum, default_value_t = Side::First)]
    pub you: Side,
    /// Seed for random positions (the same seed gives the same games).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Size of random positions: ROWSxCOLS for a board or matrix, WxH for a
    /// paper (default 5x5, 3x4, and from 2x2 to 10x10).
    #[arg(long, value_parser = parse_size)]
    pub size: Option<(u64, u64)>,
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

/// A game as `play` needs it.
pub trait Playable {
    /// A position.
    type Position: Clone;
    /// A move.
    type Move;

    /// The position drawn for the terminal.
    fn draw(&self, position: &Self::Position, style: &Style) -> String;
    /// How to write a move, with an example from this position.
    fn help(&mut self, position: &Self::Position) -> String;
    /// Reads a move typed by the person.
    fn parse(&self, position: &Self::Position, text: &str) -> Result<Self::Move, MoveError>;
    /// The move in the notation the person types.
    fn notation(&self, position: &Self::Position, mv: &Self::Move) -> String;
    /// The move in words.
    fn describe(&self, position: &Self::Position, mv: &Self::Move) -> String;
    /// The position after `mv`, and whether the mover has won at once.
    fn play(&self, position: &Self::Position, mv: &Self::Move) -> (Self::Position, bool);
    /// A winning move, if there is one.
    fn winning_move(&mut self, position: &Self::Position) -> Option<Self::Move>;
    /// The engine's move: a winning one, else the hardest to answer; `None`
    /// when no move is legal (the player to move has lost).
    fn engine_move(&mut self, position: &Self::Position) -> Option<Self::Move>;
}

/// Colours, used only on a terminal and never with `NO_COLOR` set.
pub struct Style {
    colour: bool,
}

impl Style {
    fn paint(&self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    fn bold(&self, text: &str) -> String {
        self.paint("1", text)
    }
}

/// Runs `grundy play`.
pub fn run(args: Args, mut env: Env) -> anyhow::Result<()> {
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let stdout = io::stdout();
    let style = Style {
        colour: stdout.is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    };
    let session = Session {
        input: io::stdin().lock(),
        out: stdout.lock(),
        style,
        you_first: args.you == Side::First,
        rng: Rng(seed | 1),
        seed,
    };
    let file = args.input.file.as_deref();
    if file == Some(std::path::Path::new("-")) {
        return Err(crate::input::UsageError(
            "play reads your moves from standard input: give the starting position as a file"
                .to_string(),
        )
        .into());
    }
    match args.input.game {
        GameKind::Bomb => {
            let max_cells = env.max_cells;
            let start = file
                .map(|path| first_bomb_case(path, max_cells))
                .transpose()?;
            let size = args.size.unwrap_or((5, 5));
            let mut play = BombPlay {
                game: env.bomb_game(),
            };
            let cache = &mut env.cache;
            if let Some(board) = &start {
                cache.prepare(&mut play.game, board.rows(), board.cols());
            }
            let result = session.run(&mut play, start, |rng| random_board(rng, size));
            cache.store(&play.game);
            result
        }
        GameKind::Cutting => {
            let start = file.map(first_paper).transpose()?;
            let size = args.size;
            session.run(&mut CuttingPlay, start, |rng| {
                let (w, h) = size.unwrap_or_else(|| (2 + rng.below(9), 2 + rng.below(9)));
                vec![Paper::new(w, h)]
            })
        }
        GameKind::Matrix => {
            let max_cells = env.max_cells;
            let start = file.map(|path| first_matrix(path, max_cells)).transpose()?;
            let size = args.size.unwrap_or((3, 4));
            session.run(&mut MatrixPlay, start, |rng| random_matrix(rng, size))
        }
    }
}

fn first_case<T>(
    path: &std::path::Path,
    read: impl FnOnce(Box<dyn io::Read>) -> Result<Option<T>, grundy::format::ReadError>,
) -> anyhow::Result<T> {
    let source = Source::open(Some(path))?;
    let name = source.name().to_string();
    read(source.into_reader())
        .map_err(|e| Source::error(&name, e))?
        .with_context(|| format!("{name} holds no case to start from"))
}

fn first_bomb_case(path: &std::path::Path, max_cells: u64) -> anyhow::Result<Board> {
    first_case(path, |input| {
        let mut board = Board::default();
        let found = BombReader::new(input)?
            .max_cells(max_cells)
            .next_case(&mut board)?;
        // A bomb on (1, 1) vanishes at once.
        board.set(1, 1, false);
        Ok(found.then_some(board))
    })
}

fn first_paper(path: &std::path::Path) -> anyhow::Result<Vec<Paper>> {
    first_case(path, |input| {
        Ok(CuttingReader::new(input)?.next_case()?.map(|p| vec![p]))
    })
}

fn first_matrix(path: &std::path::Path, max_cells: u64) -> anyhow::Result<Vec<Row>> {
    first_case(path, |input| {
        let mut case = MatrixCase::default();
        let found = MatrixReader::new(input)?
            .keep_cells(true)
            .max_cells(max_cells)
            .next_case(&mut case)?;
        Ok(found.then_some(case.rows))
    })
}

/// A small, reproducible random number generator (xorshift).
pub struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

fn random_board(rng: &mut Rng, (rows, cols): (u64, u64)) -> Board {
    let mut board = Board::new(rows, cols).unwrap_or_default();
    loop {
        for r in 1..=rows as u32 {
            for c in 1..=cols as u32 {
                board.set(r, c, (r, c) != (1, 1) && rng.below(100) < 35);
            }
        }
        if board.bomb_count() > 0 || rows * cols == 1 {
            return board;
        }
    }
}

fn random_matrix(rng: &mut Rng, (rows, cols): (u64, u64)) -> Vec<Row> {
    (0..rows)
        .map(|_| Row::from_cells((0..cols).map(|_| rng.below(10)).collect()))
        .collect()
}

struct Session<I, O> {
    input: I,
    out: O,
    style: Style,
    you_first: bool,
    rng: Rng,
    seed: u64,
}

/// Who moves next.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Turn {
    You,
    Engine,
}

/// The longest line of input `play` reads as a move.
const MAX_LINE: usize = 1024;

impl<I: BufRead, O: Write> Session<I, O> {
    fn run<G: Playable>(
        mut self,
        game: &mut G,
        start: Option<G::Position>,
        mut random: impl FnMut(&mut Rng) -> G::Position,
    ) -> anyhow::Result<()> {
        let mut start = start;
        for number in 1.. {
            let position = match start.take() {
                Some(position) => position,
                None => random(&mut self.rng),
            };
            let first = if self.you_first {
                "You move first"
            } else {
                "grundy moves first"
            };
            let title = format!(
                "Game {number} (seed {}). {first}; type `help` to see how to move.",
                self.seed
            );
            writeln!(self.out, "{}", self.style.bold(&title))?;
            if !self.game(game, position)? {
                return Ok(());
            }
            write!(self.out, "Play again? [y/N] ")?;
            self.out.flush()?;
            match self.read_line()? {
                Some(answer)
                    if matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes") => {}
                _ => return Ok(()),
            }
        }
        Ok(())
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

    /// Plays one game; `false` if the input ended or the person quit.
    fn game<G: Playable>(
        &mut self,
        game: &mut G,
        mut position: G::Position,
    ) -> anyhow::Result<bool> {
        let mut turn = if self.you_first {
            Turn::You
        } else {
            Turn::Engine
        };
        let mut history: Vec<G::Position> = Vec::new();
        let mut redraw = true;
        loop {
            if redraw {
                writeln!(self.out, "{}", game.draw(&position, &self.style))?;
            }
            redraw = true;
            let winner = match turn {
                Turn::Engine => match game.engine_move(&position) {
                    None => Some(Turn::You),
                    Some(mv) => {
                        let text = format!("grundy plays {}", game.notation(&position, &mv));
                        writeln!(
                            self.out,
                            "{}: {}.",
                            self.style.bold(&text),
                            game.describe(&position, &mv)
                        )?;
                        let (after, won) = game.play(&position, &mv);
                        position = after;
                        turn = Turn::You;
                        won.then_some(Turn::Engine)
                    }
                },
                Turn::You => {
                    if game.engine_move(&position).is_none() {
                        Some(Turn::Engine)
                    } else {
                        write!(self.out, "your move> ")?;
                        self.out.flush()?;
                        let Some(line) = self.read_line()? else {
                            writeln!(self.out)?;
                            return Ok(false);
                        };
                        let command = line.trim();
                        match command.to_ascii_lowercase().as_str() {
                            "" => {
                                redraw = false;
                                None
                            }
                            "help" | "?" => {
                                writeln!(self.out, "{}", game.help(&position))?;
                                writeln!(self.out, "Commands: help, hint, undo (takes back your last move and grundy's reply), quit.")?;
                                redraw = false;
                                None
                            }
                            "hint" => {
                                match game.winning_move(&position) {
                                    Some(mv) => writeln!(
                                        self.out,
                                        "Hint: {} ({}) wins.",
                                        game.notation(&position, &mv),
                                        game.describe(&position, &mv)
                                    )?,
                                    None => writeln!(self.out, "Hint: no move wins here; the position is lost if grundy plays well.")?,
                                }
                                redraw = false;
                                None
                            }
                            "undo" => {
                                match history.pop() {
                                    Some(before) => {
                                        position = before;
                                        writeln!(
                                            self.out,
                                            "Took back your last move and grundy's reply."
                                        )?;
                                    }
                                    None => {
                                        writeln!(self.out, "Nothing to undo.")?;
                                        redraw = false;
                                    }
                                }
                                None
                            }
                            "quit" | "exit" | "q" => return Ok(false),
                            _ => {
                                match game.parse(&position, command) {
                                    Err(reason) => {
                                        writeln!(self.out, "Not a legal move: {reason}. Type `help` for the notation.")?;
                                        redraw = false;
                                        None
                                    }
                                    Ok(mv) => {
                                        writeln!(
                                            self.out,
                                            "You play {}: {}.",
                                            game.notation(&position, &mv),
                                            game.describe(&position, &mv)
                                        )?;
                                        let (after, won) = game.play(&position, &mv);
                                        history.push(std::mem::replace(&mut position, after));
                                        turn = Turn::Engine;
                                        won.then_some(Turn::You)
                                    }
                                }
                            }
                        }
                    }
                }
            };
            if let Some(winner) = winner {
                let verdict = match winner {
                    Turn::You => "You win!",
                    Turn::Engine => "grundy wins.",
                };
                writeln!(self.out, "{} {}", self.style.bold("Game over:"), verdict)?;
                return Ok(true);
            }
        }
    }
}

// ---------------------------------------------------------------- Bomb Game

/// The Bomb Game for `play`.
#[derive(Default)]
pub struct BombPlay {
    game: BombGame,
}

impl Playable for BombPlay {
    type Position = Board;
    type Move = BombMove;

    fn draw(&self, board: &Board, style: &Style) -> String {
        let width = board
            .cols()
            .to_string()
            .len()
            .max(board.rows().to_string().len());
        let mut text = format!("{:>width$} ", "");
        for c in 1..=board.cols() {
            text += &format!(" {c:>width$}");
        }
        for r in 1..=board.rows() {
            text += &format!("\n{r:>width$} ");
            for c in 1..=board.cols() {
                let cell = if board.has_bomb(r, c) {
                    style.paint("31;1", "#")
                } else {
                    ".".to_string()
                };
                text += &format!(" {:>pad$}{cell}", "", pad = width - 1);
            }
        }
        text
    }

    fn help(&mut self, board: &Board) -> String {
        let example = self
            .game
            .suggest(board)
            .map(|mv| {
                format!(
                    "\nFor example `{}`: {}.",
                    notation::bomb(&mv),
                    bomb_move_text(board, &mv)
                )
            })
            .unwrap_or_default();
        format!(
            "A move is `P Q U V`: explode the bomb at row P, column Q, and put the new bombs at (U,Q) \
             above it and (P,V) left of it (U < P, V < Q). On row 1 write `1 Q V`, in column 1 `P 1 U`.{example}"
        )
    }

    fn parse(&self, board: &Board, text: &str) -> Result<BombMove, MoveError> {
        notation::parse_bomb(text, board)
    }

    fn notation(&self, _: &Board, mv: &BombMove) -> String {
        notation::bomb(mv)
    }

    fn describe(&self, board: &Board, mv: &BombMove) -> String {
        bomb_move_text(board, mv)
    }

    fn play(&self, board: &Board, mv: &BombMove) -> (Board, bool) {
        let mut after = board.clone();
        after.play(mv);
        (after, false)
    }

    fn winning_move(&mut self, board: &Board) -> Option<BombMove> {
        let mut found = None;
        self.game.winning_moves(board, |mv| {
            found = Some(mv);
            false
        });
        found
    }

    fn engine_move(&mut self, board: &Board) -> Option<BombMove> {
        self.game.suggest(board)
    }
}

// ------------------------------------------------------------- Cutting Game

/// The Cutting Game for `play`: the position is the list of pieces.
pub struct CuttingPlay;

impl Playable for CuttingPlay {
    type Position = Vec<Paper>;
    type Move = Cut;

    fn draw(&self, pieces: &Vec<Paper>, style: &Style) -> String {
        let list: Vec<String> = pieces
            .iter()
            .enumerate()
            .map(|(i, &p)| format!("{}) {}", i + 1, style.bold(&paper_text(p))))
            .collect();
        format!("Pieces: {}", list.join("   "))
    }

    fn help(&mut self, pieces: &Vec<Paper>) -> String {
        let example = cutting::suggest(pieces)
            .map(|cut| {
                format!(
                    "\nFor example `{}`: {}.",
                    notation::cut(&cut),
                    cut_text(&cut)
                )
            })
            .unwrap_or_default();
        format!(
            "A move is `N v K`: cut piece N vertically at line K (a W×H piece becomes K×H and (W−K)×H), \
             or `N h K` horizontally (W×K and W×(H−K)). With one piece, `v K` is enough. \
             Whoever cuts out a single cell (1×1) wins.{example}"
        )
    }

    fn parse(&self, pieces: &Vec<Paper>, text: &str) -> Result<Cut, MoveError> {
        notation::parse_cut(text, pieces)
    }

    fn notation(&self, _: &Vec<Paper>, cut: &Cut) -> String {
        notation::cut(cut)
    }

    fn describe(&self, _: &Vec<Paper>, cut: &Cut) -> String {
        cut_text(cut)
    }

    fn play(&self, pieces: &Vec<Paper>, cut: &Cut) -> (Vec<Paper>, bool) {
        (cut.apply(pieces), cut.cuts_out_a_cell())
    }

    fn winning_move(&mut self, pieces: &Vec<Paper>) -> Option<Cut> {
        cutting::WinningCuts::of(pieces).iter().next()
    }

    fn engine_move(&mut self, pieces: &Vec<Paper>) -> Option<Cut> {
        cutting::suggest(pieces)
    }
}

// -------------------------------------------------------------- Matrix Game

/// The Matrix Game for `play`.
pub struct MatrixPlay;

impl Playable for MatrixPlay {
    type Position = Vec<Row>;
    type Move = MatrixMove;

    fn draw(&self, rows: &Vec<Row>, style: &Style) -> String {
        let cols = rows.iter().map(|r| r.cells().len()).max().unwrap_or(0);
        let width = rows
            .iter()
            .flat_map(|r| r.cells().iter().map(|c| c.to_string().len()))
            .chain([cols.to_string().len() + 1])
            .max()
            .unwrap_or(1);
        let label = rows.len().to_string().len() + 4;
        let mut text = format!("{:label$} ", "");
        for c in 1..=cols {
            text += &format!(" {:>width$}", format!("c{c}"));
        }
        text += " | stones";
        for (i, row) in rows.iter().enumerate() {
            text += &format!("\n{:<label$} ", format!("row {}", i + 1));
            for c in row.cells() {
                text += &format!(" {c:>width$}");
            }
            text += &format!(" | {}", style.bold(&with_commas(row.total())));
        }
        text
    }

    fn help(&mut self, rows: &Vec<Row>) -> String {
        let example = matrix::suggest(rows)
            .map(|mv| {
                format!(
                    "\nFor example `{}`: {}.",
                    notation::matrix(&mv, rows),
                    matrix_move_text(&mv)
                )
            })
            .unwrap_or_default();
        format!(
            "A move is `R N`: take N stones from row R, from its first cells first; or `R : T1 T2 …` \
             to take Ti stones from cell i of row R. Take at least one stone.{example}"
        )
    }

    fn parse(&self, rows: &Vec<Row>, text: &str) -> Result<MatrixMove, MoveError> {
        notation::parse_matrix(text, rows)
    }

    fn notation(&self, rows: &Vec<Row>, mv: &MatrixMove) -> String {
        notation::matrix(mv, rows)
    }

    fn describe(&self, _: &Vec<Row>, mv: &MatrixMove) -> String {
        matrix_move_text(mv)
    }

    fn play(&self, rows: &Vec<Row>, mv: &MatrixMove) -> (Vec<Row>, bool) {
        (mv.apply(rows), false)
    }

    fn winning_move(&mut self, rows: &Vec<Row>) -> Option<MatrixMove> {
        matrix::winning_moves(rows).into_iter().next()
    }

    fn engine_move(&mut self, rows: &Vec<Row>) -> Option<MatrixMove> {
        matrix::suggest(rows)
    }
}
