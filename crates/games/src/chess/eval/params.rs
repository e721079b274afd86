//! The strong evaluation's parameters in one place: the layout of the tuned weights (one
//! midgame and one endgame weight per parameter, in a flat table that Texel tuning adjusts,
//! `weights.rs`; a term adds `count` times its weight, counts being White's minus Black's),
//! then the hand-set constants around them (drawish scaling, the fifty-move fade, exchange
//! values) and the search margins the evaluation asks for.

/// Material of pawn, knight, bishop, rook, queen, king (the king's is unused).
pub const MATERIAL: usize = 0;
/// Piece-square tables: `PIECE_SQUARE + piece * 64 + square`, squares from White's side.
pub const PIECE_SQUARE: usize = MATERIAL + 6;
/// Knight mobility by number of safe squares (0–8).
pub const MOBILITY_KNIGHT: usize = PIECE_SQUARE + 6 * 64;
/// Bishop mobility (0–13).
pub const MOBILITY_BISHOP: usize = MOBILITY_KNIGHT + 9;
/// Rook mobility (0–14).
pub const MOBILITY_ROOK: usize = MOBILITY_BISHOP + 14;
/// Queen mobility (0–27).
pub const MOBILITY_QUEEN: usize = MOBILITY_ROOK + 15;
/// Passed pawn by relative rank.
pub const PASSED: usize = MOBILITY_QUEEN + 28;
/// Passed pawn whose way to promotion is empty, by relative rank.
pub const PASSED_FREE: usize = PASSED + 8;
/// Own king's distance to the square in front of a passed pawn, by relative rank.
pub const PASSED_OWN_KING: usize = PASSED_FREE + 8;
/// Enemy king's distance to the square in front of a passed pawn, by relative rank.
pub const PASSED_ENEMY_KING: usize = PASSED_OWN_KING + 8;
/// A pawn with another of its side in front on its file.
pub const DOUBLED: usize = PASSED_ENEMY_KING + 8;
/// A pawn with no pawn of its side on the neighbouring files.
pub const ISOLATED: usize = DOUBLED + 1;
/// A pawn that no neighbour can support and whose stop square an enemy pawn guards.
pub const BACKWARD: usize = ISOLATED + 1;
/// A pawn with a neighbour beside it, by relative rank.
pub const PHALANX: usize = BACKWARD + 1;
/// A pawn defended by a pawn, by relative rank.
pub const SUPPORTED: usize = PHALANX + 8;
/// Two bishops or more.
pub const BISHOP_PAIR: usize = SUPPORTED + 8;
/// A rook on a file without pawns.
pub const ROOK_OPEN_FILE: usize = BISHOP_PAIR + 1;
/// A rook on a file without pawns of its side.
pub const ROOK_SEMI_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
/// Attack on the enemy king's zone, by attack units (0–31).
pub const KING_ATTACK: usize = ROOK_SEMI_OPEN_FILE + 1;
/// Number of king-attack buckets.
pub const KING_ATTACK_BUCKETS: usize = 32;
/// Shield pawns one rank in front of the king (per file next to it).
pub const SHIELD_NEAR: usize = KING_ATTACK + KING_ATTACK_BUCKETS;
/// Shield pawns two ranks in front.
pub const SHIELD_FAR: usize = SHIELD_NEAR + 1;
/// Files next to the king with no shield pawn.
pub const SHIELD_MISSING: usize = SHIELD_FAR + 1;
/// The king on a file without pawns of its side.
pub const KING_OPEN_FILE: usize = SHIELD_MISSING + 1;
/// Enemy pieces (not pawns) attacked by our pawns.
pub const THREAT_BY_PAWN: usize = KING_OPEN_FILE + 1;
/// Enemy pieces attacked by us and defended by nothing.
pub const HANGING: usize = THREAT_BY_PAWN + 1;
/// Enemy rooks and queens attacked by our knights and bishops.
pub const THREAT_BY_MINOR: usize = HANGING + 1;
/// The side to move.
pub const TEMPO: usize = THREAT_BY_MINOR + 1;
/// A knight on ranks 4–6 guarded by a pawn that no enemy pawn can chase away.
pub const KNIGHT_OUTPOST: usize = TEMPO + 1;
/// Checks the enemy king's side cannot answer by capture: squares from which our knight,
/// bishop, rook or queen (in that order) would give check, that one of them reaches and
/// no enemy piece or pawn attacks.
pub const SAFE_CHECK: usize = KNIGHT_OUTPOST + 1;
/// Enemy pawns storming the king: per file next to the king (and its own), the nearest
/// enemy pawn in front of it, by its rank from the king's side (0–7).
pub const PAWN_STORM: usize = SAFE_CHECK + 4;
/// A rook on the seventh rank with the enemy king on the eighth or enemy pawns on the
/// seventh.
pub const ROOK_SEVENTH: usize = PAWN_STORM + 8;
/// Pawns of its own side on the squares of a bishop's colour, per bishop.
pub const BISHOP_PAWNS: usize = ROOK_SEVENTH + 1;
/// Number of parameters.
pub const COUNT: usize = BISHOP_PAWNS + 1;

