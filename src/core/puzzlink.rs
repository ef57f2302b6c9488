//! The envelope of a puzz.link (pzprjs) URL: `https://puzz.link/p?<genre>/<cols>/<rows>/<body>`.
//!
//! Each genre that has a puzz.link form reads and writes its own body; this module only splits
//! the URL around it and puts it back together. What pzprjs itself accepts around the body is
//! accepted here too (its `src/pzpr/parser.js` and `src-ui/js/ui/Boot.js`):
//!
//! - any page before the `?` on puzz.link's own hosts ([`HOSTS`]): `https://puzz.link/p`,
//!   `http://pzv.jp/p.html` (a lookalike host, `puzz.lіnk` with a Cyrillic `і`, is refused);
//! - `key=value&` options before the genre (`?type=editor&kakuro/...`);
//! - `_edit`, `_play` or `_test` after the genre name (`?kakuro_edit/...`);
//! - one `/` after the body: pzprjs writes it when the body ends in a character other than a
//!   letter or digit, so that link shorteners keep that character.
//!
//! A flag segment before the size (pzprjs's `pflag`) is refused: no genre read here has one.
//! Error positions count the characters of the URL as given, from 1 ([`Location::Url`]).

use super::{escaped_except, InputError, Location};

/// Where [`write`] points: the puzz.link player.
pub const SITE: &str = "https://puzz.link/p?";

/// The hosts a puzz.link URL may name (in any case): puzz.link's, and pzv.jp's, where pzprjs
/// was first served and whose URLs are still shared.
pub const HOSTS: [&str; 4] = ["puzz.link", "www.puzz.link", "pzv.jp", "www.pzv.jp"];

/// Page suffixes pzprjs strips from the genre name.
const MODE_SUFFIXES: [&str; 3] = ["_edit", "_play", "_test"];

/// True when `text` looks like a URL (it starts with `http://` or `https://`), so that it is
/// read as one rather than as a puzzle text.
pub fn is_url(text: &str) -> bool {
    let text = text.trim_start();
    ["http://", "https://"].iter().any(|scheme| {
        text.get(..scheme.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(scheme))
    })
}

/// A puzz.link URL split around its body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzLinkUrl<'a> {
    url: &'a str,
    /// The genre name, without a `_edit`-like suffix.
    pub genre: &'a str,
    genre_start: usize,
    /// The board's columns and rows, as the URL gives them.
    pub cols: usize,
    pub rows: usize,
    /// The genre's own encoding of the board.
    pub body: &'a str,
    body_start: usize,
}

impl PuzzLinkUrl<'_> {
    /// Where the genre name starts.
    pub fn genre_at(&self) -> Location {
        position(self.url, self.genre_start)
    }

    /// Where the body's byte `offset` is (`body.len()` for just past its end).
    pub fn body_at(&self, offset: usize) -> Location {
        position(self.url, self.body_start + offset)
    }
}

fn position(url: &str, byte: usize) -> Location {
    Location::Url {
        position: url[..byte].chars().count() + 1,
    }
}

/// True for pzprjs's `key=value` page options (word characters around one `=`).
fn is_option(text: &str) -> bool {
    let word = |part: &str| {
        !part.is_empty() && part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    };
    text.split_once('=')
        .is_some_and(|(key, value)| word(key) && word(value))
}

