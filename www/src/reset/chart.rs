//! The reset's charts, drawn with plotters as `crate::battle::charts` draws the battle's: text size
//! `TEXT`, the theme's ink, the houses' colours.

use crate::shell::charts::{FONT, TEXT, finish, house_colour, ink, text_on, themed};
use crate::shell::format::pct;
use bosworth::data::House;
use bosworth::reset::{CrownOdds, ResetOdds};
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The most outcomes the crown chart shows; the rest are added up in one more bar.
pub const CROWN_ROWS: usize = 8;

/// The grey of the outcomes left out, and of the executed.
const GREY: RGBColor = RGBColor(110, 110, 110);

/// A crown outcome in a few words: `March · Henry VI`, `York wins`.
pub fn crown_label(c: &CrownOdds) -> String {
    match (c.winner, c.king) {
        (Some(w), _) => format!("{w} wins (9.0)"),
        (None, Some(k)) => format!("{k} · {}", c.pretender.unwrap_or("none")),
        (None, None) => "no King".to_string(),
    }
}

/// The crown's bars: label, chance, colour.
fn crown_bars(odds: &ResetOdds) -> Vec<(String, f64, RGBColor)> {
    let mut bars: Vec<(String, f64, RGBColor)> = odds
        .crown
        .iter()
        .take(CROWN_ROWS)
        .map(|c| (crown_label(c), c.chance, house_colour(c.winner.unwrap_or(c.throne))))
        .collect();
    let rest: f64 = odds.crown.iter().skip(CROWN_ROWS).map(|c| c.chance).sum();
    let more = odds.crown.len().saturating_sub(CROWN_ROWS);
    if more > 0 {
        bars.push((format!("{more} more"), rest, GREY));
    }
    bars
}

/// King and Pretender after the reset: one bar per outcome, most likely first, in the colour of
/// the house on the throne (of the winner, for a win).
pub fn crown(odds: &ResetOdds) -> String {
    let bars = crown_bars(odds);
    let n = bars.len().max(1) as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (460, 44 + 36 * n)).into_drawing_area();
        let labels: Vec<String> = bars.iter().map(|b| b.0.clone()).collect();
        let mut chart = ChartBuilder::on(&root)
            .margin(8)
            .x_label_area_size(36)
            .y_label_area_size(205)
            .build_cartesian_2d(0f64..1.18f64, (0u32..n).into_segmented())
            .expect("chart");
        themed(&mut chart.configure_mesh())
            .disable_y_mesh()
            .x_labels(5)
            .x_label_formatter(&|x| if *x <= 1.0 + 1e-9 { format!("{:.0}%", x * 100.0) } else { String::new() })
            .y_labels(n as usize)
            .y_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) => n.checked_sub(1 + *i).and_then(|k| labels.get(k as usize)).cloned().unwrap_or_default(),
                _ => String::new(),
            })
            .draw()
            .expect("mesh");
        // The most likely at the top.
        let row = |i: usize| n - 1 - i as u32;
        chart
            .draw_series(bars.iter().enumerate().map(|(i, (_, p, colour))| {
                Rectangle::new([(0.0, SegmentValue::Exact(row(i))), (*p, SegmentValue::Exact(row(i) + 1))], colour.filled())
            }))
            .expect("bars");
        chart
            .draw_series(bars.iter().enumerate().map(|(i, (_, p, _))| {
                Text::new(pct(*p), (p + 0.015, SegmentValue::CenterOf(row(i))), ink(TEXT).pos(Pos::new(HPos::Left, VPos::Center)))
            }))
            .expect("labels");
        root.present().expect("svg");
    }
    finish(svg)
}

/// Each noble at the end of the reset: one stacked bar per noble, the chance he serves York,
/// serves Lancaster, or is executed (event 5).
pub fn nobles(odds: &ResetOdds) -> String {
    let n = odds.nobles.len().max(1) as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (460, 44 + 34 * n)).into_drawing_area();
        let names: Vec<String> = odds.nobles.iter().map(|x| if x.on_map { x.noble.to_string() } else { format!("{} (pool)", x.noble) }).collect();
        let mut chart = ChartBuilder::on(&root)
            .margin(8)
            .margin_right(26)
            .x_label_area_size(36)
            .y_label_area_size(205)
            .build_cartesian_2d(0f64..1f64, (0u32..n).into_segmented())
            .expect("chart");
        themed(&mut chart.configure_mesh())
            .disable_y_mesh()
            .x_labels(5)
            .x_label_formatter(&|x| format!("{:.0}%", x * 100.0))
            .y_labels(n as usize)
            .y_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) => n.checked_sub(1 + *i).and_then(|k| names.get(k as usize)).cloned().unwrap_or_default(),
                _ => String::new(),
            })
            .draw()
            .expect("mesh");
        for (k, x) in odds.nobles.iter().enumerate() {
            // The first listed at the top.
            let i = n - 1 - k as u32;
            let stays = (1.0 - x.turned - x.executed).max(0.0);
            let (york, lancaster) = match x.house {
                House::York => (stays, x.turned),
                House::Lancaster => (x.turned, stays),
            };
            let parts = [(york, house_colour(House::York)), (lancaster, house_colour(House::Lancaster)), (x.executed, GREY)];
            let mut at = 0.0;
            let mut shapes = Vec::new();
            let mut labels = Vec::new();
            for (p, colour) in parts {
                if p <= 0.0 {
                    continue;
                }
                shapes.push(Rectangle::new([(at, SegmentValue::Exact(i)), (at + p, SegmentValue::Exact(i + 1))], colour.filled()));
                shapes.push(Rectangle::new([(at, SegmentValue::Exact(i)), (at + p, SegmentValue::Exact(i + 1))], WHITE.stroke_width(2)));
                // A label where it fits (a fifth of the bar is some 48 px).
                if p >= 0.2 {
                    labels.push(Text::new(
                        pct(p),
                        (at + p / 2.0, SegmentValue::CenterOf(i)),
                        (FONT, TEXT).into_font().color(&text_on(colour)).pos(Pos::new(HPos::Center, VPos::Center)),
                    ));
                }
                at += p;
            }
            chart.draw_series(shapes).expect("bars");
            chart.draw_series(labels).expect("labels");
        }
        root.present().expect("svg");
    }
    finish(svg)
}
