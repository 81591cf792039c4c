//! A second worker for the page's smaller questions (the advisor, replay checkpoints, pinned
//! plans' figures), so they
//! never wait behind the headline's solve or Monte Carlo run. Answers are kept by key. A fresh
//! question terminates the worker still busy with an older one (`crate::battle::pool::RawWorker`).

use crate::battle::engine::{Reply, Request};
use crate::battle::pool::RawWorker;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use yew::prelude::*;

/// The worker, the questions under way and the answers so far.
#[derive(Default)]
pub struct Aux {
    bridge: Option<RawWorker>,
    /// Keys asked and not answered.
    pub pending: HashSet<String>,
    /// Answers by key.
    pub answers: HashMap<String, Reply>,
    /// How far each question under way has got: (phase, done, total), as the worker last said
    /// (`Reply::AdviceProgress`).
    pub progress: HashMap<String, (String, u64, u64)>,
}

/// A handle to the component's helper worker.
#[derive(Clone)]
pub struct HelperHandle {
    aux: Rc<RefCell<Aux>>,
    update: UseForceUpdateHandle,
}

impl HelperHandle {
    /// The answer for `key`, if it has come.
    pub fn answer(&self, key: &str) -> Option<Reply> {
        self.aux.borrow().answers.get(key).cloned()
    }

    /// True while `key` is being worked on.
    pub fn pending(&self, key: &str) -> bool {
        self.aux.borrow().pending.contains(key)
    }

    /// How far the work on `key` has got, if the worker has said: (phase, done, total).
    pub fn progress(&self, key: &str) -> Option<(String, u64, u64)> {
        self.aux.borrow().progress.get(key).cloned()
    }

    /// True while anything is being worked on.
    pub fn busy(&self) -> bool {
        !self.aux.borrow().pending.is_empty()
    }

    /// Drops every question under way (terminating the worker busy with them).
    pub fn stop(&self) {
        let mut a = self.aux.borrow_mut();
        if !a.pending.is_empty() {
            a.bridge = None;
            a.pending.clear();
            a.progress.clear();
            drop(a);
            self.update.force_update();
        }
    }

    /// Asks once per key. With `fresh`, work still under way for other keys is dropped (its
    /// worker is terminated) so this answer does not wait behind it.
    pub fn ask(&self, key: String, request: Request, fresh: bool) {
        let mut a = self.aux.borrow_mut();
        if a.answers.contains_key(&key) || a.pending.contains(&key) {
            return;
        }
        if fresh && !a.pending.is_empty() {
            a.bridge = None;
            a.pending.clear();
            a.progress.clear();
        }
        if a.bridge.is_none() {
            let aux = Rc::downgrade(&self.aux);
            let update = self.update.clone();
            let spawned = RawWorker::spawn("helper.js", move |reply: Reply| {
                let Some(aux) = aux.upgrade() else { return };
                if let Reply::AdviceProgress { key, phase, done, total } = reply {
                    if let Ok(mut a) = aux.try_borrow_mut()
                        && a.pending.contains(&key)
                    {
                        a.progress.insert(key, (phase, done, total));
                    }
                    update.force_update();
                    return;
                }
                let key = match &reply {
                    Reply::Advice { key, .. } | Reply::Value { key, .. } | Reply::Figures { key, .. } => key.clone(),
                    _ => return,
                };
                if let Ok(mut a) = aux.try_borrow_mut() {
                    a.pending.remove(&key);
                    a.progress.remove(&key);
                    a.answers.insert(key, reply);
                }
                update.force_update();
            });
            match spawned {
                Ok(w) => a.bridge = Some(w),
                Err(e) => {
                    web_sys::console::error_1(&format!("the helper worker could not start: {e:?}").into());
                    return;
                }
            }
        }
        a.pending.insert(key);
        if let Some(b) = &a.bridge {
            b.send(request);
        }
        drop(a);
        self.update.force_update();
    }
}

/// The helper worker of a component (spawned on first use, let go with the component).
#[hook]
pub fn use_helper() -> HelperHandle {
    let aux = use_mut_ref(Aux::default);
    let update = use_force_update();
    HelperHandle { aux, update }
}