/// Splits a puzz.link URL into its genre, size and body.
pub fn split(url: &str) -> Result<PuzzLinkUrl<'_>, InputError> {
    let syntax = |byte: usize, message: String| InputError::syntax(position(url, byte), message);
    let start = url.len() - url.trim_start().len();
    let end = url.trim_end().len();
    let example = "such as https://puzz.link/p?<genre>/<columns>/<rows>/<board>";
    if !is_url(url) {
        return Err(syntax(
            start,
            format!("a puzz.link URL starts with https:// or http://, {example}"),
        ));
    }
    let host_start = start + url[start..].find("://").map_or(0, |i| i + 3);
    let host_end = url[host_start..end]
        .find(['/', '?'])
        .map_or(end, |i| host_start + i);
    let host = &url[host_start..host_end];
    if !HOSTS.iter().any(|known| known.eq_ignore_ascii_case(host)) {
        // Other characters than ASCII shown by their code points, so that a lookalike shows.
        let shown = escaped_except(host, |c| c.is_ascii_graphic());
        return Err(syntax(
            host_start,
            format!(
                "a puzz.link URL is on {}; found host '{shown}'",
                HOSTS.join(", ")
            ),
        ));
    }
    let Some(question) = url[start..end].find('?').map(|i| start + i) else {
        return Err(syntax(
            end,
            format!("expected '?' and the puzzle after the page, {example}"),
        ));
    };
    let mut genre_start = question + 1;
    while let Some(amp) = url[genre_start..end].find('&') {
        if !is_option(&url[genre_start..genre_start + amp]) {
            break;
        }
        genre_start += amp + 1;
    }
    let Some(slash) = url[genre_start..end].find('/').map(|i| genre_start + i) else {
        return Err(syntax(
            end,
            format!("expected '/' and the size after the genre, {example}"),
        ));
    };
    let name = &url[genre_start..slash];
    let genre = MODE_SUFFIXES
        .iter()
        .find_map(|suffix| name.strip_suffix(suffix))
        .unwrap_or(name);
    if genre.is_empty() {
        return Err(syntax(
            genre_start,
            format!("expected the genre name after '?', {example}"),
        ));
    }

    // Columns, rows and body, each ended by '/' (the last one optionally).
    let mut fields = Vec::with_capacity(3);
    let mut field_start = slash + 1;
    while fields.len() < 3 && field_start <= end {
        let field_end = url[field_start..end]
            .find('/')
            .map_or(end, |i| field_start + i);
        fields.push((field_start, &url[field_start..field_end]));
        field_start = field_end + 1;
    }
    let number = |index: usize, what: &str| -> Result<usize, InputError> {
        let Some(&(at, text)) = fields.get(index) else {
            return Err(syntax(
                end,
                format!("expected '/' and the number of {what}"),
            ));
        };
        match text.parse::<usize>() {
            Ok(value) if value > 0 && text.bytes().all(|b| b.is_ascii_digit()) => Ok(value),
            _ => Err(syntax(
                at,
                format!("expected the number of {what} (a positive whole number), found '{text}'"),
            )),
        }
    };
    let cols = number(0, "columns")?;
    let rows = number(1, "rows")?;
    let Some(&(body_start, body)) = fields.get(2) else {
        return Err(syntax(
            end,
            "expected '/' and the puzzle after the size".into(),
        ));
    };
    if field_start < end {
        return Err(syntax(
            field_start - 1,
            "unexpected '/' after the body: the URL ends with the body (and at most one '/')"
                .into(),
        ));
    }
    Ok(PuzzLinkUrl {
        url,
        genre,
        genre_start,
        cols,
        rows,
        body,
        body_start,
    })
}

