//! Renders what a search reports while it thinks as UCI `info` lines, and the final
//! `bestmove`: the UCI [`Dialect`] of the search thread.

use std::time::Duration;

use ply_games::{LineView, MoveView, ScoreView, ThinkEvent};
use ply_search::Bound;

use crate::search_thread::Dialect;

/// How UCI writes a search's events and answer.
pub const DIALECT: Dialect = Dialect {
    event,
    answer: bestmove,
};

/// `currmove` lines only once a search has run this long, as engines do.
const CURRMOVE_AFTER: Duration = Duration::from_secs(3);

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

/// The line of a search event, if UCI shows it (`elapsed` since the search began).
pub fn event(event: &ThinkEvent, elapsed: Duration) -> Option<String> {
    match event {
        ThinkEvent::Iteration(line) => Some(iteration(line)),
        ThinkEvent::CurrentMove {
            name,
            number,
            depth,
        } if elapsed > CURRMOVE_AFTER => Some(format!(
            "info depth {depth} currmove {name} currmovenumber {number}"
        )),
        _ => None,
    }
}

/// The `bestmove` line: the move and the expected reply, or `(none)` without a move.
pub fn bestmove(best: Option<&MoveView>, ponder: Option<&str>) -> String {
    match (best, ponder) {
        (Some(best), Some(ponder)) => format!("bestmove {} ponder {ponder}", best.name),
        (Some(best), None) => format!("bestmove {}", best.name),
        (None, _) => "bestmove (none)".to_string(),
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
