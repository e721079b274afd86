//! The occasional plausible wrong choice: among the root moves whose exact score is within a
//! margin of the best, one is drawn, the closer to the best the likelier, from a seed and
//! the position. A move outside the margin, a move whose score is only a bound, and any
//! choice when the best is a forced win or loss are never taken: a weak level misjudges
//! close moves, it does not throw the game away at random.

use crate::event::{Bound, RootMoveScore};
use crate::random::SplitMix64;
use crate::score::Score;

/// The move to play: `best` (the search's answer, with its `best_score`) or another of
/// `scored` with an exact score at most `margin` below it, drawn with weight
/// `margin + 1 − shortfall` from `seed` and the position's `hash`.
pub fn choose_move<M: Copy + PartialEq>(
    best: M,
    best_score: Score,
    scored: &[RootMoveScore<M>],
    margin: i32,
    seed: u64,
    hash: u64,
) -> M {
    if margin <= 0 || best_score.is_decisive() {
        return best;
    }
    let mut candidates: Vec<(M, u64)> = vec![(best, margin as u64 + 1)];
    for line in scored {
        if line.mv == best || line.bound != Bound::Exact || line.score.is_decisive() {
            continue;
        }
        let shortfall = i64::from(best_score.raw()) - i64::from(line.score.raw());
        if (0..=i64::from(margin)).contains(&shortfall) {
            candidates.push((line.mv, (i64::from(margin) + 1 - shortfall) as u64));
        }
    }
    let total: u64 = candidates.iter().map(|&(_, weight)| weight).sum();
    let mut draw = SplitMix64::new(seed ^ hash.rotate_left(13)).next_u64() % total;
    for &(mv, weight) in &candidates {
        if draw < weight {
            return mv;
        }
        draw -= weight;
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(mv: u8, score: i32, bound: Bound) -> RootMoveScore<u8> {
        RootMoveScore {
            mv,
            score: Score::eval(score),
            bound,
            depth: 3,
        }
    }

    fn lines() -> Vec<RootMoveScore<u8>> {
        vec![
            line(0, 50, Bound::Exact),
            line(1, 40, Bound::Exact),
            line(2, 15, Bound::Exact),
            line(3, -200, Bound::Exact),
            line(4, 49, Bound::Upper),
            line(5, 45, Bound::Lower),
        ]
    }

    #[test]
    fn the_choice_stays_within_the_margin_and_takes_only_exact_scores() {
        let scored = lines();
        let mut chosen = [0u32; 6];
        for seed in 0..3_000 {
            let mv = choose_move(0, Score::eval(50), &scored, 30, seed, 99);
            chosen[usize::from(mv)] += 1;
        }
        assert!(chosen[0] > chosen[1], "the best is likeliest: {chosen:?}");
        assert!(
            chosen[1] > 0,
            "a close move is sometimes chosen: {chosen:?}"
        );
        assert_eq!(chosen[2], 0, "35 below the best is outside a margin of 30");
        assert_eq!(chosen[3], 0);
        assert_eq!(chosen[4] + chosen[5], 0, "bounds are not scores");
    }

    #[test]
    fn the_choice_is_the_same_for_the_same_seed_and_position() {
        let scored = lines();
        let once: Vec<u8> = (0..200)
            .map(|seed| choose_move(0, Score::eval(50), &scored, 40, seed, 7))
            .collect();
        let again: Vec<u8> = (0..200)
            .map(|seed| choose_move(0, Score::eval(50), &scored, 40, seed, 7))
            .collect();
        assert_eq!(once, again);
        assert!(once.iter().any(|&mv| mv != 0) && once.contains(&0));
    }

    #[test]
    fn no_margin_or_a_decisive_best_plays_the_best() {
        let scored = lines();
        for seed in 0..200 {
            assert_eq!(choose_move(0, Score::eval(50), &scored, 0, seed, 1), 0);
            assert_eq!(choose_move(0, Score::win_in(3), &scored, 500, seed, 1), 0);
        }
    }
}
