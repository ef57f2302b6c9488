//! The file's structure, checked strictly: hayro, like every viewer, repairs a broken
//! cross-reference table by scanning the file, so a file it reads can still be one a
//! printer's RIP refuses. This reads the table itself, as `qpdf --check` does: the header and
//! the end-of-file marker, `startxref` leading to a classic table (what krilla writes), every
//! entry in use pointing at exactly its `N G obj`, the trailer's `/Size` and `/Root`, and every
//! object parsed and every stream decoded.

use super::Book;
use hayro::hayro_syntax::object::Object;

/// Everything wrong with the file's structure; empty for a sound file.
pub fn problems(bytes: &[u8]) -> Vec<String> {
    let mut problems = Vec::new();
    if !bytes.starts_with(b"%PDF-1.") && !bytes.starts_with(b"%PDF-2.") {
        problems.push("no %PDF- header".to_string());
    }
    if !bytes.trim_ascii_end().ends_with(b"%%EOF") {
        problems.push("no %%EOF at the end".to_string());
    }
    let Some(table) = xref_offset(bytes) else {
        problems.push("no startxref offset".to_string());
        return problems;
    };
    let Some(rest) = bytes.get(table..).filter(|rest| rest.starts_with(b"xref")) else {
        problems.push(format!("startxref {table} does not lead to an xref table"));
        return problems;
    };
    let text = String::from_utf8_lossy(&rest[4..]);
    let mut lines = text.lines().map(str::trim).filter(|line| !line.is_empty());
    let mut in_use = 0;
    let mut size = 0;
    // Subsections: "first count", then count entries "offset generation n|f".
    while let Some(line) = lines.next() {
        if line.starts_with("trailer") {
            let trailer = std::iter::once(line)
                .chain(lines.by_ref())
                .collect::<Vec<_>>()
                .join(" ");
            check_trailer(&trailer, size, &mut problems);
            break;
        }
        let Some((first, count)) = line.split_once(' ').and_then(|(first, count)| {
            Some((first.parse::<usize>().ok()?, count.parse::<usize>().ok()?))
        }) else {
            problems.push(format!("not a subsection header: {line:?}"));
            return problems;
        };
        for number in first..first + count {
            let entry: Vec<&str> = lines.next().unwrap_or("").split_whitespace().collect();
            match entry[..] {
                [offset, generation, "n"] => {
                    in_use += 1;
                    let at: usize = offset.parse().unwrap_or(usize::MAX);
                    let generation: u32 = generation.parse().unwrap_or(u32::MAX);
                    let header = format!("{number} {generation} obj");
                    if !bytes
                        .get(at..)
                        .is_some_and(|object| object.starts_with(header.as_bytes()))
                    {
                        problems.push(format!("object {number} is not at offset {at}"));
                    }
                }
                [_, _, "f"] => {}
                _ => problems.push(format!("entry of object {number} is malformed: {entry:?}")),
            }
        }
        size = size.max(first + count);
    }
    let book = Book::new(bytes);
    let mut parsed = 0;
    for object in book.pdf.objects() {
        parsed += 1;
        if let Object::Stream(stream) = object {
            if let Err(error) = stream.decoded() {
                problems.push(format!(
                    "stream {:?} does not decode: {error:?}",
                    stream.obj_id()
                ));
            }
        }
    }
    if parsed != in_use {
        problems.push(format!("{in_use} objects in use, {parsed} parse"));
    }
    problems
}

/// The byte offset after the last `startxref`.
fn xref_offset(bytes: &[u8]) -> Option<usize> {
    let keyword = b"startxref";
    let at = bytes
        .windows(keyword.len())
        .rposition(|window| window == keyword)?;
    let after = String::from_utf8_lossy(&bytes[at + keyword.len()..]);
    after.split_whitespace().next()?.parse().ok()
}

/// The trailer names the table's size and the catalog.
fn check_trailer(trailer: &str, size: usize, problems: &mut Vec<String>) {
    // The number after /Size, which the next key may follow without a space.
    let declared = trailer.split_once("/Size").and_then(|(_, rest)| {
        let digits: String = rest
            .trim_start()
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse::<usize>().ok()
    });
    if declared != Some(size) {
        problems.push(format!("trailer /Size {declared:?}, table of {size}"));
    }
    if !trailer.contains("/Root") {
        problems.push("no /Root in the trailer".to_string());
    }
}
