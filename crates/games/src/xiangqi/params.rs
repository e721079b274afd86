//! The strong xiangqi evaluation's parameters in one place: the layout of the tuned weights
//! (one midgame and one endgame weight per parameter in a flat table, `weights.rs`, that the
//! Texel tuner `crates/games/examples/xiangqi_texel.rs` adjusts; a term adds `count` times
//! its weight, counts being Red's minus Black's, and the two are tapered by the attacking
//! material left), then the hand-set constants around them and the search margins the
//! evaluation asks for. Values are in the evaluation's units (a soldier about 80).

/// Material by kind: general (unused), advisor, elephant, horse, chariot, cannon, soldier.
pub const MATERIAL: usize = 0;
/// Placement: `PLACEMENT + kind * 50 + row * 5 + column`, row 0 the enemy's back rank seen
/// from the piece's owner and column the distance from the edge (0–4: the board's two wings
/// share a weight).
pub const PLACEMENT: usize = MATERIAL + 7;
/// Chariot mobility by empty points reached (0–17).
pub const CHARIOT_MOBILITY: usize = PLACEMENT + 7 * 50;
/// Horse mobility by jumps with a free leg onto a point its side does not hold (0–8).
pub const HORSE_MOBILITY: usize = CHARIOT_MOBILITY + 18;
/// Cannon mobility by empty points reached (0–17).
pub const CANNON_MOBILITY: usize = HORSE_MOBILITY + 9;
/// A chariot on the enemy general's file with nothing between.
pub const CHARIOT_FACING_GENERAL: usize = CANNON_MOBILITY + 18;
/// The hollow cannon: on the enemy general's file with nothing between.
pub const HOLLOW_CANNON: usize = CHARIOT_FACING_GENERAL + 1;
/// A cannon on the enemy general's file with one screen (it gives check when it may).
pub const CANNON_ONE_SCREEN: usize = HOLLOW_CANNON + 1;
/// The bottom cannon: a cannon on the enemy's back rank.
pub const BOTTOM_CANNON: usize = CANNON_ONE_SCREEN + 1;
/// Per soldier across the river (not yet on the enemy's back rank), per advisor the enemy
/// lacks: soldiers break a palace without advisors, and hardly one with both.
pub const SOLDIER_PER_MISSING_ADVISOR: usize = BOTTOM_CANNON + 1;
/// The general's safety, per missing-defender weight (an advisor [`MISSING_ADVISOR`], an
/// elephant [`MISSING_ELEPHANT`])…
pub const MISSING_DEFENDERS: usize = SOLDIER_PER_MISSING_ADVISOR + 1;
/// …times each enemy chariot…
pub const MISSING_PER_CHARIOT: usize = MISSING_DEFENDERS + 1;
/// …times each enemy attacker across the river.
pub const MISSING_PER_ATTACKER: usize = MISSING_PER_CHARIOT + 1;
/// Pressure of an enemy chariot, horse, cannon and soldier across the river, per step
/// closer than [`PRESSURE_REACH`] to the general.
pub const PRESSURE: usize = MISSING_PER_ATTACKER + 1;
/// The same pressure again per missing-defender weight.
pub const PRESSURE_MISSING: usize = PRESSURE + 4;
/// An enemy piece (not a soldier) next to the general.
pub const PALACE_INTRUDER: usize = PRESSURE_MISSING + 4;
/// Per advisor and elephant kept (at most two of each).
pub const DEFENDER: usize = PALACE_INTRUDER + 1;
/// The side to move.
pub const TEMPO: usize = DEFENDER + 1;
/// A chariot on a file with no soldier of either side.
pub const CHARIOT_OPEN_FILE: usize = TEMPO + 1;
/// A chariot on a file with enemy soldiers but none of its own.
pub const CHARIOT_HALF_OPEN_FILE: usize = CHARIOT_OPEN_FILE + 1;
/// An enemy piece pinned to its general by a chariot (alone between them on a file or
/// rank), by the pinned piece's kind: `CHARIOT_PIN + kind`.
pub const CHARIOT_PIN: usize = CHARIOT_HALF_OPEN_FILE + 1;
/// An own piece alone between a chariot and the enemy general: a discovered check waits.
pub const CHARIOT_DISCOVERY: usize = CHARIOT_PIN + 7;
/// A cannon on the enemy general's file or rank with two pieces between, the nearer to
/// the cannon its own (a discovered check waits) or the enemy's (both screens are tied).
pub const CANNON_TWO_SCREENS: usize = CHARIOT_DISCOVERY + 1;
/// A cannon on the centre file with its own horse ahead of it on that file, across its
/// own river bank or beyond: the central cannon and horse attack.
pub const CENTRAL_HORSE_CANNON: usize = CANNON_TWO_SCREENS + 2;
/// Two elephants that guard each other.
pub const ELEPHANTS_LINKED: usize = CENTRAL_HORSE_CANNON + 1;
/// Two advisors that guard each other (one on the palace centre).
pub const ADVISORS_LINKED: usize = ELEPHANTS_LINKED + 1;
/// Number of parameters.
pub const COUNT: usize = ADVISORS_LINKED + 1;

