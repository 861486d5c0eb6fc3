//! Uploads that stall or trickle, sent byte by byte over raw connections to the real server:
//! a stalled body is refused with the API's words, and one trickled a byte at a time (each
//! byte within the idle bound) is still cut off, long before it could arrive.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use common::{service, settings, token, Scratch, Server};

/// The head of a POST to `path` of a body of `kind` and `promised` bytes (far more than any
/// test here sends), with a player's token.
fn head(path: &str, kind: &str, promised: usize) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\
         Content-Type: {kind}\r\nX-Caves-Token: {}\r\nContent-Length: {promised}\r\n\r\n",
        token("slow")
    )
}

/// Sends `head` and `first`, then nothing more: the status and body of the answer.
async fn stalled(addr: SocketAddr, head: &str, first: &[u8]) -> (u16, serde_json::Value) {
    let mut conn = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    conn.write_all(head.as_bytes()).await.expect("head");
    conn.write_all(first).await.expect("first bytes");
    let mut answer = Vec::new();
    conn.read_to_end(&mut answer).await.expect("an answer");
    parse(&answer)
}

/// The status and the JSON body (Null when there is none) of a raw HTTP/1.1 answer.
fn parse(answer: &[u8]) -> (u16, serde_json::Value) {
    let text = String::from_utf8_lossy(answer);
    let status = text
        .strip_prefix("HTTP/1.1 ")
        .and_then(|rest| rest.get(..3))
        .and_then(|code| code.parse().ok())
        .unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or("", |(_, body)| body);
    (
        status,
        serde_json::from_str(body).unwrap_or(serde_json::Value::Null),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stalled_run_file_or_batch_is_refused_in_words() {
    let scratch = Scratch::new("stalled");
    let mut server = Server::start(service(&scratch.db(), settings()).await).await;
    let run = head(
        "/api/daily/runs?name=Slow",
        "application/octet-stream",
        100_000,
    );
    // A batch within its route's limit of 64 KB.
    let batch = head(
        "/api/live/0123456789abcdef0123456789abcdef/actions",
        "application/json",
        1_000,
    );
    let (a, b) = tokio::join!(
        stalled(server.addr, &run, b"CAVE"),
        stalled(server.addr, &batch, b"{\"from\": 0, ")
    );
    for (status, body) in [a, b] {
        assert_eq!(status, 408, "{body}");
        assert!(
            body["error"]
                .as_str()
                .is_some_and(|e| e.contains("stalled")),
            "{body}"
        );
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_run_file_trickled_a_byte_at_a_time_is_cut_off() {
    let scratch = Scratch::new("trickled");
    let mut server = Server::start(service(&scratch.db(), settings()).await).await;
    let conn = tokio::net::TcpStream::connect(server.addr)
        .await
        .expect("connects");
    let (mut read, mut write) = conn.into_split();
    write
        .write_all(
            head(
                "/api/daily/runs?name=Slow",
                "application/octet-stream",
                100_000,
            )
            .as_bytes(),
        )
        .await
        .expect("head");
    // A byte a second, well within the idle bound, for at most 90 s: the server must have
    // answered before the last (it stops reading at `UPLOAD_TIMEOUT`).
    let trickle = async {
        for _ in 0..90 {
            if write.write_all(b"C").await.is_err() {
                // Closed by the server: its answer is read below.
                std::future::pending::<()>().await;
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        panic!("the server still reads a body trickled for 90 s");
    };
    let answer = async {
        let mut answer = Vec::new();
        let _ = read.read_to_end(&mut answer).await;
        answer
    };
    let answer = tokio::select! {
        answer = answer => answer,
        () = trickle => unreachable!("the trickle ends only by a panic"),
    };
    let text = String::from_utf8_lossy(&answer);
    let (status, body) = parse(&answer);
    assert_eq!(status, 408, "{text}");
    // In the API's words, as every refusal is, not a bare status.
    let words = body["error"].as_str().unwrap_or_default();
    assert!(words.starts_with("The upload took longer than"), "{text}");
    server.stop().await;
}
