//! `GameRecord`: the one generic [`Record`] for every game with [`Rules`]. It keeps the
//! start, the moves played and the position they lead to, and computes what a position
//! costs to know (status, legal moves, their names) once per position.

use std::sync::OnceLock;

use ply_search::{Side, perft_divide};

use super::error::{GameError, MoveError, PositionError};
use super::notation::Notation;
use super::rules::Rules;
use super::thinker::GameThinker;
use super::view::{BoardLabels, BoardView, MoveId, MoveView, Status};
use super::{Record, Snapshot, Thinker};
use crate::spec::{GameOptions, GameSpec};

/// A game in progress of any game with [`Rules`].
pub struct GameRecord<R: Rules> {
    config: R::Config,
    options: GameOptions,
    start: R,
    game: R,
    moves: Vec<R::Move>,
    views: Vec<MoveView>,
    /// What the current position costs a move generation to know.
    here: Here<R>,
}

/// The current position's legal moves and status, computed when it is reached; the moves'
/// names only when a front end asks for them.
struct Here<R: Rules> {
    legal: Vec<R::Move>,
    status: Status,
    views: OnceLock<Vec<MoveView>>,
}

impl<R: Rules> Here<R> {
    fn of(game: &R) -> Here<R> {
        let mut legal = Vec::new();
        let status = match game.outcome() {
            Some(outcome) => Status::finished(outcome, game.outcome_reason(outcome)),
            None => {
                game.generate_moves(&mut legal);
                if legal.is_empty() {
                    let outcome = game.outcome_when_stuck();
                    Status::finished(outcome, game.outcome_reason(outcome))
                } else {
                    Status::Ongoing {
                        to_move: game.side_to_move(),
                    }
                }
            }
        };
        if status.is_finished() {
            legal.clear();
        }
        Here {
            legal,
            status,
            views: OnceLock::new(),
        }
    }

    fn find(&self, id: MoveId) -> Option<R::Move> {
        self.legal
            .iter()
            .copied()
            .find(|&mv| R::pack_move(mv) == id.0)
    }
}

impl<R: Rules> Clone for Here<R> {
    fn clone(&self) -> Self {
        Here {
            legal: self.legal.clone(),
            status: self.status.clone(),
            views: self.views.clone(),
        }
    }
}

impl<R: Rules> GameRecord<R> {
    /// A new game from the usual start, or from `position` when given.
    pub fn new(
        config: R::Config,
        options: GameOptions,
        position: Option<&str>,
    ) -> Result<Self, PositionError> {
        let start = match position {
            Some(text) => R::from_position(&config, text)?,
            None => R::new_game(&config),
        };
        let options = GameOptions {
            position: None,
            ..options
        };
        Ok(GameRecord {
            here: Here::of(&start),
            game: start.clone(),
            start,
            config,
            options,
            moves: Vec::new(),
            views: Vec::new(),
        })
    }

    /// A game with `config` as a [`Record`], from the options' position if they give one:
    /// what a game's constructor returns.
    pub fn boxed(config: R::Config, options: &GameOptions) -> Result<Box<dyn Record>, GameError> {
        let position = options.position.clone();
        Ok(Box::new(Self::new(
            config,
            options.clone(),
            position.as_deref(),
        )?))
    }

    /// The current position, typed (for tests and game-specific tools).
    pub fn game(&self) -> &R {
        &self.game
    }

    /// The game's settings.
    pub fn config(&self) -> &R::Config {
        &self.config
    }

    fn restart_from(&mut self, start: R) {
        self.here = Here::of(&start);
        self.game = start.clone();
        self.start = start;
        self.moves.clear();
        self.views.clear();
    }

    fn game_over(&self) -> Option<MoveError> {
        match &self.here.status {
            Status::Finished { reason, .. } => Some(MoveError::GameOver {
                reason: reason.clone(),
            }),
            Status::Ongoing { .. } => None,
        }
    }
}

