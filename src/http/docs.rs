//! The OpenAPI document and its Swagger UI: the fixed parts here, the paths and schemas from
//! the handlers and the operations layer's types, the genres' descriptions from the registry.

use std::sync::Arc;

use axum::Router;
use utoipa::openapi::header::HeaderBuilder;
use utoipa::openapi::path::{ParameterIn, ParameterStyle};
use utoipa::openapi::security::{
    ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme,
};
use utoipa::openapi::{OpenApi as Document, Ref, RefOr, Required, Schema};
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_swagger_ui::SwaggerUi;

use super::{generate, puzzles, service, AppState};
use crate::ops;

/// The document's fixed parts; the description is [`description`], the paths come from the
/// handlers.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "sumpuzzles",
        license(name = "MIT", identifier = "MIT"),
        contact(name = "sumpuzzles maintainers")
    ),
    servers((url = "/", description = "The server this document is served from")),
    tags(
        (name = "puzzles", description = "Generate, solve, rate and check"),
        (name = "service", description = "Health, readiness, metrics")
    ),
    components(schemas(ops::ProblemDetails, ops::BatchLine))
)]
struct ApiDoc;

/// What the service does and the genres it has, each in its own words.
fn description() -> String {
    let genres = ops::genres();
    let titles: Vec<&str> = genres.iter().map(|genre| genre.title).collect();
    let formats: String = genres
        .iter()
        .map(|genre| format!("- {}\n", genre.formats))
        .collect();
    format!(
        "Generate, rate, solve and check sum puzzles: {}.\n\n\
Every generated puzzle has exactly one solution (proven by the exact solver) and is rated at the requested level by the genre's human-technique rater. \
The same genre, shape, level, seed and generator version give the same puzzle on every machine.\n\n\
A puzzle is sent as exactly one of: the genre's JSON object (`{{\"genre\": ..., \"puzzle\": {{...}}}}`), an ID (`{{\"id\": ...}}`, its prefix names the genre), \
a text (`{{\"genre\": ..., \"text\": \"...\"}}`) or a puzz.link URL (`{{\"url\": ...}}`). `GET /genres` describes each genre; their formats:\n\n{formats}\n\
Every search runs under a step budget and a deadline (30 s by default). The server sets the budget: {budget} steps for an operation on a puzzle \
(about 2 s of CPU on the slowest input measured) and {generate} for a generation (enough for 16x16 expert Kakuro), unless configured otherwise or raised by an API key; \
a request's `budget` may ask for less, never for more. Running out is a 422 (`/problems/budget-exhausted`) whose `steps`, `budget` and `stage` say how far the search got.\n\n\
Errors are `application/problem+json` (RFC 9457), whatever answers them, the HTTP layer included (a malformed request head, 408, 414, 431, an unknown path). \
Each client (its address, or its API key) may run a share of the workers at once, and use {share} ms of each worker's time a second on average, 20 s of that share at once: \
each request counts {request_ms} ms, each job the CPU time it took, so that cheap requests are limited far less than expensive ones; beyond, 429 with `Retry-After`. \
An address that sends API keys the server does not know gets 403 for each, and 429 after a few a second. \
Every answer but the health probes' says how much of that share is left, as the IETF draft draft-ietf-httpapi-ratelimit-headers has it, in milliseconds of worker time: `RateLimit-Policy` and `RateLimit`. \
When every worker is busy and the queue is full, requests get 503 with `Retry-After`; a request is safe to retry.",
        titles.join(", "),
        budget = group(ops::DEFAULT_BUDGET),
        generate = group(ops::GENERATE_BUDGET),
        share = super::clients::DEFAULT_WORK_MS_PER_WORKER,
        request_ms = super::clients::REQUEST_COST_MS,
    )
}

/// `1200000` as `1,200,000`.
fn group(number: u64) -> String {
    let digits = number.to_string();
    let mut grouped = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// `GET /generate` and `GET /daily` have no body, so their genre must be in the query string
/// (`POST` takes it from either, which is how the shared parameters describe it).
fn require_genre_in_get(document: &mut Document) {
    for path in ["/generate", "/daily"] {
        let get = document
            .paths
            .paths
            .get_mut(path)
            .and_then(|path| path.get.as_mut());
        let parameters = get.and_then(|get| get.parameters.as_mut());
        for parameter in parameters.into_iter().flatten() {
            if parameter.name == "genre" {
                parameter.required = Required::True;
                parameter.description = Some("The genre.".into());
            }
        }
    }
}

/// The endpoints whose body is optional (empty, `null` or absent is no body). Their body's
/// schema is the parameters object alone, not `oneOf` it and `null`: generators then make
/// the body an optional argument that is left out when not given (with the `null` in the
/// schema, openapi-python-client 0.29 sends its "unset" marker as JSON and fails, and
/// openapi-python-generator cannot read the body at all). The service still takes `null` and
/// an empty body as no body; schemathesis is told so (schemathesis.toml).
const OPTIONAL_BODIES: [(&str, &str); 3] = [
    ("/generate", "GenerateParameters"),
    ("/generate/batch", "BatchParameters"),
    ("/booklet", "BookletParameters"),
];

fn bodies_are_optional(document: &mut Document) {
    for (path, schema) in OPTIONAL_BODIES {
        let body = document
            .paths
            .paths
            .get_mut(path)
            .and_then(|item| item.post.as_mut())
            .and_then(|post| post.request_body.as_mut());
        if let Some(body) = body {
            body.required = Some(Required::False);
            for content in body.content.values_mut() {
                content.schema = Some(Ref::from_schema_name(schema).into());
            }
        }
    }
}

/// A query parameter that is an array is written repeated (`seeds=1&seeds=2`): `style: form`,
/// `explode: true`, said outright for the generators that do not assume OpenAPI's defaults.
fn arrays_are_repeated(document: &mut Document) {
    for item in document.paths.paths.values_mut() {
        for operation in [&mut item.get, &mut item.post].into_iter().flatten() {
            for parameter in operation.parameters.iter_mut().flatten() {
                let array = matches!(&parameter.schema, Some(RefOr::T(Schema::Array(_))));
                if array && parameter.parameter_in == ParameterIn::Query {
                    parameter.style = Some(ParameterStyle::Form);
                    parameter.explode = Some(true);
                }
            }
        }
    }
}

/// The API key schemes: `X-API-Key: <key>` and `Authorization: Bearer <key>`, either of
/// which the service reads.
fn security_schemes(document: &mut Document) {
    let components = document.components.get_or_insert_with(Default::default);
    components.add_security_scheme(
        API_KEY,
        SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
            "X-API-Key",
            "An API key the server was given (`SUMPUZZLES_API_KEYS`): its own share of worker \
             time, budget and concurrency. A server without keys ignores the header.",
        ))),
    );
    components.add_security_scheme(
        BEARER,
        SecurityScheme::Http(
            HttpBuilder::new()
                .scheme(HttpAuthScheme::Bearer)
                .description(Some(
                    "The same API key as `X-API-Key`, as `Authorization: Bearer <key>`. A server \
                     without keys ignores the header.",
                ))
                .build(),
        ),
    );
}

