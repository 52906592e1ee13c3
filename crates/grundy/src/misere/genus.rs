//! The genus of a game: its normal-play value and the misère values of the
//! game plus 0, 1, 2, … copies of `*2`, written as in *On Numbers and
//! Games* (Conway, ch. 12) and *Winning Ways* (ch. 13): `4^146` is a game
//! of normal value 4 whose misère values alone, with `*2` and with
//! `*2 + *2` are 1, 4 and 6, and which then alternate 4, 6, 4, 6, ….

use std::fmt;

/// A game's genus `g^(γ0 γ1 …)`: `γk` is the misère value of the game plus
/// `k` copies of `*2`. The sequence ends by alternating between two values
/// for ever; it is kept up to the first two values of that alternation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    /// The normal-play value.
    pub normal: u32,
    /// `γ0, γ1, …` up to and including the first two values of the final
    /// alternation (so at least two values).
    pub misere: Vec<u32>,
}

/// How a game with a tame genus plays in a sum of tame games: like a nim
/// heap of 0 or 1 (fickle), or like a heap of 2 or more, or a pair
/// `*2 + *2` or `*2 + *3` (firm). See [`Genus::tame_kind`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TameKind {
    /// `0^120` or `1^031`: the game's misère value is its normal value with
    /// the last bit flipped, as for the heaps `*0` and `*1`.
    Fickle,
    /// `0^02`, `1^13` or `a^(a, a⊕2)` for `a ≥ 2`: the misère value is the
    /// normal value, as for a nim heap of 2 or more.
    Firm,
}

impl Genus {
    /// The genus of a game of normal value `normal` whose misère values
    /// with `0, 1, …` copies of `*2` are `gammas`, if they reach far enough
    /// to show the final alternation: the last four values must alternate
    /// (`γ[k] = γ[k + 2]`). `None` otherwise.
    pub fn from_sequence(normal: u32, gammas: &[u32]) -> Option<Genus> {
        let n = gammas.len();
        if n < 4 || gammas[n - 4] != gammas[n - 2] || gammas[n - 3] != gammas[n - 1] {
            return None;
        }
        // The first index from which every value equals the one two later.
        let mut start = n - 4;
        while start > 0 && gammas[start - 1] == gammas[start + 1] {
            start -= 1;
        }
        Some(Genus {
            normal,
            misere: gammas[..start + 2].to_vec(),
        })
    }

    /// `γk` for any `k`.
    pub fn gamma(&self, k: usize) -> u32 {
        let n = self.misere.len();
        if k < n {
            self.misere[k]
        } else {
            // The last two values alternate.
            self.misere[n - 2 + (k - (n - 2)) % 2]
        }
    }

    /// The misère value of the game alone, `γ0`.
    pub fn misere_value(&self) -> u32 {
        self.misere[0]
    }

    /// Whether the genus is one of the tame genera (Conway, *On Numbers and
    /// Games*, ch. 12; *Winning Ways*, ch. 13, "tame games"): `0^120`,
    /// `1^031`, `0^02`, `1^13`, or `a^(a, a⊕2)` for `a ≥ 2` — the genera of
    /// `*0`, `*1`, `*2 + *2`, `*2 + *3` and `*a`. A game is tame when its
    /// genus and those of all its followers are.
    pub fn tame_kind(&self) -> Option<TameKind> {
        let g = self.normal;
        match (g, self.misere.as_slice()) {
            (0, [1, 2, 0]) | (1, [0, 3, 1]) => Some(TameKind::Fickle),
            (0, [0, 2]) | (1, [1, 3]) => Some(TameKind::Firm),
            (a, [x, y]) if a >= 2 && *x == a && *y == a ^ 2 => Some(TameKind::Firm),
            _ => None,
        }
    }

    /// Whether no tame game has this genus, which proves a game of it
    /// wild: a tame game is equivalent in misère play to a nim position,
    /// and every nim position's genus is one of the tame genera (Conway,
    /// *On Numbers and Games*, ch. 12). A game of a tame genus may still
    /// be wild (Kayles' heap of 7 has `*2`'s genus 2^20).
    pub fn is_wild(&self) -> bool {
        self.tame_kind().is_none()
    }
}

