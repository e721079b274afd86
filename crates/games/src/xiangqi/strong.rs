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

use super::classic::{CANNON, CHARIOT, HORSE, SOLDIER, table_cell};
use super::game::Xiangqi;
use super::params::*;
use super::piece::{EMPTY, Kind, OFF, TARGET, code, kind_of, side_of};
use super::position::{HORSE_JUMPS, Move, Position};
use super::see::see;
use super::square::{
    DIAGONAL, NORTH, ORTHOGONAL, SOUTH, Square, file_of, offset, on_home_half, rank_of,
};

/// ply's evaluation and search settings.
#[derive(Clone, Copy, Debug, Default)]
pub struct Strong;

/// Middlegame and endgame parts of a value.
#[derive(Clone, Copy, Default)]
struct Tapered {
    midgame: i32,
    endgame: i32,
}

impl Tapered {
    #[inline]
    fn add(&mut self, midgame: i32, endgame: i32) {
        self.midgame += midgame;
        self.endgame += endgame;
    }
}

/// The placement bonus of a piece from the seed's tables (Yen et al.), doubled.
#[inline]
fn placement(side: Side, kind: Kind, sq: Square) -> (i32, i32) {
    let (row, column) = table_cell(side, sq);
    match kind {
        Kind::Chariot => {
            let value = CHARIOT[row][column] * TABLE_SCALE;
            (value, value)
        }
        Kind::Cannon => {
            let value = CANNON[row][column] * TABLE_SCALE;
            (value, value / CANNON_PLACEMENT_ENDGAME_DIVISOR)
        }
        Kind::Horse => {
            let value = HORSE[row][column] * TABLE_SCALE;
            (value, value)
        }
        Kind::Soldier => {
            let value = SOLDIER[row][column] * TABLE_SCALE;
            // In the endgame a soldier next to the palace matters less than one alive:
            // keep half the table, the material already grew.
            let crossed = if row <= 4 { SOLDIER_CROSSED_ENDGAME } else { 0 };
            (value, value / SOLDIER_PLACEMENT_ENDGAME_DIVISOR + crossed)
        }
        Kind::General => {
            // Stay on the back rank and the middle file in the middlegame; be active late.
            let rank_from_home = 9 - row;
            let off_centre = column.abs_diff(4) as i32;
            (
                -(rank_from_home as i32) * GENERAL_OFF_RANK - off_centre * GENERAL_OFF_FILE,
                0,
            )
        }
        _ => (0, 0),
    }
}

/// What the evaluation learns about one side.
#[derive(Clone, Copy, Default)]
struct SideFacts {
    advisors: i32,
    elephants: i32,
    attackers: i32,
    chariots: i32,
    phase: i32,
    /// Soldiers across the river, not yet on the enemy's back rank.
    crossed_soldiers: i32,
}

impl Strong {
    fn side_value(position: &Position, side: Side, facts: &mut [SideFacts; 2]) -> Tapered {
        let mut value = Tapered::default();
        let enemy_general = position.general(side.opponent());
        for &sq in position.pieces(side) {
            let kind = kind_of(position.at(sq));
            let index = kind as usize;
            value.add(MIDGAME[index], ENDGAME[index]);
            let (midgame, endgame) = placement(side, kind, sq);
            value.add(midgame, endgame);
            let own = &mut facts[side.index()];
            own.phase += PHASE[index];
            match kind {
                Kind::Advisor => own.advisors += 1,
                Kind::Elephant => own.elephants += 1,
                Kind::Chariot => {
                    own.chariots += 1;
                    let moves = chariot_mobility(position, sq);
                    value.add(CHARIOT_MOBILITY[0] * moves, CHARIOT_MOBILITY[1] * moves);
                    if file_of(sq) == file_of(enemy_general)
                        && open_between(position, sq, enemy_general)
                    {
                        value.add(CHARIOT_FACING_GENERAL[0], CHARIOT_FACING_GENERAL[1]);
                    }
                }
                Kind::Horse => {
                    let moves = horse_mobility(position, side, sq);
                    value.add(
                        HORSE_MOBILITY[0] * moves + HORSE_MOBILITY_BASE[0],
                        HORSE_MOBILITY[1] * moves + HORSE_MOBILITY_BASE[1],
                    );
                }
                Kind::Cannon => {
                    let moves = cannon_mobility(position, sq);
                    value.add(CANNON_MOBILITY[0] * moves, CANNON_MOBILITY[1] * moves);
                    if file_of(sq) == file_of(enemy_general) {
                        match screens_between(position, sq, enemy_general) {
                            // The hollow cannon: nothing between it and the general.
                            0 => value.add(HOLLOW_CANNON[0], HOLLOW_CANNON[1]),
                            1 => value.add(CANNON_ONE_SCREEN[0], CANNON_ONE_SCREEN[1]),
                            _ => {}
                        }
                    }
                }
                Kind::Soldier => {
                    let (row, _) = table_cell(side, sq);
                    if (1..=4).contains(&row) {
                        own.crossed_soldiers += 1;
                    }
                }
                _ => {}
            }
            if matches!(
                kind,
                Kind::Chariot | Kind::Horse | Kind::Cannon | Kind::Soldier
            ) && !on_home_half(side, sq)
            {
                own.attackers += 1;
            }
        }
        value
    }

