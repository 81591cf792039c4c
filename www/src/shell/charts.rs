//! What every calculator's charts share: plotters draws SVG text (on the page's thread: plotters
//! measures text through the DOM in the browser) whose text and axes use a marker colour that
//! becomes `currentColor`, so the charts follow the light or dark theme; the houses' colours; a
//! chart shown in the page, and downloaded as a standalone file.

use crate::shell::share::download;
use bosworth::data::House;
use plotters::prelude::*;
use yew::prelude::*;

pub const INK: RGBColor = RGBColor(1, 2, 3);
pub const FONT: &str = "sans-serif";
/// Chart text size as plotters takes it (it writes 1/1.24 of it into the SVG): charts are drawn
/// 460 wide and shown down to about 340 on a phone, where this is still 11 px or more (issue 16).
pub const TEXT: u32 = 19;

/// Dark or white text, whichever reads better on `bg` (WCAG contrast, for labels on bars).
pub fn text_on(bg: RGBColor) -> RGBColor {
    let lin = |c: u8| {
        let c = c as f64 / 255.0;
        if c <= 0.03928 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
    };
    let l = 0.2126 * lin(bg.0) + 0.7152 * lin(bg.1) + 0.0722 * lin(bg.2);
    // Against white (L = 1) and near-black (L ~ 0.006): the larger contrast ratio wins.
    if (1.05) / (l + 0.05) >= (l + 0.05) / 0.056 { WHITE } else { RGBColor(20, 20, 20) }
}

/// The colour of a house's bars: York's murrey-blue livery, Lancaster's red.
pub fn house_colour(house: House) -> RGBColor {
    match house {
        House::York => RGBColor(70, 110, 180),
        House::Lancaster => RGBColor(192, 48, 40),
    }
}

pub fn finish(svg: String) -> String {
    svg.replace("#010203", "currentColor")
}

pub fn ink(size: u32) -> TextStyle<'static> {
    (FONT, size).into_font().color(&INK)
}

/// The theme every chart's axes share: ink that follows the page's theme, faint grid lines, no
/// minor lines, text of [`TEXT`] (axis descriptions too).
pub fn themed<'m, 'a, 'b, X, Y, DB>(
    mesh: &'m mut plotters::chart::MeshStyle<'a, 'b, X, Y, DB>,
) -> &'m mut plotters::chart::MeshStyle<'a, 'b, X, Y, DB>
where
    X: plotters::coord::ranged1d::Ranged<ValueType: std::fmt::Debug>,
    Y: plotters::coord::ranged1d::Ranged<ValueType: std::fmt::Debug>,
    DB: DrawingBackend,
{
    mesh.axis_style(INK)
        .bold_line_style(INK.mix(0.12))
        .light_line_style(TRANSPARENT)
        .label_style(ink(TEXT))
        .axis_desc_style(ink(TEXT))
}

/// A chart as a standalone SVG file: the theme's `currentColor` becomes dark ink on white, so it
/// reads the same in any viewer.
pub fn standalone(svg: &str) -> String {
    let mut out = svg.replace("currentColor", "#2a2118");
    if !out.contains("xmlns=") {
        out = out.replacen("<svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"", 1);
    }
    if let Some(end) = out.find('>') {
        out.insert_str(end + 1, "\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    }
    out
}

/// A chart's SVG text in the page.
pub fn svg(text: &str) -> Html {
    Html::from_html_unchecked(AttrValue::from(text.to_string()))
}

/// A button that downloads a chart as `bosworth-{name}.svg`.
pub fn save(name: &'static str, text: &str) -> Html {
    let text = text.to_string();
    let file = format!("bosworth-{name}.svg");
    html! {
        <button class="save-svg" data-testid={format!("svg-{name}")} title={format!("Download this chart as {file}")}
            aria-label={format!("Download this chart as {file}")}
            onclick={Callback::from(move |_| download(&file, "image/svg+xml", &standalone(&text)))}>
            {"⤓ SVG"}
        </button>
    }
}
