//! A book of puzzles (`/booklet`): its puzzles (a batch's parameters, or the puzzles given)
//! and the book's layout (docs/print.md). Made puzzles are a batch's, under the batch's rules
//! and limits; given ones are solved (exactly one solution, or the book is refused) and
//! rated; the book is `print`'s.

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::Deserialize;

use super::batch::SeedChoice;
use super::book_jobs::{first_places, BookJob, BookPrint, ForTheBook, Place, Work};
use super::parameters::{GenerationOptions, GenerationRequest};
use super::request::PuzzleRequest;
use super::source::PuzzleSource;
use super::wire::{optional_list, BatchSize, ListItem, Seed};
use super::{Operation, Plan};
use crate::core::{Budget, Error, InputError};
use crate::print::{
    BookPuzzle, Format, Layout, Paper, Trim, MAX_BOOK, MAX_TEXT, PER_PAGE, TRIM_LIMITS,
};

// A book's puzzles are made as one batch, so a book holds at most a batch's.
const _: () = assert!(MAX_BOOK == super::operation::MAX_BATCH);

/// A booklet: its puzzles, made as a batch makes them (the parameters of `/generate/batch`:
/// genre, shape, level or score range, and `seeds` or `count` from a first `seed`) or given
/// (`puzzles`), and the book's layout. Query string or JSON body; the body's fields win.
#[cfg_attr(
    feature = "server",
    derive(utoipa::ToSchema, utoipa::IntoParams),
    schema(as = BookletParameters),
    into_params(parameter_in = Query)
)]
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
pub struct BookletOptions {
    // `seeds`, `count` and `seed` are a `SeedChoice`, written out here because the document
    // gives the booklet's parameters as one flat object (a nested `#[serde(flatten)]` one
    // would turn its schema into an `allOf` and split its query parameters); every rule of
    // the choice is `SeedChoice`'s, through `seed_choice()`.
    /// The seeds, 1 to 100 of them, each 0 to 2^63-1: one puzzle per seed, in this order (as
    /// a batch takes them). Not with `count`.
    #[serde(default, deserialize_with = "super::batch::seed_list")]
    #[cfg_attr(
        feature = "server",
        schema(schema_with = super::schema::seed_list_in_body),
        param(schema_with = super::schema::seed_list)
    )]
    pub seeds: Option<Vec<u64>>,
    /// How many puzzles, 1 to 100, from the seed `seed` on. Not with `seeds`.
    pub count: Option<BatchSize>,
    /// With `count`: the first seed, 0 to 2^63-1; random (below 2^53) when absent.
    pub seed: Option<Seed>,
    /// The puzzles to print instead of making them: 1 to 100, each an ID (a string) or a
    /// puzzle source object as `/solve` takes one (`{"genre": ..., "puzzle": {...}}`,
    /// `{"id": ...}`, `{"text": ...}`, `{"url": ...}`), of any genres, in this order. Each
    /// must have exactly one solution (a 422 names the puzzle that has not). In the query
    /// string, IDs: repeated or comma-separated. Not with the generation's fields (`genre`,
    /// `shape`, `level`, `score_min`, `score_max`, `seeds`, `count`, `seed`).
    #[serde(default, deserialize_with = "puzzle_list")]
    #[cfg_attr(
        feature = "server",
        schema(schema_with = super::schema::book_puzzles_in_body),
        param(schema_with = super::schema::book_puzzle_ids)
    )]
    pub puzzles: Option<Vec<PuzzleSource>>,
    /// `book` (the default) or `sheet`.
    pub format: Option<Format>,
    /// Whether the solutions are printed at the back: default true in a book, false on a
    /// sheet.
    pub solutions: Option<bool>,
    /// The page size: `6x9` (the default), `8.5x11`, `a4`, `letter`, or a custom
    /// `<width>x<height>` in inches (`5.5x8.5`, `5.5x8.5in`) or millimetres (`148x210mm`),
    /// each side 3 to 14 in.
    #[cfg_attr(
        feature = "server",
        schema(value_type = Option<String>, example = "6x9"),
        param(value_type = Option<String>)
    )]
    pub trim: Option<Trim>,
    /// Puzzles a page: 1, 2, 4 or 6 (default 1 in a book; on a sheet as many as fit).
    pub per_page: Option<u8>,
    /// Large print: every text at least 16 pt (else at least 7 pt).
    pub large_print: Option<bool>,
    /// The book's title (up to 200 characters); made from the genres when absent.
    pub title: Option<String>,
    /// The author's name, on the title page and the cover (up to 200 characters).
    pub author: Option<String>,
    /// The copyright line, on the copyright page (up to 200 characters).
    pub copyright: Option<String>,
    /// The book's cover instead of its pages (default false): one PDF page holding the back
    /// cover, the spine and the front cover, with 0.125 in of bleed around, the spine as wide
    /// as KDP's paper formula gives for the page count of the book the same request makes
    /// (white paper 0.002252 in a page, cream 0.0025). KDP takes the pages and the cover as
    /// two files: ask twice with the same seeds.
    pub cover: Option<bool>,
    /// The paper the book is printed on, for the spine's width: `white` (the default) or
    /// `cream`.
    pub paper: Option<Paper>,
}

