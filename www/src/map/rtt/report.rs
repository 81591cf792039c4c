//! A finished game's report (`bosworth game`): its battles as a table at once (campaign, turn,
//! area, attacker, winner, each side's luck), the attacker's chance before each as the planner's
//! worker works it out ("…" until it comes, with progress and Cancel), each side's luck as a
//! chart, and each battle one click from the battle calculator at its start (`#s=`).

use super::chart;
use super::odds::{BattleOdds, OddsAsk, OddsHeard};
use super::read::Game;
use crate::map::planner::{Reply, Request};
use crate::shell::charts::{house_colour, save, svg};
use crate::shell::format::pct;
use crate::shell::worker::RawWorker;
use bosworth::data::House;
use bosworth::rtt::{GameBattle, Luck, battles, totals};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// Where the odds stand.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OddsState {
    /// The job of the worker on it.
    pub job: u64,
    /// Each battle's odds, once known.
    pub odds: Vec<Option<BattleOdds>>,
    /// Stopped by the user.
    pub cancelled: bool,
    /// Why the worker could not go on.
    pub failed: Option<String>,
}

/// What changes [`OddsState`].
pub enum OddsAction {
    /// A new job on `n` battles, the odds known so far kept.
    Start(u64, usize),
    /// The worker said something.
    Heard(OddsHeard),
    /// The user stopped it.
    Cancel,
}

impl Reducible for OddsState {
    type Action = OddsAction;
    fn reduce(self: Rc<Self>, action: OddsAction) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            OddsAction::Start(job, n) => {
                s.job = job;
                s.odds.resize(n, None);
                s.cancelled = false;
                s.failed = None;
            }
            OddsAction::Heard(OddsHeard::Battle { job, index, odds }) if job == s.job => {
                if let Some(o) = s.odds.get_mut(index.wrapping_sub(1)) {
                    *o = Some(odds);
                }
            }
            OddsAction::Heard(OddsHeard::Failed { job, message }) if job == s.job => {
                s.failed = Some(message);
            }
            OddsAction::Heard(_) => return self,
            OddsAction::Cancel => s.cancelled = true,
        }
        Rc::new(s)
    }
}

impl OddsState {
    /// How many battles have their odds.
    pub fn known(&self) -> usize {
        self.odds.iter().filter(|o| o.is_some()).count()
    }
    /// `idle`, `running`, `done`, `cancelled` or `failed`, as the battle's results say it.
    pub fn calc(&self) -> &'static str {
        if self.failed.is_some() {
            "failed"
        } else if self.known() == self.odds.len() {
            "done"
        } else if self.cancelled {
            "cancelled"
        } else {
            "running"
        }
    }
}

/// The attacker's chance in words: `63.2%` exact, `63.2% ± 0.3` sampled, `…` not yet.
pub fn chance_words(o: Option<&BattleOdds>) -> String {
    match o {
        None => "…".into(),
        Some(BattleOdds {
            attacker_holds: None,
            ..
        }) => "refused".into(),
        Some(BattleOdds {
            attacker_holds: Some(p),
            std_error: Some(se),
            exact: false,
        }) => format!("{} ± {:.1}", pct(*p), se * 100.0),
        Some(BattleOdds {
            attacker_holds: Some(p),
            ..
        }) => pct(*p),
    }
}

/// A luck's z with its sign, `+0.80`.
pub fn z_words(l: &Luck) -> String {
    format!("{:+.2}", l.z)
}

/// The words a luck's title gives: hits against those expected.
fn luck_title(house: House, l: &Luck) -> String {
    format!("{house}: {} hits, {:.1} expected", l.hits, l.expected)
}

/// Props of the report.
#[derive(Properties, PartialEq, Clone)]
pub struct ReportProps {
    /// The game.
    pub game: Rc<Game>,
}

type Worker = RawWorker<Request, Reply>;