    /// Penalty for `side`'s general: missing defenders weighed by the enemy's attackers.
    fn safety(position: &Position, side: Side, facts: &[SideFacts; 2]) -> i32 {
        let own = facts[side.index()];
        let enemy = facts[side.opponent().index()];
        let missing = (2 - own.advisors).max(0) * MISSING_ADVISOR
            + (2 - own.elephants).max(0) * MISSING_ELEPHANT;
        let mut penalty = missing
            * (MISSING_BASE
                + MISSING_PER_CHARIOT * enemy.chariots
                + MISSING_PER_ATTACKER * enemy.attackers);
        let general = position.general(side);
        // Enemy attackers across the river, the closer to the general the more dangerous,
        // and the more so when defenders are missing.
        let mut pressure = 0;
        for &sq in position.pieces(side.opponent()) {
            if !on_home_half(side, sq) {
                continue;
            }
            let weight = match kind_of(position.at(sq)) {
                Kind::Chariot => PRESSURE_CHARIOT,
                Kind::Horse => PRESSURE_HORSE,
                Kind::Cannon => PRESSURE_CANNON,
                Kind::Soldier => PRESSURE_SOLDIER,
                _ => 0,
            };
            let distance = i32::from(file_of(sq).abs_diff(file_of(general)))
                + i32::from(rank_of(sq).abs_diff(rank_of(general)));
            pressure += weight * (PRESSURE_REACH - distance).max(0);
        }
        penalty += pressure * (PRESSURE_DIVISOR + missing) / PRESSURE_DIVISOR;
        // Enemy pieces inside or next to the palace.
        for step in DIAGONAL.iter().chain(ORTHOGONAL.iter()) {
            let sq = offset(general, *step);
            if sq != OFF && position.at(sq) != EMPTY && position.at(sq) != OFF {
                let code = position.at(sq);
                if side_of(code) != side && kind_of(code) != Kind::Soldier {
                    penalty += PALACE_INTRUDER;
                }
            }
        }
        penalty
    }
}

/// Empty points and captures a chariot on `sq` reaches.
#[inline]
fn chariot_mobility(position: &Position, sq: Square) -> i32 {
    let mut count = 0;
    for step in ORTHOGONAL {
        let mut to = offset(sq, step);
        while position.at(to) == EMPTY {
            count += 1;
            to = offset(to, step);
        }
    }
    count
}

/// Horse jumps with a free leg onto a point not held by its own side.
#[inline]
fn horse_mobility(position: &Position, side: Side, sq: Square) -> i32 {
    let mut count = 0;
    for (leg, targets) in HORSE_JUMPS {
        if position.at(offset(sq, leg)) == EMPTY {
            for target in targets {
                let to = offset(sq, target);
                if TARGET[side.index()][usize::from(position.at(to))] {
                    count += 1;
                }
            }
        }
    }
    count
}

/// Empty points a cannon on `sq` reaches.
#[inline]
fn cannon_mobility(position: &Position, sq: Square) -> i32 {
    chariot_mobility(position, sq)
}

/// Pieces strictly between two points of one file.
fn screens_between(position: &Position, from: Square, to: Square) -> i32 {
    let step = if rank_of(to) > rank_of(from) {
        NORTH
    } else {
        SOUTH
    };
    let mut count = 0;
    let mut sq = offset(from, step);
    while sq != to && position.at(sq) != OFF {
        if position.at(sq) != EMPTY {
            count += 1;
        }
        sq = offset(sq, step);
    }
    count
}

fn open_between(position: &Position, from: Square, to: Square) -> bool {
    screens_between(position, from, to) == 0
}

