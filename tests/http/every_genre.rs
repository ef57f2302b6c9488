//! Every genre `/genres` lists goes through every endpoint: generic, it names no genre.

use serde_json::{json, Value};

use crate::common::Client;

/// The fields every generation report has; the rest are the genre's solution fields.
const GENERATE_FIELDS: [&str; 15] = [
    "genre",
    "id",
    "puzzle",
    "text",
    "url",
    "solution",
    "level",
    "score",
    "descriptors",
    "shape",
    "seed",
    "requested_seed",
    "generator_version",
    "rating",
    "stats",
];

/// The band of scores of a level's name (easy 1.0-2.9, ... expert 7.0-10.0).
fn score_band(level: &str) -> std::ops::RangeInclusive<f64> {
    let level = match level.parse() {
        Ok(sumpuzzles::TargetLevel::Exactly(level)) => level,
        other => panic!("{level}: {other:?}"),
    };
    let band = sumpuzzles::Score::band(level).unwrap();
    band.start().value()..=band.end().value()
}

/// What every rate report (and the rating of a generate report) of a puzzle the rater
/// finished says: rated, a score in its level's band, and the descriptors.
fn assert_rated(report: &Value, level: &str, what: &str) {
    assert_eq!(report["status"], "rated", "{what}: {report}");
    assert_eq!(report["level"], level, "{what}");
    let score = report["score"]
        .as_f64()
        .unwrap_or_else(|| panic!("{what}: no score"));
    assert!(
        score_band(level).contains(&score),
        "{what}: {level} {score}"
    );
    assert_eq!(report["score_version"], 1, "{what}");
    assert!(
        report["descriptors"]["cells"].as_u64().unwrap() > 0,
        "{what}"
    );
    assert!(
        report["descriptors"]["mean_run"].as_f64().unwrap() > 0.0,
        "{what}"
    );
    assert!(report["workload"].is_object(), "{what}");
}

/// Every genre `/genres` lists, whatever it is: generated at its default shape and first
/// level, then read back in each of its forms, written in every form (`/format`), and solved,
/// rated, checked, hinted and drawn.
#[tokio::test]
async fn every_registered_genre_goes_through_every_endpoint() {
    let server = Client::default_app();
    let genres = server.get("/genres").await.expect_json(200);
    let names: Vec<&str> = genres
        .as_array()
        .unwrap()
        .iter()
        .map(|genre| genre["name"].as_str().unwrap())
        .collect();
    let registered: Vec<&str> = sumpuzzles::genres::GenreId::ALL
        .iter()
        .map(|id| id.name())
        .collect();
    assert_eq!(names, registered);
    for genre in genres.as_array().unwrap() {
        let name = genre["name"].as_str().unwrap();
        let kinds: Vec<Value> = sumpuzzles::genres::BoardKind::ALL
            .iter()
            .map(|kind| serde_json::to_value(kind).unwrap())
            .collect();
        assert!(
            kinds.contains(&genre["board"]),
            "{name}: {}",
            genre["board"]
        );
        assert!(!genre["rules"].as_str().unwrap().is_empty(), "{name}");
        let level = genre["levels"][0].as_str().unwrap();
        let generated = server
            .post(&format!("/generate?genre={name}&level={level}&seed=1"))
            .json(&json!({}))
            .await;
        assert_eq!(generated.status, 200, "{name}: {generated}");
        let generated = generated.json();
        assert_eq!(generated["shape"], genre["default_shape"], "{name}");
        assert_eq!(generated["level"], level, "{name}");
        assert_eq!(generated["rating"]["profile"], genre["profile"], "{name}");
        assert_rated(&generated["rating"], level, name);
        assert_eq!(generated["score"], generated["rating"]["score"], "{name}");
        assert_eq!(
            generated["descriptors"], generated["rating"]["descriptors"],
            "{name}"
        );
        assert_eq!(generated["rating"]["uniqueness"], "unique", "{name}");
        assert_eq!(generated["requested_seed"], 1, "{name}");
        let extra: Vec<(&String, &Value)> = generated
            .as_object()
            .unwrap()
            .iter()
            .filter(|(key, _)| !GENERATE_FIELDS.contains(&key.as_str()))
            .collect();

        let mut forms = vec![
            json!({"id": generated["id"]}),
            json!({"genre": name, "text": generated["text"]}),
            json!({"genre": name, "puzzle": generated["puzzle"]}),
        ];
        if let Some(url) = generated.get("url") {
            forms.push(json!({ "url": url }));
        }
        // Each form written in every form again: the generation's own.
        for form in &forms {
            let written = server.post("/format").json(form).await;
            assert_eq!(written.status, 200, "{name} {form}: {written}");
            let written = written.json();
            for key in ["genre", "id", "text", "puzzle", "url"] {
                assert_eq!(written.get(key), generated.get(key), "{name} {form}: {key}");
            }
        }
        for form in forms {
            let mut request = form.clone();
            request["limit"] = json!(3);
            let solved = server.post("/solve").json(&request).await;
            assert_eq!(solved.status, 200, "{name} {form}: {solved}");
            let solved = solved.json();
            assert_eq!(solved["genre"], name);
            assert_eq!(solved["unique"], true, "{name} {form}");
            assert_eq!(solved["solutions"], json!([generated["solution"]]));
            for (key, value) in &extra {
                assert_eq!(&solved[key.as_str()], *value, "{name} {form}: {key}");
            }
        }

        let id = &generated["id"];
        let rated = server.post("/rate").json(&json!({ "id": id })).await;
        assert_eq!(rated.status, 200, "{name}: {rated}");
        let rated = rated.json();
        assert_rated(&rated, level, name);
        assert_eq!(rated["score"], generated["score"], "{name}");
        assert_eq!(rated["descriptors"], generated["descriptors"], "{name}");
        assert_eq!(
            (&rated["uniqueness"], &rated["complete"]),
            (&json!("unique"), &json!(true)),
            "{name}"
        );
        let answer = &generated["solution"];
        let checked = server
            .post("/check")
            .json(&json!({"id": id, "answer": answer}))
            .await;
        assert_eq!(checked.status, 200, "{name}: {checked}");
        assert_eq!(
            checked.json(),
            json!({"genre": name, "solved": true, "violations": []})
        );
        let hinted = server
            .post("/hint")
            .json(&json!({"id": id, "answer": answer}))
            .await;
        assert_eq!(hinted.status, 200, "{name}: {hinted}");
        assert_eq!(hinted.json()["kind"], "solved", "{name}");
        let drawn = server
            .post("/render")
            .header("accept", "image/svg+xml")
            .json(&json!({"id": id, "solution": true}))
            .await;
        assert_eq!(
            (drawn.status, drawn.content_type().as_str()),
            (200, "image/svg+xml"),
            "{name}"
        );
    }
}

