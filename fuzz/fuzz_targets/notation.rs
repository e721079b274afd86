//! Fuzz target: move notations in the middle of games. The first bytes choose a game and
//! variant (chess, Chess960, xiangqi, caro under every rule and a few sizes, tic-tac-toe)
//! and how many pseudo-random legal plies to play first, so promotions, castling, en
//! passant, doubled xiangqi pieces and renju's forbidden cells come up; every following line
//! is read as a move (UCI, SAN, ICCS, WXF, Chinese, `h8`, `row col`). A move that reads must
//! be one of the legal moves, and its canonical name and display must read back to it; read
//! in each notation the game offers, a line must read as a legal move or not at all, and a
//! move's name in each notation must read back to it in that notation.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ply_games::{GameOptions, OptionValue, new_game};

fn options(choice: u8) -> (&'static str, GameOptions) {
    let caro = |size: i64, rule: &str| {
        GameOptions::default()
            .with("size", OptionValue::Int(size))
            .with("rule", OptionValue::Text(rule.to_string()))
    };
    match choice % 10 {
        0 => ("chess", GameOptions::default()),
        1 => (
            "chess",
            GameOptions::default()
                .with("chess960", OptionValue::Flag(true))
                .at("nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1"),
        ),
        2 => ("xiangqi", GameOptions::default()),
        3 => ("caro", caro(15, "renju")),
        4 => ("caro", caro(15, "standard")),
        5 => ("caro", caro(10, "caro")),
        6 => ("caro", caro(7, "freestyle")),
        7 => ("caro", caro(19, "caro5")),
        8 => ("tictactoe", GameOptions::default()),
        _ => (
            "chess",
            GameOptions::default()
                .at("r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PpPBBPPP/R3K2R w KQkq - 0 1"),
        ),
    }
}

fuzz_target!(|data: &[u8]| {
    let [choice, plies, seed, rest @ ..] = data else {
        return;
    };
    let (name, options) = options(*choice);
    let Ok(mut record) = new_game(name, &options) else {
        return;
    };
    let mut state = u64::from(*seed) | 1;
    for _ in 0..(*plies % 40) {
        let moves = record.legal_moves();
        if moves.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let pick = moves[(state % moves.len() as u64) as usize].id;
        record.play(pick).expect("a listed move plays");
    }
    let legal = record.legal_moves().to_vec();
    let before = record.position();
    for line in String::from_utf8_lossy(rest).lines().take(16) {
        for &notation in record.notations() {
            if let Ok(id) = record.parse_move_in(line, notation) {
                let Some(mv) = legal.iter().find(|m| m.id == id) else {
                    panic!("{line:?} read in {notation} as move #{} which is not legal", id.0);
                };
                for (named, name) in mv.names.iter() {
                    assert_eq!(record.parse_move_in(name, named), Ok(id), "{name} in {named}");
                }
            }
        }
        match record.parse_move(line) {
            Ok(id) => {
                let Some(mv) = legal.iter().find(|m| m.id == id) else {
                    panic!("{line:?} read as move #{} which is not legal", id.0);
                };
                let back = record.parse_move(&mv.name).expect("a name reads back");
                assert_eq!(back, id);
                let back = record.parse_move(&mv.display).expect("a display reads back");
                assert_eq!(back, id);
            }
            Err(error) => {
                let _ = error.to_string();
                assert!(record.play_text(line).is_err());
                assert_eq!(record.position(), before);
            }
        }
    }
});
