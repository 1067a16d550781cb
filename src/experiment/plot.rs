//! Plain SVG line plots of experiment results (no dependency: the SVG is written as text).
//!
//! [`LinePlot`] draws any set of series over a numeric x axis with a 0–100 % y axis;
//! [`completion_by_stage`] builds the paper's Figures 7 and 8 from summary rows: completion
//! by number of random moves, one solid line per search, and the paper's published values
//! as dashed lines of the same colour labelled "(paper)".
//!
//! ```
//! use pnplay::experiment::plot::{LinePlot, Series};
//! let plot = LinePlot {
//!     title: "demo".into(),
//!     x_label: "moves".into(),
//!     y_label: "completion (%)".into(),
//!     x_ticks: vec![(18.0, "18".into()), (40.0, "40".into())],
//!     series: vec![Series { label: "pns".into(), points: vec![(18.0, 5.0), (40.0, 90.0)], dashed: false, colour: 0 }],
//! };
//! let svg = plot.to_svg();
//! assert!(svg.starts_with("<svg") && svg.contains("<polyline") && svg.ends_with("</svg>\n"));
//! ```

use std::fmt::Write;

use serde::Serialize;

use super::paper::{self, Experiment};
use super::summary::Row;

/// Colours of the series, by [`Series::colour`] (a colour-blind-safe palette, Okabe–Ito).
const PALETTE: [&str; 8] = [
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000",
];

/// One line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Series {
    /// The legend's text.
    pub label: String,
    /// Points (x, y in percent), drawn in x order.
    pub points: Vec<(f64, f64)>,
    /// Drawn dashed (the paper's values).
    pub dashed: bool,
    /// Index into the palette (wraps around); serialized as the colour itself.
    #[serde(serialize_with = "palette_colour")]
    pub colour: usize,
}

/// Colour `index` of the palette, as the SVG draws it (`#0072B2`).
fn palette_at(index: usize) -> &'static str {
    PALETTE[index % PALETTE.len()]
}

/// A series' colour serialized as [`palette_at`] gives it, for the page's plots.
fn palette_colour<S: serde::Serializer>(colour: &usize, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(palette_at(*colour))
}

/// A line plot with a 0–100 % y axis (serialized for the page, which draws its series itself).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LinePlot {
    /// The title above the plot.
    pub title: String,
    /// The x axis' name.
    pub x_label: String,
    /// The y axis' name.
    pub y_label: String,
    /// Ticks on the x axis: position and text. The axis spans the ticks.
    pub x_ticks: Vec<(f64, String)>,
    /// The lines.
    pub series: Vec<Series>,
}

const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 440.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 220.0; // room for the legend
const TOP: f64 = 40.0;
const BOTTOM: f64 = 50.0;

