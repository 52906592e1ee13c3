//! The seed games through the one engine interface: which moves `check`
//! accepts, what `play` leaves and when a game is over, against the literal
//! move lists of `literal/mod.rs`.

use crate::literal;

use std::collections::BTreeSet;

use grundy::format::JudgeInput;
use grundy::game::{Extras, JudgeFormat, Notation, Present, WireForm};
use grundy::games::bomb::{Board, BombGame, BombMove, Cell};
use grundy::games::cutting::{Cut, CuttingGame, Direction, Paper};
use grundy::games::matrix::{MatrixGame, MatrixMove, Row};
use grundy::{wire, Engine};

/// A cut and the pieces after it (`None`: it cut out a cell and won).
type CutAndAfter = (literal::CutMove, Option<Vec<(u8, u8)>>);

fn cell(r: u32, c: u32) -> Cell {
    Cell::new(r, c).unwrap()
}

#[test]
fn bomb_checks_and_plays_by_the_literal_rules() {
    let mut game = BombGame::new();
    let (rows, cols) = (3u32, 3u32);
    for mask in 0..1u32 << (rows * cols) {
        let mut board = Board::new(rows.into(), cols.into()).unwrap();
        for r in 1..=rows {
            for c in 1..=cols {
                board.set(r, c, mask >> ((r - 1) * cols + c - 1) & 1 == 1);
            }
        }
        let literal: BTreeSet<(literal::BombMove, u32)> =
            literal::bomb_moves(rows, cols, mask).into_iter().collect();
        // Every candidate move: any cell explodes, any cell above and left.
        let mut accepted = BTreeSet::new();
        let some = |v: Vec<Cell>| {
            std::iter::once(None)
                .chain(v.into_iter().map(Some))
                .collect::<Vec<_>>()
        };
        for p in 1..=rows {
            for q in 1..=cols {
                for &above in &some((1..=rows).map(|u| cell(u, q)).collect()) {
                    for &left in &some((1..=cols).map(|v| cell(p, v)).collect()) {
                        let mv = BombMove {
                            explode: cell(p, q),
                            above,
                            left,
                        };
                        if game.check(&board, &mv).is_ok() {
                            let after = game.play(&board, &mv).position;
                            let mut bits = 0u32;
                            for b in after.bombs() {
                                bits |= 1 << ((b.row() - 1) * cols + b.col() - 1);
                            }
                            let key = (
                                (p, q),
                                above.map(|c| (c.row(), c.col())),
                                left.map(|c| (c.row(), c.col())),
                            );
                            accepted.insert((key, bits));
                        }
                    }
                }
            }
        }
        assert_eq!(accepted, literal, "mask {mask:b}");
        assert_eq!(
            game.is_terminal(&board),
            literal.is_empty(),
            "mask {mask:b}"
        );
    }
    let board = Board::new(2, 2).unwrap();
    assert!(game.is_terminal(&board));
    let mv = BombMove {
        explode: cell(2, 2),
        above: Some(cell(1, 2)),
        left: Some(cell(2, 1)),
    };
    assert_eq!(
        game.check(&board, &mv).unwrap_err().to_string(),
        "there is no bomb at (2,2)"
    );
    let mut board = Board::new(2, 2).unwrap();
    for (r, c) in [(1, 1), (1, 2), (2, 1), (2, 2)] {
        board.set(r, c, true);
    }
    let reason = |explode: Cell, above: Option<Cell>, left: Option<Cell>| {
        let mv = BombMove {
            explode,
            above,
            left,
        };
        BombGame::new().check(&board, &mv).unwrap_err().to_string()
    };
    assert_eq!(
        reason(cell(1, 1), None, None),
        "the bomb at (1,1) cannot explode"
    );
    assert_eq!(
        reason(cell(1, 2), Some(cell(1, 2)), Some(cell(1, 1))),
        "a bomb on row 1 has nothing above it"
    );
    assert_eq!(
        reason(cell(2, 1), Some(cell(1, 1)), Some(cell(2, 1))),
        "a bomb in column 1 has nothing left of it"
    );
    assert_eq!(
        reason(cell(2, 2), None, Some(cell(2, 1))),
        "a bomb off row 1 puts a new bomb above it, in column 2"
    );
    assert_eq!(
        reason(cell(2, 2), Some(cell(1, 2)), None),
        "a bomb off column 1 puts a new bomb left of it, on row 2"
    );
    assert_eq!(
        reason(cell(2, 2), Some(cell(1, 1)), Some(cell(2, 1))),
        "the new bomb above (2,2) must be in column 2 on a row above 2"
    );
    assert_eq!(
        reason(cell(2, 2), Some(cell(1, 2)), Some(cell(1, 1))),
        "the new bomb left of (2,2) must be on row 2 in a column left of 2"
    );
    // The line a case was read up to, for messages about it.
    use grundy::game::Limits;
    let mut reader = game
        .reader(Box::new("\n1 2\n.#\n".as_bytes()), Limits::default())
        .unwrap();
    assert!(reader.next_case().unwrap().is_some());
    assert!(reader.line() >= 3, "{}", reader.line());
}