/// `/booklet`: the generation parameters, the seeds or puzzles, and the layout.
pub type BookletRequest = GenerationRequest<BookletOptions>;

impl BookletOptions {
    /// The seeds the booklet's puzzles are made from, as a batch takes them.
    pub fn seed_choice(&self) -> SeedChoice {
        SeedChoice {
            seeds: self.seeds.clone(),
            count: self.count,
            seed: self.seed,
        }
    }

    /// A booklet made from the seeds `choice`, its layout fields absent.
    pub fn made_from(choice: SeedChoice) -> BookletOptions {
        BookletOptions {
            seeds: choice.seeds,
            count: choice.count,
            seed: choice.seed,
            ..BookletOptions::default()
        }
    }

    /// The layout fields checked: a 422 naming the field for a value outside its limits.
    pub fn layout(&self) -> Result<Layout, Error> {
        let format = self.format.unwrap_or_default();
        let trim = self.trim.unwrap_or(Trim::SIX_BY_NINE);
        let (low, high) = TRIM_LIMITS;
        if [trim.width, trim.height]
            .iter()
            .any(|side| !(low * 72.0..=high * 72.0).contains(side))
        {
            return Err(InputError::limits(format!(
                "`trim`: a trim's sides are {low} to {high} in; {trim} is not"
            ))
            .into());
        }
        let per_page = match self.per_page {
            Some(n) if PER_PAGE.contains(&usize::from(n)) => Some(usize::from(n)),
            Some(n) => {
                return Err(
                    InputError::limits(format!("`per_page` is 1, 2, 4 or 6, not {n}")).into(),
                )
            }
            None if format == Format::Book => Some(1),
            None => None,
        };
        for (name, text) in [
            ("title", &self.title),
            ("author", &self.author),
            ("copyright", &self.copyright),
        ] {
            if text
                .as_ref()
                .is_some_and(|text| text.chars().count() > MAX_TEXT)
            {
                return Err(InputError::limits(format!(
                    "`{name}` has at most {MAX_TEXT} characters"
                ))
                .into());
            }
        }
        let cover = self.cover.unwrap_or(false);
        if cover && format == Format::Sheet {
            return Err(Error::request(
                "`cover`: a sheet has no cover; ask for `format=book`",
            ));
        }
        Ok(Layout {
            format,
            solutions: self.solutions.unwrap_or(format == Format::Book),
            trim,
            per_page,
            large_print: self.large_print.unwrap_or(false),
            title: self.title.clone(),
            author: self.author.clone(),
            copyright: self.copyright.clone(),
            cover,
            paper: self.paper.unwrap_or_default(),
        })
    }
}

