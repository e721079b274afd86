//! `GameSession`: the one generic implementation of [`Session`] for every game that
//! implements [`Rules`]. It keeps the position, the moves played, and one engine per level
//! (with its table) from move to move.

use std::time::Instant;

use ply_search::teaching::{TeachingSettings, alphabeta, minimax, score_root_moves};

use super::lab::{LabReport, LabRequest, run_lab};
use super::teaching_watch::TeachingWatch;
use ply_search::{
    Engine, EngineOptions, Evaluator, RootMoveScore, SearchControl, SearchEvent, SearchRequest,
    nodes_per_second, perft_divide,
};

use super::Session;
use super::error::{MoveError, PositionError, ThinkError};
use super::rules::Rules;
use super::think::{Algorithm, Level, LineView, ScoredMove, ThinkEvent, ThinkRequest, ThinkResult};
use super::view::{BoardView, MoveView, ScoreView, Status};
use ply_search::{Bound, Side};

/// A game in progress of any game with [`Rules`].
pub struct GameSession<R: Rules> {
    config: R::Config,
    start: R,
    game: R,
    moves: Vec<R::Move>,
    views: Vec<MoveView>,
    options: EngineOptions,
    classic_engine: Option<Engine<R, R::Classic>>,
    strong_engine: Option<Engine<R, R::Strong>>,
}

impl<R: Rules> GameSession<R> {
    /// A new game from the usual start.
    pub fn new(config: R::Config) -> Self {
        let start = R::new_game(&config);
        Self::starting_at(config, start)
    }

    /// A new game from a position string.
    pub fn from_position(config: R::Config, text: &str) -> Result<Self, PositionError> {
        let start = R::from_position(&config, text)?;
        Ok(Self::starting_at(config, start))
    }

    fn starting_at(config: R::Config, start: R) -> Self {
        GameSession {
            config,
            game: start.clone(),
            start,
            moves: Vec::new(),
            views: Vec::new(),
            options: EngineOptions::default(),
            classic_engine: None,
            strong_engine: None,
        }
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
        self.game = start.clone();
        self.start = start;
        self.moves.clear();
        self.views.clear();
    }
}

impl<R: Rules> Session for GameSession<R> {
    fn game_name(&self) -> &'static str {
        R::NAME
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

    fn history(&self) -> Vec<MoveView> {
        self.views.clone()
    }

    fn legal_moves(&self) -> Vec<MoveView> {
        if self.game.outcome().is_some() {
            return Vec::new();
        }
        let mut moves = Vec::new();
        self.game.generate_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| self.game.move_view(mv))
            .collect()
    }

    fn parse_move(&self, text: &str) -> Result<MoveView, MoveError> {
        if let Status::Finished { reason, .. } = self.game.status() {
            return Err(MoveError::GameOver { reason });
        }
        let mv = self.game.parse_move(text)?;
        Ok(self.game.move_view(mv))
    }

    fn play(&mut self, text: &str) -> Result<MoveView, MoveError> {
        if let Status::Finished { reason, .. } = self.game.status() {
            return Err(MoveError::GameOver { reason });
        }
        let mv = self.game.parse_move(text)?;
        let view = self.game.move_view(mv);
        self.game.make_move(mv);
        self.moves.push(mv);
        self.views.push(view.clone());
        Ok(view)
    }

    fn undo(&mut self) -> Option<MoveView> {
        let mv = self.moves.pop()?;
        self.game.unmake_move(mv);
        self.views.pop()
    }

    fn status(&self) -> Status {
        self.game.status()
    }

    fn board(&self) -> BoardView {
        let mut view = self.game.board_view();
        if let Some(last) = self.views.last() {
            view.last_move = last.from.into_iter().chain([last.to]).collect();
        }
        view
    }

    fn think(
        &mut self,
        request: &ThinkRequest,
        control: &SearchControl,
        on_event: &mut dyn FnMut(&ThinkEvent),
    ) -> Result<ThinkResult, ThinkError> {
        let search_moves = request
            .search_moves
            .iter()
            .map(|text| self.game.parse_move(text))
            .collect::<Result<Vec<_>, _>>()?;
        let context = Context {
            game: &self.game,
            request,
            search_moves,
            options: self.options,
            control,
        };
        match request.level {
            Level::Classic => {
                let evaluator = self.game.classic();
                context.think(evaluator, &mut self.classic_engine, on_event)
            }
            Level::Strong => {
                let evaluator = self.game.strong();
                context.think(evaluator, &mut self.strong_engine, on_event)
            }
        }
    }

    fn lab(&mut self, request: &LabRequest) -> Result<LabReport, ThinkError> {
        let settings = self.game.teaching_settings(request.level);
        match request.level {
            Level::Classic => run_lab(&self.game, self.game.classic(), settings, request),
            Level::Strong => run_lab(&self.game, self.game.strong(), settings, request),
        }
    }

    fn set_engine_options(&mut self, options: EngineOptions) {
        if options.hash_mib != self.options.hash_mib {
            if let Some(engine) = &mut self.classic_engine {
                engine.set_hash_mib(options.hash_mib);
            }
            if let Some(engine) = &mut self.strong_engine {
                engine.set_hash_mib(options.hash_mib);
            }
        }
        if let Some(engine) = &mut self.classic_engine {
            engine.set_threads(options.threads);
        }
        if let Some(engine) = &mut self.strong_engine {
            engine.set_threads(options.threads);
        }
        self.options = options;
    }

    fn clear_engines(&mut self) {
        if let Some(engine) = &mut self.classic_engine {
            engine.clear();
        }
        if let Some(engine) = &mut self.strong_engine {
            engine.clear();
        }
    }

    fn perft(&mut self, depth: u32) -> u64 {
        self.game.perft(depth)
    }

    fn perft_divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        let mut game = self.game.clone();
        let (split, _) = perft_divide(&mut game, depth);
        split
            .into_iter()
            .map(|(mv, count)| (self.game.move_name(mv), count))
            .collect()
    }

    fn export(&self) -> String {
        R::export(&self.start, &self.views, &self.game.status())
    }

    fn opening_candidates(&self) -> Vec<String> {
        if self.game.outcome().is_some() {
            return Vec::new();
        }
        self.game
            .opening_candidates()
            .into_iter()
            .map(|mv| self.game.move_name(mv))
            .collect()
    }

    fn clone_session(&self) -> Box<dyn Session> {
        Box::new(GameSession::<R> {
            config: self.config.clone(),
            start: self.start.clone(),
            game: self.game.clone(),
            moves: self.moves.clone(),
            views: self.views.clone(),
            options: self.options,
            classic_engine: None,
            strong_engine: None,
        })
    }
}