#[test]
fn cutting_checks_and_plays_by_the_literal_rules() {
    let mut game = CuttingGame;
    for pieces in [
        vec![(1u8, 1u8)],
        vec![(2, 3)],
        vec![(1, 4), (3, 3)],
        vec![(4, 2), (1, 1), (2, 2)],
    ] {
        let position: Vec<Paper> = pieces
            .iter()
            .map(|&(w, h)| Paper::new(w.into(), h.into()))
            .collect();
        let mut literal: Vec<CutAndAfter> = literal::cutting_moves(&pieces)
            .into_iter()
            .map(|(mv, after)| {
                (
                    mv,
                    match after {
                        literal::After::Won => None,
                        literal::After::Pieces(p) => Some(p),
                    },
                )
            })
            .collect();
        literal.sort();
        let mut accepted = Vec::new();
        for (i, paper) in position.iter().enumerate() {
            for direction in [Direction::Vertical, Direction::Horizontal] {
                for at in 0..=5 {
                    let cut = Cut {
                        piece: i + 1,
                        paper: *paper,
                        direction,
                        at,
                    };
                    if game.check(&position, &cut).is_ok() {
                        let played = game.play(&position, &cut);
                        let after = (!played.won).then(|| {
                            played
                                .position
                                .iter()
                                .map(|p| (p.width as u8, p.height as u8))
                                .collect()
                        });
                        accepted.push(((i, direction == Direction::Vertical, at as u8), after));
                    }
                }
            }
        }
        accepted.sort();
        assert_eq!(accepted, literal, "{pieces:?}");
        assert_eq!(
            game.is_terminal(&position),
            literal.is_empty(),
            "{pieces:?}"
        );
    }
    let position = vec![Paper::new(3, 2)];
    let refused = |cut: Cut| CuttingGame.check(&position, &cut).unwrap_err().to_string();
    let paper = Paper::new(3, 2);
    assert_eq!(
        refused(Cut {
            piece: 2,
            paper,
            direction: Direction::Vertical,
            at: 1
        }),
        "there is no piece 2 (there are 1)"
    );
    assert_eq!(
        refused(Cut {
            piece: 1,
            paper: Paper::new(2, 2),
            direction: Direction::Vertical,
            at: 1
        }),
        "piece 1 is 3×2, not 2×2"
    );
    assert_eq!(
        refused(Cut {
            piece: 1,
            paper,
            direction: Direction::Horizontal,
            at: 2
        }),
        "a cut of a side of 2 is at a line from 1 to 1"
    );
}

