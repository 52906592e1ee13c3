//! What a front end asks of a game under misère play, in the game's own
//! positions and moves: the same questions as [`Engine`](crate::Engine)
//! answers for normal play, each of which may be refused (a search beyond
//! its budget) rather than answered by a guess.

use std::ops::ControlFlow;

use super::search::MisereError;
use crate::engine::Outcome;
use crate::shared::Cancel;

/// A game under misère play (the last player to move loses). Front ends
/// get one from [`Game::misere`](crate::game::Extras::misere).
pub trait MisereEngine<P, M> {
    /// Who wins with perfect play.
    fn outcome(&mut self, position: &P) -> Result<Outcome, MisereError>;

    /// Every winning move (none from a lost position, nor from a position
    /// without a move, which the player to move has already won).
    fn winning_moves(&mut self, position: &P) -> Result<Vec<M>, MisereError>;

    /// Calls `visit` with each winning move in turn, in the order of
    /// [`MisereEngine::winning_moves`], until it breaks; `Break` if it was
    /// stopped. The default lists them all first; a form whose positions
    /// may have millions of winning moves (a proven quotient's heap of
    /// 10^9) finds them one at a time.
    fn visit_winning_moves(
        &mut self,
        position: &P,
        visit: &mut dyn FnMut(M) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, MisereError> {
        for mv in self.winning_moves(position)? {
            if visit(mv).is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    /// How many winning moves there are, exactly. The default counts the
    /// list; a form with millions counts them without listing.
    fn count_winning_moves(&mut self, position: &P) -> Result<u128, MisereError> {
        Ok(self.winning_moves(position)?.len() as u128)
    }

    /// The move to play: a winning one when there is one, else a legal
    /// one; `None` when no move is legal.
    fn suggest(&mut self, position: &P) -> Result<Option<M>, MisereError>;

    /// Why a random `position` should not be dealt to a player under
    /// misère play (its answers could be refused, or slow), if so: the
    /// reason, naming what can be dealt instead. `None` by default.
    fn refuses_to_deal(&self, position: &P) -> Option<String> {
        let _ = position;
        None
    }

    /// How this form decides misère play at `position`, for people ("the
    /// misère quotient of octal:0.77 …"); `None`, the default, where the
    /// game's own rule needs no mention.
    fn basis(&self, position: &P) -> Option<String> {
        let _ = position;
        None
    }

    /// Stops any search once `cancel` is raised, its question refused
    /// with [`MisereError::Cancelled`]. The default ignores it: for forms
    /// answered by a formula, which never run long.
    fn stop_when(&mut self, cancel: Cancel) {
        let _ = cancel;
    }

    /// Whether this form answers `position` (and so every position play
    /// can reach from it). Every position, the default; a partial misère
    /// quotient answers only sums of the heaps it reached, and
    /// [`Covered`] sends the others on.
    fn covers(&self, position: &P) -> bool {
        let _ = position;
        true
    }
}

/// A form that answers part of the positions exactly (`front`, where it
/// [covers](MisereEngine::covers) a position), in front of one for the
/// rest: a partial misère quotient before the search, say. Positions play
/// reaches from a covered one are covered too, so a game played from one
/// stays with `front`.
pub struct Covered<P, M> {
    /// The form asked first.
    pub front: Box<dyn MisereEngine<P, M>>,
    /// The form for positions `front` does not cover.
    pub rest: Box<dyn MisereEngine<P, M>>,
}

impl<P, M> Covered<P, M> {
    /// The form that answers `position`.
    fn answering(&self, position: &P) -> &dyn MisereEngine<P, M> {
        if self.front.covers(position) {
            self.front.as_ref()
        } else {
            self.rest.as_ref()
        }
    }

    /// [`Covered::answering`], to ask.
    fn pick(&mut self, position: &P) -> &mut dyn MisereEngine<P, M> {
        if self.front.covers(position) {
            self.front.as_mut()
        } else {
            self.rest.as_mut()
        }
    }
}

impl<P, M> MisereEngine<P, M> for Covered<P, M> {
    fn outcome(&mut self, position: &P) -> Result<Outcome, MisereError> {
        self.pick(position).outcome(position)
    }

    fn winning_moves(&mut self, position: &P) -> Result<Vec<M>, MisereError> {
        self.pick(position).winning_moves(position)
    }

    fn visit_winning_moves(
        &mut self,
        position: &P,
        visit: &mut dyn FnMut(M) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, MisereError> {
        self.pick(position).visit_winning_moves(position, visit)
    }

    fn count_winning_moves(&mut self, position: &P) -> Result<u128, MisereError> {
        self.pick(position).count_winning_moves(position)
    }

    fn suggest(&mut self, position: &P) -> Result<Option<M>, MisereError> {
        self.pick(position).suggest(position)
    }

    fn refuses_to_deal(&self, position: &P) -> Option<String> {
        self.answering(position).refuses_to_deal(position)
    }

    /// The basis of the form that answers `position`.
    fn basis(&self, position: &P) -> Option<String> {
        self.answering(position).basis(position)
    }

    fn stop_when(&mut self, cancel: Cancel) {
        self.front.stop_when(cancel.clone());
        self.rest.stop_when(cancel);
    }

    /// What either form covers.
    fn covers(&self, position: &P) -> bool {
        self.front.covers(position) || self.rest.covers(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::sync::{Arc, Mutex};

    /// A form over numbers that covers those below `reach` (all without
    /// one), says its name for every answer (as many winning moves as its
    /// name has letters), and writes its name in `stopped` when handed a
    /// flag.
    struct Toy {
        name: &'static str,
        reach: Option<u32>,
        stopped: Arc<Mutex<Vec<&'static str>>>,
    }

    impl Toy {
        fn new(name: &'static str, reach: Option<u32>) -> Box<Toy> {
            Box::new(Toy {
                name,
                reach,
                stopped: Arc::default(),
            })
        }
    }

    impl MisereEngine<u32, &'static str> for Toy {
        fn outcome(&mut self, _: &u32) -> Result<Outcome, MisereError> {
            Ok(if self.name == "front" {
                Outcome::FirstPlayer
            } else {
                Outcome::SecondPlayer
            })
        }

        fn winning_moves(&mut self, _: &u32) -> Result<Vec<&'static str>, MisereError> {
            Ok(vec![self.name; self.name.len()])
        }

        fn suggest(&mut self, _: &u32) -> Result<Option<&'static str>, MisereError> {
            Ok(Some(self.name))
        }

        fn refuses_to_deal(&self, position: &u32) -> Option<String> {
            (position % 2 == 1).then(|| format!("{} refuses {position}", self.name))
        }

        fn basis(&self, position: &u32) -> Option<String> {
            Some(format!("{} at {position}", self.name))
        }

        fn stop_when(&mut self, _: Cancel) {
            self.stopped.lock().unwrap().push(self.name);
        }

        fn covers(&self, position: &u32) -> bool {
            self.reach.is_none_or(|reach| *position < reach)
        }
    }

    /// A form that keeps every default.
    struct Plain;

    impl MisereEngine<u32, ()> for Plain {
        fn outcome(&mut self, _: &u32) -> Result<Outcome, MisereError> {
            Ok(Outcome::FirstPlayer)
        }

        fn winning_moves(&mut self, _: &u32) -> Result<Vec<()>, MisereError> {
            Ok(Vec::new())
        }

        fn suggest(&mut self, _: &u32) -> Result<Option<()>, MisereError> {
            Ok(None)
        }
    }

    #[test]
    fn the_defaults_cover_everything_and_say_nothing() {
        let plain = Plain;
        assert!(plain.covers(&0) && plain.covers(&u32::MAX));
        assert_eq!(plain.basis(&3), None);
        assert_eq!(plain.refuses_to_deal(&3), None);
    }

    #[test]
    fn covered_positions_go_to_the_front_and_the_others_to_the_rest() {
        let mut form = Covered {
            front: Toy::new("front", Some(10)),
            rest: Toy::new("rest", None),
        };
        for (position, name) in [(0, "front"), (8, "front"), (10, "rest"), (76, "rest")] {
            let first = name == "front";
            assert_eq!(form.outcome(&position).unwrap().first_player_wins(), first);
            assert_eq!(
                form.winning_moves(&position).unwrap(),
                vec![name; name.len()]
            );
            assert_eq!(
                form.count_winning_moves(&position).unwrap(),
                name.len() as u128
            );
            let mut seen = Vec::new();
            let all = form.visit_winning_moves(&position, &mut |mv| {
                seen.push(mv);
                ControlFlow::Continue(())
            });
            assert_eq!(all.unwrap(), ControlFlow::Continue(()));
            assert_eq!(seen, vec![name; name.len()]);
            seen.clear();
            let first = form.visit_winning_moves(&position, &mut |mv| {
                seen.push(mv);
                ControlFlow::Break(())
            });
            assert_eq!(first.unwrap(), ControlFlow::Break(()));
            assert_eq!(seen, [name]);
            assert_eq!(form.suggest(&position).unwrap(), Some(name));
            assert_eq!(
                form.basis(&position).unwrap(),
                format!("{name} at {position}")
            );
            assert_eq!(form.refuses_to_deal(&position), None);
            assert_eq!(
                form.refuses_to_deal(&(position + 1)),
                Some(format!(
                    "{} refuses {}",
                    if position + 1 < 10 { "front" } else { "rest" },
                    position + 1
                ))
            );
        }
    }

    #[test]
    fn covered_covers_what_either_form_covers_and_stops_both() {
        let stopped = Arc::new(Mutex::new(Vec::new()));
        let (mut front, mut rest) = (Toy::new("front", Some(10)), Toy::new("rest", Some(20)));
        front.stopped = stopped.clone();
        rest.stopped = stopped.clone();
        let mut form = Covered { front, rest };
        assert!(form.covers(&5) && form.covers(&15));
        assert!(!form.covers(&25));
        form.stop_when(Cancel::new());
        assert_eq!(*stopped.lock().unwrap(), ["front", "rest"]);
    }
}
