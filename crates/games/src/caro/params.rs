//! Every search and evaluation constant of ply's caro engine, named in one place so that a
//! tuner (or a person) moves them here and nowhere else: the evaluation's scores and
//! weights, the values of line patterns and of their combinations on a cell, move ordering
//! and selection, quiescence, the search hooks' margins, and the threat solvers' budgets.

// The evaluation (strong.rs), from the side to move's view.

/// The side to move can make five.
pub const FIVE_NOW: i32 = 40_000;
/// The opponent has two fours the side to move cannot both block.
pub const DOUBLE_FOUR_AGAINST: i32 = -30_000;
/// The side to move can make an open four (and the opponent has no four to answer with).
pub const OPEN_FOUR_NEXT: i32 = 20_000;
/// Weight of the side to move's cell values (its chances count a quarter more: it moves
/// first; measured against the classic player: fewer full-board draws).
pub const OWN_WEIGHT: i32 = 5;
/// Weight of the opponent's cell values.
pub const THEIR_WEIGHT: i32 = 4;
/// Added to every evaluation for having the move (fitted with [`SHAPE_VALUE`]; it was 96
/// with the summed line values).
pub const TEMPO: i32 = 152;
/// Open four next move while the opponent has a four to answer with: this fraction.
pub const OPEN_FOUR_ANSWERED_DIVISOR: i32 = 4;
/// A four-three next move (no four of the opponent's): this fraction of an open four.
pub const FOUR_THREE_DIVISOR: i32 = 2;
/// A three-three next move (no four nor open three of the opponent's): this fraction.
pub const THREE_THREE_DIVISOR: i32 = 8;
/// The opponent's cells that make a double threat, each (from the second on, at most 4).
pub const THREATS_AGAINST: i32 = 60;

/// Added to a quiet position's value (no five on the board to block, no open four of the
/// side to move's), by `strong::threat_mask`: which threats each player could make next,
/// the initiative that the cell values alone judge badly. Fitted by `examples/caro_texel.rs
/// --masks 0` on 121,669 quiet positions of 3,600 games of ply against itself from random
/// openings (1,200 at 8,000 against 6,000 nodes, 2,400 at 20,000 against 14,000): 84 masks
/// met at least 40 times, loss 0.1445 -> 0.1391, on held-out games 0.1545 -> 0.1487. SPRT
/// at 20,000 nodes a move: +55.7 Elo (+19.2 .. +93.4), 258 games, H1; at 200,000: +46.6
/// (+14.3 .. +79.7), 240 games, H1 (stop 48).
pub const THREAT_TABLE: [i32; 512] = [
    -64, 0, -351, 0, 0, 0, 0, 0, -19, 0, -358, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 160, 0, -171, 0, 0, 0, 0, 0, 283, 0, -154, 0, 0, 0, 409, 0, 633, 0, 237, 0, 0, 0,
    0, 0, 612, 0, 112, 0, 199, 0, 110, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 197, 0, -304, 0, 0, 0, 0, 0, 45, 0, 60, 0, 0, 0, 851, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 219, 0, -110, 0, 0, 0, 0, 0, 229, 0, -27, 933,
    449, 0, 590, 818, 127, 0, -35, 0, 0, 0, 0, 0, -34, 0, -126, 1055, -536, 0, -126, 1425, 645, 0,
    192, 0, 0, 0, 0, 0, 265, 0, 50, 1074, 177, 0, -29, 0, -80, 0, 220, 0, 0, 0, 0, 0, -609, 0, -95,
    1433, -959, 0, -151, 1358, 68, 0, -229, 0, 0, 0, 0, 0, 85, 0, 411, 0, 0, 0, 860, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -313, 0, -176, 0, 0, 0, 0, 0, 125, 0, 125, 1084, 0, 0, 807,
    0, 0, 0, -126, 0, 0, 0, 0, 0, -855, 0, -111, 1339, -1010, 0, 300, 1282, 0, 0, -335, 0, 0, 0, 0,
    0, -141, 0, 249, 1214, 0, 0, 474, 0, 0, 0, -303, 0, 0, 0, 0, 0, -843, 0, 454, 1369, -1054, 0,
    953, 0,
];

// Line patterns and their combinations on one cell (threat.rs). Since stop 56 the evaluation
// reads a cell's value from SHAPE_VALUE below; these hand-built values are what that table's
// fit starts from and is pulled towards, and they still value a cell with a five. They, with
// TEMPO, were fitted by `examples/caro_texel/` to the results of ply's own games (1,588 games at 20k
// and 14k nodes from random 3-ply openings, 51,858 quiet positions; loss 0.1770 -> 0.1512;
// +157.7 Elo in 200 games). A second fit on 800 games of the fitted engine (loss 0.1560 ->
// 0.1503: tempo 165, open-four line 228 and bonus 77, own/their 7/6) lost 12-0-40 (H0): a
// lower loss is a candidate, not a result.

