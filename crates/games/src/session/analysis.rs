//! Analysis of a whole game: the engine searches every position of a record, each value is
//! turned into the first player's expected score, and each move is graded by what it lost
//! of its player's expected score, as lichess grades moves (10 points of 100 an
//! inaccuracy, 20 a mistake, 30 a blunder). Front ends (`ply analyze --game`, the web's
//! background analysis) drive it position by position, so that they can report progress,
//! share search slots and stop; nothing here prints or knows which game it analyses.
//!
//! Expected score, from a value of the side to move, by the game's [`ScoreStyle`]:
//! - a proven win or loss (mate in n) is 100 or 0, whatever n; a finished position is
//!   scored by its result (win 100, draw 50, loss 0);
//! - `Pawns` (chess, xiangqi: hundredths of a pawn or soldier) is lichess's curve
//!   `50 + 50·(2/(1+e^(−0.00368208·cp)) − 1)`; ply's xiangqi values count a soldier about
//!   100 as chess counts a pawn, so the same curve reads them;
//! - `Threats { decided }` (caro: hundredths of a line's worth; from `decided` up, an open
//!   four or a five is coming) is the same curve stretched so that `decided` is 95: a threat
//!   that decides the game is nearly a sure win, as it is in caro, and quiet positions lean
//!   in proportion;
//! - `Plain` (tic-tac-toe) is the same curve with `decided` at 8 open-line units (two open
//!   twos more than the opponent) for a heuristic value; but at the default analysis
//!   limit (the whole game) the engine proves every tic-tac-toe position, so its values
//!   are wins, losses and draws (a proven 0 is a draw: 50) and the grading is exact.
//!
//! A move the engine would have played itself is never graded (its loss would be only the
//! difference between two searches' horizons).

use ply_search::{Limits, SearchControl, Side};
use serde::{Deserialize, Serialize};

use super::error::ThinkError;
use super::think::{Level, ThinkRequest, ThinkResult};
use super::view::{MoveView, ScoreView, Status};
use super::{Record, Snapshot, Thinker};
use crate::spec::ScoreStyle;

/// Loss of expected score (of 100) from which a move is an inaccuracy.
pub const INACCURACY_LOSS: f64 = 10.0;
/// … a mistake.
pub const MISTAKE_LOSS: f64 = 20.0;
/// … a blunder.
pub const BLUNDER_LOSS: f64 = 30.0;

/// lichess's slope: the expected score of a centipawn value.
const PAWN_SLOPE: f64 = 0.003_682_08;
/// `2/(1+e^(−x)) − 1 = 0.9` (95 of 100) at this x: where a decisive threat sits.
const DECIDED_X: f64 = 2.944_438_979;
/// The open-line value tic-tac-toe's heuristic reads as 95 of 100 (never met at the
/// default limit, where every position is proven).
const PLAIN_DECIDED: f64 = 8.0;

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Lost 10 to 20 of 100 expected.
    Inaccuracy,
    /// Lost 20 to 30.
    Mistake,
    /// Lost 30 or more.
    Blunder,
}

impl Verdict {
    /// The verdict on a move that lost `loss` of 100 of its player's expected score.
    pub fn from_loss(loss: f64) -> Option<Verdict> {
        if loss >= BLUNDER_LOSS {
            Some(Verdict::Blunder)
        } else if loss >= MISTAKE_LOSS {
            Some(Verdict::Mistake)
        } else if loss >= INACCURACY_LOSS {
            Some(Verdict::Inaccuracy)
        } else {
            None
        }
    }

    /// The annotation players write after the move: `?!`, `?`, `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Verdict::Inaccuracy => "?!",
            Verdict::Mistake => "?",
            Verdict::Blunder => "??",
        }
    }

    /// Its name: `inaccuracy`, `mistake`, `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Inaccuracy => "inaccuracy",
            Verdict::Mistake => "mistake",
            Verdict::Blunder => "blunder",
        }
    }
}

/// The expected score (0 to 100) of the side whose value `score` is, read by `style`.
pub fn expected_score(style: ScoreStyle, score: ScoreView) -> f64 {
    let value = match score {
        ScoreView::WinIn(_) => return 100.0,
        ScoreView::LossIn(_) => return 0.0,
        ScoreView::Value(value) => f64::from(value),
    };
    let x = match style {
        ScoreStyle::Pawns => PAWN_SLOPE * value,
        ScoreStyle::Threats { decided } => DECIDED_X * value / f64::from(decided.max(1)),
        ScoreStyle::Plain => DECIDED_X * value / PLAIN_DECIDED,
    };
    50.0 + 50.0 * (2.0 / (1.0 + (-x).exp()) - 1.0)
}

