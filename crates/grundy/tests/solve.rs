//! Winning moves and suggestions against the literal rules: every winning
//! move the library lists is legal and leaves a lost position, it lists
//! every winning move there is, and from a lost position its suggestion is
//! the best try: after it, as few components as after any move hold the
//! top bit of the nim-sum (values found by a mex over the literal moves).

use crate::literal;

use std::collections::{BTreeSet, HashMap};

use grundy::games::bomb::{Board, BombGame, BombMove};
use grundy::games::cutting::{self, reduced_grundy, Cut, Direction, Paper, WinningCuts};
use grundy::games::matrix::{self, Row};
use grundy::Engine;

// ---------------------------------------------------------------- Bomb Game

fn to_literal(mv: &BombMove) -> literal::BombMove {
    let cell = |c: grundy::games::bomb::Cell| (c.row(), c.col());
    (cell(mv.explode), mv.above.map(cell), mv.left.map(cell))
}

fn board_of(rows: u32, cols: u32, mask: u32) -> Board {
    let mut board = Board::new(rows.into(), cols.into()).unwrap();
    for k in 0..rows * cols {
        if mask >> k & 1 == 1 {
            board.set(k / cols + 1, k % cols + 1, true);
        }
    }
    board
}

fn mask_of(board: &Board) -> u32 {
    board
        .bombs()
        .map(|c| 1u32 << ((c.row() - 1) * board.cols() + c.col() - 1))
        .sum()
}

/// The Grundy value of a set of bombs, by a mex over the literal moves.
fn literal_grundy(rows: u32, cols: u32, mask: u32, memo: &mut HashMap<u32, u32>) -> u32 {
    let mask = mask & !1; // a bomb on (1, 1) never moves
    if let Some(&g) = memo.get(&mask) {
        return g;
    }
    let options: BTreeSet<u32> = literal::bomb_moves(rows, cols, mask)
        .into_iter()
        .map(|(_, after)| literal_grundy(rows, cols, after, memo))
        .collect();
    let g = (0..).find(|v| !options.contains(v)).unwrap();
    memo.insert(mask, g);
    g
}

/// The best try's score of a set of bombs, by its definition: how many
/// bombs hold the top bit of the nim-sum of the single bombs' values (0
/// when the nim-sum is 0).
fn top_bit_holders(rows: u32, cols: u32, mask: u32, memo: &mut HashMap<u32, u32>) -> usize {
    let values: Vec<u32> = (0..rows * cols)
        .filter(|k| mask >> k & 1 == 1)
        .map(|k| literal_grundy(rows, cols, 1 << k, memo))
        .collect();
    holding_the_top_bit(&values)
}

/// How many of `values` hold the top bit of their nim-sum (0 when it is 0).
fn holding_the_top_bit(values: &[u32]) -> usize {
    let sum = values.iter().fold(0, |s, v| s ^ v);
    if sum == 0 {
        return 0;
    }
    let high = 31 - sum.leading_zeros();
    values.iter().filter(|&&v| v >> high & 1 == 1).count()
}

