//! `ply` with no subcommand: a short menu in the terminal to pick a game and play it.

use std::io::{self, BufRead, Write};

use clap::Args;
use ply_games::{Notation, PlayerLevel, games};

use super::play::PlayArgs;
use crate::args::{EngineArgs, GameArgs, LimitArgs};
use crate::words::{Lang, Words};

/// Arguments of `ply menu`.
#[derive(Args, Debug, Clone, Default)]
pub struct MenuArgs {
    /// The language: en or vi (default: from LC_ALL, LC_MESSAGES or LANG).
    #[arg(long)]
    pub lang: Option<Lang>,
    /// How chess and xiangqi moves are written (see `ply play --help`).
    #[arg(long)]
    pub notation: Option<Notation>,
}

/// Asks which game, which side and which level, then plays.
pub fn run(menu: &MenuArgs) -> anyhow::Result<()> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout();
    let available = games();
    let lang = Lang::choose(menu.lang);
    let words = Words(lang);
    writeln!(out, "{}", words.menu_heading())?;
    for (number, spec) in available.iter().enumerate() {
        writeln!(out, "  {}. {}", number + 1, words.game_name(spec))?;
    }
    let Some(choice) = ask(&mut input, &mut out, words.ask_game())? else {
        return Ok(());
    };
    let index = if choice.is_empty() {
        1
    } else {
        choice.parse::<usize>().unwrap_or(0)
    };
    let Some(spec) = index.checked_sub(1).and_then(|i| available.get(i)) else {
        anyhow::bail!("{}", words.no_such_game(&choice, available.len()));
    };
    let Some(side) = ask(&mut input, &mut out, words.ask_side())? else {
        return Ok(());
    };
    let Some(level) = ask(&mut input, &mut out, words.ask_level())? else {
        return Ok(());
    };
    let level: PlayerLevel = if level.is_empty() {
        PlayerLevel::STRONGEST
    } else {
        level.parse()?
    };
    let args = PlayArgs {
        game: GameArgs::named(spec.name),
        human: if side.is_empty() {
            "first".to_string()
        } else {
            side
        },
        level,
        algorithm: None,
        limits: LimitArgs::default(),
        engine: EngineArgs {
            threads: 1,
            hash: 16,
        },
        no_color: false,
        ascii: false,
        flip: false,
        clock: None,
        lang: Some(lang),
        notation: menu
            .notation
            .filter(|notation| spec_offers(spec.name, *notation)),
    };
    drop(input);
    super::play::run(&args)
}

fn ask(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    prompt: &str,
) -> anyhow::Result<Option<String>> {
    write!(out, "{prompt}")?;
    out.flush()?;
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        writeln!(out)?;
        return Ok(None);
    }
    Ok(Some(line.trim().to_string()))
}

/// Whether the game called `name` offers `notation` (a menu's notation is for the games
/// that have it; the others keep their own).
fn spec_offers(name: &str, notation: Notation) -> bool {
    ply_games::new_game(name, &ply_games::GameOptions::default())
        .is_ok_and(|record| record.notations().contains(&notation))
}
