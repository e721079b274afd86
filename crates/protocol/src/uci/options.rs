//! The engine's UCI options: what `uci` lists and how `setoption` changes them. The
//! engine's own options are written here; a game's options that UCI names (`UCI_Chess960`)
//! come from the current variant's spec.

use ply_games::{
    GameOptions, GameSpec, Level, OptionKind, OptionSpec, OptionValue, find_game, games,
};

use crate::strength::{OptionWords, StrengthOptions};

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
    /// Game options set by their UCI names (`UCI_Chess960`), by the game's option name;
    /// a variant takes those its spec has.
    pub game: GameOptions,
    /// The game played.
    pub variant: String,
    /// Which player answers `go`.
    pub level: Level,
    /// `UCI_LimitStrength`, `UCI_Elo` and `Skill Level`.
    pub strength: StrengthOptions,
    /// `debug on`.
    pub debug: bool,
    /// `OwnBook`: answer from the book file when it has a move.
    pub own_book: bool,
    /// `Book File`: a Polyglot `.bin` (chess) or a book in ply's format; empty for none.
    pub book_file: String,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            hash_mib: 16,
            threads: 1,
            multipv: 1,
            move_overhead_ms: 30,
            ponder: false,
            game: GameOptions::default(),
            variant: "chess".to_string(),
            level: Level::Strong,
            strength: StrengthOptions::default(),
            debug: false,
            own_book: false,
            book_file: String::new(),
        }
    }
}

/// What a `setoption` changed, so the loop knows what to redo.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Table size or threads: pass them to the engines.
    Engine,
    /// The game or one of its options: start a new game.
    Game,
    /// Clear the engines' memory.
    ClearHash,
    /// `OwnBook` or `Book File`: open (or close) the book.
    Book,
    /// Nothing more to do.
    Nothing,
}

/// The games a UCI GUI may play (and switch to with `UCI_Variant`): those whose spec says
/// so, in alphabetical order.
pub fn available_variants() -> Vec<&'static str> {
    let mut variants: Vec<&'static str> = games()
        .iter()
        .filter(|spec| spec.uci_variant)
        .map(|spec| spec.name)
        .collect();
    variants.sort_unstable();
    variants
}

/// The UCI variant named `variant` (any case), or an error naming the ones UCI plays.
pub fn known_variant(variant: &str) -> std::io::Result<&'static str> {
    let variants = available_variants();
    variants
        .iter()
        .copied()
        .find(|known| known.eq_ignore_ascii_case(variant))
        .ok_or_else(|| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("UCI plays {}, not '{variant}'", variants.join(" or ")),
            )
        })
}

impl Settings {
    /// The options to start the current variant with: those of [`Settings::game`] its
    /// spec takes.
    pub fn game_options(&self) -> GameOptions {
        let spec = find_game(&self.variant).ok();
        GameOptions {
            values: self
                .game
                .values
                .iter()
                .filter(|(name, _)| spec.is_some_and(|spec| spec.option(name).is_some()))
                .map(|(name, value)| (name.clone(), value.clone()))
                .collect(),
            position: None,
        }
    }
}

/// The current variant's options that UCI sets by name (`UCI_Chess960`).
fn uci_game_options(
    settings: &Settings,
) -> impl Iterator<Item = (&'static str, &'static OptionSpec)> {
    let spec: Option<&'static GameSpec> = find_game(&settings.variant).ok();
    spec.into_iter()
        .flat_map(|spec| spec.options.iter())
        .filter_map(|option| option.uci.map(|name| (name, option)))
}

