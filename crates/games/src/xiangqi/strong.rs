//! ply's own xiangqi player: an evaluation beyond the seed's — material and placement
//! tapered between middlegame and endgame by the attacking material left (the endgame
//! weighting the seed proposes), mobility of chariots, horses and cannons, the general's
//! safety (missing defenders, an open "hollow cannon" file, chariots and horses at the
//! palace) and coordination of the defenders — with ordering by static exchange and the
//! engine's quiescence (captures, check evasions), null move, late-move reductions, check
//! extension, futility pruning and aspiration windows switched on, and the refinements
//! continuation history, internal iterative reduction, history-adjusted reductions and
//! quiet checks spared from pruning.

use ply_search::{Evaluator, Features, Refinements, SearchParams, Side};

use super::game::Xiangqi;
use super::params::*;
use super::position::{Move, Position};
use super::see::see;
use super::terms::{Sink, trace};
use super::weights::WEIGHTS;

/// ply's evaluation and search settings.
#[derive(Clone, Copy, Debug, Default)]
pub struct Strong;

/// The engine's sink: weights summed into midgame and endgame scores.
#[derive(Default)]
struct Score {
    midgame: i32,
    endgame: i32,
}

impl Sink for Score {
    #[inline(always)]
    fn add(&mut self, index: usize, count: i32) {
        if let Some(&[midgame, endgame]) = WEIGHTS.get(index) {
            self.midgame += i32::from(midgame) * count;
            self.endgame += i32::from(endgame) * count;
        }
    }
}

/// The evaluation of `position` from Red's view, tapered, before a harmless side's winning
/// value is pulled towards a draw; and the summary that decides that pull.
pub fn red_view(position: &Position) -> (i32, super::terms::Summary) {
    let mut score = Score::default();
    let summary = trace(position, &mut score);
    let phase = summary.phase;
    let value = (score.midgame * phase + score.endgame * (FULL_PHASE - phase)) / FULL_PHASE;
    (value, summary)
}

/// How a value from Red's view shrinks when the side it favours has nothing left to win
/// with: the divisor, 1 when it does not.
pub fn harmless_divisor(value: i32, summary: &super::terms::Summary) -> i32 {
    let favoured = if value > 0 { 0 } else { 1 };
    if value != 0 && summary.harmless[favoured] {
        NO_ATTACKER_DIVISOR
    } else {
        1
    }
}

impl Evaluator<Xiangqi> for Strong {
    fn evaluate(&self, game: &Xiangqi) -> i32 {
        let position = game.position();
        let (value, summary) = red_view(position);
        let value = value / harmless_divisor(value, &summary);
        match position.side_to_move() {
            Side::First => value,
            Side::Second => -value,
        }
    }

    /// The value reads the position alone.
    fn cache_key(&self, game: &Xiangqi) -> Option<u64> {
        Some(ply_search::Game::hash(game))
    }

    fn noisy_moves(&self, game: &Xiangqi, moves: &mut Vec<Move>) {
        game.generate_captures(moves);
        let position = game.position();
        moves.retain(|&mv| see(position, mv, &EXCHANGE) >= 0);
    }

    fn tactical_score(&self, game: &Xiangqi, mv: Move) -> Option<i32> {
        let victim = game.captured_kind(mv)?;
        let position = game.position();
        let attacker = game.moving_kind(mv);
        if EXCHANGE[attacker as usize] <= EXCHANGE[victim as usize] {
            return Some(EXCHANGE[victim as usize] * 8 - EXCHANGE[attacker as usize] / 10);
        }
        let exchange = see(position, mv, &EXCHANGE);
        if exchange >= 0 {
            Some(EXCHANGE[victim as usize] * 8 - EXCHANGE[attacker as usize] / 10)
        } else {
            Some(exchange)
        }
    }

    fn features(&self) -> Features {
        Features {
            quiescence: true,
            quiescence_check_evasions: true,
            null_move: true,
            late_move_reductions: true,
            late_move_pruning: true,
            futility_pruning: true,
            reverse_futility_pruning: true,
            bad_tactic_pruning: true,
            check_extension: true,
            aspiration_windows: true,
            futility_margin: FUTILITY_MARGIN,
            reverse_futility_margin: REVERSE_FUTILITY_MARGIN,
            aspiration_window: ASPIRATION_WINDOW,
        }
    }

    fn search_params(&self) -> SearchParams {
        SearchParams {
            reduction_base: REDUCTION_BASE,
            reduction_divisor: REDUCTION_DIVISOR,
            ..SearchParams::DEFAULT
        }
    }

