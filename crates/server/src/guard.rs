//! What keeps a server on the internet standing: caps and rate limits per client (game
//! creations, WebSocket connections, messages, chat lines) and in all, the `Host` and `Origin`
//! checks, and the security headers of every response.

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::Server;
use crate::live::lock;

/// Caps and rate limits. [`Limits::default`] suits a server on the internet;
/// [`Limits::unlimited`] a test or a private machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Games one client may create per hour (up to a third of them at once).
    pub games_per_hour: u32,
    /// WebSocket connections one client may hold at once.
    pub connections_per_client: usize,
    /// WebSocket connections in all.
    pub connections: usize,
    /// Games in progress in all: creating one more is refused.
    pub open_games: usize,
    /// Games held in memory at once (those being played or watched).
    pub games_in_memory: usize,
    /// Messages one connection may send per second, on average (bursts of twice as many).
    pub messages_per_second: u32,
    /// Chat lines one connection may send per minute.
    pub chat_per_minute: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            games_per_hour: 30,
            connections_per_client: 16,
            connections: 4096,
            open_games: 10_000,
            games_in_memory: 2_000,
            messages_per_second: 20,
            chat_per_minute: 20,
        }
    }
}

impl Limits {
    /// No practical limit (tests, a server for one household).
    #[must_use]
    pub fn unlimited() -> Self {
        Limits {
            games_per_hour: 1_000_000,
            connections_per_client: 1_000_000,
            connections: 1_000_000,
            open_games: usize::MAX,
            games_in_memory: 1_000_000,
            messages_per_second: 1_000_000,
            chat_per_minute: 1_000_000,
        }
    }
}

/// A token bucket: `capacity` tokens, refilled at `per_second`.
#[derive(Clone, Debug)]
pub(crate) struct Bucket {
    tokens: f64,
    capacity: f64,
    per_second: f64,
    last: Instant,
}

impl Bucket {
    pub fn new(capacity: f64, per_second: f64) -> Bucket {
        Bucket {
            tokens: capacity,
            capacity,
            per_second,
            last: Instant::now(),
        }
    }

    fn refill(&mut self) {
        let now = Instant::now();
        let dt = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * self.per_second).min(self.capacity);
    }

    /// Takes a token if there is one.
    pub fn take(&mut self) -> bool {
        self.refill();
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Seconds until a token is there.
    pub fn wait(&mut self) -> u64 {
        self.refill();
        if self.tokens >= 1.0 || self.per_second <= 0.0 {
            0
        } else {
            ((1.0 - self.tokens) / self.per_second).ceil() as u64
        }
    }

    fn full(&mut self) -> bool {
        self.refill();
        self.tokens >= self.capacity
    }
}

struct Client {
    connections: usize,
    creations: Bucket,
}

/// The per-client counters.
pub(crate) struct Guard {
    limits: Limits,
    clients: Mutex<HashMap<IpAddr, Client>>,
    connections: Mutex<usize>,
}

/// A WebSocket connection counted against its client and the total; released when dropped.
pub(crate) struct Ticket {
    guard: Arc<crate::Inner>,
    ip: IpAddr,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let g = &self.guard.guard;
        {
            let mut total = lock(&g.connections);
            *total = total.saturating_sub(1);
        }
        if let Some(c) = lock(&g.clients).get_mut(&self.ip) {
            c.connections = c.connections.saturating_sub(1);
        }
    }
}

impl Guard {
    pub fn new(limits: Limits) -> Guard {
        Guard {
            limits,
            clients: Mutex::new(HashMap::new()),
            connections: Mutex::new(0),
        }
    }

    fn client<'a>(&self, map: &'a mut HashMap<IpAddr, Client>, ip: IpAddr) -> &'a mut Client {
        let per_hour = f64::from(self.limits.games_per_hour);
        map.entry(ip).or_insert_with(|| Client {
            connections: 0,
            creations: Bucket::new((per_hour / 3.0).max(1.0), per_hour / 3600.0),
        })
    }

    /// May this client create a game now? (Counts it if so.)
    pub fn create(&self, ip: IpAddr) -> Result<(), String> {
        let mut map = lock(&self.clients);
        let c = self.client(&mut map, ip);
        if c.creations.take() {
            Ok(())
        } else {
            Err(format!(
                "too many new battles from your address (at most {} an hour): try again in {} s",
                self.limits.games_per_hour,
                c.creations.wait()
            ))
        }
    }

    /// Counts a new connection of this client, if it may open one.
    pub fn connect(&self, inner: &Arc<crate::Inner>, ip: IpAddr) -> Result<Ticket, String> {
        let mut total = lock(&self.connections);
        if *total >= self.limits.connections {
            return Err("the server is full: try again later".into());
        }
        let mut map = lock(&self.clients);
        let c = self.client(&mut map, ip);
        if c.connections >= self.limits.connections_per_client {
            return Err(format!(
                "too many connections from your address (at most {} at once)",
                self.limits.connections_per_client
            ));
        }
        c.connections += 1;
        *total += 1;
        Ok(Ticket {
            guard: inner.clone(),
            ip,
        })
    }

    /// A connection's message allowance.
    pub fn messages(&self) -> Bucket {
        let n = f64::from(self.limits.messages_per_second);
        Bucket::new(2.0 * n, n)
    }

    /// A connection's chat allowance.
    pub fn chat(&self) -> Bucket {
        let n = f64::from(self.limits.chat_per_minute);
        Bucket::new((n / 2.0).max(1.0), n / 60.0)
    }

    /// Forgets the clients with nothing counted any more.
    pub fn sweep(&self) {
        lock(&self.clients).retain(|_, c| c.connections > 0 || !c.creations.full());
    }
}