/// Starts a worker on the battles whose odds are not known yet.
fn start(
    game: &Game,
    state: &UseReducerHandle<OddsState>,
    worker: &Rc<RefCell<Option<Worker>>>,
    n: usize,
) {
    let job = state.job + 1;
    state.dispatch(OddsAction::Start(job, n));
    let wanted: Vec<usize> = (1..=n)
        .filter(|i| state.odds.get(i - 1).is_none_or(|o| o.is_none()))
        .collect();
    let d = state.dispatcher();
    let w = Worker::spawn("/planner.js", move |r: Reply| {
        if let Reply::Odds(h) = r {
            d.dispatch(OddsAction::Heard(h));
        }
    });
    *worker.borrow_mut() = match w {
        Ok(w) => {
            w.send(Request::Odds(OddsAsk {
                job,
                export: game.text.to_string(),
                battles: wanted,
            }));
            Some(w)
        }
        Err(_) => {
            state.dispatch(OddsAction::Heard(OddsHeard::Failed {
                job,
                message: "the browser would not start a Web Worker".into(),
            }));
            None
        }
    };
}

/// The report.
#[function_component]
pub fn Report(p: &ReportProps) -> Html {
    let read = use_memo(p.game.clone(), |g| battles(&g.export).map(Rc::new));
    let state = use_reducer(OddsState::default);
    let worker: Rc<RefCell<Option<Worker>>> = use_mut_ref(|| None);
    let n = read.as_ref().as_ref().map_or(0, |b| b.len());
    {
        let (state, worker) = (state.clone(), worker.clone());
        use_effect_with(p.game.clone(), move |g| {
            if n > 0 {
                start(g, &state, &worker, n);
            }
            let worker = worker.clone();
            move || {
                worker.borrow_mut().take();
            }
        });
    }
    // The worker's done: let it go.
    if state.calc() != "running" {
        worker.borrow_mut().take();
    }
    let list = match read.as_ref() {
        Ok(b) => b.clone(),
        Err(e) => {
            return html! {
                <section class="card rtt-report" data-testid="rtt-report" data-calc="failed">
                    <h2>{"The game's battles"}</h2>
                    <p class="problem-text" role="alert">{e.to_string()}</p>
                </section>
            };
        }
    };
    let cancel = {
        let (state, worker) = (state.clone(), worker.clone());
        Callback::from(move |_: MouseEvent| {
            worker.borrow_mut().take();
            state.dispatch(OddsAction::Cancel);
        })
    };
    let resume = {
        let (state, worker, game) = (state.clone(), worker.clone(), p.game.clone());
        Callback::from(move |_: MouseEvent| start(&game, &state, &worker, n))
    };
    let whole = totals(&list);
    let chart_svg = use_memo(list.clone(), |b| chart::luck(b));
    let calc = state.calc();
    let known = state.known();
    html! {
        <section class="card rtt-report" aria-labelledby="rtt-report-h" data-testid="rtt-report" data-calc={calc}
            data-battles={list.len().to_string()}>
            <h2 id="rtt-report-h">{"The game's battles"}</h2>
            <p class="small muted">{format!("{}: {} battles. Luck is z: how many standard deviations a side's hits were above (+) or below (−) those its dice were expected to score (6.4).",
                p.game.title(), list.len())}</p>
            <div class="rtt-progress" role="status">
                if calc == "running" {
                    <progress max={list.len().to_string()} value={known.to_string()} aria-label="Battles solved"></progress>
                    <span class="small">{format!("Odds: {known} of {} battles solved", list.len())}</span>
                    <button type="button" class="small" onclick={cancel} data-testid="rtt-cancel">{"Cancel"}</button>
                } else if calc == "cancelled" {
                    <span class="small">{format!("Stopped: {known} of {} battles solved.", list.len())}</span>
                    <button type="button" class="small" onclick={resume} data-testid="rtt-resume">{"Go on"}</button>
                } else if let Some(e) = &state.failed {
                    <span class="problem-text small">{e.clone()}</span>
                } else {
                    <span class="small">{format!("The attacker's chance before each battle, as the battle calculator gives it: {} exact.",
                        state.odds.iter().filter(|o| o.is_some_and(|o| o.exact)).count())}</span>
                }
            </div>
            <div class="charts">
                <figure class="wide">
                    <figcaption>{"Luck in each battle (bars) and over the game so far (lines): "}
                        {key(House::York)}{key(House::Lancaster)}{save("game-luck", &chart_svg)}</figcaption>
                    <div data-testid="rtt-luck-chart">{svg(&chart_svg)}</div>
                </figure>
            </div>
            <div class="table-wrap">
                <table class="blocks-table cards-on-phone rtt-battles" data-testid="rtt-battles">
                    <caption>{"Each battle, the attacker's chance before it, and each side's luck in it"}</caption>
                    <thead><tr>
                        <th scope="col">{"Battle"}</th><th scope="col">{"Area"}</th>
                        <th scope="col">{"Campaign, turn"}</th><th scope="col">{"Attacker"}</th><th scope="col">{"Winner"}</th>
                        <th scope="col" class="num">{"Attacker's chance"}</th>
                        <th scope="col" class="num">{"York's luck"}</th><th scope="col" class="num">{"Lancaster's luck"}</th>
                        <th scope="col"><span class="visually-hidden">{"Open"}</span></th>
                    </tr></thead>
                    <tbody>
                        { for list.iter().map(|b| row(b, state.odds.get(b.index - 1).copied().flatten().as_ref())) }
                    </tbody>
                    <tfoot>
                        <tr data-testid="rtt-totals">
                            <th scope="row" colspan="6">{"Over the game"}</th>
                            <td data-label="York's luck" class="num" title={luck_title(House::York, &whole[0])}>{z_words(&whole[0])}</td>
                            <td data-label="Lancaster's luck" class="num" title={luck_title(House::Lancaster, &whole[1])}>{z_words(&whole[1])}</td>
                            <td></td>
                        </tr>
                    </tfoot>
                </table>
            </div>
        </section>
    }
}