/// A move the engine proposes, with where it goes on the board (for an arrow).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Suggestion {
    /// Canonical notation.
    pub name: String,
    /// Players' notation.
    pub display: String,
    /// The cell the piece leaves (none for a placed stone).
    pub from: Option<usize>,
    /// The cell it goes to.
    pub to: usize,
}

impl Suggestion {
    fn of(mv: &MoveView) -> Suggestion {
        Suggestion {
            name: mv.name.clone(),
            display: mv.display.clone(),
            from: mv.from,
            to: mv.to,
        }
    }
}

/// The engine's judgement of one position of the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PositionEval {
    /// The value from the first player's view.
    pub score: ScoreView,
    /// The first player's expected score, 0 to 100.
    pub expected: f64,
    /// The engine's move here; none when the game is over.
    pub best: Option<Suggestion>,
    /// The line it expects, players' notation, its move first.
    pub line: Vec<String>,
    /// Depth searched (0 for a finished position).
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// Milliseconds taken.
    pub time_ms: u64,
    /// True when the value is proven for the whole game tree (or the game is over).
    pub proven: bool,
}

/// One move of the game, graded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveReview {
    /// Its number in the game, 1 for the first move.
    pub ply: usize,
    /// Who played it: `first` or `second`.
    pub side: String,
    /// The move, canonical notation.
    pub name: String,
    /// The move, players' notation.
    pub display: String,
    /// Expected score of its player (0 to 100) before the move, with the best play.
    pub expected_before: f64,
    /// … after the move played.
    pub expected_after: f64,
    /// What it lost (0 when it lost nothing or gained).
    pub loss: f64,
    /// Inaccuracy, mistake or blunder; none for a good move.
    pub verdict: Option<Verdict>,
    /// The engine's move instead, when it differs from the move played.
    pub better: Option<Suggestion>,
    /// The engine's line from the position before the move.
    pub line: Vec<String>,
}

/// The positions of a game, ready to be searched one by one.
pub struct GameReview {
    moves: Vec<MoveView>,
    positions: Vec<Snapshot>,
    statuses: Vec<Status>,
    movers: Vec<Side>,
    style: ScoreStyle,
}

impl GameReview {
    /// The positions of `record`, from its start to its current position.
    pub fn new(record: &dyn Record) -> GameReview {
        let mut replay = record.clone_record();
        let moves = record.history().to_vec();
        let mut positions = Vec::with_capacity(moves.len() + 1);
        let mut statuses = Vec::with_capacity(moves.len() + 1);
        let mut movers = Vec::with_capacity(moves.len() + 1);
        loop {
            positions.push(replay.snapshot());
            statuses.push(replay.status().clone());
            movers.push(replay.side_to_move());
            if replay.undo().is_none() {
                break;
            }
        }
        positions.reverse();
        statuses.reverse();
        movers.reverse();
        GameReview {
            moves,
            positions,
            statuses,
            movers,
            style: record.spec().score_style,
        }
    }

    /// The moves played.
    pub fn moves(&self) -> &[MoveView] {
        &self.moves
    }

    /// Who is to move in position `index` (0: the start), so who plays move `index + 1`.
    pub fn mover(&self, index: usize) -> Option<Side> {
        self.movers.get(index).copied()
    }

    /// How many positions there are: one more than the moves.
    pub fn positions(&self) -> usize {
        self.positions.len()
    }

    /// Searches position `index` (0: the start) within `limits`; a finished position is
    /// scored by its result without a search. `Ok(None)` when `control` stopped the search
    /// before it finished (its value would be a partial one).
    pub fn evaluate(
        &self,
        index: usize,
        thinker: &mut dyn Thinker,
        limits: &Limits,
        control: &SearchControl,
    ) -> Result<Option<PositionEval>, ThinkError> {
        let (Some(position), Some(status), Some(mover)) = (
            self.positions.get(index),
            self.statuses.get(index),
            self.movers.get(index),
        ) else {
            return Err(ThinkError::Refused(format!(
                "the game has {} positions, not {}",
                self.positions.len(),
                index + 1
            )));
        };
        if let Status::Finished { winner, .. } = status {
            let score = match winner {
                Some(Side::First) => ScoreView::WinIn(0),
                Some(Side::Second) => ScoreView::LossIn(0),
                None => ScoreView::Value(0),
            };
            return Ok(Some(PositionEval {
                score,
                expected: match winner {
                    Some(Side::First) => 100.0,
                    Some(Side::Second) => 0.0,
                    None => 50.0,
                },
                best: None,
                line: Vec::new(),
                depth: 0,
                nodes: 0,
                time_ms: 0,
                proven: true,
            }));
        }
        let request = ThinkRequest::new(Level::Strong, limits.clone());
        let result = thinker.think(position, &request, control, &mut |_| {})?;
        if control.is_stopped() {
            return Ok(None);
        }
        Ok(Some(self.judged(*mover, &result)))
    }