fn check_bomb_solutions(rows: u32, cols: u32, check_suggestions: bool) {
    let wins = literal::bomb_wins(rows, cols);
    let memo = &mut HashMap::new();
    let mut game = BombGame::new();
    for mask in 0..1u32 << (rows * cols) {
        let board = board_of(rows, cols, mask);
        let moves = literal::bomb_moves(rows, cols, mask);
        let literal_winners: BTreeSet<literal::BombMove> = moves
            .iter()
            .filter(|(_, after)| !wins[*after as usize])
            .map(|(mv, _)| *mv)
            .collect();
        let mut ours = Vec::new();
        let _ = game.winning_moves(&board, &mut |mv| {
            ours.push(mv);
            std::ops::ControlFlow::Continue(())
        });
        for mv in &ours {
            assert!(mv.is_legal(&board), "{mv:?} on {mask:#b}");
            let mut after = board.clone();
            after.play(mv);
            let literal_after = moves
                .iter()
                .find(|(m, _)| *m == to_literal(mv))
                .map(|(_, a)| *a);
            assert_eq!(
                Some(mask_of(&after)),
                literal_after,
                "playing {mv:?} on {mask:#b}"
            );
        }
        let ours: BTreeSet<literal::BombMove> = ours.iter().map(to_literal).collect();
        assert_eq!(ours, literal_winners, "{rows}×{cols} board {mask:#b}");

        let suggestion = game.suggest(&board);
        assert_eq!(
            suggestion.is_some(),
            !moves.is_empty(),
            "a move exists on {mask:#b}"
        );
        if let Some(mv) = suggestion {
            assert!(mv.is_legal(&board));
            if check_suggestions && literal_winners.is_empty() {
                let after = |m: &literal::BombMove| {
                    moves.iter().find(|(x, _)| x == m).map(|(_, a)| *a).unwrap()
                };
                let ours = top_bit_holders(rows, cols, after(&to_literal(&mv)), memo);
                let best = moves
                    .iter()
                    .map(|(_, a)| top_bit_holders(rows, cols, *a, memo))
                    .min()
                    .unwrap();
                assert!(best > 0, "a move from a lost position leaves a won one");
                assert_eq!(ours, best, "suggestion {mv:?} on {mask:#b}");
            }
        }
    }
}

#[test]
fn bomb_winning_moves_are_exactly_the_literal_ones() {
    check_bomb_solutions(3, 3, true);
    check_bomb_solutions(3, 4, true);
    check_bomb_solutions(4, 4, false);
    check_bomb_solutions(2, 6, true);
}

// ------------------------------------------------------------- Cutting Game

fn papers(pieces: &[(u8, u8)]) -> Vec<Paper> {
    pieces
        .iter()
        .map(|&(w, h)| Paper::new(w.into(), h.into()))
        .collect()
}

fn cut_literal(cut: &Cut) -> literal::CutMove {
    (
        cut.piece - 1,
        cut.direction == Direction::Vertical,
        cut.at as u8,
    )
}

/// The Grundy value of a W×H paper in the game where a cut must leave two
/// pieces of at least 2×2 (a cut leaving a strip hands the win over): a
/// mex over those cuts, by their definition.
fn literal_reduced(w: u8, h: u8, memo: &mut HashMap<(u8, u8), u32>) -> u32 {
    if let Some(&g) = memo.get(&(w, h)) {
        return g;
    }
    let mut options = BTreeSet::new();
    for a in 2..w.saturating_sub(1) {
        if h >= 2 {
            options.insert(literal_reduced(a, h, memo) ^ literal_reduced(w - a, h, memo));
        }
    }
    for b in 2..h.saturating_sub(1) {
        if w >= 2 {
            options.insert(literal_reduced(w, b, memo) ^ literal_reduced(w, h - b, memo));
        }
    }
    let g = (0..).find(|v| !options.contains(v)).unwrap();
    memo.insert((w, h), g);
    g
}

/// The best try's score of pieces without a strip: how many hold the top
/// bit of the nim-sum of their values (0 when it is 0).
fn pieces_holding_the_top_bit(pieces: &[(u8, u8)], memo: &mut HashMap<(u8, u8), u32>) -> usize {
    let values: Vec<u32> = pieces
        .iter()
        .map(|&(w, h)| literal_reduced(w, h, memo))
        .collect();
    holding_the_top_bit(&values)
}

