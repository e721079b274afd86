//! A stand-in for `ply serve` while the command line cannot be built: the web app on
//! `--addr` with its games in `--data`, printing its URL as `ply serve` does, so the
//! browser tests (`PLY_BIN=target/release/examples/serve npm test`) and `tools/soak.py
//! --ply target/release/examples/serve` can run against this crate alone. It takes the same
//! `serve --addr A --data D` arguments and nothing else; it is not the product.

use std::io::Write;
use std::path::PathBuf;

use ply_web::{Config, Server, default_data_dir};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut addr = "127.0.0.1:8080".to_string();
    let mut data = default_data_dir();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "serve" => {}
            "--addr" => addr = args.next().ok_or("--addr needs an address")?,
            "--data" => data = PathBuf::from(args.next().ok_or("--data needs a directory")?),
            other => {
                return Err(format!("unknown argument '{other}': serve --addr A --data D").into());
            }
        }
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let server = Server::bind(&addr, &Config::new(&data)).await?;
        let bound = server.local_addr()?;
        let mut out = std::io::stdout();
        writeln!(out, "ply web app: http://{bound}/")?;
        writeln!(out, "games are kept in {}", data.display())?;
        out.flush()?;
        server
            .run(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await?;
        Ok(())
    })
}
