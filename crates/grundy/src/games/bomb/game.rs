//! The Bomb Game as the front ends see it: the [`Engine`] over whole boards
//! (with the table's fast paths) and the [`Game`] that reads boards and
//! writes them and their moves.

use std::io::Read;
use std::ops::ControlFlow;

use super::board::Landing;
use super::BombReader;
use super::{Board, BombGame, BombMove, Cell};
use crate::engine::{Engine, IllegalMove, Outcome, Played};
use crate::format::{JudgeInput, ReadError};
use crate::game::{
    Answers, CaseReader, ComponentTable, JudgeError, Limits, Notation, Present, Rng, Style,
};
use crate::nimber::Nimber;
use crate::notation::with_commas;
use crate::registry::{self, Entry, Examples, ParameterError, Registered, Settings};
use crate::wire::{self, WireError};

impl Engine for BombGame {
    type Position = Board;
    type Component = Cell;
    type Move = BombMove;

    fn components(&mut self, board: &Board) -> Vec<(Cell, Nimber)> {
        board.bombs().map(|c| (c, self.bomb_value(c))).collect()
    }

    fn value(&mut self, board: &Board) -> Nimber {
        self.board_value(board)
    }

    fn winning_moves(
        &mut self,
        board: &Board,
        visit: &mut dyn FnMut(BombMove) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let sum = self.value(board);
        if sum.is_zero() {
            return ControlFlow::Continue(());
        }
        for cell in board.bombs() {
            // Any option of value g ^ sum wins, even one worth more than g
            // (the mex only promises one worth less in some bomb).
            let target = self.bomb_value(cell) ^ sum;
            self.moves_to(cell, target.value() as u32, visit)?;
        }
        ControlFlow::Continue(())
    }

    fn moves(
        &mut self,
        board: &Board,
        visit: &mut dyn FnMut(BombMove) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        use crate::rules::Rules;
        for bomb in board.bombs() {
            let mut stopped = false;
            super::BombRules.options(&bomb, &mut |mv, _| {
                stopped = stopped || visit(mv).is_break();
            });
            if stopped {
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }

    fn try_score(
        &mut self,
        board: &Board,
        before: &crate::solve::BitCounts,
        mv: &BombMove,
    ) -> (u64, u64) {
        (self.score_move(board, before, mv), 1)
    }

    fn check(&mut self, board: &Board, mv: &BombMove) -> Result<(), IllegalMove> {
        check(board, mv)
    }

    fn play(&mut self, board: &Board, mv: &BombMove) -> Played<Board> {
        let mut after = board.clone();
        after.play(mv);
        Played {
            position: after,
            won: false,
        }
    }

    fn is_terminal(&mut self, board: &Board) -> bool {
        board.bombs().all(|c| (c.row(), c.col()) == (1, 1))
    }
}

/// Whether `mv` follows the statement on `board`, and why not.
fn check(board: &Board, mv: &BombMove) -> Result<(), IllegalMove> {
    let (p, q) = (mv.explode.row(), mv.explode.col());
    let fail = |reason: String| Err(IllegalMove(reason));
    if !board.has_bomb(p, q) {
        return fail(format!("there is no bomb at ({p},{q})"));
    }
    if (p, q) == (1, 1) {
        return fail("the bomb at (1,1) cannot explode".to_string());
    }
    match mv.above {
        None if p > 1 => {
            return fail(format!(
                "a bomb off row 1 puts a new bomb above it, in column {q}"
            ))
        }
        Some(_) if p == 1 => return fail("a bomb on row 1 has nothing above it".to_string()),
        Some(c) if c.col() != q || c.row() >= p => {
            return fail(format!(
                "the new bomb above ({p},{q}) must be in column {q} on a row above {p}"
            ))
        }
        _ => {}
    }
    match mv.left {
        None if q > 1 => {
            return fail(format!(
                "a bomb off column 1 puts a new bomb left of it, on row {p}"
            ))
        }
        Some(_) if q == 1 => return fail("a bomb in column 1 has nothing left of it".to_string()),
        Some(c) if c.row() != p || c.col() >= q => {
            return fail(format!(
                "the new bomb left of ({p},{q}) must be on row {p} in a column left of {q}"
            ))
        }
        _ => {}
    }
    debug_assert!(mv.is_legal(board));
    Ok(())
}

/// Boards read from a judge input, as positions: a bomb the input puts on
/// (1, 1) vanishes at once, as one landing there does.
struct Boards<'a> {
    reader: BombReader<Box<dyn Read + 'a>>,
    /// Whether the last case put a bomb on (1, 1).
    corner: bool,
}

impl CaseReader<Board> for Boards<'_> {
    fn next_case(&mut self) -> Result<Option<Board>, ReadError> {
        let mut board = Board::default();
        if !self.reader.next_case(&mut board)? {
            return Ok(None);
        }
        self.corner = board.has_bomb(1, 1);
        board.settle();
        Ok(Some(board))
    }

