//! Watches a teaching search made to play a move: reports each root move's value as its
//! search finishes (the seed's "Log" of the AI trying each cell) and gives up at once when
//! the player is asked to move now, remembering the best root move finished so far.

use ply_search::teaching::{NodeKind, Tracer};
use ply_search::{Bound, SearchControl};

use super::rules::Rules;
use super::think::{ScoredMove, ThinkEvent};
use super::view::ScoreView;

/// A tracer for a teaching search that plays.
pub(super) struct TeachingWatch<'a, R: Rules> {
    game: &'a R,
    depth: u32,
    control: &'a SearchControl,
    on_event: &'a mut dyn FnMut(&ThinkEvent),
    /// The root move being searched and alpha when its search began.
    current: Option<(R::Move, i32)>,
    best: Option<(R::Move, i32)>,
    stopped: bool,
}

impl<'a, R: Rules> TeachingWatch<'a, R> {
    /// Watches a search of `game` to `depth` plies that `control` may stop.
    pub(super) fn new(
        game: &'a R,
        depth: u32,
        control: &'a SearchControl,
        on_event: &'a mut dyn FnMut(&ThinkEvent),
    ) -> Self {
        TeachingWatch {
            game,
            depth,
            control,
            on_event,
            current: None,
            best: None,
            stopped: false,
        }
    }

    /// Whether the search was given up.
    pub(super) fn stopped(&self) -> bool {
        self.stopped
    }

    /// The best root move whose search finished, with its value (the first of equals).
    pub(super) fn best_so_far(&self) -> Option<(R::Move, i32)> {
        self.best
    }
}

impl<R: Rules> Tracer<R::Move> for TeachingWatch<'_, R> {
    fn enter(&mut self, ply: usize, mv: Option<R::Move>, alpha: i32, _beta: i32) {
        if ply == 1 {
            self.current = mv.map(|mv| (mv, alpha));
        }
    }

    fn leave(&mut self, ply: usize, value: i32, _kind: NodeKind) {
        if ply != 1 || self.stopped {
            return;
        }
        let Some((mv, alpha)) = self.current.take() else {
            return;
        };
        // At the MAX root only a fail-low is possible: the move is no better than alpha.
        let bound = if alpha > i32::MIN + 1 && value <= alpha {
            Bound::Upper
        } else {
            Bound::Exact
        };
        if self.best.is_none_or(|(_, best)| value > best) {
            self.best = Some((mv, value));
        }
        (self.on_event)(&ThinkEvent::RootMove {
            scored: ScoredMove {
                name: self.game.move_name(mv),
                display: self.game.move_display(mv),
                names: self.game.move_names(mv),
                score: ScoreView::Value(value),
                bound,
            },
            depth: self.depth,
        });
    }

    fn should_stop(&mut self) -> bool {
        self.stopped |= self.control.is_stopped();
        self.stopped
    }
}
