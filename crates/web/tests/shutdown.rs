//! Graceful shutdown of a real server on a local port: with an event stream open and the
//! computer in a long search, the server stops promptly when told to, the search's move
//! is played and stored, and the store holds it after a restart.

use std::time::{Duration, Instant};

use ply_web::{Config, Server, Store};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};

use serde_json::Value;

/// One HTTP/1.1 request on its own connection, off the runtime; the answer's status and
/// body.
async fn request(
    addr: SocketAddr,
    method: &'static str,
    path: &str,
    body: &'static str,
) -> (u16, String) {
    let path = path.to_string();
    tokio::task::spawn_blocking(move || blocking_request(addr, method, &path, body))
        .await
        .expect("the request ends")
}

fn blocking_request(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("connects");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(head.as_bytes()).expect("sends");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("reads");
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or(0);
    let body = answer
        .split("\r\n\r\n")
        .nth(1)
        .unwrap_or_default()
        .to_string();
    (status, body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_stops_the_search_keeps_its_move_and_ends_the_streams() {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = Server::bind("127.0.0.1:0", &Config::new(dir.path()))
        .await
        .expect("binds");
    let addr = server.local_addr().expect("an address");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(server.run(async move {
        let _ = stopped.await;
    }));

    // The computer moves first, with 30 s to think.
    let (status, body) = request(
        addr,
        "POST",
        "/api/games",
        r#"{"game":"chess","human":"second","level":"strong","movetime_ms":30000}"#,
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let game: Value = serde_json::from_str(&body).expect("json");
    let id = game["id"].as_str().expect("id").to_string();

    // A page watching the game: its stream stays open until shutdown ends it.
    let mut watcher = TcpStream::connect(addr).expect("connects");
    let head = format!("GET /api/games/{id}/events HTTP/1.1\r\nhost: {addr}\r\n\r\n");
    watcher.write_all(head.as_bytes()).expect("sends");
    watcher
        .set_read_timeout(Some(Duration::from_secs(5)))
        .expect("a timeout");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, _) = request(addr, "GET", "/readyz", "").await;
    assert_eq!(status, 200);

    let asked = Instant::now();
    let _ = stop.send(());
    let outcome = tokio::time::timeout(Duration::from_secs(15), running)
        .await
        .expect("the server stops within 15 s")
        .expect("the task ends");
    assert!(outcome.is_ok(), "{outcome:?}");
    assert!(
        asked.elapsed() < Duration::from_secs(10),
        "{:?}",
        asked.elapsed()
    );
    let mut seen = Vec::new();
    let read = watcher.read_to_end(&mut seen);
    assert!(read.is_ok(), "the event stream was closed: {read:?}");
    assert!(
        String::from_utf8_lossy(&seen).contains("text/event-stream"),
        "it was an event stream"
    );
    assert!(TcpStream::connect(addr).is_err(), "no longer listening");

    let mut store = Store::open(dir.path()).expect("reopens");
    let number = store.find(&id).expect("finds").expect("exists");
    let stored = store
        .load(number)
        .expect("loads")
        .expect("the game is stored");
    assert_eq!(stored.moves.len(), 1, "the stopped search's move is stored");
}