/// Value of one line pattern for the player who would play it, indexed by `Line`: none,
/// closed two, open two, closed three, open three, four, open four, five, overline,
/// double four (the last three are judged elsewhere).
pub const LINE_VALUE: [i32; 10] = [0, 0, 11, 25, 72, 107, 60, 1000, 0, 0];
/// Bonus of a cell that makes an open four or two fours.
pub const FLEX4_BONUS: i32 = 263;
/// Bonus of a four-three cell.
pub const FOUR_THREE_BONUS: i32 = 454;
/// Bonus of a three-three cell.
pub const THREE_THREE_BONUS: i32 = 9;
/// Bonus of a four with a three or two beside it.
pub const FOUR_PLUS_BONUS: i32 = 88;
/// Bonus of an open three with a closed three beside it.
pub const THREE_PLUS_BONUS: i32 = 21;
/// Bonus of two closed threes.
pub const BLOCK3_PAIR_BONUS: i32 = 7;
/// Bonus of two twos.
pub const TWO_PAIR_BONUS: i32 = 3;

/// Value of a cell for the player who would play it, by its shape (`threat::shape_index`:
/// the multiset of its four line patterns below five), for the evaluation.
/// Stop 56 fitted it to Rapfi's verdict by `caro_texel --targets --shapes 0` (from the line
/// values plus bonus above, none below half of that) on 24,214 positions of 2,916 games of
/// ply against itself, valued by Rapfi at 50,000 nodes (`tools/caro_label.py`), with TEMPO
/// 153 and the search margins scaled to its larger values (ASPIRATION_WINDOW …
/// FUTILITY_MARGIN ×1.75); that table is [`ORDER_VALUE`] today. Stop 62 refitted it from
/// there (`--from-today`, ridge 0) on 32,710 positions valued by Rapfi, mates kept: 22,843
/// of 1,143 games of ply against itself (20,000 against 14,000 nodes, random openings) at
/// 100,000 nodes, and 9,867 of 200 games of ply against Rapfi at 300,000 nodes. 25,762
/// quiet, loss 0.055843 -> 0.052075 (held out by game 0.057624 -> 0.054503), TEMPO 153 ->
/// 152. SPRT at 200,000 nodes a move: see the commit that landed it.
pub const SHAPE_VALUE: [i32; 210] = [
    0, 0, 3, 18, 105, 10, 16, 22, 52, 15, 20, 13, 18, 18, 107, 16, 32, 42, 13, 44, 54, 83, 70, 78,
    29, 100, 128, 29, 117, 293, 218, 262, 252, 93, 107, 64, 84, 98, 44, 121, 157, 141, 112, 47, 53,
    124, 160, 240, 123, 222, 133, 321, 210, 154, 168, 77, 142, 77, 82, 164, 175, 89, 178, 189, 203,
    225, 225, 236, 250, 297, 115, 155, 169, 113, 263, 274, 399, 399, 374, 228, 227, 291, 110, 408,
    514, 242, 457, 245, 256, 270, 683, 686, 633, 361, 644, 655, 926, 658, 669, 683, 705, 705, 716,
    730, 777, 239, 477, 477, 488, 488, 499, 502, 502, 513, 527, 549, 549, 560, 574, 621, 584, 584,
    595, 609, 656, 691, 351, 471, 661, 323, 425, 594, 334, 578, 345, 356, 519, 682, 348, 699, 359,
    370, 373, 373, 384, 398, 198, 395, 395, 406, 406, 417, 420, 420, 431, 445, 467, 467, 478, 492,
    539, 430, 430, 430, 441, 441, 452, 455, 455, 466, 480, 502, 502, 513, 527, 574, 537, 537, 548,
    562, 609, 644, 383, 383, 383, 394, 394, 405, 408, 408, 419, 433, 455, 455, 466, 480, 527, 490,
    490, 501, 515, 562, 597, 443, 443, 454, 468, 515, 550, 503,
];

/// Value of a cell for the player who would play it, by its shape, for the move order alone
/// (`Strong`'s candidates and quiet scores, the threat solvers' order): stop 56's fit of
/// [`SHAPE_VALUE`], kept apart so that a fit of the evaluation's table does not move the
/// order with it.
pub const ORDER_VALUE: [i32; 210] = [
    0, 3, 2, 4, 59, 8, 7, 22, 7, 21, 31, 13, 89, 18, 26, 14, 16, 36, 55, 44, 59, 108, 113, 60, 276,
    42, 100, 65, 114, 57, 40, 109, 82, 93, 107, 67, 76, 112, 36, 100, 105, 123, 184, 198, 67, 149,
    150, 235, 159, 68, 201, 173, 143, 154, 168, 86, 146, 153, 82, 164, 175, 279, 178, 189, 203,
    225, 225, 236, 250, 297, 111, 141, 193, 421, 249, 314, 320, 424, 414, 228, 226, 242, 434, 413,
    511, 242, 205, 245, 256, 270, 777, 739, 633, 759, 644, 655, 658, 658, 669, 683, 705, 705, 716,
    730, 777, 408, 477, 477, 488, 488, 499, 502, 502, 513, 527, 549, 549, 560, 574, 621, 584, 584,
    595, 609, 656, 691, 303, 396, 496, 323, 342, 450, 334, 215, 345, 356, 614, 712, 348, 359, 359,
    370, 373, 373, 384, 398, 395, 395, 395, 406, 406, 417, 420, 420, 431, 445, 467, 467, 478, 492,
    539, 430, 430, 430, 441, 441, 452, 455, 455, 466, 480, 502, 502, 513, 527, 574, 537, 537, 548,
    562, 609, 644, 383, 383, 383, 394, 394, 405, 408, 408, 419, 433, 455, 455, 466, 480, 527, 490,
    490, 501, 515, 562, 597, 443, 443, 454, 468, 515, 550, 503,
];

