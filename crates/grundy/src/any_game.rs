//! [`AnyGame`]: whichever game a name opens, behind one type that is itself
//! a [`Game`].
//!
//! [`registry::open`](crate::registry::open) builds one from a name, and it
//! is the only way a front end reaches a game: the command line, the web
//! server and the Python package all hold an `AnyGame` (usually inside an
//! [`Analyst`](crate::Analyst)), so every generic piece of the library
//! (the analysis, the judge loop, a round against the engine) serves it
//! unchanged. Its positions, components and moves ([`AnyPosition`],
//! [`AnyComponent`], [`AnyMove`]) are the game's own values, boxed: they are
//! made by the game (read, parsed, played, taken from the wire) and only
//! mean something to the game that made them.
//!
//! Every question is passed through to the game, its own fast paths
//! included: a whole judge input is answered by the game as its own type
//! ([`JudgeFormat::judge_fast`], or else case by case with no boxing).
//! `AnyGame`'s own `judge_fast` therefore never declines.
//!
//! # Panics
//! Giving one game a position, component or move another game made is a
//! programming error, and panics with a message saying so; no input a
//! person or a program sends can cause it, since front ends only hand a game
//! what that game made.

use std::any::Any;
use std::fmt;
use std::io::Read;
use std::ops::ControlFlow;

use crate::convention::{Convention, Refusal};
use crate::engine::{Engine, IllegalMove, Outcome, Played};
use crate::format::{JudgeInput, ReadError};
use crate::game::{
    Abilities, Answers, CaseReader, ComponentTable, Extras, Game, JudgeError, JudgeFormat, Judged,
    Limits, Notation, OptionValues, Present, Rng, Style, WireForm,
};
use crate::misere::{Genus, MisereEngine, MisereError};
use crate::nimber::Nimber;
use crate::shared::Cancel;
use crate::wire::{self, WireError};

const MIXED: &str = "a position, component or move of another game was given to this one";

/// A value of some game's own type, boxed.
trait Held: Any + fmt::Debug {
    fn clone_held(&self) -> Box<dyn Held>;
    fn as_any(&self) -> &dyn Any;
}

impl<T: Any + fmt::Debug + Clone> Held for T {
    fn clone_held(&self) -> Box<dyn Held> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A move of some game's own type, boxed: also compared.
trait HeldMove: Held {
    fn clone_move(&self) -> Box<dyn HeldMove>;
    fn same(&self, other: &dyn HeldMove) -> bool;
}

impl<T: Any + fmt::Debug + Clone + PartialEq> HeldMove for T {
    fn clone_move(&self) -> Box<dyn HeldMove> {
        Box::new(self.clone())
    }

    fn same(&self, other: &dyn HeldMove) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
}

/// A position of the game an [`AnyGame`] is.
pub struct AnyPosition(Box<dyn Held>);

/// A component of the game an [`AnyGame`] is.
pub struct AnyComponent(Box<dyn Held>);

/// A move of the game an [`AnyGame`] is.
pub struct AnyMove(Box<dyn HeldMove>);

impl AnyPosition {
    fn new<P: Any + fmt::Debug + Clone>(position: P) -> AnyPosition {
        AnyPosition(Box::new(position))
    }

    fn of<P: Any>(&self) -> &P {
        self.0.as_any().downcast_ref().expect(MIXED)
    }
}

impl AnyComponent {
    fn new<C: Any + fmt::Debug + Clone>(component: C) -> AnyComponent {
        AnyComponent(Box::new(component))
    }

    fn of<C: Any>(&self) -> &C {
        self.0.as_any().downcast_ref().expect(MIXED)
    }
}

impl AnyMove {
    fn new<M: Any + fmt::Debug + Clone + PartialEq>(mv: M) -> AnyMove {
        AnyMove(Box::new(mv))
    }

