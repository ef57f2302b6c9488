//! Pages rasterised by hayro on white, as `pdftoppm` would: the tests look at where the ink
//! falls and whether any pixel has colour. Each rendering is kept as a PGM under
//! target/print-artifacts/pages/ to be looked at after the run.

use hayro::hayro_interpret::InterpreterSettings;
use hayro::vello_cpu::color::palette::css::WHITE;
use hayro::{render, PixmapSettings, RenderCache, RenderSettings};

use super::Book;

/// A page rendered: its size in pixels and each pixel's red, green and blue.
pub struct Raster {
    pub width: usize,
    pub height: usize,
    pub rgb: Vec<[u8; 3]>,
}

impl Raster {
    /// A pixel's gray (0 black to 255 white): the mean of its channels.
    pub fn gray(&self, x: usize, y: usize) -> u8 {
        let [r, g, b] = self.rgb[y * self.width + x];
        ((r as u16 + g as u16 + b as u16) / 3) as u8
    }

    /// The pixels whose channels differ: colour, where a gray book should have none. Each is
    /// (x, y, [r, g, b]).
    pub fn coloured(&self) -> Vec<(usize, usize, [u8; 3])> {
        (0..self.height)
            .flat_map(|y| (0..self.width).map(move |x| (x, y)))
            .map(|(x, y)| (x, y, self.rgb[y * self.width + x]))
            .filter(|(_, _, [r, g, b])| r != g || g != b)
            .collect()
    }

    /// The raster as a binary PGM (its grays).
    fn pgm(&self) -> Vec<u8> {
        let mut bytes = format!("P5\n{} {}\n255\n", self.width, self.height).into_bytes();
        for y in 0..self.height {
            bytes.extend((0..self.width).map(|x| self.gray(x, y)));
        }
        bytes
    }
}

impl Book {
    /// A page (numbered from 1) rendered at `dpi`, kept as target/print-artifacts/pages/<out>.pgm.
    pub fn rendered(&self, page: usize, dpi: u32, out: &str) -> Raster {
        let scale = dpi as f32 / 72.0;
        let pixmap = render(
            &self.pdf.pages()[page - 1],
            &RenderCache::new(),
            &InterpreterSettings::default(),
            &RenderSettings::default(),
            &PixmapSettings {
                x_scale: scale,
                y_scale: scale,
                bg_color: WHITE,
            },
        );
        // On an opaque white background every pixel is opaque, so the premultiplied
        // channels are the colour itself.
        let rgb = pixmap
            .data_as_u8_slice()
            .chunks_exact(4)
            .map(|pixel| [pixel[0], pixel[1], pixel[2]])
            .collect();
        let raster = Raster {
            width: pixmap.width() as usize,
            height: pixmap.height() as usize,
            rgb,
        };
        let path = crate::artifacts("pages").join(format!("{out}.pgm"));
        std::fs::write(path, raster.pgm()).unwrap();
        raster
    }
}
