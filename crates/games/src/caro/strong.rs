//! ply's caro player: evaluation from the incremental patterns, candidates that never omit a
//! forced reply (win now; block a four; against an open three only blocks and own fours),
//! fours as quiescence moves (a VCF search past the horizon), a four by the opponent as
//! "check", and the threat-space solver at the root.

use std::cell::RefCell;

use ply_search::{
    AdviceBudget, Evaluator, Features, Game, Refinements, RootAdvice, SearchParams, Side,
};

use super::board::{Caro, Cell};
use super::line::Line;
use super::params::{
    ASPIRATION_WINDOW, DOUBLE_FOUR_AGAINST, FIVE_NOW, FOUR_THREE_DIVISOR, FUTILITY_MARGIN,
    OPEN_FOUR_ANSWERED_DIVISOR, OPEN_FOUR_NEXT, ORDER_BLOCK_QUARTERS, ORDER_OWN, OWN_WEIGHT,
    QUIESCENCE_NEAR_LINE, QUIESCENCE_NEAR_SQUARE, QUIESCENCE_PLAIN_FOUR_PLIES, QUIESCENCE_PLIES,
    QUIET_KEPT, QUIET_ORDER_WEIGHT, RAZOR_MARGIN, REDUCTION_BASE, REDUCTION_DIVISOR,
    REVERSE_FUTILITY_MARGIN, TACTICAL_RANK, TEMPO, THEIR_WEIGHT, THREAT_TABLE, THREATS_AGAINST,
    THREE_THREE_DIVISOR,
};
use super::threat::Threat;
use super::vcf::{Solver, SolverLimits};

