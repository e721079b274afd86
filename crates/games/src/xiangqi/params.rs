//! Every weight of the strong xiangqi evaluation and the search margins it asks for, named
//! in one place so a tuner (Texel or SPSA) can move them. Values are in the evaluation's
//! units (a soldier 80 in the middlegame); a pair is `[midgame, endgame]`, tapered by the
//! attacking material left. Piece tables are the seed's (`classic.rs`), scaled here.

/// Middlegame material by kind: general, advisor, elephant, horse, chariot, cannon, soldier.
pub const MIDGAME: [i32; 7] = [0, 200, 200, 420, 1000, 450, 80];
/// Endgame material by kind.
pub const ENDGAME: [i32; 7] = [0, 180, 180, 470, 1100, 420, 130];
/// Exchange values for ordering and pruning (the general is worth everything).
pub const EXCHANGE: [i32; 7] = [20_000, 200, 200, 430, 1000, 450, 100];
/// Phase weight of each kind (attacking pieces only); the full set sums to [`FULL_PHASE`].
pub const PHASE: [i32; 7] = [0, 0, 0, 2, 4, 2, 0];
/// The phase with every attacking piece on the board.
pub const FULL_PHASE: i32 = 2 * (2 * 2 + 2 * 4 + 2 * 2);

/// Scale of the seed's placement tables (they are in soldier-thirtieths).
pub const TABLE_SCALE: i32 = 2;
/// A cannon keeps 1/n of its placement in the endgame.
pub const CANNON_PLACEMENT_ENDGAME_DIVISOR: i32 = 2;
/// A soldier keeps 1/n of its placement in the endgame…
pub const SOLDIER_PLACEMENT_ENDGAME_DIVISOR: i32 = 2;
/// …plus this once it has crossed the river (alive matters more than placed late).
pub const SOLDIER_CROSSED_ENDGAME: i32 = 20;
/// Per soldier across the river (not yet on the enemy's back rank), per advisor the enemy
/// lacks: soldiers break a palace without advisors, and hardly one with both.
pub const SOLDIER_PER_MISSING_ADVISOR: [i32; 2] = [10, 30];
/// Middlegame penalty per rank the general stands off its back rank.
pub const GENERAL_OFF_RANK: i32 = 25;
/// Middlegame penalty per file the general stands off the middle file.
pub const GENERAL_OFF_FILE: i32 = 10;

/// Per empty point or capture a chariot reaches.
pub const CHARIOT_MOBILITY: [i32; 2] = [4, 6];
/// A chariot on the enemy general's file with nothing between.
pub const CHARIOT_FACING_GENERAL: [i32; 2] = [40, 20];
/// Per horse jump with a free leg onto a point its side does not hold.
pub const HORSE_MOBILITY: [i32; 2] = [12, 12];
/// Added to every horse's mobility term (a horse with fewer than three jumps loses).
pub const HORSE_MOBILITY_BASE: [i32; 2] = [-30, -30];
/// Per empty point a cannon reaches.
pub const CANNON_MOBILITY: [i32; 2] = [2, 1];
/// The hollow cannon: on the enemy general's file with nothing between.
pub const HOLLOW_CANNON: [i32; 2] = [90, 30];
/// A cannon on the enemy general's file with one screen (it gives check when it may).
pub const CANNON_ONE_SCREEN: [i32; 2] = [25, 10];

/// Weight of a missing advisor in the general's safety.
pub const MISSING_ADVISOR: i32 = 2;
/// Weight of a missing elephant.
pub const MISSING_ELEPHANT: i32 = 1;
/// Penalty per missing-defender weight, before the enemy's attack…
pub const MISSING_BASE: i32 = 12;
/// …plus this per enemy chariot…
pub const MISSING_PER_CHARIOT: i32 = 10;
/// …plus this per enemy attacker across the river.
pub const MISSING_PER_ATTACKER: i32 = 4;
/// Pressure weight of an enemy chariot, horse, cannon and soldier across the river, per
/// step closer than [`PRESSURE_REACH`] to the general.
pub const PRESSURE_CHARIOT: i32 = 10;
/// See [`PRESSURE_CHARIOT`].
pub const PRESSURE_HORSE: i32 = 12;
/// See [`PRESSURE_CHARIOT`].
pub const PRESSURE_CANNON: i32 = 8;
/// See [`PRESSURE_CHARIOT`].
pub const PRESSURE_SOLDIER: i32 = 6;
/// Distance (files plus ranks) from the general at which pressure starts.
pub const PRESSURE_REACH: i32 = 5;
/// Pressure is multiplied by `(PRESSURE_DIVISOR + missing) / PRESSURE_DIVISOR`.
pub const PRESSURE_DIVISOR: i32 = 4;
/// An enemy piece (not a soldier) next to the general.
pub const PALACE_INTRUDER: i32 = 20;
/// The general's safety counts 1/n in the endgame.
pub const SAFETY_ENDGAME_DIVISOR: i32 = 2;
/// Per advisor and elephant kept (at most two of each).
pub const DEFENDER: i32 = 8;
/// A side with no attacking piece keeps 1/n of a winning value.
pub const NO_ATTACKER_DIVISOR: i32 = 8;
/// The side to move's bonus.
pub const TEMPO: i32 = 15;

/// Futility margin per ply of remaining depth.
pub const FUTILITY_MARGIN: i32 = 120;
/// Reverse-futility margin per ply.
pub const REVERSE_FUTILITY_MARGIN: i32 = 110;
/// Half-width of the first aspiration window.
pub const ASPIRATION_WINDOW: i32 = 40;

/// Late-move reduction table of xiangqi's search: `base + ln(depth)·ln(moves) / divisor`
/// plies for a late quiet move ([`ply_search::SearchParams`]). Harder than the engine's
/// 0.75 and 2.25: +26.7 Elo in 1,110 games at 10,000 nodes.
pub const REDUCTION_BASE: f64 = 1.0;
/// See [`REDUCTION_BASE`].
pub const REDUCTION_DIVISOR: f64 = 1.75;