    fn refinements(&self) -> Refinements {
        Refinements {
            continuation_history: true,
            quiescence_skip_bad_tactics: true,
            internal_iterative_reduction: true,
            history_reductions: true,
            alpha_reduction: false,
            table_pv_reductions: false,
            history_pruning_margin: 0,
            quiet_exchange_margin: 0,
            spare_checks: true,
            // +26.0 Elo (+9.5 .. +42.6), 1,152 games at 10,000 nodes, H1 (stop 34).
            table_eval: true,
            // +40.0 Elo (+18.9 .. +61.5), 488 games at 3+0.03, H1 (stop 35).
            steady_time: true,
            // Singular extensions at 3 units a ply: -9.1 Elo (-32.6 .. +14.3), 494 games at
            // 20,000 nodes, stopped at LLR -0.98 (stop 36); chess gains from them.
            singular_margin: 0,
            correction_limit: 0,
            null_move_eval_divisor: 0,
            quiescence_futility_margin: 0,
            razor_margin: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_search::Game;

    #[test]
    fn the_start_is_level_but_for_the_tempo() {
        // With every attacking piece on the board the midgame weight counts alone.
        let tempo = i32::from(WEIGHTS[TEMPO][0]);
        let game = Xiangqi::start();
        assert_eq!(Strong.evaluate(&game), tempo);
        let black = Xiangqi::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
        )
        .expect("valid");
        assert_eq!(Strong.evaluate(&black), tempo);
    }

    #[test]
    fn a_chariot_up_is_a_big_advantage() {
        let game = Xiangqi::from_fen(
            "rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        )
        .expect("valid");
        assert!(Strong.evaluate(&game) > 800, "{}", Strong.evaluate(&game));
        assert!(game.null_move_allowed());
    }

    /// How much more a soldier is worth across the river than on its own half, for the
    /// board given by `fen` with `{soldier}` standing for the soldier's rank (the soldier on
    /// rank `crossed` or `home`).
    fn crossing_gain(fen: &str, crossed: &str, home: &str) -> i32 {
        let eval = |rank: &str| {
            let game = Xiangqi::from_fen(&fen.replace("{soldier}", rank)).expect("valid");
            Strong.evaluate(&game)
        };
        eval(crossed) - eval(home)
    }

    #[test]
    fn a_crossed_soldier_gains_against_missing_advisors() {
        // Red's soldier on e5 (crossed) or e4 (home) against Black's general, with and
        // without Black's advisors; Red to move. The defender keeps a soldier at home so
        // that no value is pulled towards a draw.
        let bare = crossing_gain("4k4/9/9/p8/{soldier}/9/9/9/3K5 w - - 0 1", "4P4/9", "9/4P4");
        let guarded = crossing_gain(
            "3aka3/9/9/p8/{soldier}/9/9/9/3K5 w - - 0 1",
            "4P4/9",
            "9/4P4",
        );
        // Twice the term in the endgame, beside a little of the general's safety.
        assert!(bare - guarded >= 40, "{bare} {guarded}");
        // Black's soldier on e4 (crossed) or e5 (home) against Red's general; Red to move,
        // so Black's gain lowers the value.
        let bare = crossing_gain("5k3/9/9/9/{soldier}/8P/9/9/4K4 w - - 0 1", "9/4p4", "4p4/9");
        let guarded = crossing_gain(
            "5k3/9/9/9/{soldier}/8P/9/9/3AKA3 w - - 0 1",
            "9/4p4",
            "4p4/9",
        );
        assert!(guarded - bare >= 40, "{bare} {guarded}");
    }

    /// Quiet checks spared from pruning by a one-thread search of `game` to `depth`, with
    /// [`Strong`]'s refinements or with quiet checks pruned like any quiet move.
    fn checks_spared(spare_checks: bool, game: &Xiangqi, depth: u32) -> u64 {
        use ply_search::{Engine, EngineOptions, Limits, SearchControl, SearchEvent};
        use ply_search::{SearchRequest, Setup};
        let options = EngineOptions {
            hash_mib: 8,
            threads: 1,
        };
        let mut engine = Engine::new(Strong, options);
        let mut setup = Setup::of(&Strong);
        setup.refinements.spare_checks = spare_checks;
        engine.set_setup(setup);
        let request = SearchRequest::new(Limits::depth(depth));
        let mut spared = 0;
        engine.search(game, &request, &SearchControl::new(), &mut |event| {
            if let SearchEvent::Work(work) = event {
                spared += work.checks_spared;
            }
        });
        spared
    }

    #[test]
    fn quiet_checks_are_spared_from_pruning() {
        // Middlegames with chariots, horses and cannons a move from checking the general.
        let fens = [
            "2bakab2/9/4c4/p3p3p/2p3p2/2P3P2/P3P3P/2N1C1N2/R8/2BAKAB1R w - - 0 1",
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R b - - 0 1",
            "3ak4/4a4/4b4/p3C3p/2r6/2P3R2/P3P3P/4B4/4A4/2BAK1N2 w - - 0 1",
        ];
        assert!(Strong.refinements().spare_checks);
        let (mut spared, mut unspared) = (0, 0);
        for fen in fens {
            let game = Xiangqi::from_fen(fen).expect("valid");
            spared += checks_spared(true, &game, 8);
            unspared += checks_spared(false, &game, 8);
        }
        assert!(spared > 0, "no quiet check was spared");
        assert_eq!(unspared, 0, "checks spared though the refinement is off");
    }
}