    fn judged(&self, mover: Side, result: &ThinkResult) -> PositionEval {
        let score = match mover {
            Side::First => result.score,
            Side::Second => result.score.flipped(),
        };
        // A proven 0 is a draw; a heuristic value is read by the game's style.
        let expected = if result.proven && score == ScoreView::Value(0) {
            50.0
        } else {
            expected_score(self.style, score)
        };
        PositionEval {
            score,
            expected,
            best: result.best_move.as_ref().map(Suggestion::of),
            line: result.pv_display.clone(),
            depth: result.depth,
            nodes: result.nodes,
            time_ms: result.time_ms,
            proven: result.proven,
        }
    }

    /// The moves graded by `evals` (position by position, from the start): as many moves
    /// as there are evaluations after the first.
    pub fn grade(&self, evals: &[PositionEval]) -> Vec<MoveReview> {
        self.moves
            .iter()
            .enumerate()
            .filter_map(|(index, mv)| {
                let before = evals.get(index)?;
                let after = evals.get(index + 1)?;
                let mover = *self.movers.get(index)?;
                Some(grade_move(index + 1, mover, mv, before, after))
            })
            .collect()
    }
}

/// Grades move number `ply` (`mv`, played by `mover`) by the evaluations before and after.
pub fn grade_move(
    ply: usize,
    mover: Side,
    mv: &MoveView,
    before: &PositionEval,
    after: &PositionEval,
) -> MoveReview {
    let for_mover = |expected: f64| match mover {
        Side::First => expected,
        Side::Second => 100.0 - expected,
    };
    let expected_before = for_mover(before.expected);
    let expected_after = for_mover(after.expected);
    let engine_move = before
        .best
        .as_ref()
        .is_some_and(|best| best.name == mv.name);
    let loss = if engine_move {
        0.0
    } else {
        (expected_before - expected_after).max(0.0)
    };
    MoveReview {
        ply,
        side: super::side_key(mover).to_string(),
        name: mv.name.clone(),
        display: mv.display.clone(),
        expected_before,
        expected_after,
        loss,
        verdict: Verdict::from_loss(loss),
        better: before.best.clone().filter(|_| !engine_move),
        line: before.line.clone(),
    }
}

/// A whole game analysed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameAnalysis {
    /// Every position's judgement, from the start.
    pub positions: Vec<PositionEval>,
    /// Every move, graded.
    pub moves: Vec<MoveReview>,
    /// Positions searched in all.
    pub nodes: u64,
}

/// Analyses the whole game of `record` within `limits` per position; `on_position` hears
/// each position done (its index and the number of positions). `Ok(None)` when `control`
/// stopped it.
pub fn analyse_game(
    record: &dyn Record,
    thinker: &mut dyn Thinker,
    limits: &Limits,
    control: &SearchControl,
    on_position: &mut dyn FnMut(usize, usize, &PositionEval),
) -> Result<Option<GameAnalysis>, ThinkError> {
    let review = GameReview::new(record);
    let total = review.positions();
    let mut positions = Vec::with_capacity(total);
    for index in 0..total {
        let Some(eval) = review.evaluate(index, thinker, limits, control)? else {
            return Ok(None);
        };
        on_position(index, total, &eval);
        positions.push(eval);
    }
    let moves = review.grade(&positions);
    let nodes = positions.iter().map(|eval| eval.nodes).sum();
    Ok(Some(GameAnalysis {
        positions,
        moves,
        nodes,
    }))
}

/// The limits a game is analysed within unless told: its spec's analysis depth, or no
/// limit where the engine proves the game outright.
pub fn default_limits(record: &dyn Record) -> Limits {
    match record.spec().analysis_depth {
        Some(depth) => Limits::depth(depth),
        None => Limits::default(),
    }
}

#[cfg(test)]
mod tests;
