//! Where a puzzle comes from: the one puzzle-source type every request on a puzzle carries.

use serde::Serialize;
use serde_json::Value;

use super::wire::ParsedGenre;
use crate::core::{puzzlink, InputError, Location};
use crate::genres::{Genre, GenreId};

/// A puzzle as a request names it: exactly one of `puzzle` (with `genre`), `id`, `text` or
/// `url`. The genre named is parsed when the request is read and refused when it is planned:
/// an unknown name is a limits error (422), not a malformed request.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum PuzzleSource {
    /// The genre's JSON puzzle object.
    Object {
        /// The genre.
        genre: ParsedGenre,
        /// The genre's JSON puzzle object.
        puzzle: PuzzleJson,
    },
    /// An ID; its prefix names the genre.
    Id {
        /// The genre, when given: it must be the ID's.
        #[serde(skip_serializing_if = "Option::is_none")]
        genre: Option<ParsedGenre>,
        /// An ID such as `kakuro:3x3:DbAb/4.6.3.7`.
        #[cfg_attr(feature = "server", schema(example = "kakuro:3x3:DbAb/4.6.3.7"))]
        id: String,
    },
    /// The genre's text format.
    Text {
        /// The genre; without it, the text's `genre:` line, else the first registered genre.
        #[serde(skip_serializing_if = "Option::is_none")]
        genre: Option<ParsedGenre>,
        /// The genre's text format.
        text: String,
    },
    /// A puzz.link URL; it names the genre.
    Url {
        /// The genre, when given: it must be the URL's.
        #[serde(skip_serializing_if = "Option::is_none")]
        genre: Option<ParsedGenre>,
        /// A puzz.link URL, such as `https://puzz.link/p?kakuro/2/2/n4637`.
        #[cfg_attr(
            feature = "server",
            schema(example = "https://puzz.link/p?kakuro/2/2/n4637")
        )]
        url: String,
    },
}

/// A genre's JSON puzzle object as a request gives it: the genre reads it when it reads the
/// puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct PuzzleJson(pub Value);

/// The fields of a [`PuzzleSource`], as a request's JSON object has them.
#[derive(Debug, Default)]
pub(super) struct SourceFields {
    pub(super) genre: Option<ParsedGenre>,
    pub(super) puzzle: Option<Value>,
    pub(super) id: Option<String>,
    pub(super) text: Option<String>,
    pub(super) url: Option<String>,
}

impl SourceFields {
    /// The JSON field names of a puzzle source.
    pub(super) const NAMES: [&'static str; 5] = ["genre", "puzzle", "id", "text", "url"];

    /// The source; a request that gives not exactly one of them does not fit.
    pub(super) fn source(self) -> Result<PuzzleSource, String> {
        let genre = self.genre;
        match (self.puzzle, self.id, self.text, self.url) {
            (Some(puzzle), None, None, None) => match genre {
                Some(genre) => Ok(PuzzleSource::Object {
                    genre,
                    puzzle: PuzzleJson(puzzle),
                }),
                None => Err("\"genre\" is required with \"puzzle\"".into()),
            },
            (None, Some(id), None, None) => Ok(PuzzleSource::Id { genre, id }),
            (None, None, Some(text), None) => Ok(PuzzleSource::Text { genre, text }),
            (None, None, None, Some(url)) => Ok(PuzzleSource::Url { genre, url }),
            _ => Err(
                "give the puzzle as exactly one of \"puzzle\" (with \"genre\"), \"id\", \"text\" \
                 or \"url\""
                    .into(),
            ),
        }
    }
}

impl PuzzleSource {
    /// An ID such as `kakuro:3x3:DbAb/4.6.3.7`.
    pub fn id(id: impl Into<String>) -> PuzzleSource {
        PuzzleSource::Id {
            genre: None,
            id: id.into(),
        }
    }

