//! `ply perft`: leaves of the legal-move tree, optionally split by root move. The last line
//! is always `Nodes searched: N`.

use std::time::Instant;

use clap::Args;
use ply_search::nodes_per_second;

use crate::args::GameArgs;

/// Arguments of `ply perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Depth in plies.
    depth: u32,
    /// Print the leaves below each root move.
    #[arg(long)]
    divide: bool,
}

/// Runs `ply perft`.
pub fn run(args: &PerftArgs) -> anyhow::Result<()> {
    let session = args.game.record()?;
    let start = Instant::now();
    let total = if args.divide {
        let split = session.perft_divide(args.depth);
        for (name, count) in &split {
            println!("{name}: {count}");
        }
        println!();
        split
            .iter()
            .map(|(_, count)| count)
            .sum::<u64>()
            .max(u64::from(args.depth == 0))
    } else {
        session.perft(args.depth)
    };
    let time = start.elapsed();
    println!(
        "Time: {} ms ({} leaves/s)",
        time.as_millis(),
        nodes_per_second(total, time)
    );
    println!("Nodes searched: {total}");
    Ok(())
}
