//! The `sumpuzzles` command: solve, rate, check, convert and generate puzzles, and (with the
//! `server` feature) serve them over HTTP.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use serde::Serialize;

use sumpuzzles::genres::kakuro_cryptic::batch;
use sumpuzzles::genres::GenreId;
use sumpuzzles::ops::{
    self, AnswerRows, BatchLine, BatchOptions, BatchRequest, BatchSize, BookletOptions,
    BookletRequest, CheckOptions, CheckRequest, FormatRequest, GenerateOptions, GenerateRequest,
    GenerationParameters, GenerationRequest, HintOptions, HintRequest, Parsed, Plan,
    ProblemDetails, PuzzleSource, RateRequest, RenderOptions, RenderRequest, Seed, SolutionLimit,
    SolveOptions, SolveRequest,
};
use sumpuzzles::{Budget, Score};

#[cfg(feature = "server")]
mod serve;

#[cfg(feature = "server")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Generate, rate, solve and check sum puzzles (the registry's genres: [`about`]).
#[derive(Parser)]
#[command(version, about = about())]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The CLI's one-line description, naming the registry's genres (as the OpenAPI document's
/// does), so that a new genre is named without an edit here.
fn about() -> String {
    let titles: Vec<&str> = ops::genres().iter().map(|genre| genre.title).collect();
    format!(
        "Generate, rate, solve and check sum puzzles ({}), as a library, a CLI and an HTTP service",
        titles.join(", ")
    )
}

/// Where a puzzle is read from and in which genre.
#[derive(clap::Args)]
struct PuzzleArgs {
    /// File holding the puzzle (text, ID, JSON or a puzz.link URL); standard input when absent
    /// or `-`.
    file: Option<PathBuf>,
    /// The genre, when the input does not say (a text without a `genre:` line is in the
    /// first registered genre).
    #[arg(long)]
    genre: Option<GenreId>,
    /// Step budget for the search.
    #[arg(long, default_value_t = ops::LOCAL_BUDGET)]
    budget: u64,
}

/// What a generation takes, for `generate` and `booklet`.
#[derive(clap::Args)]
struct GenerationArgs {
    #[arg(long, default_value_t = GenreId::DEFAULT)]
    genre: GenreId,
    /// `<rows>x<cols>`; the genre's default when absent.
    #[arg(long)]
    shape: Option<String>,
    /// easy, medium, hard, expert or any.
    #[arg(long, default_value = "any")]
    level: String,
    /// The seed; with --count, the first of the batch's seeds.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The lowest score (1.0 to 10.0, one decimal); with --score-max, a range within the
    /// level's band.
    #[arg(long)]
    score_min: Option<Score>,
    /// The highest score (1.0 to 10.0, one decimal).
    #[arg(long)]
    score_max: Option<Score>,
    /// A batch of this many puzzles (1 to 100), seeds --seed, --seed + 1, ...
    #[arg(long, conflicts_with = "seeds")]
    count: Option<u32>,
    /// A batch of these seeds, comma-separated (1 to 100 of them).
    #[arg(long, value_delimiter = ',', conflicts_with = "seed")]
    seeds: Option<Vec<u64>>,
    /// Step budget (of each puzzle, in a batch).
    #[arg(long, default_value_t = ops::LOCAL_GENERATE_BUDGET)]
    budget: u64,
}

impl GenerationArgs {
    /// The parameters, the shape and level parsed by the wire's rules (strict, as the
    /// service's), once.
    fn parameters(&self, solution: Option<bool>) -> GenerationParameters {
        GenerationParameters {
            genre: Some(self.genre.into()),
            shape: self.shape.clone().map(Parsed::of),
            level: Some(Parsed::of(self.level.clone())),
            budget: None,
            score_min: self.score_min,
            score_max: self.score_max,
            solution,
        }
    }