    /// A text in the genre's format; without a genre, the text's `genre:` line names it.
    pub fn text(genre: Option<GenreId>, text: impl Into<String>) -> PuzzleSource {
        PuzzleSource::Text {
            genre: genre.map(ParsedGenre::from),
            text: text.into(),
        }
    }

    /// The genre's JSON puzzle object.
    pub fn object(genre: GenreId, puzzle: Value) -> PuzzleSource {
        PuzzleSource::Object {
            genre: genre.into(),
            puzzle: PuzzleJson(puzzle),
        }
    }

    /// A puzz.link URL.
    pub fn url(url: impl Into<String>) -> PuzzleSource {
        PuzzleSource::Url {
            genre: None,
            url: url.into(),
        }
    }

    /// The genre the puzzle is in: the one named, which an ID or URL must agree with; else the
    /// ID's or URL's own, or a text's `genre:` line, or the first registered genre.
    pub fn genre(&self) -> Result<GenreId, InputError> {
        let named = self.named_genre().map(ParsedGenre::read).transpose()?;
        let (own, what, at) = match self {
            PuzzleSource::Object { genre, .. } => return genre.read(),
            PuzzleSource::Text { text, .. } => return named.map_or_else(|| text_genre(text), Ok),
            PuzzleSource::Id { id, .. } => (id_genre(id)?, "ID", Location::Id { position: 1 }),
            PuzzleSource::Url { url, .. } => {
                let parts = puzzlink::split(url)?;
                let own = parts
                    .genre
                    .parse::<GenreId>()
                    .map_err(|error| relocated(error, parts.genre_at()))?;
                (own, "URL", parts.genre_at())
            }
        };
        match named {
            Some(named) if named != own => Err(InputError::syntax(
                at,
                format!("the {what} is not a {named} {what}"),
            )),
            _ => Ok(own),
        }
    }

    /// The genre the request names, if any.
    fn named_genre(&self) -> Option<&ParsedGenre> {
        match self {
            PuzzleSource::Object { genre, .. } => Some(genre),
            PuzzleSource::Id { genre, .. }
            | PuzzleSource::Text { genre, .. }
            | PuzzleSource::Url { genre, .. } => genre.as_ref(),
        }
    }

    /// The source with `genre` named, when it names none.
    pub fn or_genre(self, genre: GenreId) -> PuzzleSource {
        let name = ParsedGenre::from(genre);
        match self {
            PuzzleSource::Id { genre: None, id } => PuzzleSource::Id {
                genre: Some(name),
                id,
            },
            PuzzleSource::Text { genre: None, text } => PuzzleSource::Text {
                genre: Some(name),
                text,
            },
            PuzzleSource::Url { genre: None, url } => PuzzleSource::Url {
                genre: Some(name),
                url,
            },
            named => named,
        }
    }

    /// Reads a puzzle from a file's content, as the CLI does: a JSON object naming the puzzle
    /// as a request does (`genre`, when given, names it for a source that names none), a
    /// puzz.link URL, an ID (recognised by its genre prefix), or else a text in `genre` (or in
    /// the genre its `genre:` line names).
    pub fn from_content(content: &str, genre: Option<GenreId>) -> Result<PuzzleSource, InputError> {
        let trimmed = content.trim();
        if trimmed.starts_with('{') {
            let source = serde_json::from_str::<PuzzleSource>(trimmed).map_err(|e| {
                InputError::syntax(
                    Location::Text {
                        line: e.line(),
                        column: e.column(),
                    },
                    format!("not a puzzle JSON document: {e}"),
                )
            })?;
            return Ok(match genre {
                Some(genre) => source.or_genre(genre),
                None => source,
            });
        }
        Ok(if puzzlink::is_url(trimmed) {
            PuzzleSource::url(trimmed)
        } else if looks_like_an_id(trimmed) {
            PuzzleSource::id(trimmed)
        } else {
            PuzzleSource::text(genre, content)
        })
    }

