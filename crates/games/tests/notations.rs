//! Every notation a game offers names every legal move uniquely and reads its own names
//! back, on many positions: random walks from the start and from positions with doubled
//! pieces on a file (xiangqi's front/rear/middle marks, chess's disambiguation and
//! promotions), checked through the erased record as front ends use it.

use std::collections::HashSet;

use ply_games::{GameOptions, MoveId, Notation, OptionValue, Record, new_game};

/// A small deterministic generator (SplitMix64), so the walks are the same every run.
struct Walk(u64);

impl Walk {
    fn next(&mut self, below: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % below as u64) as usize
    }
}

/// Checks every legal move of the record's position in every notation; returns how many
/// names were checked.
fn check_position(record: &dyn Record) -> usize {
    let mut checked = 0;
    let legal = record.legal_moves();
    for &notation in record.notations() {
        let mut seen = HashSet::new();
        for mv in legal {
            let name = mv
                .names
                .get(notation)
                .unwrap_or_else(|| panic!("{} has no {notation} name", mv.name));
            assert!(
                seen.insert(name.to_string()),
                "two moves are both {name} in {notation} at {}",
                record.position()
            );
            let read = record.parse_move_in(name, notation);
            assert_eq!(
                read,
                Ok(mv.id),
                "{name} ({notation}) reads back wrong at {}",
                record.position()
            );
            checked += 1;
        }
    }
    checked
}

/// Random walks of `plies` from `start` (or the usual start), checking every position.
fn walk(game: &str, options: &GameOptions, starts: &[&str], walks: usize, plies: usize) -> usize {
    let mut random = Walk(0x005E_ED0F_71A7);
    let mut positions = 0;
    let mut names = 0;
    for index in 0..walks {
        let mut options = options.clone();
        if let Some(start) = starts.get(index % starts.len().max(1)) {
            options = options.at(*start);
        }
        let mut record = new_game(game, &options).expect("the game starts");
        for _ in 0..plies {
            names += check_position(record.as_ref());
            positions += 1;
            let legal = record.legal_moves();
            if legal.is_empty() {
                break;
            }
            let id: MoveId = legal[random.next(legal.len())].id;
            record.play(id).expect("a legal move plays");
        }
    }
    assert!(positions > walks, "{game}: only {positions} positions");
    names
}

#[test]
fn xiangqi_names_are_unique_and_read_back_in_every_notation() {
    let notations = new_game("xiangqi", &GameOptions::default())
        .expect("starts")
        .notations();
    assert_eq!(
        notations,
        [
            Notation::Wxf,
            Notation::Chinese,
            Notation::Vietnamese,
            Notation::Coordinates
        ]
    );
    let starts = [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        // Two chariots and two cannons on one file; three soldiers on one file.
        "3akab2/9/4P4/4P4/2R1P4/2C6/2R6/2C6/9/3K5 w - - 0 1",
        // Soldiers doubled on two files at once; black to move with doubled horses.
        "2bakab2/2n6/2n6/3P1P3/3P1P3/9/9/9/9/3K5 w - - 0 1",
        "2bakab2/2n6/2n6/3P1P3/3P1P3/9/9/9/9/3K5 b - - 0 1",
    ];
    let names = walk("xiangqi", &GameOptions::default(), &starts, 24, 70);
    assert!(names > 20_000, "only {names} names checked");
}

#[test]
fn chess_names_are_unique_and_read_back_in_every_notation() {
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        // Three queens and knights that need file, rank or square to tell apart.
        "4k3/1P6/8/1N3N2/8/1N6/Q6Q/Q3K3 w - - 0 1",
        "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ];
    let names = walk("chess", &GameOptions::default(), &starts, 24, 60);
    assert!(names > 20_000, "only {names} names checked");
    let chess960 = GameOptions::default().with("chess960", OptionValue::Flag(true));
    walk(
        "chess",
        &chess960,
        &["r6k/8/8/8/8/8/8/RK4R1 w GA - 0 1"],
        4,
        30,
    );
}

#[test]
fn a_text_read_differently_by_two_notations_goes_to_the_chosen_one() {
    // Red's soldier on d6 (across the river) may step sideways to e6: WXF `P6=5`, which
    // WXF readers also write `P6.5`; in Vietnamese `P6.5` is the cannon on d0 advancing
    // five points to d5. Both are legal here.
    let record = new_game(
        "xiangqi",
        &GameOptions::default().at("3akab2/9/9/3P5/9/9/9/9/9/3C1K3 w - - 0 1"),
    )
    .expect("starts");
    let name = |text: &str, notation| {
        record
            .parse_move_in(text, notation)
            .ok()
            .and_then(|id| record.legal_move(id))
            .map(|mv| mv.name.clone())
    };
    assert_eq!(name("P6.5", Notation::Wxf).as_deref(), Some("d6e6"));
    assert_eq!(name("P6.5", Notation::Vietnamese).as_deref(), Some("d0d5"));
    assert_eq!(name("P6=5", Notation::Vietnamese).as_deref(), Some("d6e6"));
    // No WXF move is written `P6-5` here (a soldier never retreats): the Vietnamese one is
    // read, the cannon across to file 5.
    assert_eq!(name("P6-5", Notation::Wxf).as_deref(), Some("d0e0"));
    assert_eq!(name("P6/5", Notation::Wxf), None);
    assert!(matches!(
        record.parse_move_in("P6.5", Notation::Coordinates),
        Err(ply_games::MoveError::Ambiguous { .. })
    ));
}
