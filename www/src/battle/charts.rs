//! The battle's charts, drawn with plotters into SVG text as every chart of the app is
//! (`crate::shell::charts`: text in the theme's colour, the houses' colours).

use crate::shell::charts::{FONT, TEXT, finish, house_colour, ink, text_on, themed};
use crate::shell::format::pct;
use bosworth::data::House;
use bosworth::solve::report::Report;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The colour of final strength `k` (0 = eliminated).
pub fn strength_colour(k: usize) -> RGBColor {
    const C: [RGBColor; 5] = [
        RGBColor(120, 120, 120),
        RGBColor(230, 160, 60),
        RGBColor(200, 190, 70),
        RGBColor(110, 170, 80),
        RGBColor(40, 120, 70),
    ];
    C[k.min(4)]
}

/// When the battle ends: the chance of each last round.
pub fn rounds(report: &Report) -> String {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (460, 230)).into_drawing_area();
        let ymax = report.ends_in_round.iter().cloned().fold(0.0, f64::max).max(0.05) * 1.18;
        let mut chart = ChartBuilder::on(&root)
            .margin(8)
            .x_label_area_size(40)
            .y_label_area_size(64)
            .build_cartesian_2d((1u32..4u32).into_segmented(), 0f64..ymax)
            .expect("chart");
        themed(&mut chart.configure_mesh())
            .disable_x_mesh()
            .y_labels(5)
            .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
            .x_label_formatter(&|v| match v {
                SegmentValue::CenterOf(r) => format!("round {r}"),
                _ => String::new(),
            })
            .draw()
            .expect("mesh");
        chart
            .draw_series(
                Histogram::vertical(&chart)
                    .style(RGBColor(150, 110, 50).filled())
                    .margin(14)
                    .data((1u32..=4).map(|r| (r, report.ends_in_round[r as usize - 1]))),
            )
            .expect("bars");
        chart
            .draw_series((1u32..=4).map(|r| {
                let p = report.ends_in_round[r as usize - 1];
                Text::new(
                    pct(p),
                    (SegmentValue::CenterOf(r), p + ymax * 0.02),
                    ink(TEXT).pos(Pos::new(HPos::Center, VPos::Bottom)),
                )
            }))
            .expect("labels");
        root.present().expect("svg");
    }
    finish(svg)
}

/// Steps lost by each side: the chance of each number of steps.
pub fn steps_lost(report: &Report) -> String {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (460, 230)).into_drawing_area();
        let last = |v: &[f64]| v.iter().rposition(|&p| p > 0.0005).unwrap_or(0);
        let kmax = last(&report.sides[0].steps_lost).max(last(&report.sides[1].steps_lost)).max(1);
        let ymax = report
            .sides
            .iter()
            .flat_map(|s| s.steps_lost.iter().cloned())
            .fold(0.0, f64::max)
            .max(0.05)
            * 1.1;
        let mut chart = ChartBuilder::on(&root)
            .margin(8)
            .x_label_area_size(64)
            .y_label_area_size(64)
            .build_cartesian_2d(-0.5f64..kmax as f64 + 0.5, 0f64..ymax)
            .expect("chart");
        themed(&mut chart.configure_mesh())
            .disable_x_mesh()
            .x_labels(kmax + 1)
            .x_label_formatter(&|x| {
                if (x - x.round()).abs() < 1e-9 && *x >= 0.0 {
                    format!("{x:.0}")
                } else {
                    String::new()
                }
            })
            .x_desc("steps lost")
            .y_labels(5)
            .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
            .draw()
            .expect("mesh");
        for (n, side) in report.sides.iter().enumerate() {
            let colour = house_colour(side.house);
            let off = if n == 0 { -0.38 } else { 0.02 };
            chart
                .draw_series(side.steps_lost.iter().enumerate().take(kmax + 1).map(|(k, &p)| {
                    let x = k as f64 + off;
                    Rectangle::new([(x, 0.0), (x + 0.36, p)], colour.filled())
                }))
                .expect("bars");
        }
        root.present().expect("svg");
    }
    finish(svg)
}

/// Each block's final strength: one stacked bar per block, eliminated on the left.
pub fn final_strength(report: &Report) -> String {
    let n = report.blocks.len().max(1) as u32;
    let height = 48 + 34 * n;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (460, height)).into_drawing_area();
        let names: Vec<String> = report.blocks.iter().map(|b| b.name.clone()).collect();
        let mut chart = ChartBuilder::on(&root)
            .margin(8)
            .x_label_area_size(40)
            .y_label_area_size(165)
            .build_cartesian_2d(0f64..1f64, (0u32..n).into_segmented())
            .expect("chart");
        themed(&mut chart.configure_mesh())
            .disable_y_mesh()
            .x_labels(5)
            .x_label_formatter(&|x| format!("{:.0}%", x * 100.0))
            .y_labels(n as usize)
            .y_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) => names.get(*i as usize).cloned().unwrap_or_default(),
                _ => String::new(),
            })
            .draw()
            .expect("mesh");
        for (i, block) in report.blocks.iter().enumerate() {
            let mut x = 0.0;
            let i = i as u32;
            let mut bars = Vec::new();
            for (k, &p) in block.final_strength.iter().enumerate() {
                if p <= 0.0 {
                    continue;
                }
                bars.push(Rectangle::new(
                    [(x, SegmentValue::Exact(i)), (x + p, SegmentValue::Exact(i + 1))],
                    strength_colour(k).filled(),
                ));
                if p >= 0.09 {
                    bars.push(Rectangle::new(
                        [(x, SegmentValue::Exact(i)), (x + p, SegmentValue::Exact(i + 1))],
                        WHITE.stroke_width(2),
                    ));
                }
                x += p;
            }
            chart.draw_series(bars).expect("bars");
            let mut x = 0.0;
            let labels: Vec<_> = block
                .final_strength
                .iter()
                .enumerate()
                .filter_map(|(k, &p)| {
                    let at = x + p / 2.0;
                    x += p;
                    (p >= 0.09).then(|| {
                        Text::new(
                            if k == 0 { "✕".to_string() } else { k.to_string() },
                            (at, SegmentValue::CenterOf(i)),
                            (FONT, TEXT).into_font().color(&text_on(strength_colour(k))).pos(Pos::new(HPos::Center, VPos::Center)),
                        )
                    })
                })
                .collect();
            chart.draw_series(labels).expect("labels");
        }
        root.present().expect("svg");
    }
    finish(svg)
}