fn check_cutting_position(pieces: &[(u8, u8)], memo: &mut HashMap<literal::Pieces, bool>) {
    let position = papers(pieces);
    let moves = literal::cutting_moves(pieces);
    let literal_winners: BTreeSet<literal::CutMove> = moves
        .iter()
        .filter(|(_, after)| match after {
            literal::After::Won => true,
            literal::After::Pieces(next) => !literal::cutting_wins(next, memo),
        })
        .map(|(mv, _)| *mv)
        .collect();
    let winning = WinningCuts::of(&position);
    let ours: Vec<Cut> = winning.iter().collect();
    assert_eq!(winning.count(), ours.len() as u128);
    for cut in &ours {
        assert!(cut.is_legal(&position), "{cut:?} in {pieces:?}");
        let after = cut.apply(&position);
        assert!(
            cut.cuts_out_a_cell() || !cutting::position_wins(&after),
            "{cut:?} in {pieces:?}"
        );
    }
    let ours: BTreeSet<literal::CutMove> = ours.iter().map(cut_literal).collect();
    assert_eq!(ours, literal_winners, "{pieces:?}");
    assert_eq!(
        cutting::position_wins(&position),
        !literal_winners.is_empty(),
        "{pieces:?}"
    );

    let suggestion = cutting::suggest(&position);
    assert_eq!(suggestion.is_some(), !moves.is_empty(), "{pieces:?}");
    if let (Some(cut), true) = (suggestion, literal_winners.is_empty()) {
        assert!(cut.is_legal(&position));
        // Among cuts that leave no strip (which would hand over the win),
        // none leaves fewer pieces holding the top bit of the nim-sum of
        // the reduced values.
        let keeps_wide = |after: &literal::Pieces| after.iter().all(|&(w, h)| (w == 1) == (h == 1));
        let reduced = &mut HashMap::new();
        let scores: Vec<(literal::CutMove, usize)> = moves
            .iter()
            .filter_map(|(mv, after)| match after {
                literal::After::Pieces(next) if keeps_wide(next) => {
                    Some((*mv, pieces_holding_the_top_bit(next, reduced)))
                }
                _ => None,
            })
            .collect();
        if let Some(best) = scores.iter().map(|&(_, s)| s).min() {
            let ours = scores
                .iter()
                .find(|(mv, _)| *mv == cut_literal(&cut))
                .map(|&(_, s)| s);
            assert_eq!(ours, Some(best), "suggestion {cut:?} in {pieces:?}");
        }
    }
}

#[test]
fn cutting_winning_cuts_are_exactly_the_literal_ones() {
    let mut memo = HashMap::new();
    for w in 1..=7u8 {
        for h in 1..=7u8 {
            check_cutting_position(&[(w, h)], &mut memo);
        }
    }
    for a in 1..=4u8 {
        for b in 1..=4u8 {
            for c in 2..=5u8 {
                for d in 2..=4u8 {
                    check_cutting_position(&[(a, b), (c, d)], &mut memo);
                }
            }
        }
    }
}

/// Long sides are handled by period, not by scanning: the cuts must be the
/// ones a scan of every line finds, in the same order.
#[test]
fn cutting_long_sides_match_a_full_scan() {
    for w in 2..=400u64 {
        for h in [2u64, 3, 4, 5, 7, 9, 14, 15, 16] {
            let paper = Paper::new(w, h);
            let g = reduced_grundy(paper);
            let mut scan = Vec::new();
            if !g.is_zero() {
                for k in 2..w.saturating_sub(1) {
                    if reduced_grundy(Paper::new(k, h)) == reduced_grundy(Paper::new(w - k, h)) {
                        scan.push((Direction::Vertical, k));
                    }
                }
                for k in 2..h.saturating_sub(1) {
                    if reduced_grundy(Paper::new(w, k)) == reduced_grundy(Paper::new(w, h - k)) {
                        scan.push((Direction::Horizontal, k));
                    }
                }
            }
            let winning = WinningCuts::of(&[paper]);
            let ours: Vec<(Direction, u64)> = winning.iter().map(|c| (c.direction, c.at)).collect();
            assert_eq!(ours, scan, "{w}×{h}");
            assert_eq!(winning.count(), scan.len() as u128);
        }
    }
}