impl GenerationOptions for BookletOptions {
    const EXPECTING: &'static str = "a JSON object of booklet parameters";
    /// The book says whether its solutions are printed (`solutions`); its puzzles are always
    /// made with theirs.
    const NOT_TAKEN: &'static [&'static str] = &["solution"];

    fn check_given(&self) -> Result<(), Error> {
        if self.puzzles.is_none() {
            self.seed_choice().check_given()?;
        }
        if let Some(puzzles) = &self.puzzles {
            puzzles_size(puzzles.len())?;
        }
        self.layout().map(|_| ())
    }

    /// The seeds (or the puzzles given) are one choice, as a batch's; each layout field on
    /// its own.
    fn or(self, fallback: BookletOptions) -> BookletOptions {
        let chooses = self.seed_choice().is_given() || self.puzzles.is_some();
        let (choice, puzzles) = if chooses {
            (self.seed_choice(), self.puzzles)
        } else {
            (fallback.seed_choice(), fallback.puzzles)
        };
        BookletOptions {
            puzzles,
            format: self.format.or(fallback.format),
            solutions: self.solutions.or(fallback.solutions),
            trim: self.trim.or(fallback.trim),
            per_page: self.per_page.or(fallback.per_page),
            large_print: self.large_print.or(fallback.large_print),
            title: self.title.or(fallback.title),
            author: self.author.or(fallback.author),
            copyright: self.copyright.or(fallback.copyright),
            cover: self.cover.or(fallback.cover),
            paper: self.paper.or(fallback.paper),
            ..BookletOptions::made_from(choice)
        }
    }
}

/// `puzzles` when a book may print that many (1 to [`MAX_BOOK`]); else a 422.
fn puzzles_size(count: usize) -> Result<(), Error> {
    if (1..=MAX_BOOK).contains(&count) {
        return Ok(());
    }
    Err(InputError::limits(format!(
        "`puzzles` lists 1 to {MAX_BOOK} puzzles, not {count}"
    ))
    .into())
}

impl BookletRequest {
    /// The booklet read and checked: its layout, then its puzzles, made as a batch makes them
    /// (under the batch's rules and limits, always with their solutions) or given (each
    /// one's genre read; the generation's fields do not go with them).
    pub fn plan(&self) -> Result<BookletPlan, Error> {
        let layout = self.options.layout()?;
        let jobs = match &self.options.puzzles {
            Some(puzzles) => {
                let parameters = &self.parameters;
                let options = &self.options;
                let generation = [
                    ("genre", parameters.genre.is_some()),
                    ("shape", parameters.shape.is_some()),
                    ("level", parameters.level.is_some()),
                    ("score_min", parameters.score_min.is_some()),
                    ("score_max", parameters.score_max.is_some()),
                    ("seeds", options.seeds.is_some()),
                    ("count", options.count.is_some()),
                    ("seed", options.seed.is_some()),
                ];
                if let Some((name, _)) = generation.iter().find(|(_, given)| *given) {
                    return Err(Error::request(format!(
                        "`{name}` is for making the puzzles; with `puzzles` the book prints the \
                         puzzles given: leave `{name}` out"
                    )));
                }
                puzzles_size(puzzles.len())?;
                let budget = parameters.budget;
                puzzles
                    .iter()
                    .enumerate()
                    .map(|(index, source)| {
                        let place = Place {
                            number: index + 1,
                            seed: None,
                        };
                        let request = PuzzleRequest::new(source.clone(), ForTheBook { budget });
                        let plan = request.plan().map_err(|error| place.of(error))?;
                        Ok(BookJob {
                            place,
                            work: Work::Read(plan),
                        })
                    })
                    .collect::<Result<Vec<_>, Error>>()?
            }
            None => {
                let mut parameters = self.parameters.clone();
                parameters.solution = None;
                let batch = GenerationRequest {
                    parameters,
                    options: self.options.seed_choice(),
                }
                .plan()?;
                batch
                    .generations()
                    .enumerate()
                    .map(|(index, plan)| BookJob {
                        place: Place {
                            number: index + 1,
                            seed: plan.seed(),
                        },
                        work: Work::Generate(plan),
                    })
                    .collect()
            }
        };
        Ok(BookletPlan { jobs, layout })
    }
}