/// A house's colour key in a chart's caption.
fn key(house: House) -> Html {
    let c = house_colour(house);
    html! { <span class="key" style={format!("--k: rgb({},{},{})", c.0, c.1, c.2)}>{house.to_string()}</span> }
}

/// One battle's row.
fn row(b: &GameBattle, odds: Option<&BattleOdds>) -> Html {
    let link = crate::shell::codec::to_fragment(&b.scenario, false);
    let winner = b.winner.map_or("?".to_string(), |w| w.to_string());
    let notes = b.notes.join(" ");
    html! {
        <tr data-testid={format!("rtt-battle-{}", b.index)} data-odds={odds.and_then(|o| o.attacker_holds).map(|p| p.to_string())}>
            <th scope="row">{b.index}</th>
            <td data-label="Area">{b.area.clone()}
                if !notes.is_empty() { <span class="rtt-note-mark" title={notes.clone()} aria-label={notes}>{" *"}</span> }
            </td>
            <td data-label="Campaign, turn">{format!("{}, {}", b.campaign, b.turn)}</td>
            <td data-label="Attacker" class={b.attacker.to_string().to_lowercase()}>{b.attacker.to_string()}</td>
            <td data-label="Winner">{winner}</td>
            <td data-label="Attacker's chance" class="num rtt-chance" data-testid={format!("rtt-chance-{}", b.index)}>{chance_words(odds)}</td>
            <td data-label="York's luck" class="num" title={luck_title(House::York, &b.luck[0])}>{z_words(&b.luck[0])}</td>
            <td data-label="Lancaster's luck" class="num" title={luck_title(House::Lancaster, &b.luck[1])}>{z_words(&b.luck[1])}</td>
            <td><a class="button small" href={link} data-testid={format!("rtt-open-{}", b.index)}
                aria-label={format!("Open as battle: battle {} in {}, at its start", b.index, b.area)}>{"Open as battle"}</a></td>
        </tr>
    }
}
