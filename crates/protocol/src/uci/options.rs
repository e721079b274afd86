//! The engine's UCI options: what `uci` lists and how `setoption` changes them.

use ply_games::{Level, find_game};

/// Games a UCI GUI may switch to with `UCI_Variant`, in the order listed.
const VARIANTS: [&str; 2] = ["chess", "xiangqi"];

/// Largest transposition table, in MiB.
pub const MAX_HASH_MIB: usize = 65_536;
/// Most search threads.
pub const MAX_THREADS: usize = 256;

/// The option values in force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Search threads.
    pub threads: usize,
    /// Lines to report.
    pub multipv: usize,
    /// Milliseconds kept back per move for communication.
    pub move_overhead_ms: u64,
    /// The GUI may send `go ponder` (informative only).
    pub ponder: bool,
    /// Chess960 castling.
    pub chess960: bool,
    /// The game played.
    pub variant: String,
    /// Which player answers `go`.
    pub level: Level,
    /// `debug on`.
    pub debug: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            hash_mib: 16,
            threads: 1,
            multipv: 1,
            move_overhead_ms: 30,
            ponder: false,
            chess960: false,
            variant: "chess".to_string(),
            level: Level::Strong,
            debug: false,
        }
    }
}

/// What a `setoption` changed, so the loop knows what to redo.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Table size or threads: pass them to the session.
    Engine,
    /// The game or its castling rules: start a new session.
    Game,
    /// Clear the engines' memory.
    ClearHash,
    /// Nothing more to do.
    Nothing,
}

/// The variants this build can play.
pub fn available_variants() -> Vec<&'static str> {
    VARIANTS
        .into_iter()
        .filter(|name| find_game(name).is_ok_and(|spec| spec.is_available()))
        .collect()
}

/// The `option` lines of the `uci` answer.
pub fn describe(settings: &Settings) -> Vec<String> {
    let defaults = Settings::default();
    let mut lines = vec![
        format!(
            "option name Hash type spin default {} min 1 max {MAX_HASH_MIB}",
            defaults.hash_mib
        ),
        format!(
            "option name Threads type spin default {} min 1 max {MAX_THREADS}",
            defaults.threads
        ),
        format!(
            "option name MultiPV type spin default {} min 1 max 256",
            defaults.multipv
        ),
        format!(
            "option name Move Overhead type spin default {} min 0 max 5000",
            defaults.move_overhead_ms
        ),
        "option name Ponder type check default false".to_string(),
        "option name UCI_Chess960 type check default false".to_string(),
    ];
    let variants = available_variants();
    if !variants.is_empty() {
        let vars: String = variants.iter().map(|v| format!(" var {v}")).collect();
        lines.push(format!(
            "option name UCI_Variant type combo default {}{vars}",
            settings.variant
        ));
    }
    lines.push("option name Level type combo default strong var strong var classic".to_string());
    lines.push("option name Clear Hash type button".to_string());
    lines
}

fn spin(name: &str, value: Option<&str>, min: u64, max: u64) -> Result<u64, String> {
    let text = value.ok_or_else(|| format!("{name} needs a value"))?;
    let number: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{name} needs a number from {min} to {max}, not '{text}'"))?;
    if number < min || number > max {
        return Err(format!("{name} must be from {min} to {max}, not {number}"));
    }
    Ok(number)
}

fn check(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        _ => Err(format!("{name} takes true or false")),
    }
}

/// Applies `setoption name <name> value <value>`.
pub fn set(settings: &mut Settings, name: &str, value: Option<&str>) -> Result<Change, String> {
    let key = name.trim().to_ascii_lowercase();
    match key.as_str() {
        "hash" => {
            settings.hash_mib = spin(name, value, 1, MAX_HASH_MIB as u64)? as usize;
            Ok(Change::Engine)
        }
        "threads" => {
            settings.threads = spin(name, value, 1, MAX_THREADS as u64)? as usize;
            Ok(Change::Engine)
        }
        "multipv" => {
            settings.multipv = spin(name, value, 1, 256)? as usize;
            Ok(Change::Nothing)
        }
        "move overhead" => {
            settings.move_overhead_ms = spin(name, value, 0, 5000)?;
            Ok(Change::Nothing)
        }
        "ponder" => {
            settings.ponder = check(name, value)?;
            Ok(Change::Nothing)
        }
        "uci_chess960" => {
            let chess960 = check(name, value)?;
            let changed = chess960 != settings.chess960;
            settings.chess960 = chess960;
            Ok(if changed {
                Change::Game
            } else {
                Change::Nothing
            })
        }
        "uci_variant" => {
            let wanted = value.unwrap_or("").trim().to_ascii_lowercase();
            let variants = available_variants();
            if !variants.contains(&wanted.as_str()) {
                return Err(format!(
                    "UCI_Variant '{wanted}' is not available: expected one of {}",
                    variants.join(", ")
                ));
            }
            let changed = wanted != settings.variant;
            settings.variant = wanted;
            Ok(if changed {
                Change::Game
            } else {
                Change::Nothing
            })
        }
        "level" => {
            settings.level = value
                .unwrap_or("")
                .parse()
                .map_err(|e: ply_games::session::UnknownName| e.to_string())?;
            Ok(Change::Nothing)
        }
        "clear hash" => Ok(Change::ClearHash),
        "uci_analysemode" | "uci_showwdl" | "uci_limitstrength" | "uci_elo" => Ok(Change::Nothing),
        _ => Err(format!("unknown option '{name}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_checked() {
        let mut settings = Settings::default();
        assert_eq!(set(&mut settings, "Hash", Some("64")), Ok(Change::Engine));
        assert_eq!(settings.hash_mib, 64);
        assert!(set(&mut settings, "Hash", Some("0")).is_err());
        assert!(set(&mut settings, "Hash", Some("lots")).is_err());
        assert!(set(&mut settings, "Threads", None).is_err());
        assert_eq!(
            set(&mut settings, "move overhead", Some("100")),
            Ok(Change::Nothing)
        );
        assert_eq!(settings.move_overhead_ms, 100);
        assert_eq!(
            set(&mut settings, "UCI_Chess960", Some("true")),
            Ok(Change::Game)
        );
        assert!(set(&mut settings, "UCI_Chess960", Some("yes")).is_err());
        assert!(set(&mut settings, "UCI_Variant", Some("checkers")).is_err());
        assert_eq!(
            set(&mut settings, "UCI_Variant", Some("chess")),
            Ok(Change::Nothing)
        );
        assert_eq!(
            set(&mut settings, "Level", Some("classic")),
            Ok(Change::Nothing)
        );
        assert_eq!(settings.level, Level::Classic);
        assert!(set(&mut settings, "Colour", Some("red")).is_err());
    }

    #[test]
    fn the_variant_combo_lists_available_games() {
        let lines = describe(&Settings::default());
        let variant = lines
            .iter()
            .find(|l| l.contains("UCI_Variant"))
            .expect("chess is available");
        assert!(variant.contains("var chess"), "{variant}");
        for name in ["chess", "xiangqi"] {
            let available = find_game(name).is_ok_and(|spec| spec.is_available());
            assert_eq!(variant.contains(&format!("var {name}")), available);
        }
    }
}
