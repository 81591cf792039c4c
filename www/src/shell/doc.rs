//! A scenario being edited, with its Undo and Redo, for the Campaign Reset and Kingmaker
//! calculators (the battle keeps its own, richer, history in `state.rs`). No `Html` here.

/// How many changes Undo can take back.
pub const HISTORY_LIMIT: usize = 200;

/// One scenario of kind `S` as the user edits it.
#[derive(Debug, Clone, PartialEq)]
pub struct Doc<S> {
    /// The scenario as entered.
    pub scenario: S,
    /// The scenarios before this one, newest last: what Undo brings back.
    pub undo: Vec<S>,
    /// The scenarios undone, newest last: what Redo brings back. Any new change clears it.
    pub redo: Vec<S>,
    /// Bumped on every change of the scenario.
    pub revision: u64,
    /// Counts the scenarios opened (an example, a file): each gets its own entry in the
    /// browser's history; edits replace the entry.
    pub opened: u64,
    /// A message about loading (a broken link, a file of another kind), shown at the top.
    pub notice: Option<String>,
}

/// Everything that changes a [`Doc`]; `E` is the calculator's own edit.
#[derive(Debug, Clone, PartialEq)]
pub enum DocAction<S, E> {
    /// Edit the scenario.
    Edit(E),
    /// Open another scenario (an example, a file): it can be undone, and gets its own entry in
    /// the browser's history.
    Load(S),
    /// Show the scenario of the address after Back, Forward or a pasted link: it can be undone;
    /// the browser already has its entry.
    Navigate(S),
    /// Take back the last change.
    Undo,
    /// Make again the last change taken back.
    Redo,
    /// Show or dismiss a message.
    Notice(Option<String>),
}

impl<S: Clone + PartialEq> Doc<S> {
    /// A document showing `scenario`, with no history.
    pub fn new(scenario: S) -> Doc<S> {
        Doc { scenario, undo: Vec::new(), redo: Vec::new(), revision: 1, opened: 0, notice: None }
    }

    /// True if there is a change to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// True if there is an undone change to make again.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Applies an action, `edit` applying the calculator's own edits to a copy of the scenario
    /// (pure: the same document and action give the same result).
    pub fn apply<E>(mut self, action: DocAction<S, E>, edit: impl FnOnce(&mut S, E)) -> Doc<S> {
        match action {
            DocAction::Edit(e) => {
                let mut scenario = self.scenario.clone();
                edit(&mut scenario, e);
                self.change(scenario);
            }
            DocAction::Load(scenario) => {
                if scenario != self.scenario {
                    self.change(scenario);
                    self.opened += 1;
                }
                self.notice = None;
            }
            DocAction::Navigate(scenario) => {
                self.change(scenario);
                self.notice = None;
            }
            DocAction::Undo => {
                if let Some(back) = self.undo.pop() {
                    let now = std::mem::replace(&mut self.scenario, back);
                    self.redo.push(now);
                    self.revision += 1;
                }
            }
            DocAction::Redo => {
                if let Some(again) = self.redo.pop() {
                    let now = std::mem::replace(&mut self.scenario, again);
                    self.undo.push(now);
                    self.revision += 1;
                }
            }
            DocAction::Notice(n) => self.notice = n,
        }
        self
    }

    /// Makes `scenario` the one shown, keeping the one before for Undo.
    fn change(&mut self, scenario: S) {
        if scenario == self.scenario {
            return;
        }
        let before = std::mem::replace(&mut self.scenario, scenario);
        self.undo.push(before);
        if self.undo.len() > HISTORY_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
        self.revision += 1;
    }
}
