//! The static value sharpened by the transposition table's score, for pruning decisions
//! ([`crate::Refinements::table_eval`]).

use super::tt::TtEntry;
use crate::event::Bound;

/// `eval` at `ply` replaced by the table's score when the entry's bound says the value lies
/// beyond it: an exact score, a lower bound above `eval`, an upper bound below it. Decisive
/// (mate) scores leave `eval` as it is.
pub(super) fn sharpen(eval: i32, entry: &TtEntry, ply: usize) -> i32 {
    let score = entry.score.from_table(ply);
    if score.is_decisive() {
        return eval;
    }
    let score = score.raw();
    match entry.bound {
        Bound::Exact => score,
        Bound::Lower if score > eval => score,
        Bound::Upper if score < eval => score,
        _ => eval,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::Score;

    fn entry(bound: Bound, score: Score) -> TtEntry {
        TtEntry {
            mv: None,
            depth: 5,
            bound,
            score,
            pv: false,
        }
    }

    #[test]
    fn a_bound_replaces_the_value_only_on_its_side() {
        let raw = |value| Score::eval(value).raw();
        let eval = raw(50);
        assert_eq!(
            sharpen(eval, &entry(Bound::Exact, Score::eval(-20)), 3),
            raw(-20)
        );
        assert_eq!(
            sharpen(eval, &entry(Bound::Lower, Score::eval(80)), 3),
            raw(80)
        );
        assert_eq!(
            sharpen(eval, &entry(Bound::Lower, Score::eval(10)), 3),
            eval
        );
        assert_eq!(
            sharpen(eval, &entry(Bound::Upper, Score::eval(10)), 3),
            raw(10)
        );
        assert_eq!(
            sharpen(eval, &entry(Bound::Upper, Score::eval(80)), 3),
            eval
        );
    }

    #[test]
    fn a_mate_score_is_not_a_static_value() {
        let eval = Score::eval(50).raw();
        let mate = Score::win_in(7).to_table(2);
        assert_eq!(sharpen(eval, &entry(Bound::Exact, mate), 2), eval);
        assert_eq!(sharpen(eval, &entry(Bound::Lower, mate), 2), eval);
    }
}
