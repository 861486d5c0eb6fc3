//! The verification pool: replays run on blocking threads, about one per core, with a
//! bounded queue in front. A submission that finds the queue full, or waits too long, is
//! answered 503 with `Retry-After` (the page keeps the run and tries again); one that gets a
//! verifier replays within the work budget, so how busy the server is never changes a
//! verdict.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;

use crate::metrics::Metrics;

pub struct Pool {
    verifiers: Arc<Semaphore>,
    waiting: AtomicUsize,
    queue: usize,
    wait: Duration,
}

/// The pool had no room.
#[derive(Debug, PartialEq, Eq)]
pub struct Busy;

impl Pool {
    /// `size` verifiers at once, `queue` waiting at most, each at most `wait`.
    pub fn new(size: usize, queue: usize, wait: Duration) -> Pool {
        Pool {
            verifiers: Arc::new(Semaphore::new(size.max(1))),
            waiting: AtomicUsize::new(0),
            queue,
            wait,
        }
    }

    /// Runs `job` on a verifier thread when one is free.
    pub async fn run<T: Send + 'static>(
        &self,
        metrics: &Metrics,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Busy> {
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.queue {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            metrics.pool_refused.inc();
            return Err(Busy);
        }
        let permit =
            tokio::time::timeout(self.wait, Arc::clone(&self.verifiers).acquire_owned()).await;
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        let Ok(Ok(permit)) = permit else {
            metrics.pool_refused.inc();
            return Err(Busy);
        };
        let in_use = metrics.pool_in_use.clone();
        in_use.inc();
        // The permit goes with the job: a client that leaves does not free a verifier that
        // is still replaying.
        let done = tokio::task::spawn_blocking(move || {
            let out = job();
            drop(permit);
            in_use.dec();
            out
        })
        .await;
        done.map_err(|_| Busy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_full_pool_refuses_at_once_and_frees_its_room() {
        let metrics = Metrics::new();
        let pool = Arc::new(Pool::new(1, 1, Duration::from_millis(200)));
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let busy = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move {
                let m = Metrics::new();
                pool.run(&m, move || rx.recv().is_ok()).await
            })
        };
        tokio::time::sleep(Duration::from_millis(50)).await;
        // One verifier busy, one waiting: that one times out, a third finds no room.
        let waiting = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move {
                let m = Metrics::new();
                pool.run(&m, || 1).await
            })
        };
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(pool.run(&metrics, || 2).await, Err(Busy));
        assert_eq!(waiting.await.ok(), Some(Err(Busy)));
        let _ = tx.send(());
        assert_eq!(busy.await.ok(), Some(Ok(true)));
        assert_eq!(pool.run(&metrics, || 3).await, Ok(3));
        assert_eq!(metrics.pool_refused.get(), 1);
    }
}
