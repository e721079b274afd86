//! One of ply's own players as a contestant: a copy of the referee's game and a thinker on
//! the protocols' search thread module, thinking with the player's level, algorithm and
//! limits, and answering with a typed move.

use ply_games::{GameOptions, GameSpec, MoveView, Record};
use ply_protocol::SearchThread;
use ply_search::{Clock, EngineOptions, Limits, SearchControl};

use super::{Contestant, ContestantError, MoveRequest, Proposal};
use crate::r#match::players::PlySpec;

/// ply's own player.
pub struct Internal {
    spec: PlySpec,
    record: Box<dyn Record>,
    search: SearchThread,
    /// Games begun, the seed of a level's noise and choices in this one.
    games: u64,
}

impl Internal {
    /// A player with its own copy of the game.
    pub fn new(
        spec: &PlySpec,
        game: &GameSpec,
        options: &GameOptions,
        engine: EngineOptions,
    ) -> Result<Internal, ContestantError> {
        let record = game
            .new_game(options)
            .map_err(|error| ContestantError::Other(error.to_string()))?;
        let mut search = SearchThread::new(record.thinker());
        search.set_engine_options(spec.engine_options(engine));
        Ok(Internal {
            spec: spec.clone(),
            record,
            search,
            games: 0,
        })
    }

    fn refuse(&self, error: impl std::fmt::Display) -> ContestantError {
        ContestantError::Other(format!("{}: {error}", self.spec))
    }
}

impl Contestant for Internal {
    fn new_game(&mut self, referee: &dyn Record) -> Result<(), ContestantError> {
        self.record = referee.clone_record();
        self.search.clear();
        self.games += 1;
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
        let think = self.spec.request(&limits, self.games);
        let finished = self.search.think(
            self.record.as_ref(),
            think,
            &SearchControl::default(),
            &mut |_| {},
        );
        if let Err(error) = &finished.result {
            return Err(self.refuse(error));
        }
        let best = finished
            .best_move
            .ok_or_else(|| self.refuse("found no move"))?;
        Ok(Proposal::Move(best.id))
    }

    fn observe(&mut self, played: &MoveView) -> Result<(), ContestantError> {
        match self.record.play(played.id) {
            Ok(_) => Ok(()),
            Err(error) => Err(self.refuse(error)),
        }
    }
}