impl<R: Rules> Record for GameRecord<R> {
    fn spec(&self) -> &'static GameSpec {
        R::spec()
    }

    fn ladder(&self) -> &'static ply_search::skill::Ladder {
        R::ladder()
    }

    fn options(&self) -> &GameOptions {
        &self.options
    }

    fn title(&self) -> String {
        R::title(&self.config)
    }

    fn side_names(&self) -> [&'static str; 2] {
        R::side_names()
    }

    fn side_to_move(&self) -> Side {
        self.game.side_to_move()
    }

    fn position(&self) -> String {
        self.game.position_text()
    }

    fn position_key(&self) -> u64 {
        self.game.hash()
    }

    fn start_position(&self) -> String {
        self.start.position_text()
    }

    fn set_position(&mut self, text: &str) -> Result<(), PositionError> {
        let start = R::from_position(&self.config, text)?;
        self.restart_from(start);
        Ok(())
    }

    fn reset(&mut self) {
        self.restart_from(R::new_game(&self.config));
    }

    fn history(&self) -> &[MoveView] {
        &self.views
    }

    fn legal_moves(&self) -> &[MoveView] {
        self.here.views.get_or_init(|| {
            self.here
                .legal
                .iter()
                .map(|&mv| self.game.move_view(mv))
                .collect()
        })
    }

    fn parse_move(&self, text: &str) -> Result<MoveId, MoveError> {
        if let Some(over) = self.game_over() {
            return Err(over);
        }
        let mv = self.game.parse_move(text)?;
        Ok(MoveId(R::pack_move(mv)))
    }

    fn notations(&self) -> &'static [Notation] {
        R::notations()
    }

    fn parse_move_in(&self, text: &str, notation: Notation) -> Result<MoveId, MoveError> {
        if let Some(over) = self.game_over() {
            return Err(over);
        }
        let mv = self.game.parse_move_in(text, notation)?;
        Ok(MoveId(R::pack_move(mv)))
    }

    fn play(&mut self, id: MoveId) -> Result<&MoveView, MoveError> {
        if let Some(over) = self.game_over() {
            return Err(over);
        }
        let Some(mv) = self.here.find(id) else {
            return Err(MoveError::illegal(
                &format!("move #{}", id.0),
                "it is not one of the legal moves in this position",
            ));
        };
        let view = self.game.move_view(mv);
        self.game.make_move(mv);
        self.here = Here::of(&self.game);
        self.moves.push(mv);
        self.views.push(view);
        Ok(self.views.last().expect("a move was just pushed"))
    }

    fn undo(&mut self) -> Option<MoveView> {
        let mv = self.moves.pop()?;
        self.game.unmake_move(mv);
        self.here = Here::of(&self.game);
        self.views.pop()
    }

    fn status(&self) -> &Status {
        &self.here.status
    }

    fn board(&self) -> BoardView {
        let mut view = self.game.board_view();
        if let Some(last) = self.views.last() {
            view.last_move = last.from.into_iter().chain([last.to]).collect();
        }
        view
    }

    fn board_labels(&self, notation: Notation) -> BoardLabels {
        self.game.board_labels(notation)
    }

    fn forbidden_cells(&self) -> Vec<(usize, String)> {
        if self.here.status.is_finished() {
            return Vec::new();
        }
        self.game.forbidden_cells()
    }

    fn can_win(&self, side: Side) -> bool {
        self.game.can_win(side)
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot::new(self.game.clone())
    }

    fn thinker(&self) -> Box<dyn Thinker> {
        Box::new(GameThinker::<R>::new())
    }

    fn perft(&self, depth: u32) -> u64 {
        self.game.perft(depth)
    }

    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut game = self.game.clone();
        let (split, _) = perft_divide(&mut game, depth);
        split
            .into_iter()
            .map(|(mv, count)| (self.game.move_name(mv), count))
            .collect()
    }

    fn export(&self) -> String {
        R::export(&self.start, &self.views, &self.here.status)
    }

    fn opening_candidates(&self) -> Vec<MoveId> {
        if self.here.status.is_finished() {
            return Vec::new();
        }
        self.game
            .opening_candidates()
            .into_iter()
            .map(|mv| MoveId(R::pack_move(mv)))
            .collect()
    }

    fn clone_record(&self) -> Box<dyn Record> {
        Box::new(GameRecord::<R> {
            config: self.config.clone(),
            options: self.options.clone(),
            start: self.start.clone(),
            game: self.game.clone(),
            moves: self.moves.clone(),
            views: self.views.clone(),
            here: self.here.clone(),
        })
    }
}