/// One think request against one position.
struct Context<'a, R: Rules> {
    game: &'a R,
    request: &'a ThinkRequest,
    search_moves: Vec<R::Move>,
    options: EngineOptions,
    control: &'a SearchControl,
}

impl<R: Rules> Context<'_, R> {
    fn think<E: Evaluator<R>>(
        self,
        evaluator: E,
        engine: &mut Option<Engine<R, E>>,
        on_event: &mut dyn FnMut(&ThinkEvent),
    ) -> Result<ThinkResult, ThinkError> {
        match self.request.effective_algorithm() {
            Algorithm::Engine => Ok(self.search(evaluator, engine, on_event)),
            teaching => Ok(self.teach(&evaluator, teaching, on_event)),
        }
    }

    fn teach<E: Evaluator<R>>(
        &self,
        evaluator: &E,
        algorithm: Algorithm,
        on_event: &mut dyn FnMut(&ThinkEvent),
    ) -> ThinkResult {
        let mut settings: TeachingSettings = self.game.teaching_settings(self.request.level);
        if let Some(depth) = self.request.limits.depth {
            settings.depth = depth;
        }
        let prune = algorithm == Algorithm::Alphabeta;
        let mut work = self.game.clone();
        let start = Instant::now();
        let mut watch = TeachingWatch::new(self.game, settings.depth, self.control, on_event);
        let (value, best, pv, nodes, moves) = if self.request.all_moves {
            let (scored, nodes) =
                score_root_moves(&mut work, evaluator, settings, prune, &mut watch);
            let mut ranked: Vec<(R::Move, i32)> = scored;
            // Stable: among equal values the natural order decides, as in the seed.
            ranked.sort_by_key(|&(_, value)| std::cmp::Reverse(value));
            let best = ranked.first().copied();
            let moves = ranked
                .iter()
                .map(|&(mv, value)| ScoredMove {
                    name: self.game.move_name(mv),
                    display: self.game.move_display(mv),
                    score: ScoreView::Value(value),
                    bound: Bound::Exact,
                })
                .collect();
            let value = best.map_or(0, |(_, value)| value);
            let best = best.map(|(mv, _)| mv);
            (value, best, best.into_iter().collect(), nodes, moves)
        } else {
            let result = if prune {
                alphabeta(&mut work, evaluator, settings, &mut watch)
            } else {
                minimax(&mut work, evaluator, settings, &mut watch)
            };
            (
                result.value,
                result.best_move,
                result.pv,
                result.nodes,
                Vec::new(),
            )
        };
        // Stopped ("move now"): the best root move whose search finished, as engines do.
        let stopped = watch.stopped();
        let (value, best, pv, moves) = match watch.best_so_far() {
            Some((mv, value)) if stopped => (value, Some(mv), vec![mv], Vec::new()),
            None if stopped => (0, self.first_candidate(evaluator), Vec::new(), Vec::new()),
            _ => (value, best, pv, moves),
        };
        let time = start.elapsed();
        let (pv_names, pv_display) = line_names(self.game, &pv);
        if !stopped {
            on_event(&ThinkEvent::Iteration(LineView {
                depth: settings.depth,
                seldepth: settings.depth,
                multipv: 1,
                score: ScoreView::Value(value),
                bound: Bound::Exact,
                nodes,
                nps: nodes_per_second(nodes, time),
                time_ms: time.as_millis() as u64,
                pv: pv_names.clone(),
                pv_display: pv_display.clone(),
                hashfull: 0,
                tt_hits: 0,
            }));
        }
        ThinkResult {
            algorithm,
            best_move: best.map(|mv| self.game.move_view(mv)),
            ponder: pv_names.get(1).cloned(),
            score: ScoreView::Value(value),
            depth: settings.depth,
            seldepth: settings.depth,
            nodes,
            time_ms: time.as_millis() as u64,
            nps: nodes_per_second(nodes, time),
            pv: pv_names,
            pv_display,
            moves,
            proven: !stopped
                && self
                    .game
                    .remaining_plies_bound()
                    .is_some_and(|plies| settings.depth >= plies),
        }
    }

    fn first_candidate<E: Evaluator<R>>(&self, evaluator: &E) -> Option<R::Move> {
        let mut moves = Vec::new();
        evaluator.candidate_moves(self.game, &mut moves);
        moves.first().copied()
    }

    fn search<E: Evaluator<R>>(
        &self,
        evaluator: E,
        slot: &mut Option<Engine<R, E>>,
        on_event: &mut dyn FnMut(&ThinkEvent),
    ) -> ThinkResult {
        let engine = slot.get_or_insert_with(|| Engine::new(evaluator, self.options));
        let request = SearchRequest {
            limits: self.request.limits.clone(),
            multipv: if self.request.all_moves {
                usize::MAX
            } else {
                self.request.multipv.max(1)
            },
            root_moves: (!self.search_moves.is_empty()).then(|| self.search_moves.clone()),
        };
        let game = self.game;
        let result = engine.search(game, &request, self.control, &mut |event| {
            on_event(&event_view(game, event));
        });
        let (pv, pv_display) = line_names(game, &result.pv);
        let moves = if self.request.all_moves {
            result
                .root_moves
                .iter()
                .map(|scored| scored_move(game, scored))
                .collect()
        } else {
            Vec::new()
        };
        ThinkResult {
            algorithm: Algorithm::Engine,
            best_move: result.best_move.map(|mv| game.move_view(mv)),
            ponder: pv.get(1).cloned(),
            score: ScoreView::from_score(result.score),
            depth: result.depth,
            seldepth: result.seldepth,
            nodes: result.nodes,
            time_ms: result.time.as_millis() as u64,
            nps: result.nps(),
            pv,
            pv_display,
            moves,
            proven: result.proven,
        }
    }
}

