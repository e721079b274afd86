//! A level below full strength plays a move: the strong judgement with the level's noise,
//! the engine on the level's node limit (one thread, so the same moves on a busy or a quiet
//! machine), its lines with exact scores, then the choice among the close ones.

use ply_search::skill::{Noise, Skill, choose_move};
use ply_search::{Engine, Limits, SearchRequest, Setup};

use super::rules::Rules;
use super::think::{Algorithm, ThinkEvent, ThinkResult};
use super::thinker::{Context, event_view, line_names, scored_move};
use super::view::ScoreView;

impl<R: Rules> Context<'_, R> {
    /// Plays `skill`'s move. Time limits in the request still bound the search (a clock
    /// must not fall), but the level's node limit is what normally ends it.
    pub(super) fn play_level(
        &self,
        skill: Skill,
        slot: &mut Option<Engine<R, R::Strong>>,
        on_event: &mut dyn FnMut(&ThinkEvent),
    ) -> ThinkResult {
        let params = R::ladder().params(skill.strength);
        let engine = slot.get_or_insert_with(|| {
            let mut options = self.options;
            options.threads = 1;
            Engine::new(self.game.strong(), options)
        });
        engine.set_setup(Setup {
            noise: Noise::new(params.noise, skill.seed),
            ..engine.setup()
        });
        let asked = &self.request.limits;
        let limits = Limits {
            depth: min_some(params.depth, asked.depth),
            nodes: min_some(params.nodes, asked.nodes),
            ..asked.clone()
        };
        let all_moves = self.request.all_moves;
        let request = SearchRequest {
            limits,
            multipv: if all_moves {
                usize::MAX
            } else {
                self.request.multipv.max(params.lines).max(1)
            },
            root_moves: (!self.search_moves.is_empty()).then(|| self.search_moves.clone()),
        };
        let game = self.game;
        let result = engine.search(game, &request, self.control, &mut |event| {
            if let Some(view) = event_view(game, event) {
                on_event(&view);
            }
        });
        let (best, score, line) = match result.best_move {
            Some(best) => {
                let chosen = choose_move(
                    best,
                    result.score,
                    &result.root_moves,
                    params.margin,
                    skill.seed,
                    game.hash(),
                );
                if chosen == best {
                    (Some(best), result.score, result.pv.clone())
                } else {
                    let score = result
                        .root_moves
                        .iter()
                        .find(|line| line.mv == chosen)
                        .map_or(result.score, |line| line.score);
                    (Some(chosen), score, vec![chosen])
                }
            }
            None => (None, result.score, Vec::new()),
        };
        let (pv, pv_display, pv_names) = line_names(game, &line);
        ThinkResult {
            algorithm: Algorithm::Engine,
            best_move: best.map(|mv| game.move_view(mv)),
            ponder: pv.get(1).cloned(),
            score: ScoreView::from_score(score),
            depth: result.depth,
            seldepth: result.seldepth,
            nodes: result.nodes,
            time_ms: result.time.as_millis() as u64,
            nps: result.nps(),
            pv,
            pv_display,
            pv_names,
            moves: if all_moves {
                result
                    .root_moves
                    .iter()
                    .map(|scored| scored_move(game, scored))
                    .collect()
            } else {
                Vec::new()
            },
            proven: result.proven && best == result.best_move,
            book: false,
        }
    }
}

/// The smaller of two optional limits.
fn min_some<T: Ord + Copy>(own: Option<T>, asked: Option<T>) -> Option<T> {
    match (own, asked) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}
