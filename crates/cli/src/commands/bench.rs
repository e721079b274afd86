//! `ply bench`: a fixed, deterministic workload (the game's bench positions, the strong
//! engine, one thread, a cleared table per position, a fixed depth). The last line is
//! `<nodes> nodes <nps> nps`, as OpenBench reads it; the node count is the search's checksum.
//! With `--table`, time to depth and peak memory from the start position, one subprocess per
//! depth, beside a published reference table where the game has one.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::Args;
use ply_games::{GameOptions, GameSpec, Level, Table, ThinkRequest, find_game};
use ply_search::{EngineOptions, Limits, SearchControl, nodes_per_second};

/// Arguments of `ply bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The game (default: chess, so that `ply bench` works as OpenBench expects).
    game: Option<String>,
    /// The game's options, from the flags its spec declares (`--size`, `--rule`…).
    #[arg(skip)]
    pub options: GameOptions,
    /// Depth instead of the game's bench depth.
    #[arg(long)]
    depth: Option<u32>,
    /// Transposition table in MiB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Search threads (more than one is not deterministic).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// The player to measure; with --table both are measured unless one is named.
    #[arg(long)]
    level: Option<Level>,
    /// Print time to depth and peak memory for depths 1 to --max-depth.
    #[arg(long)]
    table: bool,
    /// Deepest row of the table.
    #[arg(long, default_value_t = 10)]
    max_depth: u32,
    /// Seconds one row of the table may take before the rest of its column is skipped.
    #[arg(long, default_value_t = 60)]
    row_timeout: u64,
    /// Internal: one search of the start position to this depth, reporting time and memory.
    #[arg(long, hide = true)]
    single_depth: Option<u32>,
}

impl BenchArgs {
    fn spec(&self) -> anyhow::Result<&'static GameSpec> {
        Ok(find_game(self.game.as_deref().unwrap_or("chess"))?)
    }

    fn session(&self, spec: &GameSpec) -> anyhow::Result<Table> {
        let mut table = Table::new(spec.new_game(&self.options)?);
        table.thinker.set_engine_options(EngineOptions {
            hash_mib: self.hash,
            threads: self.threads.max(1),
        });
        Ok(table)
    }
}

/// Runs `ply bench`.
pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    let spec = args.spec()?;
    if let Some(depth) = args.single_depth {
        return single_depth(args, spec, depth);
    }
    if args.table {
        return table(args, spec);
    }
    let depth = args.depth.unwrap_or(spec.bench.depth);
    let level = args.level.unwrap_or(Level::Strong);
    let mut nodes = 0u64;
    let mut time = Duration::ZERO;
    let mut session = args.session(spec)?;
    // Build the engine (and its table) before the clock starts: the bench measures search.
    session.think(
        &ThinkRequest::new(level, Limits::depth(1)),
        &SearchControl::default(),
        &mut |_| {},
    )?;
    let positions = spec.bench_positions(&args.options);
    for (number, position) in positions.iter().enumerate() {
        if position.is_empty() {
            session.reset();
        } else {
            session
                .set_position(position)
                .with_context(|| format!("bench position {}", number + 1))?;
        }
        session.thinker.clear();
        let request = ThinkRequest::new(level, Limits::depth(depth));
        let start = Instant::now();
        let result = session.think(&request, &SearchControl::default(), &mut |_| {})?;
        let took = start.elapsed();
        nodes += result.nodes;
        time += took;
        println!(
            "position {:>2}/{}  depth {:>2}  {:>10} nodes  {:>6} ms  best {:<8} {}",
            number + 1,
            positions.len(),
            result.depth,
            result.nodes,
            took.as_millis(),
            result
                .best_move
                .map(|mv| mv.name)
                .unwrap_or_else(|| "-".into()),
            session.position()
        );
    }
    let nps = nodes_per_second(nodes, time);
    println!("===========================");
    println!("Total time (ms) : {}", time.as_millis());
    println!("Nodes searched  : {nodes}");
    println!("Nodes/second    : {nps}");
    println!("{nodes} nodes {nps} nps");
    Ok(())
}

