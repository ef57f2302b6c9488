//! The daily puzzle: the same generated puzzle for everyone on a date, from a rule anyone can
//! compute. The daily puzzle of genre G, shape S and level L on the date YYYY-MM-DD is the
//! puzzle `generate` makes for G, S and L with the seed YYYYMMDD (the date's digits read as
//! one decimal number: 2025-03-14 is seed 20250314). The rule does not depend on the version:
//! a new generator version may make another puzzle from the same seed, as for any seed.

use serde::{Deserialize, Serialize};

use super::date::Date;
use super::generate::{GeneratePlan, GenerateReport};
use super::parameters::{GenerationOptions, GenerationParameters, GenerationRequest};
use super::wire::ParsedDate;
use super::Plan;
use crate::core::{Budget, Error, InputError, InputErrorKind, Location, Progress, Stage};

/// The daily puzzle of a genre, shape and level: the date (today in UTC when absent) and the
/// same shape and level defaults as `generate`; no score range.
#[cfg_attr(
    feature = "server",
    derive(utoipa::IntoParams),
    into_params(parameter_in = Query)
)]
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct DailyOptions {
    /// The date, `YYYY-MM-DD`, 2000-01-01 to 2099-12-31; today in UTC when absent. The
    /// puzzle is the one `/generate` makes with the seed YYYYMMDD.
    // Inline: a query parameter's schema is not a component of the document of its own.
    #[cfg_attr(feature = "server", param(inline))]
    pub date: Option<ParsedDate>,
}

impl GenerationOptions for DailyOptions {
    const EXPECTING: &'static str = "daily puzzle parameters (genre, shape, level, date)";
    /// The daily puzzle is the seed's own puzzle: a score range would pick another.
    const NOT_TAKEN: &'static [&'static str] = &["score_min", "score_max"];

    fn or(self, fallback: DailyOptions) -> DailyOptions {
        DailyOptions {
            date: self.date.or(fallback.date),
        }
    }
}

/// `/daily`: the generation parameters (without a score range) and a date.
pub type DailyRequest = GenerationRequest<DailyOptions>;

/// A daily puzzle to make: its date and the generation that makes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyPlan {
    date: Date,
    generation: GeneratePlan,
}

impl DailyPlan {
    /// The puzzle's date.
    pub fn date(&self) -> Date {
        self.date
    }

    /// The generation: the request's parameters with the date's seed.
    pub fn generation(&self) -> &GeneratePlan {
        &self.generation
    }
}

impl DailyRequest {
    /// The date and generation of this request, `today` standing for an absent date. A date
    /// outside [`Date::FIRST_DAILY`]..=[`Date::LAST_DAILY`] is outside the limits (422).
    pub fn plan(&self, today: Date) -> Result<DailyPlan, Error> {
        let date = match &self.options.date {
            Some(date) => date.read()?,
            None => today,
        };
        if date < Date::FIRST_DAILY || date > Date::LAST_DAILY {
            return Err(InputError::new(
                InputErrorKind::Limits,
                Location::Input,
                format!(
                    "date {date} is outside the daily puzzles' range: {} to {}",
                    Date::FIRST_DAILY,
                    Date::LAST_DAILY
                ),
            )
            .into());
        }
        let parameters = GenerationParameters {
            score_min: None,
            score_max: None,
            ..self.parameters.clone()
        };
        let generation = parameters.plan(Some(date.daily_seed()))?;
        Ok(DailyPlan { date, generation })
    }
}

/// A daily puzzle: its date and the generated puzzle.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DailyReport {
    /// The puzzle's date, `YYYY-MM-DD`; `seed` is its digits YYYYMMDD.
    #[cfg_attr(feature = "server", schema(format = Date, example = "2025-03-14"))]
    pub date: String,
    /// The puzzle, as `/generate` makes it from the date's seed.
    #[serde(flatten)]
    pub puzzle: GenerateReport,
}

/// The daily puzzle `request` names, `today` standing for an absent date.
pub fn daily(
    request: &DailyRequest,
    today: Date,
    budget: &mut Budget,
) -> Result<DailyReport, Error> {
    request.plan(today)?.run(budget)
}

/// A daily puzzle's generation's failure in the daily puzzle's words: a budget that ran out
/// generating is [`Stage::GeneratingDaily`] (a date has no other seed to try). A door that runs
/// the generation itself (the HTTP door's answer cache, which shares it with `/generate`)
/// says its failures so too.
pub fn daily_failure(error: Error) -> Error {
    match error {
        Error::Exhausted(progress) if progress.stage == Stage::Generating => {
            Error::Exhausted(Progress {
                stage: Stage::GeneratingDaily,
                ..progress
            })
        }
        error => error,
    }
}