fn scored_move<R: Rules>(game: &R, scored: &RootMoveScore<R::Move>) -> ScoredMove {
    ScoredMove {
        name: game.move_name(scored.mv),
        display: game.move_display(scored.mv),
        score: ScoreView::from_score(scored.score),
        bound: scored.bound,
    }
}

fn event_view<R: Rules>(game: &R, event: &SearchEvent<R::Move>) -> ThinkEvent {
    match event {
        SearchEvent::Iteration(info) => {
            let (pv, pv_display) = line_names(game, &info.pv);
            ThinkEvent::Iteration(LineView {
                depth: info.depth,
                seldepth: info.seldepth,
                multipv: info.multipv,
                score: ScoreView::from_score(info.score),
                bound: info.bound,
                nodes: info.nodes,
                nps: info.nps,
                time_ms: info.time.as_millis() as u64,
                pv,
                pv_display,
                hashfull: info.hashfull,
                tt_hits: info.tt_hits,
            })
        }
        SearchEvent::RootMove(scored) => ThinkEvent::RootMove {
            scored: scored_move(game, scored),
            depth: scored.depth,
        },
        SearchEvent::CurrentMove { mv, number, depth } => ThinkEvent::CurrentMove {
            name: game.move_name(*mv),
            number: *number,
            depth: *depth,
        },
    }
}

/// A line of moves from `game` in canonical and players' notation.
pub(super) fn line_names<R: Rules>(game: &R, line: &[R::Move]) -> (Vec<String>, Vec<String>) {
    let mut position = game.clone();
    let mut names = Vec::with_capacity(line.len());
    let mut display = Vec::with_capacity(line.len());
    for &mv in line {
        names.push(position.move_name(mv));
        display.push(position.move_display(mv));
        position.make_move(mv);
    }
    (names, display)
}