/// A booklet read and checked: the work that makes or reads each of its puzzles, in order,
/// and the layout.
#[derive(Debug)]
pub struct BookletPlan {
    jobs: Vec<BookJob>,
    /// How the book is laid out.
    pub layout: Layout,
}

impl BookletPlan {
    /// How many puzzles the book holds.
    pub fn count(&self) -> usize {
        self.jobs.len()
    }

    /// The work of each puzzle, in the book's order: a door runs each under its budget (a
    /// seed listed again is made once: see [`first_places`]).
    pub fn jobs(self) -> Vec<BookJob> {
        self.jobs
    }

    /// Runs every puzzle's job in turn under a budget of `steps` each, then prints the book:
    /// what a door that does the work itself (the CLI) runs. A puzzle that fails stops the
    /// book, its error naming it.
    pub fn run_all(self, steps: u64) -> Result<Vec<u8>, Error> {
        let layout = self.layout.clone();
        let mut made: Vec<BookPuzzle> = Vec::with_capacity(self.jobs.len());
        let first = first_places(&self.jobs);
        for (index, job) in self.jobs.iter().enumerate() {
            let puzzle = if first[index] < index {
                made[first[index]].clone()
            } else {
                job.run(&mut Budget::new(steps))?
            };
            made.push(puzzle);
        }
        BookPrint {
            layout,
            puzzles: made,
        }
        .run(&mut Budget::unlimited())
    }

    /// The printing of the book of `puzzles` (each job's, in order), to run as its own job.
    pub fn printing(layout: Layout, puzzles: Vec<BookPuzzle>) -> BookPrint {
        BookPrint { layout, puzzles }
    }
}

/// `puzzles`: a JSON array of puzzle sources (an ID as a plain string, or a source object),
/// or in a query string one comma-separated string of IDs.
fn puzzle_list<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Vec<PuzzleSource>>, D::Error> {
    let puzzles = optional_list::<D, ListedPuzzle>(deserializer)?;
    Ok(puzzles.map(|puzzles| puzzles.into_iter().map(|puzzle| puzzle.0).collect()))
}

/// One puzzle of a list: an ID, or a puzzle source object.
struct ListedPuzzle(PuzzleSource);

impl ListItem for ListedPuzzle {
    const EXPECTING: &'static str = "a list of puzzles (IDs, or puzzle source objects)";
    const MAX: usize = MAX_BOOK;

    fn too_many() -> String {
        format!("`puzzles` lists 1 to {MAX_BOOK} puzzles")
    }

    fn from_text(part: &str) -> Result<ListedPuzzle, String> {
        Ok(ListedPuzzle(PuzzleSource::id(part.trim())))
    }

    fn next<'de, A: SeqAccess<'de>>(items: &mut A) -> Result<Option<ListedPuzzle>, A::Error> {
        items.next_element()
    }
}

impl<'de> Deserialize<'de> for ListedPuzzle {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ListedPuzzle, D::Error> {
        struct Listed;

        impl<'de> Visitor<'de> for Listed {
            type Value = ListedPuzzle;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a puzzle: an ID, or an object such as {\"id\": ...}")
            }

            fn visit_str<E: de::Error>(self, id: &str) -> Result<ListedPuzzle, E> {
                Ok(ListedPuzzle(PuzzleSource::id(id)))
            }

            fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<ListedPuzzle, A::Error> {
                PuzzleSource::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(ListedPuzzle)
            }
        }

