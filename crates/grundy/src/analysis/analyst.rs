//! [`Analyst`]: a game asked about under one convention.

use std::ops::ControlFlow;

use super::{Convention, Refusal};
use crate::engine::{IllegalMove, Outcome, Played};
use crate::game::{Game, Limits};
use crate::misere::MisereEngine;
use crate::wire;

/// A game and the convention its positions are asked about under. Normal
/// play goes straight to the game's own [`Engine`](crate::Engine) and its
/// fast paths; misère play to the game's misère form. Questions under
/// either may be refused ([`Refusal`]), never answered by a guess.
///
/// Ask about a position once [`Analyst::admit`] has accepted it, as every
/// front end does: admission checks the limits and prepares the tables the
/// answers read (a heap game's values, through their period). A position
/// never admitted may cost time and memory without bound (a heap of
/// millions valued option by option).
pub struct Analyst<G: Game> {
    game: G,
    play: Play<G::Position, G::Move>,
}

/// The convention the questions are asked under, with what answers them
/// under misère play: one value, so the two cannot disagree.
enum Play<P, M> {
    Normal,
    Misere {
        /// The search budget the engine was made with.
        budget: u64,
        engine: Box<dyn MisereEngine<P, M>>,
    },
}

/// The engine's move in a position: the move, whether it wins, and the
/// rule that chose it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply<M> {
    /// The move.
    pub mv: M,
    /// Whether it wins with perfect play (else it is the best try from a
    /// lost position).
    pub wins: bool,
    /// Why this move.
    pub rule: Rule,
}

/// The rule that chose the engine's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// By remoteness: a winning move after which the game ends soonest;
    /// `moves` is how many moves are left, this one included.
    SoonestWin {
        /// Moves left with best play, this one included.
        moves: u32,
    },
    /// By remoteness: from a lost position, the move after which the game
    /// lasts longest.
    LongestLoss {
        /// Moves left with best play, this one included.
        moves: u32,
    },
    /// The game tree is too large to search: the engine's first winning
    /// move.
    FirstWinning,
    /// The game tree is too large to search: from a lost position, the best
    /// try ([`crate::solve::best_try`]).
    HardestToAnswer,
    /// Misère play, where remoteness is not searched: the misère form's
    /// first winning move, or from a lost position its first legal move.
    Misere {
        /// Whether the move wins.
        wins: bool,
    },
}

impl Rule {
    /// The rule in the wire format, with the moves left when remoteness
    /// chose.
    pub fn wire(self) -> (wire::EngineRule, Option<u32>) {
        match self {
            Rule::SoonestWin { moves } => (wire::EngineRule::SoonestWin, Some(moves)),
            Rule::LongestLoss { moves } => (wire::EngineRule::LongestLoss, Some(moves)),
            Rule::FirstWinning => (wire::EngineRule::FirstWinning, None),
            Rule::HardestToAnswer => (wire::EngineRule::HardestToAnswer, None),
            Rule::Misere { .. } => (wire::EngineRule::Misere, None),
        }
    }

    /// The rule in words, for a person.
    pub fn describe(self) -> String {
        match self {
            Rule::SoonestWin { moves } => format!(
                "it wins soonest: the game ends within {moves} move{}",
                if moves == 1 { "" } else { "s" }
            ),
            Rule::LongestLoss { moves } => format!(
                "no move wins; this one makes the game last longest, {moves} moves with best play"
            ),
            Rule::FirstWinning => {
                "the first winning move found; the game is too large to find the quickest"
                    .to_string()
            }
            Rule::HardestToAnswer => {
                "no move wins; after this one the fewest places are sure to hold a winning reply"
                    .to_string()
            }
            Rule::Misere { wins: true } => {
                "the first winning move found; under misère play grundy does not look for the \
                 quickest"
                    .to_string()
            }
            Rule::Misere { wins: false } => {
                "no move wins under misère play; this is the first legal move".to_string()
            }
        }
    }
}

impl<G: Game> Analyst<G> {
    /// `game` under `convention`; refused when the game has no form under
    /// it.
    pub fn new(game: G, convention: Convention) -> Result<Analyst<G>, Refusal> {
        let mut analyst = Analyst::normal(game);
        analyst.set_convention(convention)?;
        Ok(analyst)
    }