    fn line(&self) -> u64 {
        self.reader.line()
    }

    fn note(&self) -> Option<String> {
        self.corner.then(|| {
            "The bomb the input puts on (1,1) explodes at once without new bombs, as the rules say: it is not part of the position.".to_string()
        })
    }
}

/// `(r,c)`.
pub fn cell_text(cell: Cell) -> String {
    format!("({},{})", cell.row(), cell.col())
}

impl Present for BombGame {
    fn name(&self) -> String {
        "bomb".to_string()
    }

    fn components_noun(&self) -> &'static str {
        "Bombs"
    }

    fn players(&self) -> [&'static str; 2] {
        ["John", "Jack"]
    }

    fn describe_component(&self, _: usize, cell: &Cell, value: Nimber) -> String {
        format!("{} {value}", cell_text(*cell))
    }

    /// The options of a bomb at (p, q) off row 1 and column 1 as the grid
    /// of sg(u, q) ⊕ sg(p, v): a row for each u < p, a column for each
    /// v < q (up to 16 × 16; a list beyond, and on row 1 or column 1,
    /// where the options are a Nim heap's).
    fn draw_options(&self, options: &[(BombMove, Nimber)]) -> Option<String> {
        let (first, _) = options.first()?;
        let (p, q) = (first.explode.row(), first.explode.col());
        if p == 1 || q == 1 || p > 17 || q > 17 {
            return None;
        }
        let cells: Vec<String> = options.iter().map(|(_, v)| v.to_string()).collect();
        let width = cells.iter().map(String::len).max().unwrap_or(2).max(4);
        let mut text = format!(
            "new bombs on (u,{q}) and ({p},v): each cell is sg(u,{q}) ⊕ sg({p},v)\n{:>9}{}\n",
            "",
            (1..q)
                .map(|v| format!(" {:>width$}", format!("v={v}")))
                .collect::<String>()
        );
        for u in 1..p {
            text += &format!("{:>9}", format!("u={u}"));
            for v in 1..q {
                // The options come row by row: above (u, q), then left (p, v).
                let at = ((u - 1) * (q - 1) + (v - 1)) as usize;
                text += &format!(" {:>width$}", cells.get(at)?);
            }
            text += "\n";
        }
        Some(text)
    }

    fn draw(&self, board: &Board, style: &dyn Style) -> String {
        grid(board, |r, c| {
            if board.has_bomb(r, c) {
                style.piece("#")
            } else {
                ".".to_string()
            }
        })
    }

    /// The board after the move, the exploded bomb's cell marked `x` and
    /// the cells its new bombs landed on `+` (a bomb there now) or `-`
    /// (it vanished), with a key below.
    fn draw_after(&self, _: &Board, mv: &BombMove, after: &Board, style: &dyn Style) -> String {
        let landed: Vec<(u32, u32)> = mv.placed().map(|c| (c.row(), c.col())).collect();
        let board = grid(after, |r, c| {
            if (r, c) == (mv.explode.row(), mv.explode.col()) {
                "x".to_string()
            } else if landed.contains(&(r, c)) {
                if after.has_bomb(r, c) {
                    style.piece("+")
                } else {
                    "-".to_string()
                }
            } else if after.has_bomb(r, c) {
                style.piece("#")
            } else {
                ".".to_string()
            }
        });
        board + "\n(x: the bomb that exploded; +: a new bomb; -: a new bomb that vanished)"
    }

    fn move_help(&self) -> String {
        "A move is `P Q U V`: explode the bomb at row P, column Q, and put the new bombs at (U,Q) \
         above it and (P,V) left of it (U < P, V < Q). On row 1 write `1 Q V`, in column 1 `P 1 U`."
            .to_string()
    }

    fn describe_move(&self, board: &Board, mv: &BombMove) -> String {
        let placed: Vec<Cell> = mv.placed().collect();
        let cells: Vec<String> = placed.iter().map(|&c| cell_text(c)).collect();
        let noun = if placed.len() == 1 {
            "new bomb"
        } else {
            "new bombs"
        };
        let mut text = format!(
            "explode {}, {noun} on {}",
            cell_text(mv.explode),
            cells.join(" and ")
        );
        for &cell in &placed {
            match board.landing(cell) {
                Landing::Stays => {}
                Landing::OnBomb => {
                    text += &format!("; {} lands on a bomb and both vanish", cell_text(cell))
                }
                Landing::OnCorner => text += &format!("; {} vanishes at once", cell_text(cell)),
            }
        }
        text
    }
}