fn single_depth(args: &BenchArgs, spec: &GameSpec, depth: u32) -> anyhow::Result<()> {
    let mut session = args.session(spec)?;
    let request = ThinkRequest::new(args.level.unwrap_or(Level::Strong), Limits::depth(depth));
    let start = Instant::now();
    let result = session.think(&request, &SearchControl::default(), &mut |_| {})?;
    let took = start.elapsed();
    println!(
        "ms={} rss_kb={} nodes={}",
        took.as_millis(),
        peak_rss_kb().unwrap_or(0),
        result.nodes
    );
    Ok(())
}

/// Peak resident memory of this process (VmHWM), in KiB.
fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|kb| kb.parse().ok())
}

/// One measured row of one column.
enum Cell {
    Measured { ms: u64, kb: u64 },
    TimedOut,
    Skipped,
}

fn table(args: &BenchArgs, spec: &GameSpec) -> anyhow::Result<()> {
    let levels: Vec<Level> = match args.level {
        Some(level) => vec![level],
        None => vec![Level::Strong, Level::Classic],
    };
    let exe = std::env::current_exe().context("cannot find the ply executable")?;
    let mut header = String::from("depth");
    for level in &levels {
        header.push_str(&format!(" | {level:>8} ms | {level:>8} MB"));
    }
    if !spec.reference_table.is_empty() {
        header.push_str(" | reference ms | reference MB");
    }
    println!(
        "{} time to depth from the start position ({} MiB table, {} thread{})",
        spec.title.en,
        args.hash,
        args.threads,
        if args.threads == 1 { "" } else { "s" }
    );
    println!("{header}");
    let mut gave_up = vec![false; levels.len()];
    for depth in 1..=args.max_depth {
        let mut row = format!("{depth:>5}");
        for (column, level) in levels.iter().enumerate() {
            let cell = if gave_up[column] {
                Cell::Skipped
            } else {
                measure(&exe, args, spec, *level, depth)?
            };
            match cell {
                Cell::Measured { ms, kb } => {
                    row.push_str(&format!(" | {ms:>11} | {:>11.1}", kb as f64 / 1024.0));
                }
                Cell::TimedOut => {
                    gave_up[column] = true;
                    row.push_str(&format!(
                        " | {:>11} | {:>11}",
                        format!("> {} s", args.row_timeout),
                        "-"
                    ));
                }
                Cell::Skipped => row.push_str(&format!(" | {:>11} | {:>11}", "-", "-")),
            }
        }
        if let Some((_, ms, mb)) = spec.reference_table.iter().find(|(d, _, _)| *d == depth) {
            row.push_str(&format!(" | {ms:>12} | {mb:>12}"));
        } else if !spec.reference_table.is_empty() {
            row.push_str(&format!(" | {:>12} | {:>12}", "-", "-"));
        }
        println!("{row}");
    }
    Ok(())
}

fn measure(
    exe: &std::path::Path,
    args: &BenchArgs,
    spec: &GameSpec,
    level: Level,
    depth: u32,
) -> anyhow::Result<Cell> {
    let mut command = Command::new(exe);
    command
        .arg("bench")
        .arg(spec.name)
        .args(["--single-depth", &depth.to_string()])
        .args(["--level", level.name()])
        .args(["--hash", &args.hash.to_string()])
        .args(["--threads", &args.threads.to_string()]);
    command.args(crate::args::game_option_flags(&args.options));
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .context("cannot start a bench subprocess")?;
    let deadline = Instant::now() + Duration::from_secs(args.row_timeout);
    loop {
        if child.try_wait()?.is_some() {
            break;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            return Ok(Cell::TimedOut);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let output = child.wait_with_output()?;
    if !output.status.success() {
        bail!(
            "bench subprocess failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let field = |name: &str| {
        text.split_whitespace()
            .find_map(|pair| pair.strip_prefix(name))
            .and_then(|value| value.parse::<u64>().ok())
    };
    match (field("ms="), field("rss_kb=")) {
        (Some(ms), Some(kb)) => Ok(Cell::Measured { ms, kb }),
        _ => bail!("unexpected bench subprocess output: {text}"),
    }
}