#[test]
fn matrix_checks_and_plays_by_the_literal_rules() {
    let mut game = MatrixGame;
    let cols = 2;
    for cells in literal::all_matrices(2, cols, 2) {
        let rows: Vec<Row> = cells
            .chunks(cols)
            .map(|r| Row::from_cells(r.iter().map(|&c| c.into()).collect()))
            .collect();
        let literal: BTreeSet<Vec<u8>> = literal::matrix_moves(&cells, cols)
            .into_iter()
            .map(|(_, after)| after)
            .collect();
        let mut accepted = BTreeSet::new();
        for row in 1..=2 {
            for a in 0..=3u64 {
                for b in 0..=3u64 {
                    let mv = MatrixMove {
                        row,
                        take: vec![a, b],
                    };
                    if game.check(&rows, &mv).is_ok() {
                        let after = game.play(&rows, &mv).position;
                        accepted.insert(
                            after
                                .iter()
                                .flat_map(|r| r.cells().iter().map(|&c| c as u8))
                                .collect::<Vec<u8>>(),
                        );
                    }
                }
            }
        }
        assert_eq!(accepted, literal, "{cells:?}");
        assert_eq!(game.is_terminal(&rows), literal.is_empty(), "{cells:?}");
    }
    let rows = vec![Row::from_cells(vec![1, 2])];
    let refused = |mv: MatrixMove| MatrixGame.check(&rows, &mv).unwrap_err().to_string();
    assert_eq!(
        refused(MatrixMove {
            row: 2,
            take: vec![1, 0]
        }),
        "there is no row 2 (there are 1)"
    );
    assert_eq!(
        refused(MatrixMove {
            row: 1,
            take: vec![1]
        }),
        "row 1 has 2 cells, not 1"
    );
    assert_eq!(
        refused(MatrixMove {
            row: 1,
            take: vec![0, 3]
        }),
        "cell (1,2) holds 2 stones, fewer than 3"
    );
    assert_eq!(
        refused(MatrixMove {
            row: 1,
            take: vec![0, 0]
        }),
        "a move takes at least one stone"
    );
}

/// Through the engine interface, and the game's reader: outcome, value (the
/// nim-sum of the components' values), every winning move and the
/// suggestion, against the literal search of every position of a 3×3 board.
#[test]
fn bomb_answers_through_the_engine_match_the_literal_search() {
    use grundy::game::Limits;
    let (rows, cols) = (3u32, 3u32);
    let wins = literal::bomb_wins(rows, cols);
    let mut game = BombGame::new();
    for mask in 0..1u32 << (rows * cols) {
        // Read as a judge case, so the (1, 1) rule of the reader applies.
        let mut text = format!("{rows} {cols}\n");
        for r in 0..rows {
            for c in 0..cols {
                text.push(if mask >> (r * cols + c) & 1 == 1 {
                    '#'
                } else {
                    '.'
                });
            }
            text.push('\n');
        }
        let mut reader = game
            .reader(Box::new(text.as_bytes()), Limits::default())
            .unwrap();
        let board = reader.next_case().unwrap().unwrap();
        assert!(reader.next_case().unwrap().is_none());
        assert!(!board.has_bomb(1, 1), "a bomb on (1, 1) vanishes at once");
        let win = wins[mask as usize];
        assert_eq!(game.outcome(&board).first_player_wins(), win, "{mask:b}");
        let components = game.components(&board);
        assert_eq!(components.len(), board.bomb_count());
        let sum = components
            .iter()
            .fold(grundy::Nimber::ZERO, |s, &(_, v)| s ^ v);
        assert_eq!(Engine::value(&mut game, &board), sum, "{mask:b}");
        let settled = mask & !1;
        let literal_wins: BTreeSet<literal::BombMove> = literal::bomb_moves(rows, cols, settled)
            .into_iter()
            .filter(|&(_, after)| !wins[after as usize])
            .map(|(mv, _)| mv)
            .collect();
        let mut engine_wins = BTreeSet::new();
        let _ = Engine::winning_moves(&mut game, &board, &mut |mv: BombMove| {
            let key = (
                (mv.explode.row(), mv.explode.col()),
                mv.above.map(|c| (c.row(), c.col())),
                mv.left.map(|c| (c.row(), c.col())),
            );
            engine_wins.insert(key);
            std::ops::ControlFlow::Continue(())
        });
        assert_eq!(engine_wins, literal_wins, "{mask:b}");
        assert_eq!(game.count_winning_moves(&board), literal_wins.len() as u128);
        match Engine::suggest(&mut game, &board) {
            None => assert!(game.is_terminal(&board)),
            Some(mv) => {
                assert!(game.check(&board, &mv).is_ok());
                assert_eq!(game.winning_move(&board).is_some(), win);
            }
        }
    }
    assert_eq!(game.name(), "bomb");
    assert_eq!(game.players(), ["John", "Jack"]);
    assert_eq!(game.components_noun(), "Bombs");
    assert_eq!(game.judge_answer(1, grundy::Outcome::FirstPlayer), "John");
    assert_eq!(game.judge_answer(1, grundy::Outcome::SecondPlayer), "Jack");
    assert_eq!(grundy::games::bomb::cell_text(cell(2, 3)), "(2,3)");
}

