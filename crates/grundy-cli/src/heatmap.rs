//! Grundy tables drawn as heatmaps (PNG and SVG) with plotters.
//!
//! One cell per value in the viridis colour map, zeros (second-player wins)
//! in red so they stand out, 1-based axes, a title and a colour bar. In an
//! SVG the cells are vector rectangles (a run of equal cells along a row is
//! one) up to [`MAX_VECTOR_CELLS`] shown cells; past that, and in a PNG,
//! they are one bitmap (plotters embeds it as PNG in an SVG), so a
//! 2000×2000 table stays a small file. Tables longer than
//! [`MAX_PIXELS`] on a side are shown a square of cells per pixel, each pixel
//! the smallest value of its cells, so zeros never disappear.

use anyhow::anyhow;
use plotters::coord::Shift;
use plotters::element::BitMapElement;
use plotters::prelude::*;
use plotters::style::colors::colormaps::ViridisRGB;

/// The colour of value 0.
pub const ZERO: RGBColor = RGBColor(230, 30, 60);

/// The colour of a component the player to move wins at once, whatever
/// its value (a Cutting Game strip).
pub const AT_ONCE: RGBColor = RGBColor(190, 190, 190);

/// The most shown cells an SVG draws as vector rectangles (a table of
/// 316 × 316, about 6 MB of SVG at most); a larger one embeds them as a
/// bitmap.
pub const MAX_VECTOR_CELLS: usize = 100_000;

/// How the cells are drawn.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cells {
    Bitmap,
    Vector,
}

/// The longest side of the cells' picture, in pixels.
pub const MAX_PIXELS: usize = 2000;

/// Where everything goes.
pub struct Layout {
    /// Pixels per shown cell.
    pub cell: u32,
    /// Cells per pixel along each side (1 unless the table is longer than
    /// [`MAX_PIXELS`]).
    pub stride: usize,
    /// Shown cells across and down.
    pub shown: (usize, usize),
    /// Top-left corner of the cells.
    pub origin: (u32, u32),
    /// Whole picture.
    pub size: (u32, u32),
}

const LEFT: u32 = 70;
const TOP: u32 = 56;
const BOTTOM: u32 = 50;
const BAR: u32 = 130;

impl Layout {
    /// A layout for `rows` × `cols` cells: cells of 1 to 48 pixels, about
    /// 720 pixels for the longer side, at most [`MAX_PIXELS`].
    pub fn new(rows: usize, cols: usize) -> Layout {
        let longest = rows.max(cols).max(1);
        let stride = longest.div_ceil(MAX_PIXELS);
        let shown = (cols.div_ceil(stride), rows.div_ceil(stride));
        // At most MAX_PIXELS: fits.
        let cell = (720 / shown.0.max(shown.1).max(1) as u32).clamp(1, 48);
        let (width, height) = (shown.0 as u32 * cell, shown.1 as u32 * cell);
        Layout {
            cell,
            stride,
            shown,
            origin: (LEFT, TOP),
            size: (LEFT + width + BAR, (TOP + height + BOTTOM).max(TOP + 330)),
        }
    }
}

/// The colour of a value in a table whose largest value is `max`.
pub fn colour(value: u32, max: u32) -> RGBColor {
    if value == 0 {
        ZERO
    } else {
        ViridisRGB::get_color_normalized(f64::from(value), 1.0, f64::from(max.max(2)))
    }
}

/// A table to draw.
pub struct Heatmap<'a> {
    /// The title on top.
    pub title: String,
    pub rows: usize,
    pub cols: usize,
    /// What the sizes are, down the rows and along the columns.
    pub axes: [&'a str; 2],
    /// Row-major values.
    pub values: &'a [u32],
    /// Sizes (1-based) won at once by the player to move, drawn in
    /// [`AT_ONCE`] whatever their value.
    pub wins_at_once: &'a [[u32; 2]],
}

/// Draws the heatmap as PNG bytes.
pub fn png(map: &Heatmap) -> anyhow::Result<Vec<u8>> {
    let layout = Layout::new(map.rows, map.cols);
    let (w, h) = layout.size;
    let mut pixels = vec![0u8; (w * h * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut pixels, (w, h)).into_drawing_area();
        draw(&root, map, &layout, Cells::Bitmap)
            .map_err(|e| anyhow!("cannot draw the heatmap: {e}"))?;
        root.present()
            .map_err(|e| anyhow!("cannot draw the heatmap: {e}"))?;
    }
    let mut png = Vec::new();
    image::ImageEncoder::write_image(
        image::codecs::png::PngEncoder::new(&mut png),
        &pixels,
        w,
        h,
        image::ColorType::Rgb8,
    )
    .map_err(|e| anyhow!("cannot encode the PNG: {e}"))?;
    Ok(png)
}

