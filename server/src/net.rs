//! Accepting connections: HTTP/1.1 by hyper with a header timeout (which also closes idle
//! kept-alive connections), a cap on connections per client address and in all, and a clean
//! stop: on SIGTERM or Ctrl-C no new connection is taken, requests in flight finish (their
//! verifications and writes too), and what is still open after the grace is closed.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use prometheus_client::metrics::counter::Counter;
use tokio::net::TcpListener;
use tower::ServiceExt;

use crate::clients::client_key;
use crate::limits::{CONNECTIONS, CONNECTIONS_PER_ADDRESS, HEADER_TIMEOUT, STOP_GRACE};

/// Open connections by client key, and in all.
struct Open {
    counts: Mutex<Counts>,
    per_client: Option<usize>,
    most: usize,
}

/// One open connection, counted until it is dropped.
struct Counted {
    open: Arc<Open>,
    client: String,
}

#[derive(Default)]
struct Counts {
    by_client: HashMap<String, usize>,
    total: usize,
}

impl Open {
    fn enter(open: &Arc<Open>, client: String) -> Option<Counted> {
        let mut counts = open.counts.lock().ok()?;
        let mine = counts.by_client.get(&client).copied().unwrap_or(0);
        if counts.total >= open.most || open.per_client.is_some_and(|cap| mine >= cap) {
            return None;
        }
        counts.by_client.insert(client.clone(), mine + 1);
        counts.total += 1;
        Some(Counted {
            open: Arc::clone(open),
            client,
        })
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        if let Ok(mut counts) = self.open.counts.lock() {
            counts.total -= 1;
            if let Some(n) = counts.by_client.get_mut(&self.client) {
                *n -= 1;
                if *n == 0 {
                    counts.by_client.remove(&self.client);
                }
            }
        }
    }
}

/// The open-file limit raised as far as the system allows; the connection cap below it.
fn connection_cap() -> usize {
    let files = rlimit::increase_nofile_limit(u64::MAX).unwrap_or(1024);
    let spare = usize::try_from(files)
        .unwrap_or(usize::MAX)
        .saturating_sub(64);
    CONNECTIONS.min(spare).max(16)
}

/// Resolves on SIGTERM or Ctrl-C.
pub async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

/// Serves `app` on `listener` until `stop` resolves, then stops cleanly.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    refused: Counter,
    trust_proxy: bool,
    stop: impl std::future::Future<Output = ()>,
) {
    let open = Arc::new(Open {
        counts: Mutex::new(Counts::default()),
        // Behind a balancer every connection is the balancer's: it limits its clients.
        per_client: (!trust_proxy).then_some(CONNECTIONS_PER_ADDRESS),
        most: connection_cap(),
    });
    let graceful = GracefulShutdown::new();
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .keep_alive(true);
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of file descriptors, say: wait a moment rather than spin.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let Some(counted) = Open::enter(&open, client_key(peer.ip())) else {
            refused.inc();
            drop(stream);
            continue;
        };
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request
                .extensions_mut()
                .insert(ConnectInfo::<SocketAddr>(peer));
            app.clone().oneshot(request)
        });
        let connection = builder.serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let _ = connection.await;
            drop(counted);
        });
    }
    drop(listener);
    tracing::info!("stopping: no new connections; finishing the requests in flight");
    if tokio::time::timeout(STOP_GRACE, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!(
            "some connections were still open after {} s and were closed",
            STOP_GRACE.as_secs()
        );
    }
}
