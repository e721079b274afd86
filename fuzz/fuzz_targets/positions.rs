//! Fuzz target: any bytes as a position string (FEN, X-FEN, board string) for every game,
//! Chess960 and caro's rules included. Reading may fail, never panic; a position that reads
//! must write back, list its moves and draw, and its first move must play and undo.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ply_games::{GameOptions, OptionValue, games, new_game};

fn check(name: &str, options: &GameOptions, text: &str) {
    let Ok(mut record) = new_game(name, options) else {
        return;
    };
    if record.set_position(text).is_ok() {
        let written = record.position();
        let mut again = new_game(name, options).expect("game starts");
        again
            .set_position(&written)
            .expect("a written position reads back");
        assert_eq!(again.position(), written);
        let first = record.legal_moves().first().map(|mv| mv.id);
        let _ = record.board();
        let _ = record.status();
        if let Some(first) = first {
            record.play(first).expect("a listed move plays");
            record.undo().expect("and undoes");
            assert_eq!(record.position(), written);
        }
    }
    // The same text as a start position given with the game's options.
    let given = options.clone().at(text);
    if let Ok(record) = new_game(name, &given) {
        let _ = record.legal_moves();
        let _ = record.export();
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for spec in games() {
        check(spec.name, &GameOptions::default(), &text);
    }
    let chess960 = GameOptions::default().with("chess960", OptionValue::Flag(true));
    check("chess", &chess960, &text);
    for rule in ["renju", "caro5"] {
        let caro = GameOptions::default().with("rule", OptionValue::Text(rule.to_string()));
        check("caro", &caro, &text);
    }
});
