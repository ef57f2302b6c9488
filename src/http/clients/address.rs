//! Who a request comes from, by address: the peer's, or, behind a trusted proxy, the address
//! it forwards ([`client_address`]); an IPv6 client is its /64 ([`client_key`]). A client
//! is that address or an API key's name ([`ClientId`]).

use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

use axum::http::HeaderMap;

/// An address range: an address and how many of its leading bits count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IpRange {
    address: IpAddr,
    prefix: u8,
}

impl IpRange {
    /// Whether `address` is in the range (an IPv4-mapped IPv6 address counts as its IPv4).
    pub fn contains(&self, address: IpAddr) -> bool {
        match (self.address, canonical(address)) {
            (IpAddr::V4(range), IpAddr::V4(address)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(range) & mask == u32::from(address) & mask
            }
            (IpAddr::V6(range), IpAddr::V6(address)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(range) & mask == u128::from(address) & mask
            }
            _ => false,
        }
    }
}

impl std::str::FromStr for IpRange {
    type Err = String;

    /// `10.0.0.1`, `172.28.0.0/16`, `::1`, `fd00::/8`.
    fn from_str(text: &str) -> Result<IpRange, String> {
        let text = text.trim();
        let (address, prefix) = text
            .split_once('/')
            .map_or((text, None), |(a, p)| (a, Some(p)));
        let address: IpAddr = address
            .parse()
            .map_err(|_| format!("'{text}' is not an address or an address/prefix"))?;
        let address = canonical(address);
        let most = if address.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => most,
            Some(prefix) => prefix
                .parse::<u8>()
                .ok()
                .filter(|&p| p <= most)
                .ok_or_else(|| format!("'{text}': the prefix must be 0 to {most}"))?,
        };
        Ok(IpRange { address, prefix })
    }
}

/// An IPv4-mapped IPv6 address as its IPv4 address.
fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        v4 => v4,
    }
}

/// Reads a comma-separated list of ranges (`SUMPUZZLES_TRUSTED_PROXIES`).
pub fn parse_ranges(text: &str) -> Result<Vec<IpRange>, String> {
    text.split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(str::parse)
        .collect()
}

/// Who a request comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum ClientId {
    /// An IPv4 address, or an IPv6 address with its last 64 bits cleared.
    Address(IpAddr),
    /// An API key, by its name.
    Key(Arc<str>),
}

impl ClientId {
    pub(super) fn address(address: IpAddr) -> ClientId {
        ClientId::Address(client_key(address))
    }
}

/// The address a client is counted by: an IPv4 address, or an IPv6 address with its last 64
/// bits cleared (one subscriber's prefix).
pub(crate) fn client_key(address: IpAddr) -> IpAddr {
    match canonical(address) {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !u128::from(u64::MAX))),
        v4 => v4,
    }
}

/// The client's address: the peer's, or, when the peer is a trusted proxy, the last address
/// in `X-Forwarded-For` that is not a trusted proxy's (each proxy appends the address it
/// heard from, so entries left of the first untrusted one may be anything a client wrote).
pub(crate) fn client_address(peer: IpAddr, headers: &HeaderMap, trusted: &[IpRange]) -> IpAddr {
    let is_trusted = |address: IpAddr| trusted.iter().any(|range| range.contains(address));
    if !is_trusted(peer) {
        return peer;
    }
    let forwarded: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .collect();
    let mut client = peer;
    for entry in forwarded.iter().rev() {
        match entry.parse::<IpAddr>() {
            Ok(address) => {
                client = address;
                if !is_trusted(address) {
                    break;
                }
            }
            // Garbage from a proxy we trust: the last address we could read stands.
            Err(_) => break,
        }
    }
    client
}

/// The peer address of a request's connection (a request extension the server sets).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Peer(pub SocketAddr);

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(forwarded: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in forwarded {
            headers.append("x-forwarded-for", value.parse().unwrap());
        }
        headers
    }

    #[test]
    fn ranges_contain_their_addresses() {
        let range: IpRange = "172.28.0.0/16".parse().unwrap();
        assert!(range.contains("172.28.5.9".parse().unwrap()));
        assert!(!range.contains("172.29.0.1".parse().unwrap()));
        assert!(range.contains("::ffff:172.28.0.1".parse().unwrap()));
        let one: IpRange = "127.0.0.1".parse().unwrap();
        assert!(one.contains("127.0.0.1".parse().unwrap()));
        assert!(!one.contains("127.0.0.2".parse().unwrap()));
        let all: IpRange = "::/0".parse().unwrap();
        assert!(all.contains("2001:db8::1".parse().unwrap()));
        assert!("10.0.0.0/33".parse::<IpRange>().is_err());
        assert!("nginx".parse::<IpRange>().is_err());
    }

    #[test]
    fn only_a_trusted_peer_names_the_client() {
        let trusted = parse_ranges("10.0.0.0/8").unwrap();
        let client = "203.0.113.7".parse::<IpAddr>().unwrap();
        let proxy = "10.1.1.1".parse::<IpAddr>().unwrap();
        // The proxy appended the address it heard from; a spoofed entry before it is ignored.
        let sent = headers(&["198.51.100.1, 203.0.113.7"]);
        assert_eq!(client_address(proxy, &sent, &trusted), client);
        // Two trusted proxies in a row.
        let sent = headers(&["198.51.100.1", "203.0.113.7, 10.2.2.2"]);
        assert_eq!(client_address(proxy, &sent, &trusted), client);
        // An untrusted peer cannot name another client.
        assert_eq!(client_address(client, &sent, &trusted), client);
        // Nothing forwarded: the proxy itself.
        assert_eq!(client_address(proxy, &HeaderMap::new(), &trusted), proxy);
    }

    #[test]
    fn ipv6_clients_are_their_64_bit_prefix() {
        let a = ClientId::address("2001:db8:1:2::1".parse().unwrap());
        let b = ClientId::address("2001:db8:1:2:ffff::9".parse().unwrap());
        let c = ClientId::address("2001:db8:1:3::1".parse().unwrap());
        assert_eq!(a, b);
        assert_ne!(a, c);
    }
}
