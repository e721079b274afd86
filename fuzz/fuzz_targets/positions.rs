//! Fuzz target: any bytes as a position string (FEN, X-FEN, board string) for every game,
//! Chess960 and caro's rules included. Reading may fail, never panic; a position that reads
//! must write back, list its moves and draw, and its first move must play and undo.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ply_games::{GameOptions, games, new_session};

fn check(name: &str, options: &GameOptions, text: &str) {
    let Ok(mut session) = new_session(name, options) else {
        return;
    };
    if session.set_position(text).is_ok() {
        let written = session.position();
        let mut again = new_session(name, options).expect("game starts");
        again
            .set_position(&written)
            .expect("a written position reads back");
        assert_eq!(again.position(), written);
        let moves = session.legal_moves();
        let _ = session.board();
        let _ = session.status();
        if let Some(first) = moves.first() {
            session.play(&first.name).expect("a listed move plays");
            session.undo().expect("and undoes");
            assert_eq!(session.position(), written);
        }
    }
    // The same text as a start position given with the game's options.
    let given = GameOptions {
        position: Some(text.to_string()),
        ..options.clone()
    };
    if let Ok(session) = new_session(name, &given) {
        let _ = session.legal_moves();
        let _ = session.export();
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for spec in games().iter().filter(|spec| spec.is_available()) {
        check(spec.name, &GameOptions::default(), &text);
    }
    let chess960 = GameOptions {
        chess960: true,
        ..GameOptions::default()
    };
    check("chess", &chess960, &text);
    for rule in ["renju", "caro5"] {
        let caro = GameOptions {
            rule: Some(rule.to_string()),
            ..GameOptions::default()
        };
        check("caro", &caro, &text);
    }
});
