//! A finished game's luck as a chart, drawn with plotters as the battle's and the reset's charts
//! are (the shell's theme: `TEXT`, the theme's ink, the houses' colours): for each battle, each
//! side's luck in it (bars: how many standard deviations its hits were above or below those
//! expected, z), and each side's luck over the game so far (lines: z of every roll up to that
//! battle). No `Html` here.

use crate::shell::charts::{INK, finish, house_colour, themed};
use bosworth::data::House;
use bosworth::rtt::{GameBattle, Luck};
use plotters::prelude::*;

/// Each side's luck over the game after each battle: `[York, Lancaster]` per battle.
pub fn running(battles: &[GameBattle]) -> Vec<[Luck; 2]> {
    (1..=battles.len())
        .map(|k| [0, 1].map(|s| Luck::sum(battles[..k].iter().map(|b| &b.luck[s]))))
        .collect()
}

/// The chart's SVG text: battles across, z up.
pub fn luck(battles: &[GameBattle]) -> String {
    let n = battles.len().max(1);
    let over = running(battles);
    let top = battles
        .iter()
        .flat_map(|b| b.luck.iter().map(|l| l.z.abs()))
        .chain(over.iter().flat_map(|o| o.iter().map(|l| l.z.abs())))
        .fold(2.0f64, f64::max)
        .ceil()
        + 0.5;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (460, 280)).into_drawing_area();
        let mut chart = ChartBuilder::on(&root)
            .margin(8)
            .margin_right(14)
            .x_label_area_size(40)
            .y_label_area_size(52)
            .build_cartesian_2d(0.4f64..(n as f64 + 0.6), -top..top)
            .expect("chart");
        themed(&mut chart.configure_mesh())
            .disable_x_mesh()
            .x_labels(n.min(10))
            .x_label_formatter(&|x| {
                let i = x.round();
                if (x - i).abs() < 1e-6 && i >= 1.0 {
                    format!("{i:.0}")
                } else {
                    String::new()
                }
            })
            .y_labels(7)
            .y_label_formatter(&|z| {
                if z.abs() < 1e-9 {
                    "0".into()
                } else {
                    format!("{z:+.0}")
                }
            })
            .x_desc("Battle")
            .y_desc("Luck (z)")
            .draw()
            .expect("mesh");
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(0.4, 0.0), (n as f64 + 0.6, 0.0)],
                INK.mix(0.5).stroke_width(1),
            )))
            .expect("zero");
        let houses = [House::York, House::Lancaster];
        for (s, house) in houses.into_iter().enumerate() {
            let colour = house_colour(house);
            let shift = if s == 0 { -0.34 } else { 0.02 };
            chart
                .draw_series(battles.iter().enumerate().map(|(i, b)| {
                    let x = (i + 1) as f64 + shift;
                    let z = b.luck[s].z;
                    Rectangle::new([(x, 0.0), (x + 0.32, z)], colour.mix(0.45).filled())
                }))
                .expect("bars");
            chart
                .draw_series(LineSeries::new(
                    over.iter()
                        .enumerate()
                        .map(|(i, o)| ((i + 1) as f64, o[s].z)),
                    colour.stroke_width(3),
                ))
                .expect("line");
            chart
                .draw_series(
                    over.iter()
                        .enumerate()
                        .map(|(i, o)| Circle::new(((i + 1) as f64, o[s].z), 3, colour.filled())),
                )
                .expect("points");
        }
        root.present().expect("svg");
    }
    finish(svg)
}