    /// Reads the puzzle in genre `G`.
    pub(super) fn parse<G: Genre>(&self) -> Result<G::Puzzle, InputError> {
        match self {
            PuzzleSource::Object { puzzle, .. } => G::parse_json(&puzzle.0),
            PuzzleSource::Id { id, .. } => G::parse_id(id),
            PuzzleSource::Text { text, .. } => G::parse_text(text),
            PuzzleSource::Url { url, .. } => G::parse_url(url),
        }
    }
}

/// `error` placed at `at`.
fn relocated(mut error: InputError, at: Location) -> InputError {
    for problem in &mut error.problems {
        problem.at = at.clone();
    }
    error
}

/// The genre an ID's prefix names.
fn id_genre(id: &str) -> Result<GenreId, InputError> {
    let prefix = id.trim().split(':').next().unwrap_or("");
    prefix.parse().map_err(|_| {
        InputError::syntax(
            Location::Id { position: 1 },
            format!(
                "an ID starts with its genre and ':', such as '{}:'; found '{prefix}'",
                GenreId::DEFAULT
            ),
        )
    })
}

/// The genre a text's first line names (`genre: ...`), else the first registered genre.
fn text_genre(text: &str) -> Result<GenreId, InputError> {
    let first = text.lines().map(str::trim).find(|line| !line.is_empty());
    match first.and_then(|line| line.split_once(':')) {
        Some((key, value)) if key.trim().eq_ignore_ascii_case("genre") => value.parse(),
        _ => Ok(GenreId::DEFAULT),
    }
}

/// Whether a file's content is an ID: one word whose prefix before ':' is a genre name.
fn looks_like_an_id(content: &str) -> bool {
    let first = content.lines().next().unwrap_or("");
    first.split_once(':').is_some_and(|(prefix, _)| {
        !first.contains(char::is_whitespace) && prefix.parse::<GenreId>().is_ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_genre_must_be_the_ids() {
        let source = PuzzleSource::Id {
            genre: Some(GenreId::ALL[1].into()),
            id: format!("{}:3x3:DbAb/4.6.3.7", GenreId::ALL[0]),
        };
        let error = source.genre().unwrap_err();
        assert!(error
            .to_string()
            .starts_with("ID position 1: the ID is not a"));
    }

    #[test]
    fn a_text_without_a_genre_line_is_in_the_default_genre() {
        assert_eq!(
            PuzzleSource::text(None, "# 4/ 6/\n/3 . .").genre(),
            Ok(GenreId::DEFAULT)
        );
        for &id in GenreId::ALL {
            let text = format!("\n  genre: {}\nrest", id.name().to_uppercase());
            assert_eq!(PuzzleSource::text(None, text).genre(), Ok(id));
        }
    }

    #[test]
    fn content_is_read_as_json_url_id_or_text() {
        for &id in GenreId::ALL {
            let name = id.name();
            assert_eq!(
                PuzzleSource::from_content(&format!("{name}:1x1:A/"), None),
                Ok(PuzzleSource::id(format!("{name}:1x1:A/")))
            );
        }
        assert!(matches!(
            PuzzleSource::from_content("https://puzz.link/p?x/1/1/a", None),
            Ok(PuzzleSource::Url { .. })
        ));
        let json = format!(r#"{{"genre": "{}", "puzzle": {{}}}}"#, GenreId::DEFAULT);
        assert!(matches!(
            PuzzleSource::from_content(&json, None),
            Ok(PuzzleSource::Object { .. })
        ));
        assert_eq!(
            PuzzleSource::from_content("genre x: 1", Some(GenreId::ALL[1])),
            Ok(PuzzleSource::text(Some(GenreId::ALL[1]), "genre x: 1"))
        );
        let error = PuzzleSource::from_content("{\"idd\": 1}", None).unwrap_err();
        assert!(error.to_string().contains("unknown field `idd`"), "{error}");
    }
}
