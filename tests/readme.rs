//! The README's examples are what the service does: each `$ curl ...` of its tour is sent to
//! the service (its router, in process) as curl sends it, and the answer must match the
//! output the README shows, where `...` stands for any text and the line breaks and
//! indentation between JSON tokens are the README's layout. The booklet's `pdfinfo` lines are
//! checked with pdfinfo (tests/common/skip.rs when it is missing).
#![cfg(feature = "server")]

mod common;

use common::Client;

/// One shown command and the output printed under it.
struct Example {
    command: String,
    output: Vec<String>,
}

/// The commands of the README's first `sh` block under "A short tour", each with its output.
fn tour() -> Vec<Example> {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let tour = &readme[readme.find("## A short tour").expect("a tour")..];
    let block = &tour[tour.find("```sh\n").expect("a sh block") + 6..];
    let block = &block[..block.find("```").unwrap()];
    let mut examples: Vec<Example> = Vec::new();
    let mut continued = false;
    for line in block.lines() {
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                command: command.trim_end_matches('\\').to_string(),
                output: Vec::new(),
            });
            continued = line.ends_with('\\');
        } else if continued {
            let example = examples.last_mut().unwrap();
            example.command.push_str(line.trim_end_matches('\\'));
            continued = line.ends_with('\\');
        } else if !line.trim().is_empty() {
            examples
                .last_mut()
                .expect("output after a command")
                .output
                .push(line.to_string());
        }
    }
    examples
}

/// A shell line's words, with its single quotes taken off (all the README's commands use).
fn words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut any) = (false, false);
    for c in command.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    words.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(word);
    }
    words
}

/// What curl sends for these words: method, path and query, headers, body.
struct Request {
    method: String,
    path: String,
    headers: Vec<(String, String)>,
    body: Option<String>,
    output_file: Option<String>,
}

fn curl(words: &[String]) -> Request {
    assert_eq!(words[0], "curl", "{words:?}");
    let mut request = Request {
        method: String::new(),
        path: String::new(),
        headers: Vec::new(),
        body: None,
        output_file: None,
    };
    let mut words = words[1..].iter();
    while let Some(word) = words.next() {
        match word.as_str() {
            "-s" => {}
            "-X" => request.method = words.next().unwrap().clone(),
            "-H" => {
                let (name, value) = words.next().unwrap().split_once(':').unwrap();
                request
                    .headers
                    .push((name.trim().to_string(), value.trim().to_string()));
            }
            "-d" => request.body = Some(words.next().unwrap().clone()),
            "-o" => request.output_file = Some(words.next().unwrap().clone()),
            url => {
                let path = url
                    .strip_prefix("localhost:8080")
                    .unwrap_or_else(|| panic!("{url}"));
                request.path = path.to_string();
            }
        }
    }
    if request.method.is_empty() {
        request.method = if request.body.is_some() {
            "POST"
        } else {
            "GET"
        }
        .to_string();
    }
    // curl -d without a content type of its own sends it as a form.
    if request.body.is_some()
        && !request
            .headers
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case("content-type"))
    {
        request.headers.push((
            "content-type".into(),
            "application/x-www-form-urlencoded".into(),
        ));
    }
    request
}

/// The shown output as the pieces between its `...`, without the layout between JSON tokens
/// (whitespace outside strings).
fn pieces(output: &[String]) -> Vec<String> {
    let shown = output
        .iter()
        .map(|line| line.trim())
        .collect::<Vec<_>>()
        .join("");
    let mut compact = String::new();
    let (mut in_string, mut escaped) = (false, false);
    for c in shown.chars() {
        if in_string {
            compact.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
            compact.push(c);
        } else if !c.is_whitespace() {
            compact.push(c);
        }
    }
    compact.split("...").map(str::to_string).collect()
}

/// Whether `text` is the pieces in order, with anything between them.
fn matches(text: &str, pieces: &[String]) -> bool {
    let (first, rest) = pieces.split_first().unwrap();
    let Some(mut rest_text) = text.strip_prefix(first.as_str()) else {
        return false;
    };
    for (at, piece) in rest.iter().enumerate() {
        if at == rest.len() - 1 {
            return rest_text.ends_with(piece.as_str());
        }
        match rest_text.find(piece.as_str()) {
            Some(found) => rest_text = &rest_text[found + piece.len()..],
            None => return false,
        }
    }
    rest_text.is_empty()
}

#[tokio::test]
async fn every_curl_of_the_tour_answers_what_the_readme_shows() {
    let client = Client::default_app();
    let examples = tour();
    assert!(examples.len() >= 6, "the tour's calls: {}", examples.len());
    let mut pdf: Option<std::path::PathBuf> = None;
    for example in &examples {
        let words = words(&example.command);
        if words[0] == "pdfinfo" {
            let path = pdf.take().expect("a PDF written before pdfinfo reads it");
            check_pdfinfo(&path, &example.output);
            continue;
        }
        let request = curl(&words);
        let mut call = match request.method.as_str() {
            "POST" => client.post(&request.path),
            "GET" => client.get(&request.path),
            other => panic!("{other}"),
        };
        for (name, value) in &request.headers {
            call = call.header(name, value);
        }
        if let Some(body) = &request.body {
            call = call.body(None, body.clone());
        }
        let reply = call.send().await;
        if let Some(file) = &request.output_file {
            assert_eq!(reply.status, 200, "{}: {reply}", example.command);
            let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(file);
            std::fs::write(&path, &reply.body).unwrap();
            pdf = Some(path);
            continue;
        }
        let text = reply.text();
        assert!(
            matches(text.trim_end(), &pieces(&example.output)),
            "the README shows for\n  {}\n{}\nbut the service answers ({}):\n{text}",
            example.command,
            example.output.join("\n"),
            reply.status
        );
    }
}

/// The lines `pdfinfo file | grep ...` prints, as pdfinfo gives them.
fn check_pdfinfo(path: &std::path::Path, shown: &[String]) {
    if !common::skip::tools(&[("pdfinfo", "poppler-utils")]) {
        return;
    }
    let output = std::process::Command::new("pdfinfo")
        .arg(path)
        .output()
        .unwrap();
    let info = String::from_utf8(output.stdout).unwrap();
    for line in shown {
        assert!(
            info.lines().any(|l| l.trim_end() == line.trim_end()),
            "pdfinfo gives no {line:?}:\n{info}"
        );
    }
}

#[test]
fn the_matcher_takes_the_layout_and_the_dots_and_nothing_else() {
    let shown = vec![
        r#"{"a":1, "b":"x y",  ..."#.to_string(),
        r#" "c":[1,2]}"#.to_string(),
    ];
    assert!(matches(
        r#"{"a":1,"b":"x y","z":0,"c":[1,2]}"#,
        &pieces(&shown)
    ));
    assert!(!matches(
        r#"{"a":1,"b":"xy","z":0,"c":[1,2]}"#,
        &pieces(&shown)
    ));
    assert!(!matches(r#"{"a":2,"b":"x y","c":[1,2]}"#, &pieces(&shown)));
    assert!(!matches(r#"{"a":1,"b":"x y","c":[1,2]},"#, &pieces(&shown)));
}