    fn of<M: Any>(&self) -> &M {
        self.0.as_any().downcast_ref().expect(MIXED)
    }
}

impl Clone for AnyPosition {
    fn clone(&self) -> Self {
        AnyPosition(self.0.clone_held())
    }
}

impl Clone for AnyComponent {
    fn clone(&self) -> Self {
        AnyComponent(self.0.clone_held())
    }
}

impl Clone for AnyMove {
    fn clone(&self) -> Self {
        AnyMove(self.0.clone_move())
    }
}

impl PartialEq for AnyMove {
    fn eq(&self, other: &AnyMove) -> bool {
        self.0.same(other.0.as_ref())
    }
}

impl fmt::Debug for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Debug for AnyComponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Debug for AnyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
fn played<P: Any + fmt::Debug + Clone>(played: Played<P>) -> Played<AnyPosition> {
    Played {
        position: AnyPosition::new(played.position),
        won: played.won,
    }
}

/// A game's reader, its cases boxed.
struct Boxing<'a, P>(Box<dyn CaseReader<P> + 'a>);

impl<P: Any + fmt::Debug + Clone> CaseReader<AnyPosition> for Boxing<'_, P> {
    fn next_case(&mut self) -> Result<Option<AnyPosition>, ReadError> {
        Ok(self.0.next_case()?.map(AnyPosition::new))
    }

    fn line(&self) -> u64 {
        self.0.line()
    }

    fn note(&self) -> Option<String> {
        self.0.note()
    }
}

/// A game's misère form, over boxed values.
struct BoxedMisere<P, M>(Box<dyn MisereEngine<P, M>>);

