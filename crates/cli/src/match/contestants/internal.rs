//! One of ply's own players as a contestant: a session of its own, kept in step with the
//! referee, thinking with the player's level, algorithm and limits.

use ply_games::{GameOptions, GameSpec, Session};
use ply_search::{Clock, EngineOptions, Limits, SearchControl};

use super::{Contestant, ContestantError, MoveRequest, Proposal};
use crate::r#match::players::PlySpec;

/// ply's own player.
pub struct Internal {
    spec: PlySpec,
    session: Box<dyn Session>,
}

impl Internal {
    /// A player with its own session of the game.
    pub fn new(
        spec: &PlySpec,
        game: &GameSpec,
        options: &GameOptions,
        engine: EngineOptions,
    ) -> Result<Internal, ContestantError> {
        let mut session = game
            .new_session(options)
            .map_err(|error| ContestantError::Other(error.to_string()))?;
        session.set_engine_options(spec.engine_options(engine));
        Ok(Internal {
            spec: spec.clone(),
            session,
        })
    }
}

impl Contestant for Internal {
    fn new_game(&mut self, referee: &dyn Session) -> Result<(), ContestantError> {
        self.session
            .set_position(&referee.start_position())
            .map_err(|error| ContestantError::Other(error.to_string()))?;
        for mv in referee.history() {
            self.session
                .play(&mv.name)
                .map_err(|error| ContestantError::Other(error.to_string()))?;
        }
        self.session.clear_engines();
        Ok(())
    }

    fn propose(&mut self, request: &MoveRequest<'_>) -> Result<Proposal, ContestantError> {
        let limits = match request.clocks {
            Some(clocks) if !self.spec.has_own_limits() => Limits {
                clock: Some(Clock {
                    remaining: clocks.own,
                    increment: clocks.increment,
                    moves_to_go: None,
                }),
                ..Limits::default()
            },
            _ => request.limits.clone(),
        };
        let think = self.spec.request(&limits);
        let result = self
            .session
            .think(&think, &SearchControl::default(), &mut |_| {})
            .map_err(|error| ContestantError::Other(error.to_string()))?;
        let best = result
            .best_move
            .ok_or_else(|| ContestantError::Other(format!("{} found no move", self.spec)))?;
        Ok(Proposal { text: best.name })
    }

    fn observe(&mut self, name: &str) -> Result<(), ContestantError> {
        self.session
            .play(name)
            .map(|_| ())
            .map_err(|error| ContestantError::Other(format!("{}: {error}", self.spec)))
    }
}