/// The puzz.link URL of a body, with the `/` pzprjs adds after a body that does not end in a
/// letter or digit.
pub fn write(genre: &str, cols: usize, rows: usize, body: &str) -> String {
    let mut url = format!("{SITE}{genre}/{cols}/{rows}/{body}");
    if !body.ends_with(|c: char| c.is_ascii_alphanumeric()) {
        url.push('/');
    }
    url
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = "https://puzz.link/p?kakuro/6/5/Dclh4t9fl3-p-gl-alJeC3BgG";

    #[test]
    fn splits_the_plain_form() {
        let parts = split(EXAMPLE).unwrap();
        assert_eq!(
            (parts.genre, parts.cols, parts.rows, parts.body),
            ("kakuro", 6, 5, "Dclh4t9fl3-p-gl-alJeC3BgG")
        );
        assert_eq!(parts.genre_at(), Location::Url { position: 21 });
        assert_eq!(parts.body_at(0), Location::Url { position: 32 });
        assert_eq!(write("kakuro", 6, 5, parts.body), EXAMPLE);
    }

    #[test]
    fn accepts_what_pzprjs_accepts_around_the_body() {
        for url in [
            "http://pzv.jp/p.html?kakuro/6/5/Dclh4t9fl3-p-gl-alJeC3BgG",
            "https://puzz.link/p.html?kakuro/6/5/Dclh4t9fl3-p-gl-alJeC3BgG",
            "https://puzz.link/p?kakuro/6/5/Dclh4t9fl3-p-gl-alJeC3BgG/",
            "https://puzz.link/p?kakuro_edit/6/5/Dclh4t9fl3-p-gl-alJeC3BgG",
            "https://puzz.link/p?type=editor&kakuro/6/5/Dclh4t9fl3-p-gl-alJeC3BgG",
            "  HTTPS://puzz.link/p?kakuro/6/5/Dclh4t9fl3-p-gl-alJeC3BgG\n",
        ] {
            let parts = split(url).unwrap_or_else(|e| panic!("{url}: {e}"));
            assert_eq!(
                (parts.genre, parts.cols, parts.rows, parts.body),
                ("kakuro", 6, 5, "Dclh4t9fl3-p-gl-alJeC3BgG"),
                "{url}"
            );
        }
    }

    #[test]
    fn a_trailing_slash_follows_a_body_ending_in_a_sign() {
        assert_eq!(
            write("kakuro", 1, 1, "."),
            "https://puzz.link/p?kakuro/1/1/./"
        );
        assert_eq!(
            write("kakuro", 2, 1, "k-"),
            "https://puzz.link/p?kakuro/2/1/k-/"
        );
        assert_eq!(
            write("kakuro", 1, 1, "k3"),
            "https://puzz.link/p?kakuro/1/1/k3"
        );
    }

    #[test]
    fn errors_give_the_position() {
        for (url, position) in [
            ("puzz.link/p?kakuro/1/1/k3", 1),
            ("https://puzz.link/p", 20),
            ("https://puzz.link/p?kakuro/x/1/k3", 28),
            ("https://puzz.link/p?kakuro/2/0/k3", 30),
            ("https://puzz.link/p?kakuro/2/1", 31),
            ("https://puzz.link/p?kakuro/2/1/k3/x", 34),
            ("https://puzz.link/p?/2/1/k3", 21),
        ] {
            let error = split(url).unwrap_err();
            assert_eq!(
                error.problems[0].at,
                Location::Url { position },
                "{url}: {error}"
            );
        }
        let error = split("https://puzz.link/p?kakuro/c/2/1/k3").unwrap_err();
        assert!(error.to_string().contains("found 'c'"), "{error}");
    }

    #[test]
    fn only_puzz_links_own_hosts_are_read() {
        assert!(split("HTTPS://WWW.Puzz.Link/p?kakuro/1/1/k3").is_ok());
        assert!(split("http://www.pzv.jp/p.html?kakuro/1/1/k3").is_ok());
        for (url, host) in [
            // A Cyrillic і (U+0456) in place of the Latin i.
            (
                "https://puzz.l\u{456}nk/p?kakuro/1/1/k3",
                "puzz.l\\u{456}nk",
            ),
            (
                "https://puzz.link.example/p?kakuro/1/1/k3",
                "puzz.link.example",
            ),
            ("https://user@puzz.link/p?kakuro/1/1/k3", "user@puzz.link"),
            ("https://puzz.link:8080/p?kakuro/1/1/k3", "puzz.link:8080"),
            ("https://?kakuro/1/1/k3", ""),
        ] {
            let error = split(url).unwrap_err();
            assert_eq!(error.problems[0].at, Location::Url { position: 9 }, "{url}");
            assert!(
                error.to_string().contains(&format!("found host '{host}'")),
                "{url}: {error}"
            );
        }
    }

    #[test]
    fn only_http_urls_count_as_urls() {
        assert!(is_url(" https://puzz.link/p?kakuro/1/1/k3"));
        assert!(is_url("http://pzv.jp/p.html?kakuro/1/1/k3"));
        assert!(!is_url("kakuro:3x3:DbAb/4.6.3.7"));
        assert!(!is_url("# 4/ 6/"));
        assert!(!is_url("ht"));
    }
}
