//! The helper worker (`../bin/helper.rs`): the page's smaller questions, off its thread and out of
//! the way of the headline's solve: best play (with its progress), the figures of a replay's
//! checkpoint or a pinned plan, a checkpoint's value. A worker of its own, so the one the first
//! figure waits for (`crate::battle::engine::Engine`) carries no advisor (issue 26: fewer bytes
//! before the first figure). The page asks it through `crate::battle::helper`.

use crate::battle::engine::{
    AdviceProgress, Reply, Request, advise_order_json, figures_json, value_json,
};
use gloo_worker::{HandlerId, Worker, WorkerScope};

/// The worker.
pub struct Helper;

impl Worker for Helper {
    type Message = ();
    type Input = Request;
    type Output = Reply;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        Helper
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: ()) {}

    fn received(&mut self, scope: &WorkerScope<Self>, msg: Request, who: HandlerId) {
        match msg {
            Request::Advise {
                key,
                scenario,
                objective,
                players,
                group_order,
                budget,
                known,
            } => {
                let t0 = js_sys::Date::now();
                let tell = {
                    let (scope, key) = (scope.clone(), key.clone());
                    move |(phase, done, total): AdviceProgress| {
                        scope.respond(
                            who,
                            Reply::AdviceProgress {
                                key: key.clone(),
                                phase: phase.to_string(),
                                done,
                                total,
                            },
                        );
                    }
                };
                let result = advise_order_json(
                    &scenario,
                    &objective,
                    &players,
                    group_order,
                    budget,
                    known.as_deref(),
                    Box::new(tell),
                );
                scope.respond(
                    who,
                    Reply::Advice {
                        key,
                        result,
                        ms: js_sys::Date::now() - t0,
                    },
                );
            }
            Request::Figures { key, scenario } => {
                scope.respond(
                    who,
                    Reply::Figures {
                        key,
                        report: figures_json(&scenario),
                    },
                );
            }
            Request::Value {
                key,
                scenario,
                budget,
            } => {
                scope.respond(
                    who,
                    Reply::Value {
                        key,
                        value: value_json(&scenario, budget),
                    },
                );
            }
            // The headline's work is the engine worker's (`crate::battle::engine`).
            _ => {}
        }
    }
}