/// Draws the heatmap as an SVG document.
pub fn svg(map: &Heatmap) -> anyhow::Result<String> {
    let layout = Layout::new(map.rows, map.cols);
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, layout.size).into_drawing_area();
        let cells = if layout.shown.0 * layout.shown.1 <= MAX_VECTOR_CELLS {
            Cells::Vector
        } else {
            Cells::Bitmap
        };
        draw(&root, map, &layout, cells).map_err(|e| anyhow!("cannot draw the heatmap: {e}"))?;
        root.present()
            .map_err(|e| anyhow!("cannot draw the heatmap: {e}"))?;
    }
    // plotters labels the embedded PNG `data:png`; viewers want the MIME
    // type. Its rectangles repeat what the defaults say.
    Ok(text
        .replace("href=\"data:png;base64,", "href=\"data:image/png;base64,")
        .replace(" opacity=\"1\" fill=", " fill=")
        .replace("\" stroke=\"none\"/>", "\"/>"))
}

/// Tick positions: 1 and multiples of a round step, about eight of them.
fn ticks(n: usize) -> Vec<usize> {
    let rough = (n / 8).max(1);
    let step = std::iter::successors(Some(1usize), |p| p.checked_mul(10))
        .flat_map(|p| [p, 2 * p, 25 * p / 10, 5 * p])
        .find(|&s| s >= rough && s > 0)
        .unwrap_or(rough);
    std::iter::once(1)
        .chain((step..=n).step_by(step).filter(|&t| t > 1))
        .collect()
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    map: &Heatmap,
    layout: &Layout,
    how: Cells,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    root.fill(&WHITE)?;
    let max = map.values.iter().copied().max().unwrap_or(0);
    let (x0, y0) = (layout.origin.0 as i32, layout.origin.1 as i32);
    let c = layout.cell;
    let (sw, sh) = layout.shown;
    let (pw, ph) = (sw as u32 * c, sh as u32 * c);
    let s = layout.stride;

    // Each shown cell: the smallest value of the cells it stands for,
    // leaving out those won at once (a shown cell of only those is one).
    let mut at_once = vec![false; map.values.len()];
    for &[row, col] in map.wins_at_once {
        let (i, j) = (row as usize - 1, col as usize - 1);
        if i < map.rows && j < map.cols {
            at_once[i * map.cols + j] = true;
        }
    }
    let mut shown = vec![u32::MAX; sw * sh];
    for (k, &v) in map.values.iter().enumerate() {
        if !at_once[k] {
            let at = (k / map.cols) / s * sw + (k % map.cols) / s;
            shown[at] = shown[at].min(v);
        }
    }
    let shown_colour = |v: u32| {
        if v == u32::MAX {
            AT_ONCE
        } else {
            colour(v, max)
        }
    };
    match how {
        // A rectangle for each run of equal values along a row.
        Cells::Vector => {
            for (row, values) in shown.chunks(sw).enumerate() {
                let mut start = 0;
                while start < values.len() {
                    let end = (start..values.len())
                        .find(|&k| values[k] != values[start])
                        .unwrap_or(values.len());
                    let (x, y) = (x0 + (start as u32 * c) as i32, y0 + (row as u32 * c) as i32);
                    root.draw(&Rectangle::new(
                        [(x, y), (x0 + (end as u32 * c) as i32, y + c as i32)],
                        shown_colour(values[start]).filled(),
                    ))?;
                    start = end;
                }
            }
        }
        // The cells, as one bitmap.
        Cells::Bitmap => {
            let mut cells = vec![0u8; (pw * ph * 3) as usize];
            for (k, &v) in shown.iter().enumerate() {
                let RGBColor(r, g, b) = shown_colour(v);
                let (row, col) = ((k / sw) as u32, (k % sw) as u32);
                for dy in 0..c {
                    let start = (((row * c + dy) * pw + col * c) * 3) as usize;
                    for px in cells[start..start + (c * 3) as usize].chunks_exact_mut(3) {
                        px.copy_from_slice(&[r, g, b]);
                    }
                }
            }
            if let Some(bitmap) = BitMapElement::with_owned_buffer((x0, y0), (pw, ph), cells) {
                root.draw(&bitmap)?;
            }
        }
    }
    root.draw(&Rectangle::new(
        [(x0 - 1, y0 - 1), (x0 + pw as i32, y0 + ph as i32)],
        BLACK,
    ))?;

    let font = |size: u32| ("sans-serif", size).into_font().color(&BLACK);
    root.draw(&Text::new(map.title.clone(), (x0, 14), font(18)))?;

    // Axes: columns along the top edge's underside, rows down the left.
    for t in ticks(map.cols) {
        let x = x0 + (((t - 1) / s) as u32 * c + c / 2) as i32;
        root.draw(&PathElement::new(
            vec![(x, y0 + ph as i32), (x, y0 + ph as i32 + 5)],
            BLACK,
        ))?;
        root.draw(&Text::new(
            t.to_string(),
            (x - 4, y0 + ph as i32 + 8),
            font(13),
        ))?;
    }
    root.draw(&Text::new(
        map.axes[1].to_string(),
        (x0 + pw as i32 / 2 - 25, y0 + ph as i32 + 28),
        font(14),
    ))?;
    for t in ticks(map.rows) {
        let y = y0 + (((t - 1) / s) as u32 * c + c / 2) as i32;
        root.draw(&PathElement::new(vec![(x0 - 6, y), (x0 - 1, y)], BLACK))?;
        root.draw(&Text::new(t.to_string(), (x0 - 44, y - 6), font(13)))?;
    }
    root.draw(&Text::new(map.axes[0].to_string(), (8, y0 - 20), font(14)))?;

    // The colour bar: 1 at the bottom to the largest value at the top, and
    // the colour of zero below it.
    let bx = x0 + pw as i32 + 24;
    let (top, height) = (y0, 180);
    for k in 0..height {
        let v = 1.0
            + f64::from(max.saturating_sub(1)) * f64::from(height - 1 - k) / f64::from(height - 1);
        let colour = colour(v.round() as u32, max);
        root.draw(&Rectangle::new(
            [(bx, top + k), (bx + 18, top + k + 1)],
            colour.filled(),
        ))?;
    }
    root.draw(&Rectangle::new([(bx, top), (bx + 18, top + height)], BLACK))?;
    root.draw(&Text::new(format!("*{max}"), (bx + 24, top - 4), font(13)))?;
    root.draw(&Text::new(
        "*1".to_string(),
        (bx + 24, top + height - 12),
        font(13),
    ))?;
    let zy = top + height + 16;
    root.draw(&Rectangle::new(
        [(bx, zy), (bx + 18, zy + 18)],
        ZERO.filled(),
    ))?;
    root.draw(&Text::new("*0".to_string(), (bx + 24, zy + 2), font(13)))?;
    root.draw(&Text::new("second".to_string(), (bx, zy + 24), font(12)))?;
    root.draw(&Text::new(
        "player wins".to_string(),
        (bx, zy + 38),
        font(12),
    ))?;
    if !map.wins_at_once.is_empty() {
        let ay = zy + 60;
        root.draw(&Rectangle::new(
            [(bx, ay), (bx + 18, ay + 18)],
            AT_ONCE.filled(),
        ))?;
        root.draw(&Text::new(
            "first player".to_string(),
            (bx, ay + 24),
            font(12),
        ))?;
        root.draw(&Text::new(
            "wins at once".to_string(),
            (bx, ay + 38),
            font(12),
        ))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round() {
        assert_eq!(ticks(8), vec![1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(ticks(100), vec![1, 20, 40, 60, 80, 100]);
        assert_eq!(
            ticks(2000),
            vec![1, 250, 500, 750, 1000, 1250, 1500, 1750, 2000]
        );
    }

    #[test]
    fn long_tables_are_shown_a_square_of_cells_per_pixel() {
        let wide = Layout::new(1, 4_000_000);
        assert_eq!((wide.stride, wide.shown, wide.cell), (2000, (2000, 1), 1));
        let square = Layout::new(2000, 2000);
        assert_eq!((square.stride, square.shown), (1, (2000, 2000)));
        let small = Layout::new(8, 10);
        assert_eq!((small.stride, small.shown, small.cell), (1, (10, 8), 48));
        assert_eq!(ticks(4_000_000).len(), 9);
    }

    #[test]
    fn zero_stands_out() {
        assert_eq!(colour(0, 100), ZERO);
        assert_ne!(colour(1, 100), ZERO);
        assert_ne!(colour(100, 100), colour(1, 100));
    }
}
