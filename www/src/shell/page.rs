//! The page of a calculator that keeps its scenario in a [`Doc`] (the Campaign Reset, Kingmaker
//! and the map): its reducer opened from the address, else from local storage, else from
//! its first example; the address and storage kept with every change; Back and Forward followed;
//! the header (the switch, the examples, the link and JSON files, the theme), Undo and Redo, the
//! notice, and the footer. A calculator says what it is by implementing [`DocCalculator`] for its
//! reducer, opens it with [`use_doc`], and draws its inputs and figures inside a [`DocPage`].

use crate::shell::address::{revision_key, use_address, use_follow_address};
use crate::shell::doc::{Doc, DocAction};
use crate::shell::history::HistoryBar;
use crate::shell::problem::notice;
use crate::shell::share::{Example, ShareBar};
use crate::shell::storage;
use crate::shell::switch::CalcSwitch;
use crate::shell::theme::ThemeToggle;
use bosworth_link::{Calculator, Fragment};
use yew::prelude::*;

/// The words of a calculator's page.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PageWords {
    /// Beside the title in the header ("Campaign Reset odds").
    pub tagline: &'static str,
    /// The accessible name of the Undo and Redo bar ("Reset").
    pub history: &'static str,
    /// What a scenario is called in the share bar ("reset", "combat").
    pub what: &'static str,
    /// The file name of Export JSON.
    pub file: &'static str,
    /// The footer.
    pub footer: &'static str,
}

/// A calculator's reducer that keeps its scenario in a [`Doc`], and what the page needs to know
/// of its scenario kind: where it is kept, how it is read and written, its examples and words.
pub trait DocCalculator: Reducible<Action = DocAction<Self::Scenario, Self::Edit>> + PartialEq + 'static {
    /// The scenario as the user edits it.
    type Scenario: Clone + PartialEq + 'static;
    /// The calculator's own edit.
    type Edit: Clone + 'static;

    /// Which calculator: its key in the address, its link in the switch.
    const CALCULATOR: Calculator;
    /// Where the last scenario is kept between visits.
    const STORAGE_KEY: &'static str;
    /// The examples; the first is the scenario a new visitor sees.
    const EXAMPLES: &'static [Example];
    /// The page's words.
    const WORDS: PageWords;

    /// A reducer showing `scenario`, with no history.
    fn open(scenario: Self::Scenario) -> Self;
    /// The scenario with its history.
    fn doc(&self) -> &Doc<Self::Scenario>;
    /// The scenario with its history, to change.
    fn doc_mut(&mut self) -> &mut Doc<Self::Scenario>;
    /// The scenario a broken link opens: empty.
    fn empty() -> Self::Scenario;
    /// A scenario from its JSON, or why it is not one.
    fn parse(json: &str) -> Result<Self::Scenario, String>;
    /// The scenario an address holds under this calculator's key, or why it cannot be read;
    /// `None` when the address holds none.
    fn read(fragment: &Fragment) -> Option<Result<Self::Scenario, String>>;
    /// The address's fragment (with its `#`) that holds `scenario`.
    fn fragment(scenario: &Self::Scenario) -> String;
    /// The scenario as compact JSON (kept in local storage).
    fn to_json(scenario: &Self::Scenario) -> String;
    /// The scenario as pretty JSON (Export JSON).
    fn to_pretty_json(scenario: &Self::Scenario) -> String;
}

/// What each calculator's scenario is called in messages, and the calculator.
fn names(c: Calculator) -> (&'static str, &'static str) {
    match c {
        Calculator::Battle => ("Richard III battle", "battle"),
        Calculator::Reset => ("Campaign Reset", "Campaign Reset"),
        Calculator::Kingmaker => ("Kingmaker combat", "Kingmaker"),
        Calculator::Board => ("Richard III board", "map"),
    }
}

/// The first example: the scenario a new visitor sees.
pub fn first_example<K: DocCalculator>() -> K::Scenario {
    K::parse(K::EXAMPLES[0].json).expect("the examples are valid")
}

fn stored<K: DocCalculator>() -> Option<K::Scenario> {
    storage::load(K::STORAGE_KEY).and_then(|t| K::parse(&t).ok())
}

/// The fragment that opens the calculator with the last scenario shown, else its first example.
pub fn last_fragment<K: DocCalculator>() -> String {
    K::fragment(&stored::<K>().unwrap_or_else(first_example::<K>))
}

/// The first state: the scenario in the address; a broken link opens the calculator empty and
/// says why; no scenario in the address, the last one kept, else the first example.
pub fn initial_state<K: DocCalculator>() -> K {
    let hash = gloo::utils::window().location().hash().unwrap_or_default();
    match K::read(&bosworth_link::fragment(&hash)) {
        Some(Ok(s)) => K::open(s),
        Some(Err(e)) => {
            let mut st = K::open(K::empty());
            st.doc_mut().notice = Some(format!(
                "This link's {} could not be opened: {e}. The calculator opens empty.",
                names(K::CALCULATOR).0
            ));
            st
        }
        None => K::open(stored::<K>().unwrap_or_else(first_example::<K>)),
    }
}

/// Which example is on screen, unchanged.
fn example_of<K: DocCalculator>(s: &K::Scenario) -> Option<usize> {
    K::EXAMPLES.iter().position(|x| K::parse(x.json).is_ok_and(|e| &e == s))
}

/// Why a file is not this calculator's scenario, and where it belongs if it is another's.
pub fn wrong_file<K: DocCalculator>(text: &str, error: &str) -> String {
    let elsewhere = match bosworth_link::kind_of(text) {
        Some(c) if c != K::CALCULATOR => {
            let (noun, name) = names(c);
            format!(" It looks like a {noun}: open it in the {name} calculator.")
        }
        _ => String::new(),
    };
    format!("That file is not a {}: {error}.{elsewhere}", names(K::CALCULATOR).0)
}