        deserializer.deserialize_any(Listed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::{from_json, ProblemDetails};

    fn request(json: &str) -> Result<BookletRequest, Error> {
        from_json(json.as_bytes())
    }

    #[test]
    fn puzzles_are_ids_or_sources_and_exclude_the_generations_fields() {
        let given = request(
            r#"{"puzzles": ["kakuro:3x3:DbAb/4.6.3.7", {"id": "kakurasu:3x5:8.12.3/0.0.6.2.3"}], "format": "sheet"}"#,
        )
        .unwrap();
        let plan = given.plan().unwrap();
        assert_eq!(plan.count(), 2);
        for json in [
            r#"{"puzzles": ["kakuro:3x3:DbAb/4.6.3.7"], "genre": "kakuro"}"#,
            r#"{"puzzles": ["kakuro:3x3:DbAb/4.6.3.7"], "count": 2}"#,
        ] {
            let error = request(json).unwrap().plan().unwrap_err();
            assert_eq!(ProblemDetails::from(&error).status, 400, "{json}");
            assert!(error.to_string().contains("leave"), "{error}");
        }
        let unknown = request(r#"{"puzzles": ["kakuro:3x3:DbAb/4.6.3.7", "sudoku:1x1:A"]}"#)
            .unwrap()
            .plan()
            .unwrap_err();
        assert!(unknown.to_string().starts_with("puzzle 2: "), "{unknown}");
        assert!(request(r#"{"puzzles": [5]}"#).is_err());
        let none = request(r#"{"puzzles": []}"#).unwrap().plan().unwrap_err();
        assert_eq!(ProblemDetails::from(&none).status, 422);
    }

    #[test]
    fn a_given_puzzle_is_solved_and_rated_and_one_without_one_solution_is_named() {
        let plan = request(r#"{"puzzles": ["kakuro:3x3:DbAb/4.6.3.7"]}"#)
            .unwrap()
            .plan()
            .unwrap();
        let job = &plan.jobs()[0];
        let puzzle = job.run(&mut Budget::new(1_000_000)).unwrap();
        assert_eq!(puzzle.solution, ["###", "#12", "#34"]);
        assert_eq!(
            (puzzle.shape.as_str(), puzzle.level),
            ("3x3", crate::core::Level::Easy)
        );
        // Two solutions: 12/21 and 21/12.
        let open =
            request(r##"{"puzzles": [{"genre": "kakuro", "text": "# 3/ 3/\n/3 . .\n/3 . ."}]}"##)
                .unwrap()
                .plan()
                .unwrap();
        let error = open.jobs()[0].run(&mut Budget::new(1_000_000)).unwrap_err();
        assert_eq!(ProblemDetails::from(&error).status, 422);
        assert!(error.to_string().starts_with("puzzle 1: "), "{error}");
    }

    #[test]
    fn a_seed_listed_again_is_the_same_puzzle() {
        let plan = request(r#"{"genre": "kakuro", "seeds": [4, 2, 4]}"#)
            .unwrap()
            .plan()
            .unwrap();
        assert_eq!(first_places(&plan.jobs()), [0, 1, 0]);
    }

    #[test]
    fn a_booklet_chooses_its_seeds_as_a_batch_does() {
        use crate::ops::GenerationOptions;
        let booklet = |json: &str| request(json).unwrap().options;
        let batch = |json: &str| from_json::<crate::ops::BatchRequest>(json.as_bytes()).unwrap();
        for choice in [
            r#""seeds": [3, 1]"#,
            r#""count": 3, "seed": 9"#,
            r#""count": 2"#,
        ] {
            let json = format!(r#"{{"genre": "kakuro", {choice}}}"#);
            assert_eq!(booklet(&json).seed_choice(), batch(&json).options, "{json}");
        }
        // A body that makes the choice makes it whole, over the query's, for both.
        let (body, query) = (r#"{"seeds": [5]}"#, r#"{"count": 4, "seed": 1}"#);
        let made = booklet(body).or(booklet(query)).seed_choice();
        assert_eq!(made, batch(body).options.or(batch(query).options));
        assert_eq!(made.seed_list().unwrap(), [5]);
        let layout_only = booklet(r#"{"title": "T"}"#).or(booklet(query));
        assert_eq!(layout_only.seed_choice().seed_list().unwrap(), [1, 2, 3, 4]);
        assert_eq!(layout_only.title.as_deref(), Some("T"));
        let made_from = BookletOptions::made_from(batch(query).options);
        assert_eq!(made_from.seed_choice(), batch(query).options);
    }
}