impl Evaluator<Xiangqi> for Strong {
    fn evaluate(&self, game: &Xiangqi) -> i32 {
        let position = game.position();
        let mut facts = [SideFacts::default(); 2];
        let red = Strong::side_value(position, Side::First, &mut facts);
        let black = Strong::side_value(position, Side::Second, &mut facts);
        let mut midgame = red.midgame - black.midgame;
        let mut endgame = red.endgame - black.endgame;
        let red_safety = Strong::safety(position, Side::First, &facts);
        let black_safety = Strong::safety(position, Side::Second, &facts);
        midgame += black_safety - red_safety;
        endgame += (black_safety - red_safety) / SAFETY_ENDGAME_DIVISOR;
        // Crossed soldiers against a palace short of advisors.
        for (side, sign) in [(Side::First, 1), (Side::Second, -1)] {
            let missing = (2 - facts[side.opponent().index()].advisors).max(0);
            let weight = sign * facts[side.index()].crossed_soldiers * missing;
            midgame += weight * SOLDIER_PER_MISSING_ADVISOR[0];
            endgame += weight * SOLDIER_PER_MISSING_ADVISOR[1];
        }
        let phase = (facts[0].phase + facts[1].phase).min(FULL_PHASE);
        let mut value = (midgame * phase + endgame * (FULL_PHASE - phase)) / FULL_PHASE;
        // Defenders guarding each other (connected advisors and elephants) hold the palace.
        value += DEFENDER * (facts[0].advisors.min(2) + facts[0].elephants.min(2))
            - DEFENDER * (facts[1].advisors.min(2) + facts[1].elephants.min(2));
        // Without attackers a side cannot win: pull such values towards a draw.
        for (side, sign) in [(Side::First, 1), (Side::Second, -1)] {
            if facts[side.index()].attackers == 0
                && facts[side.index()].phase == 0
                && sign * value > 0
                && !has_soldiers(position, side)
            {
                value /= NO_ATTACKER_DIVISOR;
            }
        }
        match position.side_to_move() {
            Side::First => value + TEMPO,
            Side::Second => -value + TEMPO,
        }
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
            history_pruning_margin: 0,
            quiet_exchange_margin: 0,
            spare_checks: true,
        }
    }
}

fn has_soldiers(position: &Position, side: Side) -> bool {
    let soldier = code(side, Kind::Soldier);
    position
        .pieces(side)
        .iter()
        .any(|&sq| position.at(sq) == soldier)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_search::Game;

    #[test]
    fn the_start_is_level_but_for_the_tempo() {
        let game = Xiangqi::start();
        assert_eq!(Strong.evaluate(&game), 15);
        let black = Xiangqi::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
        )
        .expect("valid");
        assert_eq!(Strong.evaluate(&black), 15);
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

    /// [`Strong`] with quiet checks pruned like any quiet move.
    #[derive(Clone, Copy)]
    struct PrunesChecks;

    impl Evaluator<Xiangqi> for PrunesChecks {
        fn evaluate(&self, game: &Xiangqi) -> i32 {
            Strong.evaluate(game)
        }
        fn noisy_moves(&self, game: &Xiangqi, moves: &mut Vec<Move>) {
            Strong.noisy_moves(game, moves);
        }
        fn tactical_score(&self, game: &Xiangqi, mv: Move) -> Option<i32> {
            Strong.tactical_score(game, mv)
        }
        fn features(&self) -> Features {
            Strong.features()
        }
        fn search_params(&self) -> SearchParams {
            Strong.search_params()
        }
        fn refinements(&self) -> Refinements {
            Refinements {
                spare_checks: false,
                ..Strong.refinements()
            }
        }
    }

    /// Quiet checks spared from pruning by a one-thread search of `game` to `depth`.
    fn checks_spared<E: Evaluator<Xiangqi>>(evaluator: E, game: &Xiangqi, depth: u32) -> u64 {
        use ply_search::SearchRequest;
        use ply_search::{Engine, EngineOptions, Limits, SearchControl, SearchEvent};
        let options = EngineOptions {
            hash_mib: 8,
            threads: 1,
        };
        let mut engine = Engine::new(evaluator, options);
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
            spared += checks_spared(Strong, &game, 8);
            unspared += checks_spared(PrunesChecks, &game, 8);
        }
        assert!(spared > 0, "no quiet check was spared");
        assert_eq!(unspared, 0, "checks spared though the refinement is off");
    }
}
