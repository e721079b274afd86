//! `ply uci` answers whatever protocol the GUI opens with: the transcript of a UCCI GUI
//! talking to the UCI entry point (`run_first_line`, what `ply uci` runs), and of a UCI GUI
//! for comparison.

use ply_protocol::run_first_line;

mod common;
use common::{Shared, bestmoves, legal_after};

fn transcript(script: &str, variant: &str) -> Vec<String> {
    let output = Shared::default();
    run_first_line(script.as_bytes(), output.clone(), variant).expect("loop runs");
    output.lines()
}

#[test]
fn a_ucci_gui_gets_ucci_from_the_uci_entry() {
    for variant in ["chess", "xiangqi"] {
        let lines = transcript("ucci\nposition startpos\ngo depth 3\nquit\n", variant);
        let blank_first = transcript("\n  \nucci\nquit\n", variant);
        assert!(blank_first.iter().any(|l| l == "ucciok"), "{blank_first:?}");
        assert!(lines.iter().any(|l| l == "ucciok"), "{variant}: {lines:?}");
        assert!(!lines.iter().any(|l| l == "uciok"), "{variant}: {lines:?}");
        let best = bestmoves(&lines);
        assert_eq!(best.len(), 1, "{variant}: {lines:?}");
        assert!(legal_after("xiangqi", &[], &best[0]), "{best:?}");
        assert_eq!(lines.last().map(String::as_str), Some("bye"));
    }
}

#[test]
fn a_uci_gui_gets_uci_in_the_variant_asked_for() {
    let lines = transcript(
        "\nuci\nisready\nposition startpos\ngo depth 3\nquit\n",
        "chess",
    );
    assert!(lines.iter().any(|l| l == "uciok"), "{lines:?}");
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1, "{lines:?}");
    assert!(legal_after("chess", &[], &best[0]), "{best:?}");
    assert!(transcript("", "chess").is_empty());
    let lines = transcript("uci\nposition startpos\ngo depth 3\nquit\n", "xiangqi");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("UCI_Variant") && l.contains("default xiangqi")),
        "{lines:?}"
    );
    let best = bestmoves(&lines);
    assert!(legal_after("xiangqi", &[], &best[0]), "{best:?}");
}