/// How the Bomb game writes boards and moves, judges, tabulates and draws
/// random boards.
#[test]
fn bomb_presentation_judge_and_table() {
    use grundy::game::{Answers, Game, Limits, Plain, Rng};
    let mut game = BombGame::new();
    let mut board = Board::new(2, 3).unwrap();
    board.set(2, 3, true);
    board.set(1, 3, true);
    let mv = BombMove {
        explode: cell(2, 3),
        above: Some(cell(1, 3)),
        left: Some(cell(2, 1)),
    };
    assert_eq!(game.notation(&board, &mv), "2 3 1 1");
    assert_eq!(
        game.describe_move(&board, &mv),
        "explode (2,3), new bombs on (1,3) and (2,1); (1,3) lands on a bomb and both vanish"
    );
    let corner = BombMove {
        explode: cell(1, 3),
        above: None,
        left: Some(cell(1, 1)),
    };
    assert_eq!(
        game.describe_move(&board, &corner),
        "explode (1,3), new bomb on (1,1); (1,1) vanishes at once"
    );
    let wire_move = game.move_wire(&board, &mv);
    assert_eq!(
        wire_move,
        wire::Move::Bomb {
            explode: [2, 3],
            above: Some([1, 3]),
            left: Some([2, 1])
        }
    );
    assert_eq!(game.move_from_wire(&board, &wire_move), Ok(mv));
    assert_eq!(
        game.component_wire(0, &cell(2, 3), grundy::Nimber(3)),
        wire::Component {
            index: 1,
            part: wire::Part::Bomb { cell: [2, 3] },
            value: Some(wire::Big(3))
        }
    );
    assert_eq!(
        game.describe_component(0, &cell(2, 3), grundy::Nimber(3)),
        "(2,3) *3"
    );
    assert_eq!(game.draw(&board, &Plain), "   1 2 3\n1  . . #\n2  . . #");
    assert!(game.move_help().starts_with("A move is `P Q U V`"));
    // Random boards: the size asked for, bombs at about 35%, never (1, 1).
    let mut rng = Rng::new(5);
    let random = game.random_position(&mut rng, Some((20, 30)));
    assert_eq!((random.rows(), random.cols()), (20, 30));
    assert!(!random.has_bomb(1, 1));
    assert!(
        (120..=300).contains(&random.bomb_count()),
        "{}",
        random.bomb_count()
    );
    let default = game.random_position(&mut rng, None);
    assert_eq!((default.rows(), default.cols()), (5, 5));
    assert!(default.bomb_count() > 0);
    let single = game.random_position(&mut rng, Some((1, 1)));
    assert_eq!(single.bomb_count(), 0);
    // Judge: one line per board.
    struct Lines(Vec<String>);
    impl Answers for Lines {
        fn line(&mut self, text: &[u8]) -> std::io::Result<()> {
            self.0.push(String::from_utf8(text.to_vec()).unwrap());
            Ok(())
        }
    }
    let mut lines = Lines(Vec::new());
    let input = "2 2\n.#\n..\n2 2\n.#\n.#\n0 0\n";
    let mut analyst = grundy::Analyst::normal(game);
    grundy::analysis::judge(
        &mut analyst,
        JudgeInput::stream(input.as_bytes()),
        Limits::default(),
        &mut lines,
    )
    .unwrap();
    let mut game = analyst.into_game();
    assert_eq!(lines.0, ["John", "Jack"]);
    // Tables: within a square of max_cells cells.
    let limits = Limits {
        max_cells: 100,
        max_heap: 1,
    };
    let table = game.component_table(3, 4, limits).unwrap();
    let plain: Vec<u32> = grundy::games::bomb::naive_table(3, 4).concat();
    assert_eq!(table.values, plain);
    assert_eq!(&table.values[..6], &[0, 1, 2, 3, 1, 1]);
    assert_eq!(table.what, "one bomb at (p, q)");
    assert!(game.component_table(10, 10, limits).is_ok());
    for (r, c) in [(11, 1), (1, 11)] {
        assert_eq!(
            game.component_table(r, c, limits).unwrap_err(),
            grundy::Refusal::Limit("a Bomb table of at most 10×10".to_string())
        );
    }
}
