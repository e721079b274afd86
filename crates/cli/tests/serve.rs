//! `ply serve` as an operator starts it: JSON logs on stderr, and a PostgreSQL URL that
//! cannot be reached refused at once with the reason (its password not shown).

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use serde_json::Value;

fn data_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-serve-test-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a data directory");
    dir
}

#[test]
fn logs_are_json_lines_when_asked() {
    let dir = data_dir("json");
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--log-format",
            "json",
            "--data",
        ])
        .arg(&dir)
        .env_remove("PLY_DATABASE")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ply serve starts");
    let mut url = String::new();
    // Kept open until the end: a closed stdout would stop the server at its next line.
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    stdout.read_line(&mut url).expect("the URL");
    let mut line = String::new();
    let stderr = child.stderr.take().expect("stderr");
    BufReader::new(stderr)
        .read_line(&mut line)
        .expect("a log line");
    let _ = child.kill();
    let _ = child.wait();
    drop(stdout);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(url.contains("http://127.0.0.1:"), "{url}");
    let log: Value = serde_json::from_str(&line)
        .unwrap_or_else(|error| panic!("the log line is not JSON ({error}): {line:?}"));
    assert_eq!(log["level"], "INFO", "{log}");
    assert_eq!(log["fields"]["message"], "serving", "{log}");
    assert!(
        log["fields"]["url"]
            .as_str()
            .is_some_and(|logged| url.contains(logged)),
        "{log}"
    );
}

#[test]
fn an_unreachable_database_is_refused_with_its_reason() {
    let dir = data_dir("nodb");
    // Port 1 on the loopback: nothing listens there.
    let output = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(&dir)
        .env("PLY_DATABASE", "postgres://ply:hunter2@127.0.0.1:1/ply")
        .output()
        .expect("ply serve runs");
    let _ = std::fs::remove_dir_all(&dir);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(
        stderr.contains("cannot open the game store in postgres://ply:***@127.0.0.1:1/ply"),
        "{stderr}"
    );
    assert!(!stderr.contains("hunter2"), "{stderr}");
}
