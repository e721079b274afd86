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

/// `ply serve` on a free loopback port with the store in `dir` (SQLite), its stdout piped
/// (the first line names the URL) and stderr as `stderr` says; `extra` flags go first.
fn serve(dir: &std::path::Path, extra: &[&str], stderr: Stdio) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(extra)
        .arg("--data")
        .arg(dir)
        .env_remove("PLY_DATABASE")
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("ply serve starts")
}

#[test]
fn logs_are_json_lines_when_asked() {
    let dir = data_dir("json");
    let mut child = serve(&dir, &["--log-format", "json"], Stdio::piped());
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

/// One HTTP/1.1 request on a connection of its own; the status line and the body.
fn request(addr: &str, method: &str, path: &str, body: &str) -> (String, String) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).expect("connects");
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .expect("a timeout");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nhost: {addr}\r\ncookie: ply_owner={OWNER}\r\n\
         content-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("sends");
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    (
        head.lines().next().unwrap_or("").to_string(),
        body.to_string(),
    )
}

const OWNER: &str = "0123456789abcdef0123456789abcdef";

#[test]
fn a_browser_that_goes_away_mid_stream_does_not_stop_the_server() {
    use std::io::Read;
    let dir = data_dir("gone");
    let mut child = serve(&dir, &[], Stdio::null());
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    stdout.read_line(&mut line).expect("the URL");
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .expect("an address")
        .to_string();

    // The kernel's record of the process: SIGPIPE (13) is among the ignored signals, so a
    // write to a connection the peer reset is an error to handle, not the server's end.
    #[cfg(target_os = "linux")]
    {
        let status = std::fs::read_to_string(format!("/proc/{}/status", child.id()))
            .expect("the process's status");
        let ignored = status
            .lines()
            .find_map(|line| line.strip_prefix("SigIgn:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .expect("a SigIgn line");
        if ignored & (1 << (13 - 1)) == 0 {
            let _ = child.kill();
            let _ = child.wait();
            panic!("ply serve does not ignore SIGPIPE (SigIgn {ignored:#x})");
        }
    }
    let (status, created) = request(
        &addr,
        "POST",
        "/api/games",
        r#"{"game":"chess","human":"both","level":"8","movetime_ms":1500}"#,
    );
    assert!(status.contains("201"), "{status} {created}");
    let id = created
        .split("\"id\":\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("the game's id")
        .to_string();
    // Pages' event streams, read a little and then dropped with data unread (so the
    // connection is reset), as closed tabs drop them; the analysis writes events to them.
    let mut streams = Vec::new();
    for _ in 0..8 {
        use std::io::Write;
        let mut events = std::net::TcpStream::connect(&addr).expect("connects");
        write!(
            events,
            "GET /api/games/{id}/events HTTP/1.1\r\nhost: {addr}\r\n\r\n"
        )
        .expect("asks");
        let mut first = [0u8; 64];
        let _ = events.read(&mut first);
        streams.push(events);
    }
    let (status, answer) = request(&addr, "POST", &format!("/api/games/{id}/analyze"), "");
    assert!(status.contains("202"), "{status} {answer}");
    for events in streams {
        std::thread::sleep(std::time::Duration::from_millis(150));
        drop(events);
    }
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let alive = child.try_wait().expect("a status").is_none();
    let (health, _) = if alive {
        request(&addr, "GET", "/healthz", "")
    } else {
        (String::new(), String::new())
    };
    let ended = if alive {
        None
    } else {
        child.try_wait().ok().flatten()
    };
    let _ = child.kill();
    let _ = child.wait();
    drop(stdout);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(alive, "the server ended: {ended:?}");
    assert!(health.contains("200"), "{health}");
}
