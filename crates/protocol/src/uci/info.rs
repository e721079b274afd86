//! Renders what a session reports while it thinks as UCI `info` lines, and the final
//! `bestmove`.

use ply_games::{LineView, ScoreView, ThinkResult};
use ply_search::Bound;

/// `cp N` or `mate N` (moves, negative when mated), with `lowerbound`/`upperbound` for a
/// fail-high or fail-low line.
pub fn score(score: ScoreView, bound: Bound) -> String {
    let value = match score {
        ScoreView::Value(cp) => format!("cp {cp}"),
        ScoreView::WinIn(plies) => format!("mate {}", plies.div_ceil(2)),
        ScoreView::LossIn(plies) if plies < 2 => "mate 0".to_string(),
        ScoreView::LossIn(plies) => format!("mate -{}", plies / 2),
    };
    match bound {
        Bound::Exact => value,
        Bound::Lower => format!("{value} lowerbound"),
        Bound::Upper => format!("{value} upperbound"),
    }
}

/// The `info` line of a finished iteration.
pub fn iteration(line: &LineView) -> String {
    let mut out = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {}",
        line.depth,
        line.seldepth.max(line.depth),
        line.multipv,
        score(line.score, line.bound),
        line.nodes,
        line.nps,
        line.hashfull,
        line.time_ms
    );
    if !line.pv.is_empty() {
        out.push_str(" pv ");
        out.push_str(&line.pv.join(" "));
    }
    out
}

/// The `bestmove` line: the move and the expected reply, or `(none)` without a move.
pub fn bestmove(result: &ThinkResult, fallback: Option<String>) -> String {
    match (&result.best_move, fallback) {
        (Some(best), _) => match &result.ponder {
            Some(ponder) => format!("bestmove {} ponder {ponder}", best.name),
            None => format!("bestmove {}", best.name),
        },
        (None, Some(name)) => format!("bestmove {name}"),
        (None, None) => "bestmove (none)".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_in_uci_terms() {
        assert_eq!(score(ScoreView::Value(-35), Bound::Exact), "cp -35");
        assert_eq!(score(ScoreView::WinIn(1), Bound::Exact), "mate 1");
        assert_eq!(
            score(ScoreView::WinIn(3), Bound::Lower),
            "mate 2 lowerbound"
        );
        assert_eq!(
            score(ScoreView::LossIn(2), Bound::Upper),
            "mate -1 upperbound"
        );
        assert_eq!(score(ScoreView::LossIn(0), Bound::Exact), "mate 0");
    }
}