/// Text made safe inside an SVG element or attribute.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl LinePlot {
    /// The plot as a complete SVG document.
    #[must_use]
    pub fn to_svg(&self) -> String {
        let (x_min, x_max) = self
            .x_ticks
            .iter()
            .map(|(x, _)| *x)
            .chain(
                self.series
                    .iter()
                    .flat_map(|s| s.points.iter().map(|p| p.0)),
            )
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
                (lo.min(x), hi.max(x))
            });
        let (x_min, x_max) = if x_min < x_max {
            (x_min, x_max)
        } else if x_min.is_finite() {
            (x_min - 1.0, x_min + 1.0)
        } else {
            (0.0, 1.0)
        };
        let plot_width = WIDTH - LEFT - RIGHT;
        let plot_height = HEIGHT - TOP - BOTTOM;
        let sx = |x: f64| LEFT + (x - x_min) / (x_max - x_min) * plot_width;
        let sy = |y: f64| TOP + (1.0 - y.clamp(0.0, 100.0) / 100.0) * plot_height;

        let mut svg = String::new();
        let _ = writeln!(
            svg,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">"#
        );
        let _ = writeln!(
            svg,
            r#"<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>"#
        );
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="22" font-size="15" text-anchor="middle">{}</text>"#,
            LEFT + plot_width / 2.0,
            escape(&self.title)
        );
        for percent in (0..=100).step_by(20) {
            let y = sy(f64::from(percent));
            let _ = writeln!(
                svg,
                r##"<line x1="{LEFT}" y1="{y}" x2="{}" y2="{y}" stroke="#ddd"/><text x="{}" y="{}" text-anchor="end">{percent}</text>"##,
                LEFT + plot_width,
                LEFT - 6.0,
                y + 4.0
            );
        }
        for (x, text) in &self.x_ticks {
            let x = sx(*x);
            let _ = writeln!(
                svg,
                r##"<line x1="{x}" y1="{}" x2="{x}" y2="{}" stroke="#888"/><text x="{x}" y="{}" text-anchor="middle">{}</text>"##,
                TOP + plot_height,
                TOP + plot_height + 5.0,
                TOP + plot_height + 18.0,
                escape(text)
            );
        }
        let _ = writeln!(
            svg,
            r##"<rect x="{LEFT}" y="{TOP}" width="{plot_width}" height="{plot_height}" fill="none" stroke="#888"/>"##
        );
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
            LEFT + plot_width / 2.0,
            HEIGHT - 10.0,
            escape(&self.x_label)
        );
        let _ = writeln!(
            svg,
            r#"<text x="16" y="{}" text-anchor="middle" transform="rotate(-90 16 {})">{}</text>"#,
            TOP + plot_height / 2.0,
            TOP + plot_height / 2.0,
            escape(&self.y_label)
        );
        for (i, series) in self.series.iter().enumerate() {
            let colour = palette_at(series.colour);
            let dash = if series.dashed {
                r#" stroke-dasharray="6 4""#
            } else {
                ""
            };
            let mut points = series.points.clone();
            points.sort_by(|a, b| a.0.total_cmp(&b.0));
            let coordinates: Vec<String> = points
                .iter()
                .map(|&(x, y)| format!("{:.1},{:.1}", sx(x), sy(y)))
                .collect();
            let _ = writeln!(
                svg,
                r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>"#,
                coordinates.join(" ")
            );
            for &(x, y) in &points {
                let (cx, cy) = (sx(x), sy(y));
                let marker = if series.dashed {
                    format!(
                        r#"<rect x="{:.1}" y="{:.1}" width="7" height="7" fill="white" stroke="{colour}"/>"#,
                        cx - 3.5,
                        cy - 3.5
                    )
                } else {
                    format!(r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="3.5" fill="{colour}"/>"#)
                };
                let _ = writeln!(
                    svg,
                    r#"{marker}<title>{}: {y:.1} %</title>"#,
                    escape(&series.label)
                );
            }
            let legend_y = TOP + 10.0 + 20.0 * i as f64;
            let legend_x = LEFT + plot_width + 16.0;
            let _ = writeln!(
                svg,
                r#"<line x1="{legend_x}" y1="{legend_y}" x2="{}" y2="{legend_y}" stroke="{colour}" stroke-width="2"{dash}/><text x="{}" y="{}">{}</text>"#,
                legend_x + 28.0,
                legend_x + 34.0,
                legend_y + 4.0,
                escape(&series.label)
            );
        }
        svg.push_str("</svg>\n");
        svg
    }
}

/// Adds points to the series of colour `colour` (solid for ours, dashed for the paper's),
/// creating it, labelled `label` or `label (paper)`, if it is new.
fn push_points(
    series: &mut Vec<Series>,
    label: &str,
    dashed: bool,
    colour: usize,
    points: Vec<(f64, f64)>,
) {
    match series
        .iter_mut()
        .find(|s| s.dashed == dashed && s.colour == colour)
    {
        Some(existing) => existing.points.extend(points),
        None => series.push(Series {
            label: if dashed {
                format!("{label} (paper)")
            } else {
                label.to_string()
            },
            points,
            dashed,
            colour,
        }),
    }
}