    /// The batch's own fields: `count` from `seed`, or `seeds`.
    fn batch(&self) -> BatchOptions {
        BatchOptions {
            seed: self.count.map(|_| Seed(self.seed)),
            seeds: self.seeds.clone(),
            count: self.count.map(BatchSize),
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Count solutions (up to a limit) and print them.
    Solve {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// Stop after this many solutions.
        #[arg(long, default_value_t = 2)]
        limit: usize,
    },
    /// Rate a puzzle with the genre's human techniques.
    Rate {
        #[command(flatten)]
        puzzle: PuzzleArgs,
    },
    /// Check an answer against a puzzle.
    Check {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// File with the answer, one row per line (or a JSON array of row strings).
        #[arg(long)]
        answer: PathBuf,
        /// Turn unmarked cells into empty ones before checking.
        #[arg(long)]
        finish: bool,
    },
    /// The next hint for a (partial) answer: the rater's next placement, or the first wrong mark.
    Hint {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// File with the answer, one row per line (or a JSON array of row strings).
        #[arg(long)]
        answer: PathBuf,
    },
    /// Draw a puzzle as a printable SVG on standard output: blank, with an answer (its broken
    /// rules highlighted) or with the solution.
    Render {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// File with an answer to write in, one row per line (or a JSON array of row strings).
        #[arg(long, conflicts_with = "solution")]
        answer: Option<PathBuf>,
        /// Write the solution in (the puzzle must have exactly one).
        #[arg(long)]
        solution: bool,
        /// With --answer: turn unmarked cells into empty ones before checking.
        #[arg(long, requires = "answer")]
        finish: bool,
    },
    /// Convert a puzzle between the text, ID and JSON formats and puzz.link URLs.
    Format {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// Print only this format (`id`, `text`, `json` or `url`); all of them as JSON when
        /// absent.
        #[arg(long)]
        to: Option<String>,
    },
    /// Solve a file of cryptic Kakuro lines (Project Euler 424): print each line's
    /// encrypted value, then the sum over the lines with exactly one solution.
    Pe424 {
        /// The file, one puzzle per line (CRLF or LF).
        file: PathBuf,
        /// Step budget for each line.
        #[arg(long, default_value_t = ops::LOCAL_LINE_BUDGET)]
        budget: u64,
    },
    /// Generate a puzzle (pretty JSON), or with --count or --seeds a batch: one JSON line per
    /// seed, in seed order, as `POST /generate/batch` writes them (a seed that fails gives a
    /// line with its problem, and the others go on).
    Generate {
        #[command(flatten)]
        generation: GenerationArgs,
        /// Leave the solution out (and whatever gives it away: the rating's deductions,
        /// cryptic Kakuro's letters).
        #[arg(long)]
        no_solution: bool,
    },
    /// Make a puzzle book (or sheet) as a print-ready PDF, as `POST /booklet` does: a batch's
    /// puzzles (--count from --seed, or --seeds) laid out by the layout flags (docs/print.md).
    Booklet {
        #[command(flatten)]
        generation: GenerationArgs,
        /// `book` (title, copyright and how-to-play pages, numbered puzzles, solutions, Notes
        /// pages up to 24) or `sheet` (the puzzles alone).
        #[arg(long, default_value = "book")]
        format: String,
        /// Leave the solutions out.
        #[arg(long)]
        no_solutions: bool,
        /// Print the solutions (a sheet leaves them out unless asked).
        #[arg(long, conflicts_with = "no_solutions")]
        solutions: bool,
        /// The page size: 6x9, 8.5x11, a4, letter, or <w>x<h> in inches or with `mm`.
        #[arg(long, default_value = "6x9")]
        trim: String,
        /// Puzzles a page: 1, 2, 4 or 6 (a book's default 1; a sheet's as many as fit).
        #[arg(long)]
        per_page: Option<u8>,
        /// Every text at least 16 pt.
        #[arg(long)]
        large_print: bool,
        /// Print these puzzles instead of making them: files (text, ID, JSON or a puzz.link
        /// URL, as `solve` reads them) or IDs, repeated, each with exactly one solution.
        #[arg(long = "puzzle", conflicts_with_all = ["count", "seeds", "shape", "score_min", "score_max"])]
        puzzles: Vec<String>,
        /// The cover (back, spine and front on one page) of the book instead of its pages.
        #[arg(long)]
        cover: bool,
        /// The paper (`white` or `cream`), for the cover's spine width.
        #[arg(long, default_value = "white")]
        paper: String,
        /// The book's title.
        #[arg(long)]
        title: Option<String>,
        /// The author, on the title page.
        #[arg(long)]
        author: Option<String>,
        /// The copyright line.
        #[arg(long)]
        copyright: Option<String>,
        /// The PDF file to write.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Run the HTTP service.
    #[cfg(feature = "server")]
    Serve(Box<serve::ServeArgs>),
    /// Exit 0 when the service answers its health check (for container health checks).
    Healthcheck {
        /// The URL to ask; a container on another port sets SUMPUZZLES_HEALTHCHECK_URL and
        /// keeps the image's health check as it is.
        #[arg(
            long,
            env = "SUMPUZZLES_HEALTHCHECK_URL",
            default_value = "http://127.0.0.1:8080/healthz"
        )]
        url: String,
    },
    /// Print the OpenAPI document the service serves.
    #[cfg(feature = "server")]
    Openapi,
}

/// Writes a batch's lines as each puzzle is made; fails at the end when a seed did.
fn generate_batch(batch: &BatchRequest, budget: u64) -> Result<()> {
    let plan = batch.plan()?;
    let mut failed = 0;
    for (&seed, generation) in plan.seeds().iter().zip(plan.generations()) {
        let line = BatchLine::of(seed, generation.run(&mut Budget::new(budget)));
        failed += usize::from(matches!(line, BatchLine::Failed(_)));
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(line.to_ndjson().as_bytes())?;
        stdout.flush()?;
    }
    if failed > 0 {
        bail!(
            "{failed} of {} seeds failed (their lines hold the problem)",
            plan.seeds().len()
        );
    }
    Ok(())
}

/// Writes to standard output; a failed write (a closed pipe) is an error for `main` to handle,
/// not a panic as with `print!`.
macro_rules! out {
    ($($arg:tt)*) => {
        write!(std::io::stdout().lock(), $($arg)*)
    };
}

macro_rules! outln {
    ($($arg:tt)*) => {
        writeln!(std::io::stdout().lock(), $($arg)*)
    };
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`sumpuzzles ... | head`): nothing left to say to anyone.
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("Error: {error:?}");
            // An engine error is also written as the problem object the service would send:
            // what kind of failure, and for a budget that ran out how far the work got.
            let engine = error
                .downcast_ref::<sumpuzzles::Error>()
                .cloned()
                .or_else(|| {
                    let input = error.downcast_ref::<sumpuzzles::InputError>()?;
                    Some(sumpuzzles::Error::Input(input.clone()))
                });
            if let Some(error) = engine {
                let problem = ProblemDetails::from(&error);
                let json = serde_json::to_string_pretty(&problem).expect("a problem is JSON");
                eprintln!("{json}");
            }
            ExitCode::FAILURE
        }
    }
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn run() -> Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Solve { puzzle, limit } => {
            let options = SolveOptions {
                limit: Some(SolutionLimit(limit)),
                budget: None,
            };
            let request = SolveRequest::new(puzzle.source()?, options);
            print(&ops::solve(&request, &mut puzzle.budget())?)
        }
        Command::Rate { puzzle } => {
            let request = RateRequest::from(puzzle.source()?);
            print(&ops::rate(&request, &mut puzzle.budget())?)
        }
        Command::Check {
            puzzle,
            answer,
            finish,
        } => {
            let options = CheckOptions {
                answer: read_answer(&answer)?,
                finish: Some(finish),
            };
            print(&ops::check(&CheckRequest::new(puzzle.source()?, options))?)
        }
        Command::Hint { puzzle, answer } => {
            let options = HintOptions {
                answer: read_answer(&answer)?,
                budget: None,
            };
            let request = HintRequest::new(puzzle.source()?, options);
            print(&ops::hint(&request, &mut puzzle.budget())?)
        }
        Command::Render {
            puzzle,
            answer,
            solution,
            finish,
        } => {
            let options = RenderOptions {
                answer: answer.as_ref().map(read_answer).transpose()?,
                solution: Some(solution),
                finish: Some(finish),
                budget: None,
            };
            let request = RenderRequest::new(puzzle.source()?, options);
            out!("{}", ops::render(&request, &mut puzzle.budget())?)?;
            Ok(())
        }
        Command::Format { puzzle, to } => {
            let forms = ops::format(&FormatRequest::from(puzzle.source()?))?;
            match to.as_deref() {
                None => print(&forms),
                Some("id") => {
                    outln!("{}", forms.id)?;
                    Ok(())
                }
                Some("text") => {
                    out!("{}", forms.text)?;
                    Ok(())
                }
                Some("json") => {
                    print(&serde_json::json!({"genre": forms.genre, "puzzle": forms.puzzle}))
                }
                Some("url") => match &forms.url {
                    Some(url) => {
                        outln!("{url}")?;
                        Ok(())
                    }
                    None => bail!(
                        "this {} puzzle has no puzz.link URL: the genre has no puzz.link form, \
                         or puzz.link cannot show this puzzle",
                        forms.genre
                    ),
                },
                Some(other) => bail!("--to takes id, text, json or url, not '{other}'"),
            }
        }
        Command::Pe424 { file, budget } => {
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("reading {}", file.display()))?;
            let results = batch::solve_lines(&text, budget);
            for result in &results {
                outln!("{result}")?;
            }
            outln!("sum: {}", batch::encrypted_sum(&results))?;
            let failed = results.iter().filter(|r| r.encrypted().is_none()).count();
            if failed > 0 {
                bail!(
                    "{failed} of {} lines have no unique solution",
                    results.len()
                );
            }
            Ok(())
        }
        Command::Generate {
            generation,
            no_solution,
        } => {
            let parameters = generation.parameters(no_solution.then_some(false));
            if generation.count.is_none() && generation.seeds.is_none() {
                let request = GenerateRequest {
                    parameters,
                    options: GenerateOptions {
                        seed: Some(Seed(generation.seed)),
                    },
                };
                // A generation by score may examine its candidates on every core: the
                // puzzle is the same with any number (see `generate_in_range`).
                let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
                return print(&ops::generate(
                    &request,
                    &mut Budget::new(generation.budget).with_threads(cores),
                )?);
            }
            let batch = GenerationRequest {
                parameters,
                options: generation.batch(),
            };
            generate_batch(&batch, generation.budget)
        }
        Command::Booklet {
            generation,
            format,
            no_solutions,
            solutions,
            trim,
            per_page,
            large_print,
            puzzles,
            cover,
            paper,
            title,
            author,
            copyright,
            output,
        } => {
            let (parameters, batch, given) = if puzzles.is_empty() {
                (generation.parameters(None), generation.batch(), None)
            } else {
                let sources = puzzles
                    .iter()
                    .map(|puzzle| {
                        let path = Path::new(puzzle);
                        let content = if path.is_file() {
                            std::fs::read_to_string(path)
                                .with_context(|| format!("reading {puzzle}"))?
                        } else {
                            puzzle.clone()
                        };
                        PuzzleSource::from_content(&content, None)
                            .with_context(|| format!("reading the puzzle {puzzle}"))
                    })
                    .collect::<Result<Vec<_>>>()?;
                let parameters = GenerationParameters::default();
                (parameters, BatchOptions::default(), Some(sources))
            };
            let request = BookletRequest {
                parameters,
                options: BookletOptions {
                    seeds: batch.seeds,
                    count: batch.count,
                    seed: batch.seed,
                    puzzles: given,
                    format: Some(format.parse().map_err(anyhow::Error::msg)?),
                    solutions: (no_solutions || solutions).then_some(solutions),
                    trim: Some(trim.parse().map_err(anyhow::Error::msg)?),
                    per_page,
                    large_print: Some(large_print),
                    title,
                    author,
                    copyright,
                    cover: Some(cover),
                    paper: Some(
                        serde_json::from_value(serde_json::Value::String(paper))
                            .context("--paper is white or cream")?,
                    ),
                },
            };
            let pdf = request.plan()?.run_all(generation.budget)?;
            std::fs::write(&output, pdf)
                .with_context(|| format!("writing {}", output.display()))?;
            Ok(())
        }
        #[cfg(feature = "server")]
        Command::Serve(args) => serve::serve(*args),
        Command::Healthcheck { url } => healthcheck(&url),
        #[cfg(feature = "server")]
        Command::Openapi => {
            outln!(
                "{}",
                serde_json::to_string_pretty(&sumpuzzles::http::openapi())?
            )?;
            Ok(())
        }
    }
}