/// A genre that lists its shapes says the levels of each (`shape_levels`, the shapes in the
/// same order): every one among `levels`, together all of them, and a level a shape lacks is
/// refused there with a 422 naming it, before any search.
#[tokio::test]
async fn each_listed_shape_says_its_levels_and_refuses_the_others() {
    let server = Client::default_app();
    let genres = server.get("/genres").await.expect_json(200);
    let mut refused = 0;
    for genre in genres.as_array().unwrap() {
        let name = genre["name"].as_str().unwrap();
        let Some(shapes) = genre.get("shapes") else {
            assert!(genre.get("shape_levels").is_none(), "{name}");
            continue;
        };
        let listed = genre["shape_levels"].as_array().unwrap();
        let listed_shapes: Vec<Value> = listed.iter().map(|entry| entry["shape"].clone()).collect();
        assert_eq!(Value::from(listed_shapes), *shapes, "{name}");
        let all = genre["levels"].as_array().unwrap();
        let mut held: Vec<&Value> = Vec::new();
        for entry in listed {
            let shape = entry["shape"].as_str().unwrap();
            let levels = entry["levels"].as_array().unwrap();
            assert!(!levels.is_empty(), "{name} {shape}");
            for level in all {
                if levels.contains(level) {
                    held.push(level);
                    continue;
                }
                let level = level.as_str().unwrap();
                server
                    .post(&format!(
                        "/generate?genre={name}&shape={shape}&level={level}&seed=1"
                    ))
                    .json(&json!({}))
                    .await
                    .assert_problem_detail(422, level);
                refused += 1;
            }
            assert!(
                levels.iter().all(|level| all.contains(level)),
                "{name} {shape}"
            );
        }
        assert!(all.iter().all(|level| held.contains(&level)), "{name}");
    }
    // Killer Sudoku's 4x4 holds no hard puzzle, so some genre lists a shape with fewer levels.
    assert!(refused > 0, "no listed shape lacks a level");
}
