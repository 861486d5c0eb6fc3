//! Who a request comes from: the client's address (with `--trust-proxy`, the one the
//! balancer put last in `X-Forwarded-For`), the key limits count it by (an IPv6 address by
//! its /64, which one subscriber usually holds whole), and the player's token. `Client` and
//! `PlayerKey` are the extractors the handlers take them by.

use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::rejection::ExtensionRejection;
use axum::extract::rejection::QueryRejection;
use axum::extract::{ConnectInfo, FromRequestParts, Query};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use sha2::{Digest, Sha256};

use crate::error::ApiError;
use crate::names::clean_name;
use crate::service::Service;

/// The client of a request: its address ([`client_addr`]) and the key limits count it by
/// ([`client_key`]).
#[derive(Clone, Debug)]
pub struct Client {
    pub addr: IpAddr,
    pub key: String,
}

impl FromRequestParts<Arc<Service>> for Client {
    type Rejection = ExtensionRejection;

    async fn from_request_parts(
        parts: &mut Parts,
        service: &Arc<Service>,
    ) -> Result<Client, ExtensionRejection> {
        let ConnectInfo(peer) =
            ConnectInfo::<SocketAddr>::from_request_parts(parts, service).await?;
        let addr = client_addr(peer.ip(), &parts.headers, service.settings.trust_proxy);
        Ok(Client {
            addr,
            key: client_key(addr),
        })
    }
}

/// The player's token as the board keeps it (its digest, [`token_hash`]), when the request
/// carries one that is a token ([`token`]). Never a refusal by itself: each handler says
/// what a missing key means to it, after what it checks first.
#[derive(Clone, Debug)]
pub struct PlayerKey(pub Option<String>);

impl PlayerKey {
    /// The digest, or 401 ([`ApiError::NoToken`]).
    pub fn required(self) -> Result<String, ApiError> {
        self.0.ok_or(ApiError::NoToken)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for PlayerKey {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<PlayerKey, Infallible> {
        Ok(PlayerKey(token(&parts.headers).map(token_hash)))
    }
}

/// The header carrying the player's secret token.
pub const TOKEN_HEADER: &str = "x-caves-token";

/// The client's address: the peer's, or with `trust_proxy` the last address of
/// `X-Forwarded-For` (the one the balancer appended; earlier ones are the client's word),
/// when it is an address.
pub fn client_addr(peer: IpAddr, headers: &HeaderMap, trust_proxy: bool) -> IpAddr {
    if !trust_proxy {
        return peer;
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .next_back()
        .and_then(|a| a.trim().parse::<IpAddr>().ok())
        .unwrap_or(peer)
}

/// The key limits count an address by: an IPv4 address itself, an IPv6 address by its /64
/// (an IPv4-mapped IPv6 address as the IPv4 address).
pub fn client_key(addr: IpAddr) -> String {
    match addr {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
    }
}

/// The token a request carries, if it is one: 22 to 128 characters of base64url (at least
/// 128 bits).
pub fn token(headers: &HeaderMap) -> Option<&str> {
    let t = headers.get(TOKEN_HEADER)?.to_str().ok()?.trim();
    ((22..=128).contains(&t.len())
        && t.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'))
    .then_some(t)
}

/// What the board keeps of a token: its SHA-256, in hex. The token itself is never stored.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn an_ipv6_subscriber_is_one_client() {
        let a: IpAddr = "2001:db8:1:2::1".parse().expect("address");
        let b: IpAddr = "2001:db8:1:2:ffff:1:2:3".parse().expect("address");
        let c: IpAddr = "2001:db8:1:3::1".parse().expect("address");
        assert_eq!(client_key(a), client_key(b));
        assert_ne!(client_key(a), client_key(c));
        let v4: IpAddr = "::ffff:10.0.0.1".parse().expect("address");
        assert_eq!(client_key(v4), "10.0.0.1");
        assert_ne!(
            client_key("10.0.0.1".parse().expect("a")),
            client_key("10.0.0.2".parse().expect("a"))
        );
    }

    #[test]
    fn forwarded_for_counts_only_behind_a_trusted_proxy() {
        let peer: IpAddr = "127.0.0.1".parse().expect("address");
        let mut h = HeaderMap::new();
        h.insert(
            "x-forwarded-for",
            HeaderValue::from_static("6.6.6.6, 203.0.113.9"),
        );
        assert_eq!(client_addr(peer, &h, false), peer);
        assert_eq!(client_addr(peer, &h, true).to_string(), "203.0.113.9");
        h.insert("x-forwarded-for", HeaderValue::from_static("junk"));
        assert_eq!(client_addr(peer, &h, true), peer);
    }

    #[test]
    fn tokens_are_long_base64url_and_kept_as_digests() {
        let mut h = HeaderMap::new();
        assert_eq!(token(&h), None);
        h.insert(TOKEN_HEADER, HeaderValue::from_static("short"));
        assert_eq!(token(&h), None);
        h.insert(
            TOKEN_HEADER,
            HeaderValue::from_static("abcdefghijklmnopqrstu/"),
        );
        assert_eq!(token(&h), None);
        let t = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd";
        h.insert(TOKEN_HEADER, HeaderValue::from_static(t));
        assert_eq!(token(&h), Some(t));
        assert_eq!(token_hash(t).len(), 64);
        assert_ne!(
            token_hash(t),
            token_hash("AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abce")
        );
    }
}

/// The query of a request that names its player (`?name=`).
#[derive(serde::Deserialize)]
pub struct NameQuery {
    name: Option<String>,
}

/// The name of `?name=`, cleaned; 400 in words when there is none or it is refused.
pub(crate) fn name_of(query: Result<Query<NameQuery>, QueryRejection>) -> Result<String, ApiError> {
    let name = query
        .ok()
        .and_then(|q| q.0.name)
        .ok_or_else(|| ApiError::BadRequest("A name is needed (?name=...).".into()))?;
    clean_name(&name).map_err(|e| ApiError::BadRequest(e.to_string()))
}