impl<P: Any, M: Any + fmt::Debug + Clone + PartialEq> MisereEngine<AnyPosition, AnyMove>
    for BoxedMisere<P, M>
{
    fn outcome(&mut self, position: &AnyPosition) -> Result<Outcome, MisereError> {
        self.0.outcome(position.of())
    }

    fn winning_moves(&mut self, position: &AnyPosition) -> Result<Vec<AnyMove>, MisereError> {
        Ok(self
            .0
            .winning_moves(position.of())?
            .into_iter()
            .map(AnyMove::new)
            .collect())
    }

    fn visit_winning_moves(
        &mut self,
        position: &AnyPosition,
        visit: &mut dyn FnMut(AnyMove) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, MisereError> {
        self.0
            .visit_winning_moves(position.of(), &mut |mv| visit(AnyMove::new(mv)))
    }

    fn count_winning_moves(&mut self, position: &AnyPosition) -> Result<u128, MisereError> {
        self.0.count_winning_moves(position.of())
    }

    fn suggest(&mut self, position: &AnyPosition) -> Result<Option<AnyMove>, MisereError> {
        Ok(self.0.suggest(position.of())?.map(AnyMove::new))
    }

    fn basis(&self, position: &AnyPosition) -> Option<String> {
        self.0.basis(position.of())
    }

    fn refuses_to_deal(&self, position: &AnyPosition) -> Option<String> {
        self.0.refuses_to_deal(position.of())
    }

    fn stop_when(&mut self, cancel: Cancel) {
        self.0.stop_when(cancel);
    }

    fn covers(&self, position: &AnyPosition) -> bool {
        self.0.covers(position.of())
    }
}

/// The one list of [`Game`]'s methods, written once: from it come the
/// object-safe trait an [`AnyGame`] holds (`Erased`, every method over
/// boxed values), its implementation for every game (each body unboxes the
/// arguments, asks the game and boxes the answer), and `AnyGame`'s
/// implementation of each trait, forwarding to the boxed game. A new method
/// of a game trait is one line here.
///
/// Each trait is written `Trait [items of AnyGame's impl not forwarded]
/// { fn name(receiver, arguments) -> answer => body; … }`; the methods of
/// `hidden` are in `Erased` only (AnyGame implements them itself).
macro_rules! erased {
    (
        hidden { $($hidden:tt)* }
        $( $tr:ident [ $($own:tt)* ] { $($methods:tt)* } )*
    ) => {
        /// Every question of [`Game`] and its parts, over boxed values: what
        /// an [`AnyGame`] holds.
        trait Erased {
            erased!(@declare $($hidden)* $($($methods)*)*);
        }

        impl<G: Game + 'static> Erased for G {
            erased!(@define $($hidden)* $($($methods)*)*);
        }

        $(
            impl $tr for AnyGame {
                $($own)*
                erased!(@forward $($methods)*);
            }
        )*
    };
    (@declare $(
        $(#[$meta:meta])*
        fn $name:ident $(<$lt:lifetime>)? ($($params:tt)*) $(-> $answer:ty)? => $body:expr;
    )*) => {
        $( fn $name $(<$lt>)? ($($params)*) $(-> $answer)?; )*
    };
    (@define $(
        $(#[$meta:meta])*
        fn $name:ident $(<$lt:lifetime>)? ($($params:tt)*) $(-> $answer:ty)? => $body:expr;
    )*) => {
        $( $(#[$meta])* fn $name $(<$lt>)? ($($params)*) $(-> $answer)? { $body } )*
    };
    (@forward $(
        $(#[$meta:meta])*
        fn $name:ident $(<$lt:lifetime>)? ($($params:tt)*) $(-> $answer:ty)? => $body:expr;
    )*) => {
        $( erased!(@forward_one $name [$($lt)?] ($($params)*) [$($answer)?]); )*
    };
    (@forward_one $name:ident [$($lt:lifetime)?] (&mut $this:ident $(, $arg:ident : $ty:ty)* $(,)?) [$($answer:ty)?]) => {
        fn $name $(<$lt>)? (&mut $this $(, $arg: $ty)*) $(-> $answer)? {
            $this.0.$name($($arg),*)
        }
    };
    (@forward_one $name:ident [$($lt:lifetime)?] (&$this:ident $(, $arg:ident : $ty:ty)* $(,)?) [$($answer:ty)?]) => {
        fn $name $(<$lt>)? (&$this $(, $arg: $ty)*) $(-> $answer)? {
            $this.0.$name($($arg),*)
        }
    };
}

erased! {
    hidden {
        fn stop_when(&mut self, cancel: Cancel) => Game::stop_when(self, cancel);
    }

    Engine [
        type Position = AnyPosition;
        type Component = AnyComponent;
        type Move = AnyMove;
    ] {
        fn components(&mut self, position: &AnyPosition) -> Vec<(AnyComponent, Nimber)> =>
            Engine::components(self, position.of())
                .into_iter()
                .map(|(c, v)| (AnyComponent::new(c), v))
                .collect();
        fn value(&mut self, position: &AnyPosition) -> Nimber =>
            Engine::value(self, position.of());
        fn outcome(&mut self, position: &AnyPosition) -> Outcome =>
            Engine::outcome(self, position.of());
        fn winning_moves(
            &mut self,
            position: &AnyPosition,
            visit: &mut dyn FnMut(AnyMove) -> ControlFlow<()>,
        ) -> ControlFlow<()> =>
            Engine::winning_moves(self, position.of(), &mut |mv| visit(AnyMove::new(mv)));
        fn count_winning_moves(&mut self, position: &AnyPosition) -> u128 =>
            Engine::count_winning_moves(self, position.of());
        fn moves(
            &mut self,
            position: &AnyPosition,
            visit: &mut dyn FnMut(AnyMove) -> ControlFlow<()>,
        ) -> ControlFlow<()> =>
            Engine::moves(self, position.of(), &mut |mv| visit(AnyMove::new(mv)));
        fn winning_move(&mut self, position: &AnyPosition) -> Option<AnyMove> =>
            Engine::winning_move(self, position.of()).map(AnyMove::new);
        fn suggest(&mut self, position: &AnyPosition) -> Option<AnyMove> =>
            Engine::suggest(self, position.of()).map(AnyMove::new);
        fn suggest_until(&mut self, position: &AnyPosition, stop: &dyn Fn() -> bool)
            -> Option<AnyMove> =>
            Engine::suggest_until(self, position.of(), stop).map(AnyMove::new);
        fn check(&mut self, position: &AnyPosition, mv: &AnyMove) -> Result<(), IllegalMove> =>
            Engine::check(self, position.of(), mv.of());
        fn play(&mut self, position: &AnyPosition, mv: &AnyMove) -> Played<AnyPosition> =>
            played(Engine::play(self, position.of(), mv.of()));
        fn is_terminal(&mut self, position: &AnyPosition) -> bool =>
            Engine::is_terminal(self, position.of());
        fn try_play(&mut self, position: &AnyPosition, mv: &AnyMove)
            -> Result<Played<AnyPosition>, IllegalMove> =>
            Engine::try_play(self, position.of(), mv.of()).map(played);
    }

    Present [] {
        fn name(&self) -> String => Present::name(self);
        fn components_noun(&self) -> &'static str => Present::components_noun(self);
        fn players(&self) -> [&'static str; 2] => Present::players(self);
        fn headline(&mut self, position: &AnyPosition, outcome: Outcome) -> String =>
            Present::headline(self, position.of(), outcome);
        fn lost_because(&mut self, position: &AnyPosition) -> String =>
            Present::lost_because(self, position.of());
        fn describe_component(&self, index: usize, component: &AnyComponent, value: Nimber)
            -> String =>
            Present::describe_component(self, index, component.of(), value);
        fn draw(&self, position: &AnyPosition, style: &dyn Style) -> String =>
            Present::draw(self, position.of(), style);
        fn draw_after(
            &self,
            before: &AnyPosition,
            mv: &AnyMove,
            after: &AnyPosition,
            style: &dyn Style,
        ) -> String =>
            Present::draw_after(self, before.of(), mv.of(), after.of(), style);
        fn describe_move(&self, position: &AnyPosition, mv: &AnyMove) -> String =>
            Present::describe_move(self, position.of(), mv.of());
        fn move_help(&self) -> String => Present::move_help(self);
        fn draw_options(&self, options: &[(AnyMove, Nimber)]) -> Option<String> =>
            Present::draw_options(
                self,
                &options
                    .iter()
                    .map(|(mv, value)| (mv.of::<<G as Engine>::Move>().clone(), *value))
                    .collect::<Vec<_>>(),
            );
    }

    Notation [] {
        fn parse_move(&self, position: &AnyPosition, text: &str) -> Result<AnyMove, IllegalMove> =>
            Notation::parse_move(self, position.of(), text).map(AnyMove::new);
        fn notation(&self, position: &AnyPosition, mv: &AnyMove) -> String =>
            Notation::notation(self, position.of(), mv.of());
    }

    WireForm [] {
        fn position_wire(&self, position: &AnyPosition) -> wire::Position =>
            WireForm::position_wire(self, position.of());
        fn position_from_wire(&self, position: &wire::Position, limits: Limits)
            -> Result<AnyPosition, WireError> =>
            WireForm::position_from_wire(self, position, limits).map(AnyPosition::new);
        fn position_from_plain(&self, plain: &serde_json::Value)
            -> Result<wire::Position, WireError> =>
            WireForm::position_from_plain(self, plain);
        fn plain_form(&self) -> Option<&'static str> => WireForm::plain_form(self);
        fn move_wire(&self, position: &AnyPosition, mv: &AnyMove) -> wire::Move =>
            WireForm::move_wire(self, position.of(), mv.of());
        fn move_from_wire(&self, position: &AnyPosition, mv: &wire::Move)
            -> Result<AnyMove, WireError> =>
            WireForm::move_from_wire(self, position.of(), mv).map(AnyMove::new);
        fn component_wire(&self, index: usize, component: &AnyComponent, value: Nimber)
            -> wire::Component =>
            WireForm::component_wire(self, index, component.of(), value);
    }

    JudgeFormat [] {
        fn reader<'a>(&self, input: Box<dyn Read + 'a>, limits: Limits)
            -> Result<Box<dyn CaseReader<AnyPosition> + 'a>, ReadError> =>
            JudgeFormat::reader(self, input, limits)
                .map(|reader| Box::new(Boxing(reader)) as Box<dyn CaseReader<AnyPosition> + 'a>);
        fn judge_answer(&self, case: u64, outcome: Outcome) -> String =>
            JudgeFormat::judge_answer(self, case, outcome);
        /// The game's own faster way, or else case by case, still as the
        /// game's own type: no case is boxed.
        fn judge_fast<'a>(
            &mut self,
            convention: Convention,
            input: JudgeInput<'a>,
            limits: Limits,
            out: &mut dyn Answers,
        ) -> Judged<'a> => judge_unboxed(self, convention, input, limits, out);
    }

    Extras [] {
        fn abilities(&self) -> Abilities => Extras::abilities(self);
        fn component_table(&mut self, rows: u32, cols: u32, limits: Limits)
            -> Result<ComponentTable, Refusal> =>
            Extras::component_table(self, rows, cols, limits);
        fn misere(&self, budget: u64)
            -> Result<Box<dyn MisereEngine<AnyPosition, AnyMove>>, Refusal> =>
            Extras::misere(self, budget)
                .map(|engine| Box::new(BoxedMisere(engine)) as Box<dyn MisereEngine<_, _>>);
        fn genera(&self, upto: u64, budget: u64) -> Result<Vec<(Genus, bool)>, Refusal> =>
            Extras::genera(self, upto, budget);
        fn component_options(
            &mut self,
            position: &AnyPosition,
            index: usize,
            visit: &mut dyn FnMut(AnyMove, Nimber) -> ControlFlow<()>,
        ) -> Result<ControlFlow<()>, Refusal> =>
            Extras::component_options(self, position.of(), index, &mut |mv, value| {
                visit(AnyMove::new(mv), value)
            });
        fn component_option_values(
            &mut self,
            position: &AnyPosition,
            index: usize,
            target: Option<Nimber>,
        ) -> Option<OptionValues<AnyMove>> =>
            Extras::component_option_values(self, position.of(), index, target).map(|values| {
                OptionValues {
                    count: values.count,
                    reached: values.reached,
                    to_target: values.to_target.map(AnyMove::new),
                }
            });
    }

    Game [
        /// Keeps `cancel` for the analysis ([`Game::cancel`]) and hands it to
        /// the game for its own computations; the registry does this with its
        /// settings' flag.
        fn stop_when(&mut self, cancel: Cancel) {
            self.0.stop_when(cancel.clone());
            self.1 = Some(cancel);
        }

        fn cancel(&self) -> Option<&Cancel> {
            self.1.as_ref()
        }
    ] {
        fn admit(&mut self, position: &AnyPosition, limits: Limits) -> Result<(), Refusal> =>
            Game::admit(self, position.of(), limits);
        fn nim_sum_decides(&mut self, position: &AnyPosition) -> bool =>
            Game::nim_sum_decides(self, position.of());
        fn nim_sum_known(&mut self, position: &AnyPosition) -> bool =>
            Game::nim_sum_known(self, position.of());
        fn random_position(&mut self, rng: &mut Rng, size: Option<(u64, u64)>) -> AnyPosition =>
            AnyPosition::new(Game::random_position(self, rng, size));
        fn finish(&mut self) => Game::finish(self);
    }
}

/// A game's judge input answered as its own type: its faster way, or else
/// case by case with no case boxed. Never declines.
fn judge_unboxed<'a, G: Game>(
    game: &mut G,
    convention: Convention,
    input: JudgeInput<'a>,
    limits: Limits,
    out: &mut dyn Answers,
) -> Judged<'a> {
    let input = match JudgeFormat::judge_fast(game, convention, input, limits, out) {
        Judged::Declined(input) => input,
        done => return done,
    };
    let mut misere = match convention {
        Convention::Normal => None,
        Convention::Misere { budget } => match Extras::misere(game, budget) {
            Ok(engine) => Some(engine),
            Err(reason) => return Judged::Done(Err(JudgeError::Refused { line: 0, reason })),
        },
    };
    Judged::Done(crate::analysis::judge_cases(
        game,
        misere.as_deref_mut(),
        input,
        limits,
        out,
    ))
}

/// Whichever game a name opened: a [`Game`] whose positions, components and
/// moves are that game's own, boxed.
pub struct AnyGame(Box<dyn Erased>, Option<Cancel>);

impl AnyGame {
    /// `game` behind the one type every front end holds.
    pub fn new<G: Game + 'static>(game: G) -> AnyGame {
        AnyGame(Box::new(game), None)
    }
}

impl fmt::Debug for AnyGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("AnyGame").field(&self.0.name()).finish()
    }
}
