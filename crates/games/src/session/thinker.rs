//! `GameThinker`: the one generic [`Thinker`] for every game with [`Rules`]. It keeps one
//! engine per level (with its table) from move to move and thinks about whatever position
//! it is handed: the engine, or the textbook algorithms for teaching.

use std::time::Instant;

use ply_search::teaching::{TeachingSettings, alphabeta, minimax, score_root_moves};
use ply_search::{
    Bound, Engine, EngineOptions, Evaluator, RootMoveScore, SearchControl, SearchEvent,
    SearchRequest, nodes_per_second,
};

use super::error::ThinkError;
use super::lab::{LabReport, LabRequest, run_lab};
use super::notation::MoveNames;
use super::rules::Rules;
use super::teaching_watch::TeachingWatch;
use super::think::{Algorithm, Level, LineView, ScoredMove, ThinkEvent, ThinkRequest, ThinkResult};
use super::view::{MoveId, ScoreView};
use super::{Snapshot, Thinker};

/// The engines of a game with [`Rules`], one per level, created when first used.
pub struct GameThinker<R: Rules> {
    options: EngineOptions,
    classic_engine: Option<Engine<R, R::Classic>>,
    strong_engine: Option<Engine<R, R::Strong>>,
    /// The engine of the levels below full strength, with the noise it was last set to.
    level_engine: Option<Engine<R, R::Strong>>,
}

impl<R: Rules> Default for GameThinker<R> {
    fn default() -> Self {
        Self::new()
    }
}

impl<R: Rules> GameThinker<R> {
    /// A thinker whose engines have learnt nothing yet.
    pub fn new() -> Self {
        GameThinker {
            options: EngineOptions::default(),
            classic_engine: None,
            strong_engine: None,
            level_engine: None,
        }
    }
}

impl<R: Rules> Thinker for GameThinker<R> {
    fn think(
        &mut self,
        position: &Snapshot,
        request: &ThinkRequest,
        control: &SearchControl,
        on_event: &mut dyn FnMut(&ThinkEvent),
    ) -> Result<ThinkResult, ThinkError> {
        let game: &R = position.get()?;
        if let Some(result) = request
            .book_move
            .and_then(|id| book_result(game, request, id))
        {
            return Ok(result);
        }
        let search_moves = root_moves(game, &request.search_moves)?;
        let context = Context {
            game,
            request,
            search_moves,
            options: self.options,
            control,
        };
        let weakened = request
            .skill
            .filter(|skill| !R::ladder().params(skill.strength).is_full());
        match (request.level, weakened) {
            (Level::Classic, _) => {
                context.think(game.classic(), &mut self.classic_engine, on_event)
            }
            (Level::Strong, Some(skill)) if request.effective_algorithm() == Algorithm::Engine => {
                Ok(context.play_level(skill, &mut self.level_engine, on_event))
            }
            (Level::Strong, _) => context.think(game.strong(), &mut self.strong_engine, on_event),
        }
    }

    fn lab(&mut self, position: &Snapshot, request: &LabRequest) -> Result<LabReport, ThinkError> {
        let game: &R = position.get()?;
        let settings = game.teaching_settings(request.level);
        match request.level {
            Level::Classic => run_lab(game, game.classic(), settings, request),
            Level::Strong => run_lab(game, game.strong(), settings, request),
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
            if let Some(engine) = &mut self.level_engine {
                engine.set_hash_mib(options.hash_mib);
            }
        }
        if let Some(engine) = &mut self.classic_engine {
            engine.set_threads(options.threads);
        }
        if let Some(engine) = &mut self.strong_engine {
            engine.set_threads(options.threads);
        }
        // A weaker level searches with one thread: its node limit then gives the same moves
        // on any machine.
        if let Some(engine) = &mut self.level_engine {
            engine.set_threads(1);
        }
        self.options = options;
    }

    fn clear(&mut self) {
        if let Some(engine) = &mut self.classic_engine {
            engine.clear();
        }
        if let Some(engine) = &mut self.strong_engine {
            engine.clear();
        }
        if let Some(engine) = &mut self.level_engine {
            engine.clear();
        }
    }
}