/// The client's address, put into each request by [`check`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ClientIp(pub IpAddr);

/// The client of a request: the peer, or behind a proxy the last address the proxy added to
/// `X-Forwarded-For`.
fn client_ip(req: &Request, behind_proxy: bool) -> IpAddr {
    let peer = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip());
    if behind_proxy
        && let Some(ip) = req
            .headers()
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|p| p.trim().parse::<IpAddr>().ok())
            .next_back()
    {
        return ip;
    }
    peer
}

/// The host name of a `Host` header or an origin's authority, without its port.
fn host_name(authority: &str) -> &str {
    if let Some(rest) = authority.strip_prefix('[') {
        return rest.split(']').next().unwrap_or(rest);
    }
    match authority.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => authority,
    }
}

/// May a request name this host? An IP address or `localhost` (no DNS rebinding can make them
/// point elsewhere), or one of the configured names.
fn host_allowed(authority: &str, hosts: &[String]) -> bool {
    let name = host_name(authority);
    !name.is_empty()
        && (name.eq_ignore_ascii_case("localhost")
            || name.parse::<IpAddr>().is_ok()
            || hosts.iter().any(|h| h.eq_ignore_ascii_case(name)))
}

/// Is a request's `Origin` (if it has one) this server? The page's own origin (same host and
/// port as the `Host` header), or a configured host name (behind a proxy that renames the
/// host). Browsers always send an `Origin` with a WebSocket and a cross-site POST; a program
/// that sends none cannot be a page of another site acting with a visitor's browser.
fn origin_allowed(headers: &HeaderMap, host: &str, hosts: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    let Some((scheme, authority)) = origin.split_once("://") else {
        return false; // `null`: a sandboxed frame or a file
    };
    if !matches!(scheme, "http" | "https") {
        return false;
    }
    authority.eq_ignore_ascii_case(host)
        || hosts
            .iter()
            .any(|h| h.eq_ignore_ascii_case(host_name(authority)))
}

fn refuse(status: StatusCode, message: &str) -> Response {
    (status, axum::Json(serde_json::json!({ "error": message }))).into_response()
}

/// The security headers of every response: a content security policy that lets the pages load
/// only their own scripts, styles and connections, and no framing by another site.
fn secure(mut r: Response) -> Response {
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
             img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; \
             base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        ),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        "cross-origin-opener-policy",
        HeaderValue::from_static("same-origin"),
    );
    r
}

/// Every request passes here: its `Host` must be one the server answers to, a WebSocket or a
/// POST must come from the server's own pages (`Origin`), and the response gets the security
/// headers. The client's address goes into the request for the rate limits.
pub(crate) async fn check(State(server): State<Server>, mut req: Request, next: Next) -> Response {
    let config = &server.inner.config;
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_string)
        .or_else(|| req.uri().authority().map(|a| a.as_str().to_string()));
    let Some(host) = host else {
        return secure(refuse(StatusCode::BAD_REQUEST, "a Host header is required"));
    };
    if !host_allowed(&host, &config.hosts) {
        return secure(refuse(
            StatusCode::MISDIRECTED_REQUEST,
            "this server does not answer to that host name (start it with --host NAME)",
        ));
    }
    let upgrade = req
        .headers()
        .get(header::UPGRADE)
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"websocket"));
    if (upgrade || req.method() == Method::POST)
        && !origin_allowed(req.headers(), &host, &config.hosts)
    {
        return secure(refuse(
            StatusCode::FORBIDDEN,
            "this request comes from another site's page",
        ));
    }
    let ip = client_ip(&req, config.behind_proxy);
    req.extensions_mut().insert(ClientIp(ip));
    secure(next.run(req).await)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_ip_addresses_localhost_or_named() {
        let named = vec!["games.example.org".to_string()];
        for ok in [
            "127.0.0.1:8080",
            "localhost",
            "LOCALHOST:80",
            "[::1]:8080",
            "192.168.1.20:8080",
            "games.example.org",
            "Games.Example.org:443",
        ] {
            assert!(host_allowed(ok, &named), "{ok}");
        }
        for bad in ["evil.example", "rebind.attacker.net:8080", "", ":8080"] {
            assert!(!host_allowed(bad, &named), "{bad}");
        }
    }

    #[test]
    fn origins_must_be_the_host_itself_or_named() {
        let mut h = HeaderMap::new();
        assert!(origin_allowed(&h, "127.0.0.1:8080", &[]), "no Origin");
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://127.0.0.1:8080"),
        );
        assert!(origin_allowed(&h, "127.0.0.1:8080", &[]));
        assert!(!origin_allowed(&h, "127.0.0.1:9090", &[]), "another port");
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("https://evil.example"),
        );
        assert!(!origin_allowed(&h, "127.0.0.1:8080", &[]));
        h.insert(header::ORIGIN, HeaderValue::from_static("null"));
        assert!(!origin_allowed(&h, "127.0.0.1:8080", &[]));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("https://games.example.org"),
        );
        assert!(origin_allowed(
            &h,
            "127.0.0.1:8080",
            &["games.example.org".to_string()]
        ));
    }

    #[test]
    fn a_bucket_lets_a_burst_through_then_refills() {
        let mut b = Bucket::new(3.0, 0.0);
        assert!(b.take() && b.take() && b.take());
        assert!(!b.take());
        let mut r = Bucket::new(1.0, 1000.0);
        assert!(r.take());
        std::thread::sleep(std::time::Duration::from_millis(5));
        assert!(r.take());
    }
}