#[test]
fn cutting_huge_papers_are_solved_by_period() {
    for (w, h) in [
        (10u64.pow(18), 10u64.pow(18)),
        (10u64.pow(18) + 7, 3),
        (u64::MAX, u64::MAX - 5),
    ] {
        let position = [Paper::new(w, h)];
        let winning = WinningCuts::of(&position);
        if cutting::position_wins(&position) {
            let first = winning.iter().next().expect("a winning cut");
            let (a, b) = first.pieces();
            assert_eq!(reduced_grundy(a), reduced_grundy(b), "{first:?}");
            assert!(winning.count() > 1000, "{w}×{h}: {}", winning.count());
        } else {
            assert_eq!(winning.count(), 0);
            let cut = cutting::suggest(&position).expect("a legal cut");
            assert!(cut.is_legal(&position));
        }
    }
}

// -------------------------------------------------------------- Matrix Game

fn rows_of(cells: &[u8], cols: usize) -> Vec<Row> {
    cells
        .chunks(cols)
        .map(|r| Row::from_cells(r.iter().map(|&c| c.into()).collect()))
        .collect()
}

/// Rows in which the player to move has a winning move.
fn rows_to_win_from(cells: &[u8], cols: usize, memo: &mut HashMap<Vec<u8>, bool>) -> usize {
    let rows: BTreeSet<usize> = literal::matrix_moves(cells, cols)
        .into_iter()
        .filter(|(_, next)| !literal::matrix_wins(next, cols, memo))
        .map(|((r, _), _)| r)
        .collect();
    rows.len()
}

fn check_matrix_solutions(rows: usize, cols: usize, max: u8) {
    let mut memo = HashMap::new();
    for cells in literal::all_matrices(rows, cols, max) {
        let matrix = rows_of(&cells, cols);
        let moves = literal::matrix_moves(&cells, cols);
        let literal_winners = literal::matrix_winning_totals(&cells, cols, &mut memo);
        let ours = matrix::winning_moves(&matrix);
        for mv in &ours {
            assert!(mv.is_legal(&matrix), "{mv:?} on {cells:?}");
            let after: Vec<u8> = mv
                .apply(&matrix)
                .iter()
                .flat_map(|r| r.cells().iter().map(|&c| c as u8))
                .collect();
            assert!(
                !literal::matrix_wins(&after, cols, &mut memo),
                "{mv:?} on {cells:?}"
            );
        }
        let ours: BTreeSet<(usize, u32)> =
            ours.iter().map(|mv| (mv.row, mv.total() as u32)).collect();
        assert_eq!(ours, literal_winners, "{cells:?}");

        let suggestion = matrix::suggest(&matrix);
        assert_eq!(suggestion.is_some(), !moves.is_empty(), "{cells:?}");
        if let (Some(mv), true) = (suggestion, literal_winners.is_empty()) {
            assert!(mv.is_legal(&matrix));
            let after: Vec<u8> = mv
                .apply(&matrix)
                .iter()
                .flat_map(|r| r.cells().iter().map(|&c| c as u8))
                .collect();
            let ours = rows_to_win_from(&after, cols, &mut memo);
            let best = moves
                .iter()
                .map(|(_, next)| rows_to_win_from(next, cols, &mut memo))
                .min()
                .unwrap();
            assert_eq!(ours, best, "suggestion {mv:?} on {cells:?}");
        }
    }
}

#[test]
fn matrix_winning_moves_are_exactly_the_literal_ones() {
    check_matrix_solutions(2, 2, 2);
    check_matrix_solutions(1, 3, 2);
    check_matrix_solutions(2, 3, 2);
    check_matrix_solutions(3, 2, 2);
    check_matrix_solutions(3, 3, 1);
}