/// The spread of a chance across what the hidden blocks may be: for each chance x on the bottom,
/// the share of the possibilities in which the viewer's chance to hold is at most x (a rising
/// step line in the viewer's colour). `points` are `[chance, weight]`, sorted by chance.
pub fn spread(points: &[[f64; 2]], house: House) -> String {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (460, 230)).into_drawing_area();
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            .x_label_area_size(64)
            .y_label_area_size(64)
            .build_cartesian_2d(0f64..1f64, 0f64..1.02f64)
            .expect("chart");
        themed(&mut chart.configure_mesh())
            .x_labels(6)
            .y_labels(6)
            .x_label_formatter(&|x| format!("{:.0}%", x * 100.0))
            .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
            .x_desc("chance to hold the area")
            .y_desc("share of possibilities")
            .draw()
            .expect("mesh");
        let mut line = vec![(0.0, 0.0)];
        let mut acc = 0.0;
        for &[x, w] in points {
            line.push((x, acc));
            acc += w;
            line.push((x, acc));
        }
        line.push((1.0, acc));
        let colour = house_colour(house);
        chart
            .draw_series(LineSeries::new(line, colour.stroke_width(3)))
            .expect("line");
    }
    finish(svg)
}

/// The colours of plans compared (Okabe and Ito's palette, told apart by colour-blind eyes too);
/// each plan also has its own marker.
pub const PLAN_COLOURS: [RGBColor; 5] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(120, 120, 120),
];

/// The marker of plan `k`, in words for the legend.
pub fn plan_marker(k: usize) -> &'static str {
    ["●", "▲", "■", "✕", "○"][k % 5]
}

/// Several plans' distributions of steps lost by one side, overlaid: one line per plan
/// (`series[k]` drawn in [`PLAN_COLOURS`]`[k]` with [`plan_marker`]`(k)`).
pub fn overlay(series: &[&[f64]], x_desc: &str) -> String {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (460, 230)).into_drawing_area();
        let last = |v: &[f64]| v.iter().rposition(|&p| p > 0.0005).unwrap_or(0);
        let kmax = series.iter().map(|s| last(s)).max().unwrap_or(0).max(1);
        let ymax = series.iter().flat_map(|s| s.iter().cloned()).fold(0.0, f64::max).max(0.05) * 1.1;
        let mut chart = ChartBuilder::on(&root)
            .margin(8)
            .x_label_area_size(64)
            .y_label_area_size(64)
            .build_cartesian_2d(-0.3f64..kmax as f64 + 0.3, 0f64..ymax)
            .expect("chart");
        themed(&mut chart.configure_mesh())
            .disable_x_mesh()
            .x_labels(kmax + 1)
            .x_label_formatter(&|x| if (x - x.round()).abs() < 1e-9 && *x >= 0.0 { format!("{x:.0}") } else { String::new() })
            .x_desc(x_desc)
            .y_labels(5)
            .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
            .draw()
            .expect("mesh");
        for (k, s) in series.iter().enumerate() {
            let colour = PLAN_COLOURS[k % PLAN_COLOURS.len()];
            let points: Vec<(f64, f64)> = s.iter().enumerate().take(kmax + 1).map(|(x, &p)| (x as f64, p)).collect();
            chart.draw_series(LineSeries::new(points.clone(), colour.stroke_width(2))).expect("line");
            let style = colour.filled();
            match k % 5 {
                0 => chart.draw_series(points.iter().map(|&p| Circle::new(p, 4, style))).map(|_| ()),
                1 => chart.draw_series(points.iter().map(|&p| TriangleMarker::new(p, 5, style))).map(|_| ()),
                2 => chart.draw_series(points.iter().map(|&p| Rectangle::new([(p.0 - 0.06, p.1 - ymax * 0.015), (p.0 + 0.06, p.1 + ymax * 0.015)], style))).map(|_| ()),
                3 => chart.draw_series(points.iter().map(|&p| Cross::new(p, 4, colour.stroke_width(2)))).map(|_| ()),
                _ => chart.draw_series(points.iter().map(|&p| Circle::new(p, 4, colour.stroke_width(2)))).map(|_| ()),
            }
            .expect("markers");
        }
        root.present().expect("svg");
    }
    finish(svg)
}