thread_local! {
    /// One node's candidates with their order keys, kept between nodes so that none
    /// allocates (or clears a board-sized array on the stack, which cost a third of the
    /// candidate list's time).
    static SCORED: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

/// A key that sorts the higher score first and, between equal scores, the lower cell.
#[inline]
fn order_key(score: i32, cell: Cell) -> u64 {
    let descending = u32::MAX - (score as u32 ^ 0x8000_0000);
    u64::from(descending) << 16 | u64::from(cell)
}

/// The cell an [`order_key`] was made for.
#[inline]
fn cell_of(key: u64) -> Cell {
    (key & 0xffff) as Cell
}

/// The strong evaluator.
#[derive(Clone, Copy, Debug, Default)]
pub struct Strong;

impl Strong {
    /// Ordering value of a cell for the side to move: own value first, blocking second.
    #[inline]
    fn cell_score(game: &Caro, cell: Cell, me: Side) -> i32 {
        let them = me.opponent();
        let own = game.order_value(cell, me);
        let block = game.order_value(cell, them);
        let mut score = own * ORDER_OWN + block + (block * ORDER_BLOCK_QUARTERS) / 4;
        if game.threat(cell, me) == Threat::Forbidden {
            score = block;
        }
        score
    }

    /// Whether a four on `cell` also makes a two or a three in another direction.
    #[inline]
    fn four_plus(game: &Caro, cell: Cell, me: Side) -> bool {
        (0..4).any(|direction| {
            matches!(
                game.line(cell, me, direction),
                Line::Flex2 | Line::Block3 | Line::Flex3
            )
        })
    }

    /// Whether the opponent of the side to move has an open three: a cell where their next
    /// stone makes an open four. Such a node keeps only the answers and prunes nothing
    /// statically.
    #[inline]
    fn opponent_has_open_three(game: &Caro) -> bool {
        game.count(game.side_to_move().opponent(), Threat::Flex4) > 0
    }

    /// Whether the cell is worth searching as a reply to an open three (or better) of the
    /// opponent: a block of their four-or-open-four cell, or an own four.
    #[inline]
    fn answers_a_three(game: &Caro, cell: Cell, me: Side) -> bool {
        let them = me.opponent();
        let theirs = game.threat(cell, them);
        (theirs.is_four_or_better() && theirs != Threat::Forbidden)
            || game.threat(cell, me).is_four_or_better()
            || (0..4).any(|direction| game.line(cell, them, direction).is_four())
    }
}

/// Whether `cell` is near `centre` (rows and columns): in the square around it or on one
/// of its lines, as far as quiescence looks for a VCF's next four.
#[inline]
fn is_near(centre: (usize, usize), cell: (usize, usize)) -> bool {
    let rows = centre.0.abs_diff(cell.0);
    let columns = centre.1.abs_diff(cell.1);
    let on_a_line = rows == 0 || columns == 0 || rows == columns;
    (rows <= QUIESCENCE_NEAR_SQUARE && columns <= QUIESCENCE_NEAR_SQUARE)
        || (on_a_line && rows.max(columns) <= QUIESCENCE_NEAR_LINE)
}

/// Which threats each player could make with one stone, as bits: the side to move's
/// four-three, four, three-three and open three, then the opponent's open four, four-three,
/// four, three-three and open three. Indexes [`THREAT_TABLE`] (who holds the initiative).
pub fn threat_mask(game: &Caro, me: Side) -> usize {
    let them = me.opponent();
    let kinds = [
        (me, Threat::FourThree),
        (me, Threat::Four),
        (me, Threat::ThreeThree),
        (me, Threat::Three),
        (them, Threat::Flex4),
        (them, Threat::FourThree),
        (them, Threat::Four),
        (them, Threat::ThreeThree),
        (them, Threat::Three),
    ];
    kinds
        .iter()
        .enumerate()
        .fold(0, |mask, (bit, &(side, kind))| {
            mask | (usize::from(game.count(side, kind) > 0) << bit)
        })
}

impl Evaluator<Caro> for Strong {
    fn evaluate(&self, game: &Caro) -> i32 {
        let me = game.side_to_move();
        let them = me.opponent();
        if game.count(me, Threat::Five) > 0 {
            return FIVE_NOW;
        }
        let their_fives = game.count(them, Threat::Five);
        if their_fives >= 2 {
            return DOUBLE_FOUR_AGAINST;
        }
        // The side to move's chances count a quarter more than the opponent's: it moves
        // first (measured against the classic player: fewer full-board draws).
        let mut score = (game.total_value(me) * OWN_WEIGHT - game.total_value(them) * THEIR_WEIGHT)
            / THEIR_WEIGHT
            + TEMPO;
        if their_fives == 0 {
            let their_fours = game.count(them, Threat::Four)
                + game.count(them, Threat::FourThree)
                + game.count(them, Threat::Flex4);
            let my_open_four = game.count(me, Threat::Flex4) > 0;
            if my_open_four {
                score += if their_fours == 0 {
                    OPEN_FOUR_NEXT
                } else {
                    OPEN_FOUR_NEXT / OPEN_FOUR_ANSWERED_DIVISOR
                };
            } else if game.count(me, Threat::FourThree) > 0 && their_fours == 0 {
                score += OPEN_FOUR_NEXT / FOUR_THREE_DIVISOR;
            } else if game.count(me, Threat::ThreeThree) > 0
                && their_fours == 0
                && game.count(them, Threat::Flex4) == 0
            {
                score += OPEN_FOUR_NEXT / THREE_THREE_DIVISOR;
            }
            // What the opponent threatens beyond what we can answer with one stone.
            let their_doubles = game.count(them, Threat::FourThree)
                + game.count(them, Threat::ThreeThree)
                + game.count(them, Threat::Flex4);
            if their_doubles > 1 {
                score -= THREATS_AGAINST * i32::from(their_doubles.min(4));
            }
            if !my_open_four {
                score += THREAT_TABLE[threat_mask(game, me)];
            }
        }
        score
    }

    fn candidate_moves(&self, game: &Caro, moves: &mut Vec<Cell>) {
        if game.outcome().is_some() {
            return;
        }
        let me = game.side_to_move();
        let them = me.opponent();
        if let Some(cell) = game.five_cell(me) {
            moves.push(cell);
            return;
        }
        if game.count(them, Threat::Five) > 0 {
            game.five_defences(them, moves);
            moves.retain(|&cell| game.is_allowed(cell, me));
            if moves.is_empty() {
                // Renju: Black cannot block on a forbidden point and loses anyway.
                game.generate_moves(moves);
            }
            return;
        }
        if game.stone_count() == 0 {
            moves.push(game.cell(game.size() / 2, game.size() / 2));
            return;
        }
        let threatened = Self::opponent_has_open_three(game);
        SCORED.with_borrow_mut(|scored| {
            scored.clear();
            for &cell in game.board_cells() {
                if !game.is_empty(cell) || !game.is_allowed(cell, me) {
                    continue;
                }
                if threatened {
                    if !Self::answers_a_three(game, cell, me) {
                        continue;
                    }
                } else if game.stones_near(cell) == 0 {
                    continue;
                }
                scored.push(order_key(Self::cell_score(game, cell, me), cell));
            }
            let count = scored.len();
            let kept = if threatened {
                count
            } else {
                count.min(QUIET_KEPT)
            };
            if kept == 0 {
                game.generate_moves(moves);
                return;
            }
            // Only the kept ones need sorting: the keys are unique, so this orders them
            // exactly as a full sort would.
            if kept < count {
                scored.select_nth_unstable(kept - 1);
                scored.truncate(kept);
            }
            scored.sort_unstable();
            moves.extend(scored.iter().map(|&key| cell_of(key)));
        });
    }

    fn noisy_moves(&self, game: &Caro, moves: &mut Vec<Cell>) {
        let me = game.side_to_move();
        if let Some(cell) = game.five_cell(me) {
            moves.push(cell);
            return;
        }
        if game.count(me.opponent(), Threat::Five) > 0 {
            return;
        }
        let fours = game.count(me, Threat::Four)
            + game.count(me, Threat::FourThree)
            + game.count(me, Threat::Flex4);
        if fours == 0 {
            return;
        }
        // The counts say how many there are: the scan stops at the last.
        moves.extend(
            game.board_cells()
                .iter()
                .copied()
                .filter(|&cell| {
                    matches!(
                        game.threat(cell, me),
                        Threat::Four | Threat::FourThree | Threat::Flex4
                    )
                })
                .take(usize::from(fours)),
        );
    }

    /// Fours near the player's own last stone (a VCF continues where it attacks), and past
    /// the first few plies only fours that make more than a four.
    fn noisy_moves_below(&self, game: &Caro, below_horizon: u32, moves: &mut Vec<Cell>) {
        let start = moves.len();
        self.noisy_moves(game, moves);
        let me = game.side_to_move();
        if moves.len() - start == 1 && game.threat(moves[start], me) == Threat::Five {
            return;
        }
        let near = game.own_last_move().map(|cell| game.row_column(cell));
        let plain = below_horizon < QUIESCENCE_PLAIN_FOUR_PLIES;
        let mut index = start;
        while index < moves.len() {
            let cell = moves[index];
            let close = near.is_none_or(|at| is_near(at, game.row_column(cell)));
            let strong =
                plain || game.threat(cell, me) != Threat::Four || Self::four_plus(game, cell, me);
            if close && strong {
                index += 1;
            } else {
                moves.swap_remove(index);
            }
        }
    }

    /// Fours and blocks past the horizon; deeper VCFs are the root solver's.
    fn quiescence_plies(&self) -> Option<u32> {
        Some(QUIESCENCE_PLIES)
    }

    /// The opponent has an open three (an open four next move): no static pruning here.
    fn under_threat(&self, game: &Caro) -> bool {
        Self::opponent_has_open_three(game)
    }

    fn tactical_score(&self, game: &Caro, mv: Cell) -> Option<i32> {
        let me = game.side_to_move();
        let them = me.opponent();
        let own = game.threat(mv, me);
        let theirs = game.threat(mv, them);
        let rank = match (own, theirs) {
            (Threat::Five, _) => 9,
            (_, Threat::Five) => 8,
            (Threat::Flex4, _) => 7,
            (Threat::FourThree, _) => 6,
            (_, Threat::Flex4) | (_, Threat::FourThree) => 5,
            (Threat::Four, _) | (Threat::ThreeThree, _) => 4,
            (Threat::Three, _) | (_, Threat::ThreeThree) | (_, Threat::Four) => 3,
            (_, Threat::Three) => 2,
            _ => return None,
        };
        if rank < TACTICAL_RANK {
            return None;
        }
        // Scored only for the cells that stay tactical: a quiet cell's value is quiet_score's.
        let base = Self::cell_score(game, mv, me);
        Some(rank * 100_000 + base.min(99_999))
    }

    /// A quiet cell's own and blocking value, scaled to history units: the engine then
    /// reduces and prunes the cells the patterns judge worst, not merely the ones history
    /// has not met.
    fn quiet_score(&self, game: &Caro, mv: Cell) -> i32 {
        Self::cell_score(game, mv, game.side_to_move()) * QUIET_ORDER_WEIGHT
    }

    fn features(&self) -> Features {
        Features {
            quiescence: true,
            quiescence_check_evasions: true,
            late_move_reductions: true,
            late_move_pruning: true,
            futility_pruning: true,
            reverse_futility_pruning: true,
            check_extension: true,
            aspiration_windows: true,
            aspiration_window: ASPIRATION_WINDOW,
            futility_margin: FUTILITY_MARGIN,
            reverse_futility_margin: REVERSE_FUTILITY_MARGIN,
            ..Features::EXACT
        }
    }

    fn search_params(&self) -> SearchParams {
        SearchParams {
            reduction_base: REDUCTION_BASE,
            reduction_divisor: REDUCTION_DIVISOR,
            ..SearchParams::DEFAULT
        }
    }

    /// Internal iterative reduction: a node at depth 4 or more with no move from the table
    /// is searched a ply shallower (+25.4 Elo at 20,000 nodes a move, 930 games, stop 30).
    /// Razoring into quiescence, once a VCF that follows the attack (+62.6 Elo, 202 games,
    /// stop 44; it measured -54.8 when quiescence was 6 plies of every four). Alpha
    /// reduction: after a move raised alpha, the rest a ply shallower (+27.7 Elo, 566 games
    /// at 200,000 nodes, pentanomial LLR 3.46, stop 64). Late moves reduced a ply less at a
    /// node the table marks as a former principal line (+20.6 Elo, 550 game pairs at 200,000
    /// nodes, pentanomial LLR 3.22, stops 65 and 66).
    /// Continuation history (-51.6 Elo, H0), singular extensions (-16, stop 44; +6 over 110
    /// games at 2 a ply, stop 64), fail-high reduction (-35, stop 59; -55 over 77 at
    /// cut-nodes only, stop 64), late-move reductions at the root (-14.7 over 143 games), a
    /// ply less where the table's move is from a shallower search (-128.6 over 48) and
    /// history reductions with harder late-move reductions (-20.8 over 134; all stop 65)
    /// stay off.
    fn refinements(&self) -> Refinements {
        Refinements {
            internal_iterative_reduction: true,
            alpha_reduction: true,
            table_pv_reductions: true,
            razor_margin: RAZOR_MARGIN,
            ..Refinements::default()
        }
    }

    fn root_advice(&self, game: &Caro, budget: AdviceBudget) -> RootAdvice<Cell> {
        let limits = SolverLimits::for_budget(budget);
        let mut solver = Solver::new(limits);
        solver.advise(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::caro::Rule;
    use ply_search::Game;

    /// The game after `moves` (cell names, First first) on a 15×15 freestyle board.
    fn played(moves: &str) -> Caro {
        let mut game = Caro::new(15, Rule::Freestyle);
        for name in moves.split_whitespace() {
            let cell = game.parse_cell(name).expect("a cell on the board");
            game.make_move(cell);
        }
        game
    }

    fn noisy_below(game: &Caro, below_horizon: u32) -> Vec<String> {
        let mut moves = Vec::new();
        Strong.noisy_moves_below(game, below_horizon, &mut moves);
        let mut names: Vec<String> = moves.iter().map(|&cell| game.cell_name(cell)).collect();
        names.sort();
        names
    }

    #[test]
    fn quiescence_plays_fours_near_the_last_own_stone_and_plain_ones_only_early() {
        // First has a1 b1 c1: fours on d1 and e1.
        let far = played("a1 o15 b1 n15 c1 o13 h8 n13");
        assert_eq!(
            noisy_below(&far, 0),
            Vec::<String>::new(),
            "h8 is far from row 1"
        );
        let mut every = Vec::new();
        Strong.noisy_moves(&far, &mut every);
        assert_eq!(every.len(), 2, "noisy_moves itself lists both fours");

        let near = played("a1 o15 b1 n15 c1 o13 e3 n13");
        assert_eq!(noisy_below(&near, 0), ["d1", "e1"]);
        assert_eq!(
            noisy_below(&near, QUIESCENCE_PLAIN_FOUR_PLIES - 1),
            ["d1", "e1"]
        );
        assert_eq!(
            noisy_below(&near, QUIESCENCE_PLAIN_FOUR_PLIES),
            Vec::<String>::new(),
            "plain fours stop deeper"
        );
    }

    #[test]
    fn the_threat_mask_names_what_each_player_could_make_next() {
        assert_eq!(
            threat_mask(&played(""), Side::First),
            0,
            "nothing on an empty board"
        );
        // First (to move) has a1 b1 c1 (a four on d1) and h8 i8 (an open three on g8 or
        // j8); Second has f13 g13 h13 (an open four on e13 or i13, a four on d13 or j13).
        let game = played("a1 f13 b1 g13 c1 h13 h8 o15 i8 n15");
        let first = game.side_to_move();
        let mask = threat_mask(&game, first);
        assert_eq!(mask & 0b1111, 0b1010, "own four and open three: {mask:b}");
        assert_ne!(mask & (1 << 4), 0, "their open four: {mask:b}");
        assert_ne!(mask & (1 << 6), 0, "their four: {mask:b}");
        let mut flipped = game.clone();
        flipped.make_null_move();
        let theirs = threat_mask(&flipped, first.opponent());
        assert_eq!(
            theirs >> 5 & 0b1010,
            0b1010,
            "the same threats, seen from the other side"
        );
    }

    #[test]
    fn an_open_three_of_the_opponent_puts_the_side_to_move_under_threat() {
        assert!(!Strong.under_threat(&played("h8 a1")), "nothing yet");
        // First has h8 i8 j8, open at both ends; Second (to move) is under threat.
        let three = played("h8 a1 i8 a3 j8");
        assert!(Strong.under_threat(&three));
        // A closed three (g8 taken) is no threat.
        let closed = played("h8 g8 i8 a3 j8");
        assert!(!Strong.under_threat(&closed));
        // Once Second blocks, First (to move) is not under threat either.
        let mut blocked = three.clone();
        blocked.make_move(blocked.parse_cell("k8").expect("a cell"));
        assert!(!Strong.under_threat(&blocked));
    }

    #[test]
    fn order_keys_sort_the_higher_score_first_then_the_lower_cell() {
        let mut keys = [
            (5, 9),
            (-3, 1),
            (5, 2),
            (i32::MAX, 7),
            (i32::MIN, 0),
            (0, 4),
        ]
        .map(|(score, cell)| order_key(score, cell));
        keys.sort_unstable();
        let cells = keys.map(cell_of);
        assert_eq!(cells, [7, 2, 9, 4, 1, 0]);
    }

    #[test]
    fn a_five_is_always_a_quiescence_move() {
        // First has a1 b1 c1 d1: five on e1, though h8 is far from it.
        let game = played("a1 o15 b1 n15 c1 o13 d1 n13 h8 m13");
        assert_eq!(noisy_below(&game, 10), ["e1"]);
    }
}