impl Notation for BombGame {
    fn parse_move(&self, board: &Board, text: &str) -> Result<BombMove, IllegalMove> {
        super::parse_move(text, board)
    }

    fn notation(&self, _: &Board, mv: &BombMove) -> String {
        super::notation(mv)
    }
}

impl crate::game::WireForm for BombGame {
    fn plain_form(&self) -> Option<&'static str> {
        Some("a list of rows like ['..#', '#..'], or (rows, cols, [(row, col), ...])")
    }

    /// A board from its rows of `#` and `.` (`['..#', '#..']`) or from
    /// `(rows, cols, [(row, col), ...])`.
    fn position_from_plain(
        &self,
        plain: &serde_json::Value,
    ) -> Result<crate::wire::Position, crate::wire::WireError> {
        plain_board(plain).ok_or_else(|| {
            crate::wire::WireError::Refused(format!(
                "expected rows of `#` and `.` of one length, or (rows, cols, cells), found {plain}"
            ))
        })
    }

    fn component_wire(&self, index: usize, cell: &Cell, value: Nimber) -> wire::Component {
        wire::Component {
            index: index + 1,
            part: wire::Part::Bomb {
                cell: cell_pair(*cell),
            },
            value: Some(value.value().into()),
        }
    }

    fn position_wire(&self, board: &Board) -> wire::Position {
        wire::Position::Board {
            rows: board.rows(),
            cols: board.cols(),
            bombs: board.bombs().map(cell_pair).collect(),
        }
    }

    fn position_from_wire(
        &self,
        position: &wire::Position,
        limits: Limits,
    ) -> Result<Board, WireError> {
        let wire::Position::Board { rows, cols, bombs } = position else {
            return Err(WireError::wrong(self.name(), "a board", position.kind()));
        };
        let (rows, cols) = (*rows, *cols);
        let refuse = |reason: String| Err(WireError::Refused(reason));
        if rows == 0 || cols == 0 || u64::from(rows) * u64::from(cols) > limits.max_cells {
            return refuse(format!(
                "a board of {rows}×{cols} is not allowed: a board has from 1 to {} cells",
                with_commas(limits.max_cells.into())
            ));
        }
        let mut board =
            Board::new(rows.into(), cols.into()).map_err(|e| WireError::Refused(e.to_string()))?;
        for &[r, c] in bombs {
            // Two bombs on one cell vanish, as in the game.
            if !board.toggle(r, c) {
                return refuse(format!(
                    "the bomb at ({r}, {c}) is off the {rows}×{cols} board"
                ));
            }
        }
        board.settle();
        Ok(board)
    }

    fn move_wire(&self, _: &Board, mv: &BombMove) -> wire::Move {
        wire::Move::Bomb {
            explode: cell_pair(mv.explode),
            above: mv.above.map(cell_pair),
            left: mv.left.map(cell_pair),
        }
    }

    fn move_from_wire(&self, board: &Board, mv: &wire::Move) -> Result<BombMove, WireError> {
        match mv {
            wire::Move::Bomb {
                explode,
                above,
                left,
            } => {
                let cell = |[r, c]: [u32; 2]| {
                    Cell::new(r, c)
                        .ok_or_else(|| WireError::Illegal(format!("({r}, {c}) is not a cell")))
                };
                Ok(BombMove {
                    explode: cell(*explode)?,
                    above: above.map(cell).transpose()?,
                    left: left.map(cell).transpose()?,
                })
            }
            wire::Move::Notation { notation } => Ok(self.parse_move(board, notation)?),
            other => Err(WireError::wrong(self.name(), "bomb moves", other.kind())),
        }
    }
}