/// The name of parameter `index`, for the tuner's report.
pub fn name(index: usize) -> String {
    const KINDS: [&str; 7] = [
        "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier",
    ];
    const ATTACKERS: [&str; 4] = ["chariot", "horse", "cannon", "soldier"];
    if index < PLACEMENT {
        return format!("material {}", KINDS[index - MATERIAL]);
    }
    if index < CHARIOT_MOBILITY {
        let cell = index - PLACEMENT;
        return format!(
            "placement {} row {} column {}",
            KINDS[cell / 50],
            cell % 50 / 5,
            cell % 5
        );
    }
    let ranges: [(usize, &str); 25] = [
        (CHARIOT_MOBILITY, "chariot mobility"),
        (HORSE_MOBILITY, "horse mobility"),
        (CANNON_MOBILITY, "cannon mobility"),
        (CHARIOT_FACING_GENERAL, "chariot facing general"),
        (HOLLOW_CANNON, "hollow cannon"),
        (CANNON_ONE_SCREEN, "cannon one screen"),
        (BOTTOM_CANNON, "bottom cannon"),
        (SOLDIER_PER_MISSING_ADVISOR, "soldier per missing advisor"),
        (MISSING_DEFENDERS, "missing defenders"),
        (MISSING_PER_CHARIOT, "missing per chariot"),
        (MISSING_PER_ATTACKER, "missing per attacker"),
        (PRESSURE, "pressure"),
        (PRESSURE_MISSING, "pressure missing"),
        (PALACE_INTRUDER, "palace intruder"),
        (DEFENDER, "defender"),
        (TEMPO, "tempo"),
        (CHARIOT_OPEN_FILE, "chariot open file"),
        (CHARIOT_HALF_OPEN_FILE, "chariot half-open file"),
        (CHARIOT_PIN, "chariot pin"),
        (CHARIOT_DISCOVERY, "chariot discovery"),
        (CANNON_TWO_SCREENS, "cannon two screens"),
        (CENTRAL_HORSE_CANNON, "central horse cannon"),
        (ELEPHANTS_LINKED, "elephants linked"),
        (ADVISORS_LINKED, "advisors linked"),
        (COUNT, "none"),
    ];
    let at = ranges
        .iter()
        .rposition(|(start, _)| *start <= index)
        .unwrap_or(0);
    let (start, label) = ranges[at];
    match label {
        "pressure" | "pressure missing" => format!("{label} {}", ATTACKERS[index - start]),
        "chariot pin" => format!("{label} {}", KINDS[index - start]),
        "cannon two screens" => {
            format!("{label} {}", ["own first", "enemy first"][index - start])
        }
        _ if ranges.get(at + 1).is_some_and(|(next, _)| next - start > 1) => {
            format!("{label} {}", index - start)
        }
        _ => label.to_string(),
    }
}

/// Weight of a missing advisor among the general's missing defenders.
pub const MISSING_ADVISOR: i32 = 2;
/// Weight of a missing elephant.
pub const MISSING_ELEPHANT: i32 = 1;
/// Distance (files plus ranks) from the general at which pressure starts.
pub const PRESSURE_REACH: i32 = 5;
/// A side with no attacking piece keeps 1/n of a winning value.
pub const NO_ATTACKER_DIVISOR: i32 = 8;
/// Phase weight of each kind (attacking pieces only); the full set sums to [`FULL_PHASE`].
pub const PHASE: [i32; 7] = [0, 0, 0, 2, 4, 2, 0];
/// The phase with every attacking piece on the board.
pub const FULL_PHASE: i32 = 2 * (2 * 2 + 2 * 4 + 2 * 2);

/// Exchange values for ordering and pruning (the general is worth everything).
pub const EXCHANGE: [i32; 7] = [20_000, 200, 200, 430, 1000, 450, 100];
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