/// The name of parameter `index`, for the tuner's report.
pub fn name(index: usize) -> String {
    const PIECES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];
    let ranges: [(usize, &str); 27] = [
        (MATERIAL, "material"),
        (PIECE_SQUARE, "psq"),
        (MOBILITY_KNIGHT, "mobility knight"),
        (MOBILITY_BISHOP, "mobility bishop"),
        (MOBILITY_ROOK, "mobility rook"),
        (MOBILITY_QUEEN, "mobility queen"),
        (PASSED, "passed"),
        (PASSED_FREE, "passed free"),
        (PASSED_OWN_KING, "passed own king"),
        (PASSED_ENEMY_KING, "passed enemy king"),
        (DOUBLED, "doubled"),
        (ISOLATED, "isolated"),
        (BACKWARD, "backward"),
        (PHALANX, "phalanx"),
        (SUPPORTED, "supported"),
        (BISHOP_PAIR, "bishop pair"),
        (ROOK_OPEN_FILE, "rook open file"),
        (ROOK_SEMI_OPEN_FILE, "rook semi-open file"),
        (KING_ATTACK, "king attack"),
        (SHIELD_NEAR, "shield near"),
        (SHIELD_FAR, "shield far"),
        (SHIELD_MISSING, "shield missing"),
        (KING_OPEN_FILE, "king open file"),
        (THREAT_BY_PAWN, "threat by pawn"),
        (HANGING, "hanging"),
        (THREAT_BY_MINOR, "threat by minor"),
        (TEMPO, "tempo"),
    ];
    if index == KNIGHT_OUTPOST {
        return "knight outpost".to_string();
    }
    if (SAFE_CHECK..PAWN_STORM).contains(&index) {
        return format!("safe check {}", PIECES[1 + index - SAFE_CHECK]);
    }
    if (PAWN_STORM..ROOK_SEVENTH).contains(&index) {
        return format!("pawn storm {}", index - PAWN_STORM);
    }
    if index == ROOK_SEVENTH {
        return "rook seventh".to_string();
    }
    if index == BISHOP_PAWNS {
        return "bishop pawns".to_string();
    }
    let (start, label) = ranges
        .iter()
        .rev()
        .find(|(start, _)| *start <= index)
        .copied()
        .unwrap_or((0, "?"));
    let offset = index - start;
    match start {
        MATERIAL => format!("material {}", PIECES[offset.min(5)]),
        PIECE_SQUARE => format!("psq {} {}", PIECES[(offset / 64).min(5)], offset % 64),
        _ => format!("{label} {offset}"),
    }
}

/// Exchange values of pawn, knight, bishop, rook, queen and king for static exchange.
pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// Out of 64: what survives of a score with the stronger side pawnless, at most a minor
/// piece up and with no more than a minor piece itself…
pub const SCALE_BARE_MINOR: i32 = 0;
/// …and with more than a minor piece.
pub const SCALE_PAWNLESS: i32 = 16;
/// Out of 64: bishops of opposite colours and nothing else.
pub const SCALE_OPPOSITE_BISHOPS: i32 = 32;
/// Mop-up against a bare king ([`super::mop_up`]): per step of the bare king towards the
/// edge (or the bishop's corner)…
pub const MOP_UP_EDGE: i32 = 40;
/// …and per step the kings come closer.
pub const MOP_UP_KINGS: i32 = 10;
/// The score fades by `halfmove clock / FIFTY_MOVE_FADE` towards a draw.
pub const FIFTY_MOVE_FADE: i32 = 200;

/// Futility margin per ply of remaining depth, in centipawns.
pub const FUTILITY_MARGIN: i32 = 90;
/// Reverse-futility margin per ply.
pub const REVERSE_FUTILITY_MARGIN: i32 = 80;
/// Half-width of the first aspiration window.
pub const ASPIRATION_WINDOW: i32 = 25;
/// History pruning margin per ply of depth, in history units.
pub const HISTORY_PRUNING_MARGIN: i32 = 3_000;
/// Quiet moves losing more than this per ply of depth by static exchange are skipped near
/// the horizon, in centipawns.
pub const QUIET_EXCHANGE_MARGIN: i32 = 64;
/// Singular-extension margin per ply of depth, in centipawns: the other moves must stay
/// this far below the table's score for its move to be searched a ply deeper.
pub const SINGULAR_MARGIN: i32 = 2;
/// The most correction history moves a static value, in centipawns (its key: the pawns).
pub const CORRECTION_LIMIT: i32 = 64;
/// Null-move pruning reduces a further ply per this many centipawns of static value above
/// beta (up to the search's `null_move_eval_plies`).
pub const NULL_MOVE_EVAL_DIVISOR: i32 = 200;
/// Quiescence skips captures that cannot lift the static value plus this past alpha.
pub const QUIESCENCE_FUTILITY_MARGIN: i32 = 150;