const API_KEY: &str = "api_key";
const BEARER: &str = "bearer";

/// The document's security, which every operation but the health probes inherits: anonymous
/// (`{}`), or either key scheme. The puzzle operations take a key when the server has keys (an
/// unknown key is a 403; with keys required, none is a 401); the open routes take one for its
/// share of worker time only. The health probes read none: their own `security: []`. Said once for the
/// document rather than per operation, because a generator that reads an operation's security
/// as "needs a key" (openapi-python-client types such an operation's client as
/// `AuthenticatedClient`) would otherwise ask for a key a server without keys never reads.
fn document_security(document: &mut Document) {
    document.security = Some(vec![
        SecurityRequirement::default(),
        SecurityRequirement::new(API_KEY, Vec::<String>::new()),
        SecurityRequirement::new(BEARER, Vec::<String>::new()),
    ]);
    for (path, item) in document.paths.paths.iter_mut() {
        let health = is_health_probe(path);
        for operation in [&mut item.get, &mut item.post].into_iter().flatten() {
            operation.security = health.then(Vec::new);
        }
    }
}

/// Whether requests to `path` skip the client's rate limit and need no key (the health probes).
fn is_health_probe(path: &str) -> bool {
    path == "/healthz" || path == "/readyz"
}

/// Every answer to a request that counts against its client's rate says how much is left, as
/// the IETF draft on rate limit headers has it; documented on each success (an error answer
/// after the request was let in carries them too).
fn rate_limit_headers(document: &mut Document) {
    let header = |description: &str| {
        let string = utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::Type::String)
            .build();
        HeaderBuilder::new()
            .schema(string)
            .description(Some(description))
            .build()
    };
    let policy = header(
        "The client's share of worker time (absent when the server sets none): \
         `\"client\";q=<milliseconds>;w=<seconds>`, `q` milliseconds of worker time at once, which \
         come back in full within `w` seconds (the server's share, or the API key's; IETF draft \
         draft-ietf-httpapi-ratelimit-headers, with worker time as the quota's unit).",
    );
    let left = header(
        "What the client's share leaves after this request: `\"client\";r=<milliseconds>;t=<seconds>`, \
         `r` milliseconds of worker time at once now, the whole share again in `t` seconds. \
         Each request counts 1 ms, each job the CPU time it took.",
    );
    for (path, item) in document.paths.paths.iter_mut() {
        if is_health_probe(path) {
            continue;
        }
        for operation in [&mut item.get, &mut item.post].into_iter().flatten() {
            for (status, response) in operation.responses.responses.iter_mut() {
                if let (true, RefOr::T(response)) = (status.starts_with('2'), response) {
                    response
                        .headers
                        .insert("RateLimit-Policy".into(), policy.clone());
                    response.headers.insert("RateLimit".into(), left.clone());
                }
            }
        }
    }
}

/// The API's routes with their OpenAPI document.
pub(super) fn routes() -> (Router<Arc<AppState>>, Document) {
    let router = OpenApiRouter::with_openapi(ApiDoc::openapi()).merge(generate::router());
    #[cfg(feature = "print")]
    let router = router.merge(super::booklet::router());
    let (router, mut document) = router
        .merge(puzzles::router())
        .merge(service::router())
        .split_for_parts();
    document.info.description = Some(description());
    require_genre_in_get(&mut document);
    bodies_are_optional(&mut document);
    arrays_are_repeated(&mut document);
    security_schemes(&mut document);
    document_security(&mut document);
    rate_limit_headers(&mut document);
    (router, document)
}

/// The OpenAPI document the service serves at `/openapi.json`: the handlers' document in the
/// forms every client generator reads (`super::schema_forms`).
pub fn openapi() -> serde_json::Value {
    served(&routes().1)
}

/// `document` as it is served.
fn served(document: &Document) -> serde_json::Value {
    let value = serde_json::to_value(document).expect("an OpenAPI document is JSON");
    super::schema_forms::for_every_generator(value)
}

/// Swagger UI at `/docs/`, reading `document` at `/openapi.json` as it is served.
pub(super) fn swagger(document: &Document) -> SwaggerUi {
    SwaggerUi::new("/docs").external_url_unchecked("/openapi.json", served(document))
}