/// The calculator's reducer, opened from the address, storage or its first example; the address
/// and storage follow every change, and Back, Forward or a pasted link show their scenario (an
/// undoable change).
#[hook]
pub fn use_doc<K: DocCalculator>() -> UseReducerHandle<K> {
    let state = use_reducer(initial_state::<K>);
    let doc = state.doc();
    // A broken link opened the calculator empty: the last scenario stays in storage until the
    // first change.
    let keep = use_state(|| doc.notice.is_none());
    use_address(
        doc.revision,
        doc.opened,
        K::fragment(&doc.scenario),
        K::STORAGE_KEY,
        K::to_json(&doc.scenario),
        *keep || doc.revision > 1,
        revision_key(K::CALCULATOR, &[doc.revision]),
    );
    {
        let dispatcher = state.dispatcher();
        use_follow_address(
            K::read,
            Callback::from(move |r: Result<K::Scenario, String>| match r {
                Ok(s) => dispatcher.dispatch(DocAction::Navigate(s)),
                Err(e) => dispatcher.dispatch(DocAction::Notice(Some(format!(
                    "This link's {} could not be opened: {e}",
                    names(K::CALCULATOR).0
                )))),
            }),
        );
    }
    state
}

/// A callback that sends `action` to the reducer (Undo for the problem card).
pub fn send<K: DocCalculator>(state: &UseReducerHandle<K>, action: DocAction<K::Scenario, K::Edit>) -> Callback<()> {
    let d = state.dispatcher();
    Callback::from(move |_| d.dispatch(action.clone()))
}

/// Props of a calculator's page.
#[derive(Properties, PartialEq)]
pub struct DocPageProps<K: DocCalculator> {
    /// The reducer, from [`use_doc`].
    pub state: UseReducerHandle<K>,
    /// Buttons before Undo and Redo (New combat).
    #[prop_or_default]
    pub tools: Html,
    /// The figures, or the problem card in their place.
    pub output: Html,
    /// The inputs, below Undo and Redo.
    pub children: Html,
    /// Classes beside `layout` on the page's `<main>` (the map lays out its columns its own way).
    #[prop_or_default]
    pub class: Classes,
}

/// A calculator's page: the header, the inputs on the left under Undo and Redo, the figures on
/// the right, the footer.
#[function_component]
pub fn DocPage<K: DocCalculator>(p: &DocPageProps<K>) -> Html {
    let doc = p.state.doc();
    let s = doc.scenario.clone();
    let d = p.state.dispatcher();
    let undo = send(&p.state, DocAction::Undo);
    let redo = send(&p.state, DocAction::Redo);
    let open = {
        let d = d.clone();
        Callback::from(move |i: usize| {
            if let Some(x) = K::EXAMPLES.get(i).and_then(|x| K::parse(x.json).ok()) {
                d.dispatch(DocAction::Load(x));
            }
        })
    };
    let import = {
        let d = d.clone();
        Callback::from(move |text: String| match K::parse(&text) {
            Ok(s) => d.dispatch(DocAction::Load(s)),
            Err(e) => d.dispatch(DocAction::Notice(Some(wrong_file::<K>(&text, &e)))),
        })
    };
    let dismiss = send(&p.state, DocAction::Notice(None));
    let current = use_memo(s.clone(), example_of::<K>);
    frame(Frame {
        calculator: K::CALCULATOR,
        revision: revision_key(K::CALCULATOR, &[doc.revision]),
        words: K::WORDS,
        examples: K::EXAMPLES,
        current: *current,
        json: K::to_pretty_json(&s).into(),
        notice: doc.notice.clone(),
        can_undo: doc.can_undo(),
        can_redo: doc.can_redo(),
        undo,
        redo,
        open,
        import,
        dismiss,
        tools: p.tools.clone(),
        class: p.class.clone(),
        inputs: p.children.clone(),
        output: p.output.clone(),
    })
}

/// Everything a calculator's page shows, whatever the calculator.
struct Frame {
    calculator: Calculator,
    /// The [`revision_key`] of the scenario shown (`data-revision`, see `shell::address`).
    revision: String,
    words: PageWords,
    examples: &'static [Example],
    current: Option<usize>,
    json: AttrValue,
    notice: Option<String>,
    can_undo: bool,
    can_redo: bool,
    undo: Callback<()>,
    redo: Callback<()>,
    open: Callback<usize>,
    import: Callback<String>,
    dismiss: Callback<()>,
    tools: Html,
    class: Classes,
    inputs: Html,
    output: Html,
}

/// The page's markup, drawn once for every calculator rather than once per scenario kind.
fn frame(f: Frame) -> Html {
    let words = f.words;
    html! {
        <>
        <header class="top">
            <div class="brand">
                <h1>{"Bosworth"}</h1>
                <span class="tagline">{words.tagline}</span>
            </div>
            <CalcSwitch current={f.calculator} />
            <ShareBar examples={f.examples} current={f.current} what={words.what} file={words.file} on_open={f.open}
                json={f.json} on_import={f.import} />
            <div class="view-toggles"><ThemeToggle /></div>
        </header>
        <main class={classes!("layout", f.class)} data-testid={format!("{}-view", f.calculator.id())} data-revision={f.revision}>
            {notice(f.notice.as_ref(), f.dismiss)}
            <div class="col builder">
                <HistoryBar label={words.history} can_undo={f.can_undo} can_redo={f.can_redo} on_undo={f.undo} on_redo={f.redo}>
                    {f.tools}
                </HistoryBar>
                {f.inputs}
            </div>
            <div class="col output">
                {f.output}
            </div>
        </main>
        <footer class="foot">{words.footer}</footer>
        </>
    }
}
