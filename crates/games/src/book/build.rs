//! Building a book from ply's own searches: from the start position, breadth first, each
//! position within `plies` of the start is searched by the full engine; its best move and
//! every next-best move within `margin` of it (at most `width`, each found by searching
//! again without the moves already kept) go into the book, heavier the closer to the best,
//! and the positions they lead to are searched in turn. A position reached twice (a
//! transposition) is searched once. The result is written by [`super::own::write_book`].

use std::collections::{HashSet, VecDeque};

use ply_search::{Limits, SearchControl};

use super::own::Entry;
use crate::session::{Level, MoveId, Record, ScoreView, Table, ThinkError, ThinkRequest};

/// Heaviest weight, given to the best move of a position.
pub const TOP_WEIGHT: u16 = 100;

/// How a book is built.
#[derive(Clone, Debug)]
pub struct BuildSettings {
    /// Plies from the start whose positions get book moves (1: the first move only).
    pub plies: u32,
    /// Most moves kept per position.
    pub width: usize,
    /// A move is kept when its score is at most this far below the best move's (in the
    /// game's evaluation units; a win or a loss is never within a margin of a value).
    pub margin: i64,
    /// The search of each position (and of each alternative).
    pub limits: Limits,
}

/// A position the builder searched, for progress reports.
#[derive(Clone, Debug)]
pub struct BuiltPosition {
    /// Plies from the start.
    pub ply: u32,
    /// The moves from the start, canonical names.
    pub line: Vec<String>,
    /// The moves kept, with their weights.
    pub kept: Vec<(String, u16)>,
    /// Positions searched so far, this one included.
    pub searched: usize,
}

/// Builds the entries of a book for `table`'s game from its start position, reporting each
/// searched position to `on_position`. `control` may stop it (the entries so far are kept).
pub fn build(
    table: &mut Table,
    settings: &BuildSettings,
    control: &SearchControl,
    on_position: &mut dyn FnMut(&BuiltPosition),
) -> Result<Vec<Entry>, ThinkError> {
    table.reset();
    let mut entries = Vec::new();
    let mut seen = HashSet::new();
    let mut queue: VecDeque<Vec<MoveId>> = VecDeque::from([Vec::new()]);
    let mut searched = 0;
    while let Some(line) = queue.pop_front() {
        if control.is_stopped() {
            break;
        }
        table.reset();
        for &mv in &line {
            table
                .play(mv)
                .map_err(|error| ThinkError::Refused(error.to_string()))?;
        }
        let key = table.position_key();
        if table.status().is_finished() || !seen.insert(key) {
            continue;
        }
        let kept = best_moves(table, settings, control)?;
        searched += 1;
        let ply = line.len() as u32;
        let names: Vec<String> = table.history().iter().map(|mv| mv.name.clone()).collect();
        for (id, name, weight) in &kept {
            entries.push(Entry {
                key,
                name: name.clone(),
                weight: *weight,
            });
            if ply + 1 < settings.plies {
                let mut next = line.clone();
                next.push(*id);
                queue.push_back(next);
            }
        }
        on_position(&BuiltPosition {
            ply,
            line: names,
            kept: kept
                .iter()
                .map(|(_, name, weight)| (name.clone(), *weight))
                .collect(),
            searched,
        });
    }
    table.reset();
    Ok(entries)
}

/// The best move of the table's position and the next best within the margin, with weights.
fn best_moves(
    table: &mut Table,
    settings: &BuildSettings,
    control: &SearchControl,
) -> Result<Vec<(MoveId, String, u16)>, ThinkError> {
    let mut kept: Vec<(MoveId, String, u16)> = Vec::new();
    let mut best_score: Option<i64> = None;
    let all: Vec<MoveId> = table.legal_moves().iter().map(|mv| mv.id).collect();
    while kept.len() < settings.width.max(1) && kept.len() < all.len() {
        let mut request = ThinkRequest::new(Level::Strong, settings.limits.clone());
        if !kept.is_empty() {
            request.search_moves = all
                .iter()
                .copied()
                .filter(|id| kept.iter().all(|(taken, _, _)| taken != id))
                .collect();
        }
        let result = table.think(&request, control, &mut |_| {})?;
        // A search may answer outside the moves it was given (caro's engine plays only the
        // centre on an empty board): then there is no next best.
        let Some(best) = result
            .best_move
            .filter(|best| kept.iter().all(|(taken, _, _)| *taken != best.id))
        else {
            break;
        };
        let score = result.score.ordering_value();
        let best_score = *best_score.get_or_insert(score);
        let gap = best_score - score;
        let decided = !matches!(result.score, ScoreView::Value(_));
        if !kept.is_empty() && (gap > settings.margin || decided) {
            break;
        }
        kept.push((best.id, best.name, weight(gap, settings.margin)));
        if control.is_stopped() {
            break;
        }
    }
    Ok(kept)
}

/// The weight of a move `gap` below the best: [`TOP_WEIGHT`] for the best, falling linearly
/// to 1 at the margin.
fn weight(gap: i64, margin: i64) -> u16 {
    if gap <= 0 || margin <= 0 {
        return TOP_WEIGHT;
    }
    let top = i64::from(TOP_WEIGHT);
    (1 + (top - 1) * (margin - gap.min(margin)) / margin).clamp(1, top) as u16
}

/// A record's moves from the start as names (for messages).
pub fn line_names(record: &dyn Record) -> String {
    record
        .history()
        .iter()
        .map(|mv| mv.name.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_fall_from_the_best_to_the_margin() {
        assert_eq!(weight(0, 30), TOP_WEIGHT);
        assert_eq!(weight(30, 30), 1);
        assert_eq!(weight(15, 30), 50);
        assert_eq!(weight(0, 0), TOP_WEIGHT);
    }
}
