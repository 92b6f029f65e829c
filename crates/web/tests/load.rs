//! A small load test: dozens of games at once against a real listener on
//! loopback, every call answered, every game consistent. The example `load`
//! runs the same client with hundreds of games and reports latencies.

use std::sync::Arc;
use std::time::Duration;

use crib_web::{Limits, Server};

use crate::driver::{Plan, run};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dozens_of_games_at_once_stay_consistent() {
    let server = Arc::new(Server::new(Limits::default(), Some(99)));
    let listener = crib_web::bind("127.0.0.1:0".parse().unwrap()).await.unwrap();
    let addr = listener.local_addr().unwrap();
    let serving =
        tokio::spawn(axum::serve(listener, crib_web::router(Arc::clone(&server))).into_future());
    let plan = Plan { games: 40, hands: 2, limit: Duration::from_secs(60), think: Duration::ZERO };
    let report = run(addr, plan, "basic").await;
    serving.abort();
    assert!(report.problems.is_empty(), "{:#?}", report.problems);
    assert_eq!(report.completed, 40);
    assert_eq!(server.games(), 40);
    eprintln!("{}", report.table());
}
