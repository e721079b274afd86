//! The registry of games: the list of every game's [`GameSpec`]. Adding a game is a folder
//! with its spec and one line here; every front end then serves it.

use crate::session::{GameError, Record};
use crate::spec::{GameOptions, GameSpec};

static GAMES: [&GameSpec; 4] = [
    &crate::tictactoe::spec::SPEC,
    &crate::caro::spec::SPEC,
    &crate::xiangqi::spec::SPEC,
    &crate::chess::spec::SPEC,
];

/// Every game.
pub fn games() -> &'static [&'static GameSpec] {
    &GAMES
}

/// The game called `name` (or one of its aliases).
pub fn find_game(name: &str) -> Result<&'static GameSpec, GameError> {
    let wanted = name.trim().to_ascii_lowercase();
    GAMES
        .iter()
        .copied()
        .find(|spec| spec.name == wanted || spec.aliases.contains(&wanted.as_str()))
        .ok_or_else(|| GameError::Unknown {
            given: name.chars().take(32).collect(),
            expected: GAMES
                .iter()
                .map(|spec| {
                    if spec.aliases.is_empty() {
                        spec.name.to_string()
                    } else {
                        format!("{} ({})", spec.name, spec.aliases.join(", "))
                    }
                })
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// Starts a game by name.
pub fn new_game(name: &str, options: &GameOptions) -> Result<Box<dyn Record>, GameError> {
    find_game(name)?.new_game(options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::OptionValue;

    #[test]
    fn names_and_aliases_find_games() {
        assert_eq!(find_game("ttt").map(|g| g.name), Ok("tictactoe"));
        assert_eq!(find_game("Gomoku").map(|g| g.name), Ok("caro"));
        let unknown = find_game("go").expect_err("no such game").to_string();
        assert!(
            unknown.contains("tictactoe") && unknown.contains("chess"),
            "{unknown}"
        );
    }

    #[test]
    fn options_are_checked_against_the_spec() {
        let refused = |game: &str, options: GameOptions| {
            find_game(game)
                .expect("exists")
                .new_game(&options)
                .err()
                .map(|error| error.to_string())
                .unwrap_or_default()
        };
        let size = |n| GameOptions::default().with("size", OptionValue::Int(n));
        assert!(refused("tictactoe", size(4)).contains("takes no options"));
        assert!(refused("caro", size(4)).contains("5 to 25"));
        assert!(refused("caro", size(26)).contains("5 to 25"));
        let rule = GameOptions::default().with("rule", OptionValue::Text("go".into()));
        assert!(refused("caro", rule).contains("freestyle, standard, caro, caro5, renju"));
        let flag = GameOptions::default().with("chess960", OptionValue::Text("maybe".into()));
        assert!(refused("chess", flag).contains("true or false"));
        assert!(refused("chess", size(8)).contains("it takes chess960"));
    }

    #[test]
    fn every_option_is_canonical_and_its_default_starts_a_game() {
        for spec in games() {
            let mut options = GameOptions::default();
            for option in spec.options {
                options = options.with(option.name, option.default_value());
            }
            let record = spec.new_game(&options).expect(spec.name);
            assert_eq!(record.spec().name, spec.name);
            assert_eq!(record.options(), &spec.check(&options).expect("checked"));
        }
        let renju = GameOptions::default().with("rule", OptionValue::Text("RENJU".into()));
        let checked = find_game("caro").expect("caro").check(&renju).expect("ok");
        assert_eq!(checked.text("rule"), Some("renju"));
        let chess960 = find_game("chess")
            .expect("chess")
            .new_game(&GameOptions::default().with("chess960", OptionValue::Flag(true)))
            .expect("chess960");
        assert_eq!(chess960.title(), "Chess960");
    }
}
