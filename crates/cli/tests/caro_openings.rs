//! The balanced caro openings shipped in `openings/` are what `ply match --openings FILE`
//! reads: every line replays as legal moves on the 15×15 board of its rule, leaves the game
//! open, and no line repeats.

use std::collections::HashSet;

use ply_games::{GameOptions, OptionValue, new_game};

#[test]
fn every_shipped_caro_opening_replays_under_its_rule() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../openings");
    for (rule, least) in [("freestyle", 100), ("standard", 60), ("renju", 60)] {
        let path = format!("{root}/caro-{rule}-15.txt");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let options = GameOptions::default()
            .with("size", OptionValue::Int(15))
            .with("rule", OptionValue::Text(rule.into()));
        let mut seen = HashSet::new();
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let mut game = new_game("caro", &options).expect("caro");
            for cell in line.split_whitespace() {
                game.play_text(cell)
                    .unwrap_or_else(|e| panic!("{rule}: '{line}': {cell}: {e}"));
            }
            assert!(!game.status().is_finished(), "{rule}: '{line}' is over");
            assert!(seen.insert(line.to_string()), "{rule}: '{line}' twice");
        }
        assert!(seen.len() >= least, "{rule}: {} openings", seen.len());
    }
}
