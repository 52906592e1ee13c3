//! Misère Nim, by Bouton's rule (C. L. Bouton, "Nim, a game with a complete
//! mathematical theory", Annals of Mathematics 3 (1901–02), 35–39): play as
//! in normal Nim, except when the move would leave only heaps of one token:
//! then leave an odd number of them.

use crate::engine::Outcome;

/// Who wins misère Nim on these heaps: when some heap has two tokens or
/// more, the player to move wins exactly when the nim-sum is not 0 (as in
/// normal play); when every heap has at most one, exactly when the number
/// of one-token heaps is even (no heaps at all: the player to move has
/// nothing to take and so wins).
pub fn misere_nim_outcome<I>(heaps: I) -> Outcome
where
    I: IntoIterator<Item = u128>,
{
    let mut sum = 0u128;
    let mut big = false;
    for h in heaps {
        sum ^= h;
        big |= h >= 2;
    }
    // With only heaps of 0 and 1, the nim-sum is the parity of the ones.
    misere_nim_outcome_of(sum, big)
}

/// Misère Nim from what decides it: the nim-sum of the heaps and whether
/// any heap has two tokens or more.
pub fn misere_nim_outcome_of(nim_sum: u128, any_big: bool) -> Outcome {
    let to_move_loses = if any_big { nim_sum == 0 } else { nim_sum == 1 };
    if to_move_loses {
        Outcome::SecondPlayer
    } else {
        Outcome::FirstPlayer
    }
}

/// The winning moves of misère Nim as `(heap index, heap size after)`, in
/// heap order, none from a lost position.
pub fn misere_nim_winning_moves(heaps: &[u128]) -> Vec<(usize, u128)> {
    if misere_nim_outcome(heaps.iter().copied()) == Outcome::SecondPlayer {
        return Vec::new();
    }
    let sum = heaps.iter().fold(0, |s, &h| s ^ h);
    let big = heaps.iter().filter(|&&h| h >= 2).count();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    let mut moves = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        if big == 1 && h >= 2 {
            // The last big heap: leave an odd number of one-token heaps.
            let to = if ones % 2 == 0 { 1 } else { 0 };
            moves.push((i, to));
        } else if big >= 2 {
            let to = h ^ sum;
            // Never leaves all heaps small: two or more stay big.
            if to < h {
                moves.push((i, to));
            }
        } else if big == 0 && h == 1 {
            // An even number of ones (the player to move wins): take one.
            moves.push((i, 0));
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bouton_on_small_cases() {
        let o = |h: &[u128]| misere_nim_outcome(h.iter().copied());
        assert_eq!(o(&[]), Outcome::FirstPlayer);
        assert_eq!(o(&[1]), Outcome::SecondPlayer);
        assert_eq!(o(&[1, 1]), Outcome::FirstPlayer);
        assert_eq!(o(&[1, 1, 1]), Outcome::SecondPlayer);
        assert_eq!(o(&[2]), Outcome::FirstPlayer);
        assert_eq!(o(&[2, 2]), Outcome::SecondPlayer);
        assert_eq!(o(&[1, 2, 3]), Outcome::SecondPlayer);
        assert_eq!(o(&[0, 0, 1]), Outcome::SecondPlayer);
        assert_eq!(misere_nim_winning_moves(&[1, 1]), [(0, 0), (1, 0)]);
        assert_eq!(misere_nim_winning_moves(&[5]), [(0, 1)]);
        assert_eq!(misere_nim_winning_moves(&[1, 5]), [(1, 0)]);
        assert_eq!(misere_nim_winning_moves(&[2, 3]), [(1, 2)]);
        assert!(misere_nim_winning_moves(&[2, 2]).is_empty());
    }
}