/// The `option` line of a game option, its value as set.
fn describe_game_option(name: &str, option: &OptionSpec, value: &OptionValue) -> String {
    match (option.kind, value) {
        (OptionKind::Flag { .. }, OptionValue::Flag(on)) => {
            format!("option name {name} type check default {on}")
        }
        (OptionKind::Range { min, max, .. }, OptionValue::Int(number)) => {
            format!("option name {name} type spin default {number} min {min} max {max}")
        }
        (OptionKind::Choice { values }, OptionValue::Text(chosen)) => {
            let vars: String = values.iter().map(|v| format!(" var {v}")).collect();
            format!("option name {name} type combo default {chosen}{vars}")
        }
        // A value of another kind cannot be stored (values are checked): show the default.
        _ => describe_game_option(name, option, &option.default_value()),
    }
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
        "option name OwnBook type check default false".to_string(),
        "option name Book File type string default <empty>".to_string(),
    ];
    let game = settings.game_options();
    for (name, option) in uci_game_options(settings) {
        let value = game
            .values
            .get(option.name)
            .cloned()
            .unwrap_or_else(|| option.default_value());
        lines.push(describe_game_option(name, option, &value));
    }
    let variants = available_variants();
    if !variants.is_empty() {
        let vars: String = variants.iter().map(|v| format!(" var {v}")).collect();
        lines.push(format!(
            "option name UCI_Variant type combo default {}{vars}",
            settings.variant
        ));
    }
    lines.push("option name Level type combo default strong var strong var classic".to_string());
    lines.extend(settings.strength.describe(OptionWords::Uci));
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
    if let Some(done) = settings.strength.set(name, value) {
        return done.map(|()| Change::Nothing);
    }
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
        "ownbook" => {
            settings.own_book = check(name, value)?;
            Ok(Change::Book)
        }
        "book file" => {
            let path = value.unwrap_or("").trim();
            settings.book_file = if path == "<empty>" {
                String::new()
            } else {
                path.to_string()
            };
            Ok(Change::Book)
        }
        "clear hash" => Ok(Change::ClearHash),
        "uci_analysemode" | "uci_showwdl" => Ok(Change::Nothing),
        _ => set_game_option(settings, name, value),
    }
}

/// Applies `setoption` for one of the current variant's options (`UCI_Chess960`): a new
/// game when its value changes.
fn set_game_option(
    settings: &mut Settings,
    name: &str,
    value: Option<&str>,
) -> Result<Change, String> {
    let Some((uci, option)) =
        uci_game_options(settings).find(|(uci, _)| uci.eq_ignore_ascii_case(name.trim()))
    else {
        return Err(format!("unknown option '{name}'"));
    };
    let given = OptionValue::Text(value.ok_or_else(|| format!("{uci} needs a value"))?.into());
    let checked = option
        .check(&settings.variant, &given)
        .map_err(|error| error.to_string())?;
    let before = settings
        .game
        .values
        .insert(option.name.to_string(), checked.clone());
    let unchanged = before
        .unwrap_or_else(|| option.default_value())
        .eq(&checked);
    Ok(if unchanged {
        Change::Nothing
    } else {
        Change::Game
    })
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
        assert!(set(&mut settings, "UCI_Chess960", Some("maybe")).is_err());
        assert_eq!(
            set(&mut settings, "uci_chess960", Some("true")),
            Ok(Change::Nothing)
        );
        assert!(settings.game_options().flag("chess960"));
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
        assert_eq!(
            set(&mut settings, "OwnBook", Some("true")),
            Ok(Change::Book)
        );
        assert!(settings.own_book);
        assert!(set(&mut settings, "OwnBook", Some("often")).is_err());
        assert_eq!(
            set(&mut settings, "Book File", Some("/books/a b.bin")),
            Ok(Change::Book)
        );
        assert_eq!(settings.book_file, "/books/a b.bin");
        assert_eq!(
            set(&mut settings, "Book File", Some("<empty>")),
            Ok(Change::Book)
        );
        assert_eq!(settings.book_file, "");
    }

    #[test]
    fn game_options_come_from_the_variants_spec() {
        let mut settings = Settings::default();
        let chess960 = |settings: &Settings| {
            describe(settings)
                .into_iter()
                .find(|line| line.contains("UCI_Chess960"))
        };
        let listed = |on: bool| Some(format!("option name UCI_Chess960 type check default {on}"));
        assert_eq!(chess960(&settings), listed(false));
        // Each step: a setoption, what it changes, and the UCI_Chess960 line listed after.
        let steps = [
            ("UCI_Chess960", "true", Ok(Change::Game), listed(true)),
            ("UCI_Variant", "xiangqi", Ok(Change::Game), None),
            ("UCI_Variant", "chess", Ok(Change::Game), listed(true)),
        ];
        for (name, value, change, shown) in steps {
            assert_eq!(
                set(&mut settings, name, Some(value)),
                change,
                "{name} {value}"
            );
            assert_eq!(chess960(&settings), shown, "after {name} {value}");
        }
        assert!(settings.game_options().flag("chess960"), "kept for chess");
        set(&mut settings, "UCI_Variant", Some("xiangqi")).expect("xiangqi");
        assert!(settings.game_options().values.is_empty());
        assert!(set(&mut settings, "UCI_Chess960", Some("true")).is_err());
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
            let available = find_game(name).is_ok();
            assert_eq!(variant.contains(&format!("var {name}")), available);
        }
    }
}