/// The colour of a line: its label's index among the labels seen so far.
fn colour_of(labels: &mut Vec<String>, label: &str) -> usize {
    match labels.iter().position(|l| l == label) {
        Some(i) => i,
        None => {
            labels.push(label.to_string());
            labels.len() - 1
        }
    }
}

/// The paper's completion for a row, if `experiment` publishes one.
fn published_completion(row: &Row, experiment: Option<Experiment>) -> Option<f64> {
    experiment
        .and_then(|e| paper::lookup(e, &row.stage, &row.search))
        .and_then(|p| p.completion)
}

/// Completion (%) by number of random moves, one solid line per search and, where
/// `experiment` has published numbers for that search, a dashed line "(paper)" of the same
/// colour. Rows whose stage is not a move count are left out.
#[must_use]
pub fn completion_by_stage(rows: &[Row], title: &str, experiment: Option<Experiment>) -> LinePlot {
    let mut labels = Vec::new();
    let mut stages: Vec<u32> = Vec::new();
    let mut series = Vec::new();
    for row in rows {
        let Some(moves) = row.stage.moves() else {
            continue;
        };
        if !stages.contains(&moves) {
            stages.push(moves);
        }
        let label = row.search.label();
        let colour = colour_of(&mut labels, &label);
        let x = f64::from(moves);
        push_points(
            &mut series,
            &label,
            false,
            colour,
            vec![(x, row.completion())],
        );
        if let Some(completion) = published_completion(row, experiment) {
            push_points(&mut series, &label, true, colour, vec![(x, completion)]);
        }
    }
    stages.sort_unstable();
    LinePlot {
        title: title.to_string(),
        x_label: "random moves from the start".to_string(),
        y_label: "completion (%)".to_string(),
        x_ticks: stages
            .iter()
            .map(|&s| (f64::from(s), s.to_string()))
            .collect(),
        series,
    }
}

/// Completion (%) over a parameter grid: the x axis is the grid's pr values (in the order
/// the rows first show them), one solid line per search and θ; a search run without a grid
/// setting is a flat line across. The paper's values, where `experiment` has them, are
/// dashed (a lone marker for a grid setting the paper gives alone) in the same colour,
/// labelled "(paper)".
#[must_use]
pub fn completion_by_setting(
    rows: &[Row],
    title: &str,
    experiment: Option<Experiment>,
) -> LinePlot {
    let mut prs: Vec<Option<f64>> = Vec::new();
    for setting in rows.iter().filter_map(|row| row.search.setting) {
        if !prs.contains(&setting.pr) {
            prs.push(setting.pr);
        }
    }
    let last_x = prs.len().saturating_sub(1) as f64;
    let mut labels = Vec::new();
    let mut series = Vec::new();
    for row in rows {
        // One line per search and θ: the label without the pr part.
        let label = match row.search.setting {
            Some(setting) => format!("{} θ={}", row.search.algo.id, setting.theta),
            None => row.search.label(),
        };
        let colour = colour_of(&mut labels, &label);
        let points = |value: f64| match row.search.setting {
            Some(setting) => {
                let x = prs.iter().position(|&pr| pr == setting.pr).unwrap_or(0);
                vec![(x as f64, value)]
            }
            None => vec![(0.0, value), (last_x, value)],
        };
        push_points(&mut series, &label, false, colour, points(row.completion()));
        if let Some(completion) = published_completion(row, experiment) {
            push_points(&mut series, &label, true, colour, points(completion));
        }
    }
    LinePlot {
        title: title.to_string(),
        x_label: "pr".to_string(),
        y_label: "completion (%)".to_string(),
        x_ticks: prs
            .iter()
            .enumerate()
            .map(|(i, pr)| {
                let text = pr.map_or_else(|| "off".to_string(), |pr| format!("{pr:e}"));
                (i as f64, text)
            })
            .collect(),
        series,
    }
}
