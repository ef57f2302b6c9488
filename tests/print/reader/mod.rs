//! A PDF read back in Rust, for the print tests: hayro-syntax parses it, and this module asks
//! it what prepress asks (`pdfinfo`'s page sizes and boxes, `pdffonts`' embedded and subset
//! columns); [`structure`] checks the cross-reference table as `qpdf --check` would,
//! [`content`] walks the pages' drawing (text and paints) and [`raster`] renders them.

pub mod content;
pub mod raster;
pub mod structure;

use std::sync::Arc;

use hayro::hayro_syntax::object::{Array, Dict, Name, Object, Rect, Stream};
use hayro::hayro_syntax::Pdf;

/// A parsed PDF.
pub struct Book {
    pub pdf: Pdf,
}

/// A font as `pdffonts` lists it: its name, whether its program is in the file, whether it
/// is a subset (a name tagged `ABCDEF+`).
#[derive(Debug)]
pub struct Font {
    pub name: String,
    pub embedded: bool,
    pub subset: bool,
}

impl Book {
    pub fn new(bytes: &[u8]) -> Book {
        let pdf = Pdf::new(Arc::new(bytes.to_vec())).expect("hayro parses the PDF");
        Book { pdf }
    }

    pub fn page_count(&self) -> usize {
        self.pdf.pages().len()
    }

    /// The width and height of a page (numbered from 1) in points: its crop box, which is
    /// what `pdfinfo` calls the page size (krilla gives every page one box that is both).
    pub fn page_size(&self, page: usize) -> (f64, f64) {
        let crop = self.pdf.pages()[page - 1].crop_box();
        (crop.x1 - crop.x0, crop.y1 - crop.y0)
    }

    /// A page's box by its key (`MediaBox`, `TrimBox`, `BleedBox`...) as written on the page
    /// itself: [x0, y0, x1, y1].
    pub fn page_box(&self, page: usize, key: &str) -> Option<[f64; 4]> {
        let rect: Rect = self.pdf.pages()[page - 1].raw().get(key.as_bytes())?;
        Some([rect.x0, rect.y0, rect.x1, rect.y1])
    }

    /// Every font of the file, as `pdffonts` lists them (a composite font once, its program
    /// read from its descendant).
    pub fn fonts(&self) -> Vec<Font> {
        self.pdf
            .objects()
            .into_iter()
            .filter_map(|object| match object {
                Object::Dict(dict) => Some(dict),
                _ => None,
            })
            .filter(|dict| name(dict, "Type").as_deref() == Some("Font"))
            .filter(|dict| {
                // A CIDFont is the program half of a Type0 font, listed through its parent.
                !matches!(
                    name(dict, "Subtype").as_deref(),
                    Some("CIDFontType0" | "CIDFontType2")
                )
            })
            .map(|dict| {
                let base = name(&dict, "BaseFont").unwrap_or_default();
                let descriptor = match dict.get::<Array>("DescendantFonts") {
                    Some(descendants) => descendants
                        .iter::<Dict>()
                        .next()
                        .and_then(|descendant| descendant.get::<Dict>("FontDescriptor")),
                    None => dict.get::<Dict>("FontDescriptor"),
                };
                let embedded = descriptor.is_some_and(|descriptor| {
                    ["FontFile", "FontFile2", "FontFile3"].iter().any(|key| {
                        descriptor
                            .get::<Stream>(*key)
                            .and_then(|program| program.decoded().ok())
                            .is_some_and(|bytes| !bytes.is_empty())
                    })
                });
                Font {
                    subset: is_subset_tag(&base),
                    name: base,
                    embedded,
                }
            })
            .collect()
    }
}

/// A name entry of a dictionary, as text.
pub fn name(dict: &Dict, key: &str) -> Option<String> {
    dict.get::<Name>(key.as_bytes())
        .map(|name| name.as_str().to_string())
}

/// A subset font's name starts with six capital letters and a plus sign (ISO 32000-1, 9.6.4).
fn is_subset_tag(name: &str) -> bool {
    let bytes = name.as_bytes();
    bytes.len() > 7 && bytes[..6].iter().all(u8::is_ascii_uppercase) && bytes[6] == b'+'
}