#[test]
fn matrix_moves_on_huge_values() {
    let max = u64::MAX;
    let matrix = vec![
        Row::from_cells(vec![max; 50]),
        Row::from_cells(vec![max; 49]),
        Row::from_cells(vec![5; 3]),
    ];
    let moves = matrix::winning_moves(&matrix);
    assert!(!moves.is_empty());
    for mv in &moves {
        assert!(mv.is_legal(&matrix));
        let after = mv.apply(&matrix);
        let sum = after.iter().fold(0u128, |s, r| s ^ r.total());
        assert_eq!(sum, 0, "{mv:?}");
    }
}

// ------------------------------------------------ The engine against anyone

/// From every first-player win on small boards, the engine (which plays
/// `suggest`) wins whatever the opponent replies: every reply is tried.
#[test]
fn bomb_engine_wins_against_every_reply() {
    let (rows, cols) = (3u32, 3u32);
    let wins = literal::bomb_wins(rows, cols);
    let mut game = BombGame::new();
    let mut proven = std::collections::HashSet::new();
    fn engine_wins(
        mask: u32,
        game: &mut BombGame,
        proven: &mut std::collections::HashSet<u32>,
        rows: u32,
        cols: u32,
    ) {
        if !proven.insert(mask) {
            return;
        }
        let board = board_of(rows, cols, mask);
        let mv = Engine::suggest(game, &board).expect("the engine has a move in a won position");
        let mut after = board.clone();
        after.play(&mv);
        let replies = literal::bomb_moves(rows, cols, mask_of(&after) & !1);
        for (_, next) in replies {
            engine_wins(next & !1, game, proven, rows, cols);
        }
    }
    for mask in (0..1u32 << (rows * cols)).filter(|m| m & 1 == 0 && wins[*m as usize]) {
        engine_wins(mask, &mut game, &mut proven, rows, cols);
    }
    assert!(proven.len() > 100);
}

#[test]
fn cutting_engine_wins_against_every_reply() {
    fn engine_wins(position: Vec<Paper>, memo: &mut std::collections::HashSet<Vec<Paper>>) {
        let mut key = position.clone();
        key.sort_unstable();
        if !memo.insert(key) {
            return;
        }
        let cut = cutting::suggest(&position).expect("a move in a won position");
        assert!(
            cutting::WinningCuts::of(&position).iter().any(|c| c == cut),
            "{cut:?} wins"
        );
        if cut.cuts_out_a_cell() {
            return;
        }
        let after = cut.apply(&position);
        let pieces: Vec<(u8, u8)> = after
            .iter()
            .map(|p| (p.width as u8, p.height as u8))
            .collect();
        for (reply, next) in literal::cutting_moves(&pieces) {
            match next {
                literal::After::Won => {
                    panic!("the opponent cut out a cell with {reply:?} after {cut:?}")
                }
                literal::After::Pieces(next) => engine_wins(papers(&next), memo),
            }
        }
    }
    let mut memo = std::collections::HashSet::new();
    for w in 1..=6u8 {
        for h in 1..=6u8 {
            let start = papers(&[(w, h)]);
            if cutting::position_wins(&start) {
                engine_wins(start, &mut memo);
            }
        }
    }
}

#[test]
fn matrix_engine_wins_against_every_reply() {
    fn engine_wins(cells: Vec<u8>, cols: usize, memo: &mut std::collections::HashSet<Vec<u8>>) {
        if !memo.insert(cells.clone()) {
            return;
        }
        let rows = rows_of(&cells, cols);
        let mv = matrix::suggest(&rows).expect("a move in a won position");
        let after: Vec<u8> = mv
            .apply(&rows)
            .iter()
            .flat_map(|r| r.cells().iter().map(|&c| c as u8))
            .collect();
        for (_, next) in literal::matrix_moves(&after, cols) {
            engine_wins(next, cols, memo);
        }
    }
    let mut memo = std::collections::HashSet::new();
    let mut wins_memo = HashMap::new();
    for cells in literal::all_matrices(2, 3, 2) {
        if literal::matrix_wins(&cells, 3, &mut wins_memo) {
            engine_wins(cells, 3, &mut memo);
        }
    }
}