// Move selection and ordering (strong.rs).

/// Quiet candidates searched at most in a position without threats (move-count pruning).
/// 20 beat 28 by 24 Elo at 20,000 nodes a move (922 games) but lost by 108 at 200,000
/// (96 games, SPRT H0), and 36 stood 69 Elo below 28 there after 71 games (stop 46):
/// the short search favours a narrow tree that a longer one pays for.
pub const QUIET_KEPT: usize = 28;
/// Ordering of a cell: own value times this, plus the block value …
pub const ORDER_OWN: i32 = 2;
/// … plus this many quarters of the block value on top of it.
pub const ORDER_BLOCK_QUARTERS: i32 = 3;
/// A quiet cell's ordering value counts this many history units per point when the engine
/// orders quiet cells (history moves within ±16,384; one cutoff adds at most 2,000).
pub const QUIET_ORDER_WEIGHT: i32 = 48;

/// Cells ranked below this (making or blocking an open three or a closed four: ranks 2 and
/// 3 of `Strong::tactical_score`) count as quiet moves: ordered by their value and history,
/// and reduced and pruned late like any quiet cell. Fours, double threats and blocks of
/// them stay tactical.
pub const TACTICAL_RANK: i32 = 4;

// The search (strong.rs's features).

/// Plies of quiescence (fours and their blocks) below the horizon.
pub const QUIESCENCE_PLIES: u32 = 20;
/// Quiescence plays a plain four (one with nothing beside it in another direction) only
/// this few plies below the horizon (the first attacking four); deeper, only fours that
/// also make a two or a three elsewhere, or better (2 against 4: +30.2 Elo, stop 44).
pub const QUIESCENCE_PLAIN_FOUR_PLIES: u32 = 2;
/// Quiescence plays only fours near the player's own last stone: within this many cells
/// in a square around it …
pub const QUIESCENCE_NEAR_SQUARE: usize = 2;
/// … or this many along one of its eight lines.
pub const QUIESCENCE_NEAR_LINE: usize = 4;
/// Half-width of the first aspiration window. This and the three margins below were 60, 50,
/// 80 and 80 with the summed cell values; with the fitted shape table (whose values run
/// 1.5–2× larger) ×1.75 passed its SPRT, where ×1.5 stayed undecided at +22 Elo after 511
/// games and reverse futility 150 with futility 200 stood at −8 after 87 (stop 56).
pub const ASPIRATION_WINDOW: i32 = 105;
/// Reverse futility: a node near the horizon whose static value is this much per ply of
/// remaining depth above beta returns it (the opponent's four is "check" and never pruned).
pub const REVERSE_FUTILITY_MARGIN: i32 = 88;
/// Razoring: a node at most 2 plies from the horizon whose static value stands this much
/// per ply below alpha asks quiescence (a VCF) instead, and keeps its value if nothing
/// lifts it.
pub const RAZOR_MARGIN: i32 = 140;
/// Futility: quiet moves near the horizon are skipped when the static value plus this much
/// per ply of remaining depth (and one more) stays at or below alpha.
pub const FUTILITY_MARGIN: i32 = 140;

/// Late-move reduction table of caro's search: `base + ln(depth)·ln(moves) / divisor`
/// plies for a late quiet cell ([`ply_search::SearchParams`]; caro keeps the engine's
/// values until a match says otherwise: a divisor of 1.5 measured undecided).
pub const REDUCTION_BASE: f64 = 0.75;
/// See [`REDUCTION_BASE`].
pub const REDUCTION_DIVISOR: f64 = 2.25;

// The threat solvers at the root (vcf.rs, vct.rs, advice.rs).

/// Longest VCF looked for, in attacking moves.
pub const MAX_FOURS: u32 = 40;
/// Positions a root solver visits when no time is given (keeps fixed-depth searches
/// deterministic).
pub const SOLVER_DEFAULT_NODES: u64 = 400_000;
/// Longest VCT looked for, in threats.
pub const MAX_THREATS: u32 = 12;
/// Threats the opponent may chain when the root's moves are checked for safety.
pub const SAFETY_THREATS: u32 = 4;