/// The daily puzzle is a generation: it runs under the generation budget (a door's, an API
/// key's), as `/generate` and a batch do. A budget that runs out says so in the daily puzzle's
/// words ([`Stage::GeneratingDaily`]): a date has no other seed to try.
impl Plan for DailyPlan {
    type Report = DailyReport;

    fn requested_budget(&self) -> Option<u64> {
        self.generation.requested_budget()
    }

    fn generates(&self) -> bool {
        true
    }

    fn run(&self, budget: &mut Budget) -> Result<DailyReport, Error> {
        let puzzle = self.generation.run(budget).map_err(daily_failure)?;
        Ok(DailyReport {
            date: self.date.to_string(),
            puzzle,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::GenreId;

    fn date(text: &str) -> Date {
        text.parse().unwrap()
    }

    fn daily_request(query: &str) -> Result<DailyRequest, Error> {
        let json: serde_json::Map<String, serde_json::Value> = query
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .map(|(key, value)| (key.to_string(), value.into()))
            .collect();
        crate::ops::from_json(serde_json::Value::Object(json).to_string().as_bytes())
    }

    #[test]
    fn a_daily_plan_is_generate_with_the_dates_seed() {
        let genre = GenreId::DEFAULT;
        let request = daily_request(&format!("genre={genre}&date=2025-03-14")).unwrap();
        let plan = request.plan(date("2030-01-01")).unwrap();
        assert_eq!(plan.date(), date("2025-03-14"));
        assert_eq!(plan.generation().seed(), Some(20_250_314));
        let today = daily_request(&format!("genre={genre}")).unwrap();
        assert_eq!(
            today.plan(date("2030-01-01")).unwrap().date(),
            date("2030-01-01")
        );
    }

    #[test]
    fn dates_outside_the_range_or_the_calendar_are_refused() {
        let genre = GenreId::DEFAULT;
        for (outside, status) in [
            ("1999-12-31", 422),
            ("2100-01-01", 422),
            ("2025-02-29", 422),
            ("2025-3-14", 400),
        ] {
            let request = daily_request(&format!("genre={genre}&date={outside}")).unwrap();
            let error = request.plan(Date::FIRST_DAILY).unwrap_err();
            let problem = crate::ops::ProblemDetails::from(&error);
            assert_eq!(problem.status, status, "{outside}: {error}");
            assert!(problem.detail.contains(outside));
        }
        let no_genre = DailyRequest::default().plan(Date::FIRST_DAILY).unwrap_err();
        assert!(matches!(no_genre, Error::Request(_)));
    }

    #[test]
    fn the_daily_puzzle_takes_no_score_range() {
        let error = daily_request("genre=kakuro&score_min=5.0").unwrap_err();
        assert!(
            error.to_string().contains("unknown field `score_min`, expected one of `genre`, `shape`, `level`, `date`, `budget`, `solution`"),
            "{error}"
        );
    }

    /// Issue 31: `/daily` ran under the 1.2 M-step budget of an operation on a puzzle, and its
    /// 422 told the player to try another seed.
    #[test]
    fn the_daily_puzzle_is_a_generation_and_its_422_offers_no_other_seed() {
        let request = daily_request("genre=kakuro&shape=16x16&level=expert&date=2026-12-02");
        let plan = request.unwrap().plan(Date::FIRST_DAILY).unwrap();
        assert!(plan.generates());
        assert_eq!(plan.default_budget(), crate::ops::GENERATE_BUDGET);
        let error = plan.run(&mut Budget::new(100)).unwrap_err();
        let problem = crate::ops::ProblemDetails::from(&error);
        assert_eq!(problem.status, 422);
        assert_eq!(
            problem.stage.as_deref(),
            Some("generating the daily puzzle")
        );
        assert!(
            !problem.detail.contains("another seed"),
            "{}",
            problem.detail
        );
        assert!(
            problem.detail.contains("smaller shape"),
            "{}",
            problem.detail
        );
    }

    /// Issue 31: 16x16 expert Kakuro had no daily puzzle on 2026-12-01 to -04 (each a 422 at
    /// 1.2 M steps). Under the plan's own budget each date is made. (A whole year is the
    /// `daily_year` example, its table in docs/edge.md.)
    #[test]
    fn the_dates_that_had_no_daily_puzzle_have_one() {
        for day in 1..=4 {
            let query = format!("genre=kakuro&shape=16x16&level=expert&date=2026-12-0{day}");
            let plan = daily_request(&query)
                .unwrap()
                .plan(Date::FIRST_DAILY)
                .unwrap();
            let mut budget = Budget::new(plan.default_budget());
            let report = plan
                .run(&mut budget)
                .unwrap_or_else(|error| panic!("{query}: {error}"));
            assert_eq!(report.date, format!("2026-12-0{day}"));
        }
    }
}
