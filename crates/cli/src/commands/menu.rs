//! `ply` with no subcommand: a short menu in the terminal to pick a game and play it.

use std::io::{self, BufRead, Write};

use ply_games::{Level, games};

use super::play::PlayArgs;
use crate::args::{EngineArgs, GameArgs, LimitArgs};

/// Asks which game, which side and which level, then plays.
pub fn run() -> anyhow::Result<()> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout();
    let available = games();
    writeln!(out, "ply — play board games against a searching computer\n")?;
    for (number, spec) in available.iter().enumerate() {
        writeln!(out, "  {}. {}", number + 1, spec.title.en)?;
    }
    let Some(choice) = ask(&mut input, &mut out, "Game number [1]: ")? else {
        return Ok(());
    };
    let index = if choice.is_empty() {
        1
    } else {
        choice.parse::<usize>().unwrap_or(0)
    };
    let Some(spec) = index.checked_sub(1).and_then(|i| available.get(i)) else {
        anyhow::bail!(
            "'{choice}' is not one of the game numbers 1 to {}",
            available.len()
        );
    };
    let Some(side) = ask(&mut input, &mut out, "Play first or second? [first]: ")? else {
        return Ok(());
    };
    let Some(level) = ask(
        &mut input,
        &mut out,
        "Computer level, classic or strong? [strong]: ",
    )?
    else {
        return Ok(());
    };
    let level: Level = if level.is_empty() {
        Level::Strong
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