impl fmt::Display for Genus {
    /// `4^146`; with a value of 10 or more, `12^(10,8)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.normal)?;
        if self.misere.iter().all(|&v| v < 10) {
            for v in &self.misere {
                write!(f, "{v}")?;
            }
            Ok(())
        } else {
            let parts: Vec<String> = self.misere.iter().map(u32::to_string).collect();
            write!(f, "({})", parts.join(","))
        }
    }
}

impl Genus {
    /// The genus of heap `heap` as the wire format writes it, `tame` by the
    /// hereditary test.
    pub fn to_wire(&self, heap: u64, tame: bool) -> crate::wire::HeapGenus {
        crate::wire::HeapGenus {
            heap,
            genus: self.to_string(),
            normal: self.normal,
            misere: self.misere.clone(),
            tame,
            wild: self.is_wild(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sequence_is_cut_after_the_first_two_alternating_values() {
        // *0: 1, 2, 0, 2, 0, … is 0^120.
        let zero = Genus::from_sequence(0, &[1, 2, 0, 2, 0, 2]).unwrap();
        assert_eq!(zero.misere, [1, 2, 0]);
        assert_eq!(zero.to_string(), "0^120");
        assert_eq!(zero.gamma(0), 1);
        assert_eq!(zero.gamma(2), 0);
        assert_eq!(zero.gamma(3), 2, "just past the values kept");
        assert_eq!(zero.gamma(5), 2);
        assert_eq!(zero.gamma(6), 0);
        assert_eq!(zero.misere_value(), 1);
        // *2: 2, 0, 2, 0 from the start.
        let two = Genus::from_sequence(2, &[2, 0, 2, 0, 2]).unwrap();
        assert_eq!(two.to_string(), "2^20");
        assert_eq!(two.gamma(3), 0);
        assert_eq!(two.misere_value(), 2);
        // The alternation may begin late in a long sequence: 6, 2 from γ3.
        let late = Genus::from_sequence(0, &[5, 1, 4, 6, 2, 6, 2, 6]).unwrap();
        assert_eq!(late.misere, [5, 1, 4, 6, 2]);
        assert_eq!(late.to_string(), "0^51462");
        // Not settled yet: the last four do not alternate.
        assert_eq!(Genus::from_sequence(4, &[1, 4, 6, 4, 5]), None);
        assert_eq!(Genus::from_sequence(0, &[1, 2, 0]), None);
        let wide = Genus::from_sequence(12, &[10, 8, 10, 8]).unwrap();
        assert_eq!(wide.to_string(), "12^(10,8)");
    }

    #[test]
    fn the_tame_genera_are_those_of_nim_heaps_and_their_pairs() {
        let genus = |g: u32, m: &[u32]| Genus {
            normal: g,
            misere: m.to_vec(),
        };
        assert_eq!(genus(0, &[1, 2, 0]).tame_kind(), Some(TameKind::Fickle));
        assert_eq!(genus(1, &[0, 3, 1]).tame_kind(), Some(TameKind::Fickle));
        assert_eq!(genus(0, &[0, 2]).tame_kind(), Some(TameKind::Firm));
        assert_eq!(genus(1, &[1, 3]).tame_kind(), Some(TameKind::Firm));
        assert_eq!(genus(2, &[2, 0]).tame_kind(), Some(TameKind::Firm));
        assert_eq!(genus(5, &[5, 7]).tame_kind(), Some(TameKind::Firm));
        // Restive and other wild genera.
        assert_eq!(genus(4, &[1, 4, 6]).tame_kind(), None);
        assert_eq!(genus(4, &[0, 4, 6]).tame_kind(), None);
        assert_eq!(genus(3, &[1, 4, 3, 1]).tame_kind(), None);
        assert_eq!(genus(0, &[2, 0]).tame_kind(), None);
        assert_eq!(genus(1, &[3, 1]).tame_kind(), None);
        assert_eq!(genus(5, &[5, 5]).tame_kind(), None);
        assert_eq!(genus(1, &[0, 2]).tame_kind(), None);
        assert!(genus(4, &[1, 4, 6]).is_wild());
        assert!(!genus(2, &[2, 0]).is_wild());
        assert!(!genus(0, &[1, 2, 0]).is_wild());
    }
}