/// A plain HTTP/1.0 GET, so the container image needs no curl.
fn healthcheck(url: &str) -> Result<()> {
    use std::io::Write;
    use std::net::{TcpStream, ToSocketAddrs};
    use std::time::Duration;

    let rest = url
        .strip_prefix("http://")
        .with_context(|| format!("{url}: only http:// URLs are checked"))?;
    let (host, path) = rest
        .split_once('/')
        .map_or((rest, "/".to_string()), |(h, p)| (h, format!("/{p}")));
    let address = host
        .to_socket_addrs()
        .with_context(|| format!("resolving {host}"))?
        .next()
        .with_context(|| format!("{host} has no address"))?;
    let mut stream = TcpStream::connect_timeout(&address, Duration::from_secs(2))?;
    stream.set_read_timeout(Some(Duration::from_secs(2)))?;
    write!(stream, "GET {path} HTTP/1.0\r\nHost: {host}\r\n\r\n")?;
    let mut response = String::new();
    let _ = stream.read_to_string(&mut response);
    let status = response.split_whitespace().nth(1).unwrap_or("");
    if status == "200" {
        Ok(())
    } else {
        bail!(
            "{url} answered '{}'",
            response.lines().next().unwrap_or("nothing")
        )
    }
}

fn read_input(file: &Option<PathBuf>) -> Result<String> {
    let mut content = String::new();
    match file {
        Some(path) if path.as_os_str() != "-" => {
            content = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
        }
        _ => {
            std::io::stdin()
                .read_to_string(&mut content)
                .context("reading standard input")?;
        }
    }
    Ok(content)
}

/// Reads answer rows from a file: one row per line, or a JSON array of row strings.
fn read_answer(path: &PathBuf) -> Result<AnswerRows> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    if text.trim_start().starts_with('[') {
        serde_json::from_str(&text)
            .map(AnswerRows::Rows)
            .context("the answer should be a JSON array of row strings")
    } else {
        Ok(AnswerRows::Rows(text.lines().map(str::to_string).collect()))
    }
}

impl PuzzleArgs {
    /// The puzzle, read from the file or standard input.
    fn source(&self) -> Result<PuzzleSource> {
        let content = read_input(&self.file)?;
        Ok(PuzzleSource::from_content(&content, self.genre)?)
    }

    fn budget(&self) -> Budget {
        Budget::new(self.budget)
    }
}

fn print(value: &impl Serialize) -> Result<()> {
    outln!("{}", serde_json::to_string_pretty(value)?)?;
    Ok(())
}