    /// `game` under normal play, which every game has.
    pub fn normal(game: G) -> Analyst<G> {
        Analyst {
            game,
            play: Play::Normal,
        }
    }

    /// Asks under `convention` from now on; refused (and unchanged) when
    /// the game has no form under it.
    pub fn set_convention(&mut self, convention: Convention) -> Result<(), Refusal> {
        self.play = match convention {
            Convention::Normal => Play::Normal,
            Convention::Misere { budget } => {
                let mut engine = self.game.misere(budget)?;
                if let Some(cancel) = self.game.cancel() {
                    engine.stop_when(cancel.clone());
                }
                Play::Misere { budget, engine }
            }
        };
        Ok(())
    }

    /// The convention.
    pub fn convention(&self) -> Convention {
        match self.play {
            Play::Normal => Convention::Normal,
            Play::Misere { budget, .. } => Convention::Misere { budget },
        }
    }

    /// How misère play decides `position` here, for people; `None` under
    /// normal play, or where the game's misère form needs no mention.
    pub fn misere_basis(&self, position: &G::Position) -> Option<String> {
        match &self.play {
            Play::Normal => None,
            Play::Misere { engine, .. } => engine.basis(position),
        }
    }

    /// Whether the questions are asked under misère play.
    fn is_misere(&self) -> bool {
        matches!(self.play, Play::Misere { .. })
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The game, to draw, read and write its positions with.
    pub fn game_mut(&mut self) -> &mut G {
        &mut self.game
    }

    /// The game back.
    pub fn into_game(self) -> G {
        self.game
    }

    /// The game and, under misère play, its misère form.
    #[allow(clippy::type_complexity)]
    pub(super) fn parts(
        &mut self,
    ) -> (
        &mut G,
        Option<&mut (dyn MisereEngine<G::Position, G::Move> + 'static)>,
    ) {
        let misere = match &mut self.play {
            Play::Normal => None,
            Play::Misere { engine, .. } => Some(engine.as_mut()),
        };
        (&mut self.game, misere)
    }

    /// Checks, before any work, that `position` can be valued within
    /// `limits` (see [`Game::admit`]).
    pub fn admit(&mut self, position: &G::Position, limits: Limits) -> Result<(), Refusal> {
        self.game.admit(position, limits)
    }

    /// A random position to play (see [`Game::random_position`]), within
    /// `limits`, and one the convention can answer: under misère play a
    /// game may refuse to deal positions its misère form cannot promise to
    /// answer, and says so before any game starts.
    pub fn deal(
        &mut self,
        rng: &mut crate::game::Rng,
        size: Option<(u64, u64)>,
        limits: Limits,
    ) -> Result<G::Position, Refusal> {
        let position = self.game.random_position(rng, size);
        self.game.admit(&position, limits)?;
        if let Play::Misere { engine, .. } = &self.play {
            if let Some(reason) = engine.refuses_to_deal(&position) {
                return Err(Refusal::Limit(reason));
            }
        }
        Ok(position)
    }

    /// Who wins with perfect play.
    pub fn outcome(&mut self, position: &G::Position) -> Result<Outcome, Refusal> {
        match &mut self.play {
            Play::Normal => Ok(self.game.outcome(position)),
            Play::Misere { engine, .. } => Ok(engine.outcome(position)?),
        }
    }

    /// Whether the game's front end asked its analysis to stop
    /// ([`Game::cancel`]).
    pub fn cancelled(&self) -> bool {
        self.game
            .cancel()
            .is_some_and(crate::shared::Cancel::is_cancelled)
    }

    /// [`Refusal::Cancelled`] once the analysis was asked to stop.
    fn going(&self) -> Result<(), Refusal> {
        if self.cancelled() {
            Err(Refusal::Cancelled)
        } else {
            Ok(())
        }
    }

    /// Calls `visit` with every winning move, in the engine's order, until
    /// it returns [`ControlFlow::Break`]; `Break` if it was stopped. Stops
    /// with [`Refusal::Cancelled`] (looked at every
    /// [`STOP_EVERY`](crate::solve::STOP_EVERY) moves) once asked to.
    pub fn winning_moves(
        &mut self,
        position: &G::Position,
        visit: &mut dyn FnMut(G::Move) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, Refusal> {
        self.going()?;
        match &mut self.play {
            Play::Normal => {
                let cancel = self.game.cancel().cloned();
                let mut seen = 0u64;
                let mut stopped = false;
                let flow = self.game.winning_moves(position, &mut |mv| {
                    seen += 1;
                    if seen.is_multiple_of(crate::solve::STOP_EVERY)
                        && cancel
                            .as_ref()
                            .is_some_and(crate::shared::Cancel::is_cancelled)
                    {
                        stopped = true;
                        return ControlFlow::Break(());
                    }
                    visit(mv)
                });
                if stopped {
                    return Err(Refusal::Cancelled);
                }
                Ok(flow)
            }
            Play::Misere { engine, .. } => Ok(engine.visit_winning_moves(position, visit)?),
        }
    }

    /// The first `keep` winning moves and how many there are in all,
    /// exactly (counted without listing where the engine can).
    pub fn listed_winning_moves(
        &mut self,
        position: &G::Position,
        keep: usize,
    ) -> Result<(Vec<G::Move>, u128), Refusal> {
        self.going()?;
        match &mut self.play {
            Play::Normal => {
                let count = self.game.count_winning_moves(position);
                self.going()?;
                let listed = self.first_winning_moves(position, keep)?;
                Ok((listed, count))
            }
            Play::Misere { engine, .. } => {
                let count = engine.count_winning_moves(position)?;
                let listed = self.first_winning_moves(position, keep)?;
                Ok((listed, count))
            }
        }
    }

    /// How many winning moves there are, exactly.
    pub fn count_winning_moves(&mut self, position: &G::Position) -> Result<u128, Refusal> {
        match &mut self.play {
            Play::Normal => {
                let count = self.game.count_winning_moves(position);
                // A count stopped by the cancel flag is short: refused.
                self.going()?;
                Ok(count)
            }
            Play::Misere { engine, .. } => Ok(engine.count_winning_moves(position)?),
        }
    }

    /// The first `keep` winning moves.
    pub fn first_winning_moves(
        &mut self,
        position: &G::Position,
        keep: usize,
    ) -> Result<Vec<G::Move>, Refusal> {
        let mut listed = Vec::new();
        if keep > 0 {
            let _ = self.winning_moves(position, &mut |mv| {
                listed.push(mv);
                if listed.len() >= keep {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })?;
        }
        Ok(listed)
    }

    /// The first winning move, if there is one.
    pub fn winning_move(&mut self, position: &G::Position) -> Result<Option<G::Move>, Refusal> {
        Ok(self.first_winning_moves(position, 1)?.pop())
    }

    /// The move to play: a winning one when there is one; from a lost
    /// position the engine's best try (under normal play the move hardest
    /// to answer, under misère play a legal one). `None` without a move.
    pub fn suggest(&mut self, position: &G::Position) -> Result<Option<G::Move>, Refusal> {
        Ok(self.reply(position)?.map(|reply| reply.mv))
    }

    /// Whether the engine searches `position` for remoteness at all (normal
    /// play, a position within [`super::remoteness::REMOTENESS_SIZE`]).
    pub(super) fn searches_remoteness(&mut self, position: &G::Position) -> bool {
        !self.is_misere()
            && self.game.position_wire(position).size() <= super::remoteness::REMOTENESS_SIZE
    }

    /// The move remoteness chooses (normal play, a small enough tree, within
    /// `budget` moves looked at).
    fn by_remoteness(&mut self, position: &G::Position, budget: u64) -> Option<Reply<G::Move>> {
        if !self.searches_remoteness(position) {
            return None;
        }
        let cancel = self.game.cancel().cloned();
        let mut search = super::remoteness::Search::new(&mut self.game, budget);
        if let Some(cancel) = cancel {
            search.stop_when(cancel);
        }
        let (mv, moves) = search.choose(position)?;
        let wins = moves % 2 == 1;
        Some(Reply {
            mv,
            wins,
            rule: if wins {
                Rule::SoonestWin { moves }
            } else {
                Rule::LongestLoss { moves }
            },
        })
    }

    /// The engine's reply: its first winning move, else its best try, and
    /// which of the two it is; `None` when no move is legal.
    pub fn reply(&mut self, position: &G::Position) -> Result<Option<Reply<G::Move>>, Refusal> {
        if let Some(reply) = self.by_remoteness(position, super::remoteness::REMOTENESS_BUDGET) {
            return Ok(Some(reply));
        }
        self.going()?;
        self.plain_reply(position)
    }

    /// The engine's reply ([`Analyst::reply`]) where it costs at most a
    /// remoteness search of [`super::remoteness::CHEAP_REMOTENESS_BUDGET`]
    /// moves beyond the winning move or best try: `Ok(None)` when telling
    /// it would take a longer search (and when no move is legal).
    pub fn cheap_reply(
        &mut self,
        position: &G::Position,
    ) -> Result<Option<Reply<G::Move>>, Refusal> {
        if !self.searches_remoteness(position) {
            return self.plain_reply(position);
        }
        let reply = self.by_remoteness(position, super::remoteness::CHEAP_REMOTENESS_BUDGET);
        self.going()?;
        Ok(reply)
    }

    /// The first winning move, else the best try (under misère play, the
    /// misère form's), without a remoteness search.
    pub fn plain_reply(
        &mut self,
        position: &G::Position,
    ) -> Result<Option<Reply<G::Move>>, Refusal> {
        let misere = self.is_misere();
        if let Some(mv) = self.winning_move(position)? {
            // A move that ends the game won is the quickest, whatever the
            // size (a Cutting cell cut out of a large position).
            let played = self.play(position, &mv);
            let ends = self.decided(&played) == Some(true);
            let rule = match (misere, ends) {
                (_, true) => Rule::SoonestWin { moves: 1 },
                (true, false) => Rule::Misere { wins: true },
                (false, false) => Rule::FirstWinning,
            };
            return Ok(Some(Reply {
                mv,
                wins: true,
                rule,
            }));
        }
        let (mv, rule) = match &mut self.play {
            Play::Normal => {
                let cancel = self.game.cancel().cloned();
                let stop = || {
                    cancel
                        .as_ref()
                        .is_some_and(crate::shared::Cancel::is_cancelled)
                };
                let mv = self.game.suggest_until(position, &stop);
                if stop() {
                    return Err(Refusal::Cancelled);
                }
                (mv, Rule::HardestToAnswer)
            }
            Play::Misere { engine, .. } => {
                (engine.suggest(position)?, Rule::Misere { wins: false })
            }
        };
        Ok(mv.map(|mv| Reply {
            mv,
            wins: false,
            rule,
        }))
    }

    /// Whether `mv` can be made in `position` (the same under both
    /// conventions), with the reason when not.
    pub fn check(&mut self, position: &G::Position, mv: &G::Move) -> Result<(), IllegalMove> {
        self.game.check(position, mv)
    }

    /// Makes `mv`, which must be legal.
    pub fn play(&mut self, position: &G::Position, mv: &G::Move) -> Played<G::Position> {
        self.game.play(position, mv)
    }

    /// Checks `mv` and makes it.
    pub fn try_play(
        &mut self,
        position: &G::Position,
        mv: &G::Move,
    ) -> Result<Played<G::Position>, IllegalMove> {
        self.game.try_play(position, mv)
    }

    /// Whether the player to move has no legal move.
    pub fn is_terminal(&mut self, position: &G::Position) -> bool {
        self.game.is_terminal(position)
    }

    /// Whether the game is over after a move that left `position`, and if
    /// so whether the player who made it won: the move won at once (a
    /// Cutting Game cell), or left the other player without a move (a win
    /// under normal play, a loss under misère play).
    pub fn decided(&mut self, played: &Played<G::Position>) -> Option<bool> {
        if played.won {
            Some(true)
        } else if self.game.is_terminal(&played.position) {
            Some(!self.convention().stuck_player_wins())
        } else {
            None
        }
    }

    /// Whether the nim-sum of the components' values decides the position:
    /// never under misère play, and under normal play unless the game's
    /// own winning rule does (a Cutting Game strip).
    pub fn nim_sum_decides(&mut self, position: &G::Position) -> bool {
        match self.convention() {
            Convention::Normal => self.game.nim_sum_decides(position),
            Convention::Misere { .. } => false,
        }
    }

    /// Why the player to move loses a lost position.
    pub fn lost_because(&mut self, position: &G::Position) -> String {
        match self.convention().rule() {
            None => self.game.lost_because(position),
            // A lost misère position always has a move: without one, the
            // player to move has won.
            Some(rule) => {
                let [first, second] = self.game.players();
                format!("Whatever {first} does, {second} has a winning reply ({rule}).")
            }
        }
    }
}