/// The answer for a book move `id`, if it is legal in `game`: no search, no score.
fn book_result<R: Rules>(game: &R, request: &ThinkRequest, id: MoveId) -> Option<ThinkResult> {
    let mut legal = Vec::new();
    game.generate_moves(&mut legal);
    let mv = legal.into_iter().find(|&mv| R::pack_move(mv) == id.0)?;
    let (pv, pv_display, pv_names) = line_names(game, &[mv]);
    Some(ThinkResult {
        algorithm: request.effective_algorithm(),
        best_move: Some(game.move_view(mv)),
        ponder: None,
        score: ScoreView::Value(0),
        depth: 0,
        seldepth: 0,
        nodes: 0,
        time_ms: 0,
        nps: 0,
        pv,
        pv_display,
        pv_names,
        moves: Vec::new(),
        proven: false,
        book: true,
    })
}

/// The legal moves of `game` that `ids` name; an id that is not legal here is an error.
fn root_moves<R: Rules>(game: &R, ids: &[MoveId]) -> Result<Vec<R::Move>, ThinkError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut legal = Vec::new();
    game.generate_moves(&mut legal);
    ids.iter()
        .map(|id| {
            legal
                .iter()
                .copied()
                .find(|&mv| R::pack_move(mv) == id.0)
                .ok_or_else(|| {
                    ThinkError::BadSearchMove(super::MoveError::illegal(
                        &format!("move #{}", id.0),
                        "it is not one of the legal moves in this position",
                    ))
                })
        })
        .collect()
}

/// One think request against one position.
pub(super) struct Context<'a, R: Rules> {
    pub(super) game: &'a R,
    pub(super) request: &'a ThinkRequest,
    pub(super) search_moves: Vec<R::Move>,
    pub(super) options: EngineOptions,
    pub(super) control: &'a SearchControl,
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
                    names: self.game.move_names(mv),
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
        let (pv_canonical, pv_display, pv_names) = line_names(self.game, &pv);
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
                pv: pv_canonical.clone(),
                pv_display: pv_display.clone(),
                pv_names: pv_names.clone(),
                hashfull: 0,
                tt_hits: 0,
            }));
        }
        ThinkResult {
            algorithm,
            best_move: best.map(|mv| self.game.move_view(mv)),
            ponder: pv_canonical.get(1).cloned(),
            score: ScoreView::Value(value),
            depth: settings.depth,
            seldepth: settings.depth,
            nodes,
            time_ms: time.as_millis() as u64,
            nps: nodes_per_second(nodes, time),
            pv: pv_canonical,
            pv_display,
            pv_names,
            moves,
            proven: !stopped
                && self
                    .game
                    .remaining_plies_bound()
                    .is_some_and(|plies| settings.depth >= plies),
            book: false,
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
            if let Some(view) = event_view(game, event) {
                on_event(&view);
            }
        });
        let (pv, pv_display, pv_names) = line_names(game, &result.pv);
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
            pv_names,
            moves,
            proven: result.proven,
            book: false,
        }
    }
}

pub(super) fn scored_move<R: Rules>(game: &R, scored: &RootMoveScore<R::Move>) -> ScoredMove {
    ScoredMove {
        name: game.move_name(scored.mv),
        display: game.move_display(scored.mv),
        names: game.move_names(scored.mv),
        score: ScoreView::from_score(scored.score),
        bound: scored.bound,
    }
}

/// The players' view of a search event; `None` for the engine's inner workings (aspiration
/// tries, iteration work), which only the lab's lessons read.
pub(super) fn event_view<R: Rules>(game: &R, event: &SearchEvent<R::Move>) -> Option<ThinkEvent> {
    Some(match event {
        SearchEvent::Iteration(info) => {
            let (pv, pv_display, pv_names) = line_names(game, &info.pv);
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
                pv_names,
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
        SearchEvent::Window(_) | SearchEvent::Work(_) => return None,
    })
}

/// A line of moves from `game` in canonical notation, players' notation and every notation
/// the game offers.
pub(super) fn line_names<R: Rules>(
    game: &R,
    line: &[R::Move],
) -> (Vec<String>, Vec<String>, Vec<MoveNames>) {
    let mut position = game.clone();
    let mut names = Vec::with_capacity(line.len());
    let mut display = Vec::with_capacity(line.len());
    let mut all = Vec::with_capacity(line.len());
    for &mv in line {
        names.push(position.move_name(mv));
        display.push(position.move_display(mv));
        all.push(position.move_names(mv));
        position.make_move(mv);
    }
    (names, display, all)
}