impl crate::game::JudgeFormat for BombGame {
    fn reader<'a>(
        &self,
        input: Box<dyn Read + 'a>,
        limits: Limits,
    ) -> Result<Box<dyn CaseReader<Board> + 'a>, ReadError> {
        let reader = BombReader::new(input)?.max_cells(limits.max_cells);
        Ok(Box::new(Boards {
            reader,
            corner: false,
        }))
    }

    fn judge_answer(&self, _case: u64, outcome: Outcome) -> String {
        super::reader::answer(outcome.first_player_wins()).to_string()
    }

    fn judge_fast<'a>(
        &mut self,
        convention: crate::convention::Convention,
        input: crate::format::JudgeInput<'a>,
        limits: crate::game::Limits,
        out: &mut dyn crate::game::Answers,
    ) -> crate::game::Judged<'a> {
        use crate::convention::Convention;
        use crate::game::Judged;
        match convention {
            Convention::Normal => Judged::Done(judge_normal(self, input, limits, out)),
            Convention::Misere { .. } => Judged::Declined(input),
        }
    }
}

impl crate::game::Extras for BombGame {
    fn abilities(&self) -> crate::game::Abilities {
        crate::game::Abilities {
            table: true,
            misere: true,
            genera: false,
        }
    }

    /// The bomb at (p, q): for every (u, v) with u < p and v < q (one of
    /// them alone on row 1 or in column 1), sg(u, q) ⊕ sg(p, v), a bomb on
    /// (1, 1) being worth nothing as it vanishes.
    fn component_options(
        &mut self,
        board: &Board,
        index: usize,
        visit: &mut dyn FnMut(BombMove, Nimber) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, crate::Refusal> {
        let Some(explode) = index.checked_sub(1).and_then(|i| board.bombs().nth(i)) else {
            return Err(crate::Refusal::Unable(format!("there is no bomb {index}")));
        };
        let (p, q) = (explode.row(), explode.col());
        if (p, q) == (1, 1) {
            return Ok(ControlFlow::Continue(()));
        }
        let at = |row: u32, col: u32| Cell::new(row, col).expect("a cell of the board");
        let aboves: Vec<Option<Cell>> = if p > 1 {
            (1..p).map(|u| Some(at(u, q))).collect()
        } else {
            vec![None]
        };
        let lefts: Vec<Option<Cell>> = if q > 1 {
            (1..q).map(|v| Some(at(p, v))).collect()
        } else {
            vec![None]
        };
        for &above in &aboves {
            for &left in &lefts {
                let value = [above, left]
                    .into_iter()
                    .flatten()
                    .fold(Nimber::ZERO, |sum, cell| sum ^ self.bomb_value(cell));
                let mv = BombMove {
                    explode,
                    above,
                    left,
                };
                if visit(mv, value).is_break() {
                    return Ok(ControlFlow::Break(()));
                }
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    /// The whole board (bombs landing on bombs interact under misère
    /// play): solved outright up to 25 cells, else searched within
    /// `budget` positions.
    fn misere(
        &self,
        budget: u64,
    ) -> Result<Box<dyn crate::misere::MisereEngine<Board, BombMove>>, crate::Refusal> {
        let mut misere = crate::misere::Misere::new(super::BoardRules);
        misere.set_budget(budget);
        Ok(Box::new(super::BombMisere::new(misere)))
    }

    /// The table of one bomb, within a square of `max_cells` cells (as
    /// boards are).
    fn component_table(
        &mut self,
        rows: u32,
        cols: u32,
        limits: Limits,
    ) -> Result<ComponentTable, crate::Refusal> {
        let side = limits.max_side();
        if u64::from(rows) > side || u64::from(cols) > side {
            return Err(crate::Refusal::Limit(format!(
                "a Bomb table of at most {side}×{side}"
            )));
        }
        // Within MAX_CELLS, as --max-cells is: the table grows to cover the
        // far corner.
        if let Some(corner) = Cell::new(rows, cols) {
            self.bomb_value(corner);
        }
        let table = self.table();
        let values = (0..rows as usize)
            .flat_map(|i| table.row(i)[..cols as usize].iter().copied())
            .collect();
        Ok(ComponentTable {
            what: "one bomb at (p, q)",
            axes: ["row p", "column q"],
            values,
            wins_at_once: Vec::new(),
        })
    }
}

impl crate::game::Game for BombGame {
    fn random_position(&mut self, rng: &mut Rng, size: Option<(u64, u64)>) -> Board {
        let (rows, cols) = size.unwrap_or((5, 5));
        let mut board = Board::new(rows, cols).unwrap_or_default();
        loop {
            for r in 1..=board.rows() {
                for c in 1..=board.cols() {
                    board.set(r, c, (r, c) != (1, 1) && rng.below(100) < 35);
                }
            }
            if board.bomb_count() > 0 || rows * cols == 1 {
                return board;
            }
        }
    }

    /// Table computations stop between columns; the game's answers are
    /// then meaningless ([`BombGame::was_cancelled`]).
    fn stop_when(&mut self, cancel: crate::shared::Cancel) {
        self.cancel = Some(cancel);
    }

    fn finish(&mut self) {
        self.keep_table();
    }
}

/// A cell as the wire format writes it, `[row, col]`.
fn cell_pair(cell: Cell) -> [u32; 2] {
    [cell.row(), cell.col()]
}

/// Boards are read into one reused board, and valued with the table's
/// byte sums.
fn judge_normal(
    game: &mut BombGame,
    input: JudgeInput<'_>,
    limits: Limits,
    out: &mut dyn Answers,
) -> Result<(), JudgeError> {
    let mut reader = BombReader::from_input(input)?.max_cells(limits.max_cells);
    let mut board = Board::default();
    while reader.next_case(&mut board)? {
        let wins = !game.board_value(&board).is_zero();
        out.line(super::reader::answer(wins).as_bytes())
            .map_err(JudgeError::Write)?;
    }
    Ok(())
}

/// `board`'s grid with row and column numbers, each cell as `cell(row,
/// column)` draws it (one character wide).
fn grid(board: &Board, cell: impl Fn(u32, u32) -> String) -> String {
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
            text += &format!(" {:>pad$}{}", "", cell(r, c), pad = width - 1);
        }
    }
    text
}

/// A Bomb board from `['..#', '#..']` or `(rows, cols, [(r, c), ...])`.
fn plain_board(plain: &serde_json::Value) -> Option<crate::wire::Position> {
    use serde_json::Value;
    let items = plain.as_array()?;
    if let [Value::Number(rows), Value::Number(cols), Value::Array(_)] = items.as_slice() {
        let board =
            serde_json::json!({ "kind": "board", "rows": rows, "cols": cols, "bombs": items[2] });
        return serde_json::from_value(board).ok();
    }
    let lines: Vec<&str> = items.iter().map(Value::as_str).collect::<Option<_>>()?;
    let cols = lines.first().map_or(0, |l| l.chars().count());
    let mut bombs = Vec::new();
    for (r, line) in lines.iter().enumerate() {
        if line.chars().count() != cols {
            return None;
        }
        for (c, ch) in line.chars().enumerate() {
            match ch {
                '#' => bombs.push([r + 1, c + 1]),
                '.' => {}
                _ => return None,
            }
        }
    }
    let board =
        serde_json::json!({ "kind": "board", "rows": lines.len(), "cols": cols, "bombs": bombs });
    serde_json::from_value(board).ok()
}

impl Registered for BombGame {
    const ENTRY: Entry = Entry {
        name: "bomb",
        title: "Bomb Game",
        parameter: None,
        summary: "Bomb Game: `n m` then an n×m grid of `#`/`.`; answers John or Jack",
        rules: "Bombs lie on a grid, row 1 at the top and column 1 at the left. A move explodes one bomb: it disappears, and one new bomb lands higher up in its column and one further left in its row (only one lands when the bomb is on row 1 or in column 1). A bomb that lands on another makes both vanish, and one that lands on the top-left cell vanishes. The player who cannot move loses.",
        example: "bomb",
        examples: Examples {
            judge: "2 3\n#.#\n.##\n1 1\n#\n",
            answers: "John\nJack\n",
            won: "2 3\n#.#\n.##\n",
            winning_move: "1 3 2",
            illegal_move: "1 1",
            bad_input: "2 3\n#.#\n.x#\n",
            bad_line: 3,
            plain: "[\"#.#\", \".##\"]",
        },
    };

    fn open(parameter: Option<&str>, settings: &Settings) -> Result<Self, ParameterError> {
        registry::none(parameter)?;
        let mut game = BombGame::new();
        if let Some(progress) = &settings.progress {
            game.report_progress(std::sync::Arc::clone(progress));
        }
        if let Some(store) = &settings.store {
            game.keep_tables_in(std::sync::Arc::clone(store), settings.limits.max_cells);
        }
        if let Some(shelf) = &settings.shelf {
            game.share_tables_on(std::sync::Arc::clone(shelf));
        }
        if let Some(cancel) = &settings.cancel {
            crate::game::Game::stop_when(&mut game, cancel.clone());
        }
        if let Some(threads) = settings.threads {
            game.use_threads(threads);
        }
        Ok(game)
    }
}
