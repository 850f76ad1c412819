//! `coupdoeil serve`: the lobby and the battles in a browser (see docs/web.md).

use anyhow::{Context, Result};
use clap::Args;
use coupdoeil_server::{Config, Limits, Server};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "HOST:PORT")]
    pub addr: String,
    /// The SQLite file keeping every game and its record (created when missing). Games resume
    /// from it after a restart.
    #[arg(long, default_value = "coupdoeil-games.sqlite", value_name = "FILE")]
    pub db: PathBuf,
    /// Keep the games in memory only: they are lost when the server stops.
    #[arg(long, conflicts_with = "db")]
    pub memory: bool,
    /// A pause before each decision of a program, in milliseconds, so that its moves can be
    /// followed on the map.
    #[arg(long, default_value_t = 80, value_name = "MS")]
    pub agent_delay_ms: u64,
    /// A host name the server answers to besides IP addresses and localhost (the name players
    /// type, e.g. games.example.org). Requests for any other name, and WebSockets or POSTs from
    /// another site's pages, are refused. May be repeated.
    #[arg(long = "host", value_name = "NAME")]
    pub hosts: Vec<String>,
    /// The server stands behind a reverse proxy (e.g. one that adds TLS): each client is known
    /// by the last address of the proxy's X-Forwarded-For header.
    #[arg(long)]
    pub behind_proxy: bool,
    /// New battles one client (IP address) may create per hour.
    #[arg(long, default_value_t = Limits::default().games_per_hour, value_name = "N")]
    pub games_per_hour: u32,
    /// WebSocket connections one client may hold at once.
    #[arg(long, default_value_t = Limits::default().connections_per_client, value_name = "N")]
    pub connections_per_client: usize,
    /// Battles in progress the server holds at most (new ones are refused beyond).
    #[arg(long, default_value_t = Limits::default().open_games, value_name = "N")]
    pub max_open_games: usize,
}

pub fn run(a: &ServeArgs) -> Result<ExitCode> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let result: Result<ExitCode> = rt.block_on(async {
        let config = Config {
            db: (!a.memory).then(|| a.db.clone()),
            agent_delay: Duration::from_millis(a.agent_delay_ms),
            limits: Limits {
                games_per_hour: a.games_per_hour,
                connections_per_client: a.connections_per_client,
                open_games: a.max_open_games,
                ..Limits::default()
            },
            hosts: a.hosts.clone(),
            behind_proxy: a.behind_proxy,
        };
        let t0 = std::time::Instant::now();
        let server = Server::open(config)
            .with_context(|| format!("cannot open the game store {}", a.db.display()))?;
        for p in server.problems() {
            eprintln!("warning: {p}");
        }
        let (stored, open) = server.stored_games()?;
        let opened = t0.elapsed();
        let listener = tokio::net::TcpListener::bind(&a.addr)
            .await
            .with_context(|| format!("cannot listen on {}", a.addr))?;
        let addr = listener.local_addr()?;
        let store = if a.memory {
            "in memory only".to_string()
        } else {
            format!("in {}", a.db.display())
        };
        out!("Coup d'Oeil is serving at http://{addr}/  (games {store}; Ctrl-C stops)");
        if stored > 0 {
            out!(
                "{stored} stored games ({open} in progress), each loaded when first asked for; store opened in {} ms",
                opened.as_millis()
            );
        }
        server
            .run(listener, async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await?;
        Ok(ExitCode::SUCCESS)
    });
    // A program still thinking is not waited for: every acknowledged step is stored already.
    rt.shutdown_timeout(Duration::from_secs(1));
    out!("stopped");
    result
}
