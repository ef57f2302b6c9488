//! A book of puzzles (`/booklet`): a batch's parameters and the book's layout (docs/print.md).
//! Its puzzles are a batch's, made under the batch's rules and limits; the book is `print`'s.

use serde::Deserialize;

use super::batch::BatchOptions;
use super::parameters::{GenerationOptions, GenerationRequest};
use super::wire::{BatchSize, Seed};
use super::{BatchPlan, GenerateReport};
use crate::core::{Error, InputError};
use crate::print::{Format, Layout, Trim, MAX_TEXT, PER_PAGE, TRIM_LIMITS};

/// A booklet: the parameters of `/generate/batch` (its genre, shape, level or score range,
/// and `seeds` or `count` from a first `seed`) and the book's layout. Query string or JSON
/// body; the body's fields win.
#[cfg_attr(
    feature = "server",
    derive(utoipa::ToSchema, utoipa::IntoParams),
    schema(as = BookletParameters),
    into_params(parameter_in = Query)
)]
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
pub struct BookletOptions {
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
    /// The book's title (up to 200 characters); made from the genre when absent.
    pub title: Option<String>,
    /// The author's name, on the title page (up to 200 characters).
    pub author: Option<String>,
    /// The copyright line, on the copyright page (up to 200 characters).
    pub copyright: Option<String>,
}

/// `/booklet`: the generation parameters, the seeds and the layout.
pub type BookletRequest = GenerationRequest<BookletOptions>;

impl BookletOptions {
    /// The batch's own fields of the booklet.
    fn batch(&self) -> BatchOptions {
        BatchOptions {
            seeds: self.seeds.clone(),
            count: self.count,
            seed: self.seed,
        }
    }

    /// The layout fields checked: a 422 for a value outside its limits.
    pub fn layout(&self) -> Result<Layout, Error> {
        let format = self.format.unwrap_or_default();
        let trim = self.trim.unwrap_or(Trim::SIX_BY_NINE);
        let (low, high) = TRIM_LIMITS;
        if [trim.width, trim.height]
            .iter()
            .any(|side| !(low * 72.0..=high * 72.0).contains(side))
        {
            return Err(InputError::limits(format!(
                "a trim's sides are {low} to {high} in; {trim} is not"
            ))
            .into());
        }
        let per_page = match self.per_page {
            Some(n) if PER_PAGE.contains(&usize::from(n)) => Some(usize::from(n)),
            Some(n) => {
                return Err(InputError::limits(format!("per_page is 1, 2, 4 or 6, not {n}")).into())
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
                    "the {name} has at most {MAX_TEXT} characters"
                ))
                .into());
            }
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
        })
    }
}

impl GenerationOptions for BookletOptions {
    const EXPECTING: &'static str = "a JSON object of booklet parameters";
    /// The book says whether its solutions are printed (`solutions`); its puzzles are always
    /// made with theirs.
    const NOT_TAKEN: &'static [&'static str] = &["solution"];

    fn check_given(&self) -> Result<(), Error> {
        self.batch().check_given()?;
        self.layout().map(|_| ())
    }

    /// The seeds are one choice (as a batch's); each layout field on its own.
    fn or(self, fallback: BookletOptions) -> BookletOptions {
        let batch = self.batch().or(fallback.batch());
        BookletOptions {
            seeds: batch.seeds,
            count: batch.count,
            seed: batch.seed,
            format: self.format.or(fallback.format),
            solutions: self.solutions.or(fallback.solutions),
            trim: self.trim.or(fallback.trim),
            per_page: self.per_page.or(fallback.per_page),
            large_print: self.large_print.or(fallback.large_print),
            title: self.title.or(fallback.title),
            author: self.author.or(fallback.author),
            copyright: self.copyright.or(fallback.copyright),
        }
    }
}

impl BookletRequest {
    /// The booklet read and checked: its batch (under the batch's rules and limits, its
    /// puzzles always made with their solutions) and its layout.
    pub fn plan(&self) -> Result<BookletPlan, Error> {
        let layout = self.options.layout()?;
        let mut parameters = self.parameters.clone();
        parameters.solution = None;
        let batch = GenerationRequest {
            parameters,
            options: self.options.batch(),
        }
        .plan()?;
        Ok(BookletPlan { batch, layout })
    }
}

/// A booklet read and checked: the batch that makes its puzzles and the layout.
#[derive(Clone, Debug, PartialEq)]
pub struct BookletPlan {
    /// The batch of its puzzles.
    pub batch: BatchPlan,
    /// How the book is laid out.
    pub layout: Layout,
}

impl BookletPlan {
    /// The book of the batch's puzzles (its reports, in seed order) as PDF bytes; a 422 when
    /// the layout cannot keep the print minimums.
    pub fn print(&self, reports: &[GenerateReport]) -> Result<Vec<u8>, Error> {
        crate::print::print(&self.layout, reports)
    }
}
