//! Web Workers the page can stop at once. gloo-worker's bridge only asks a worker to close after
//! its current message, which for an exact solve or a ranking of plans can be seconds of work; the
//! calculators' workers are therefore spawned here, speaking gloo-worker's protocol (its
//! `ToWorker` and `FromWorker` messages in bincode, as a gloo-worker `registrar()` expects), and
//! dropping one calls `Worker.terminate()`.
//!
//! Each kind of worker is a program of its own (`src/bin/`: the battle's engine `worker.js`, best
//! play's `helper.js`, the map's planner `planner.js`), so that the one the battle's first figure
//! waits for carries no other calculator's code (issue 26). The first engine worker the page asks
//! for is the one `www/boot.js` started with the page, before the app's wasm arrived (issue 35),
//! taken over already loaded; its replies to the loading screen's own question (another handler
//! id) are left aside.

use serde::Serialize;
use serde::de::DeserializeOwned;
use std::cell::RefCell;
use std::marker::PhantomData;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// gloo-worker 0.5's messages to a worker (same variants in the same order).
#[derive(Serialize)]
enum ToWorker<I> {
    Connected(usize),
    ProcessInput(usize, I),
    #[allow(dead_code)]
    Disconnected(usize),
    #[allow(dead_code)]
    Destroy,
}

/// gloo-worker 0.5's messages from a worker.
#[derive(serde::Deserialize)]
enum FromWorker<O> {
    WorkerLoaded,
    ProcessOutput(#[allow(dead_code)] usize, O),
}

/// The only handler id this page uses with a raw worker.
const HANDLER: usize = 0;

fn pack<I: Serialize>(msg: &ToWorker<I>) -> JsValue {
    let bytes = bincode::serialize(msg).expect("requests serialise");
    js_sys::Uint8Array::from(bytes.as_slice()).into()
}

/// Starts a worker from `path` as gloo-worker does (a blob that imports the script and loads its
/// wasm): the worker and the blob's URL, revoked once the worker has loaded.
fn start(path: &str) -> Result<(web_sys::Worker, String), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let script = web_sys::Url::new_with_base(path, &window.location().href()?)?.href();
    let wasm = script.replace(".js", "_bg.wasm");
    let parts = js_sys::Array::of1(
        &format!(r#"importScripts("{script}");wasm_bindgen({{ module_or_path: "{wasm}" }});"#).into(),
    );
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/javascript");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    Ok((web_sys::Worker::new(&url)?, url))
}

/// The worker of `path` the loading screen started with the page (`bosworthBoot.take` of
/// `www/boot.js`, issue 35: the battle's engine, fetched before the app's wasm), if there is one
/// not yet taken, and whether it has loaded its wasm already.
fn booted(path: &str) -> Option<(web_sys::Worker, bool)> {
    let boot = js_sys::Reflect::get(&web_sys::window()?.into(), &"bosworthBoot".into()).ok()?;
    let take: js_sys::Function = js_sys::Reflect::get(&boot, &"take".into()).ok()?.dyn_into().ok()?;
    let taken = take.call1(&boot, &path.into()).ok()?;
    let worker = js_sys::Reflect::get(&taken, &"worker".into()).ok()?.dyn_into().ok()?;
    let loaded = js_sys::Reflect::get(&taken, &"loaded".into()).ok()?.as_bool() == Some(true);
    Some((worker, loaded))
}

/// A worker running a worker program (`worker.js`, `helper.js`, `planner.js`), taking requests `I` and answering `O`, terminated when dropped.
pub struct RawWorker<I, O> {
    worker: web_sys::Worker,
    /// Messages held until the worker's wasm has loaded (`None` once it has).
    queue: Rc<RefCell<Option<Vec<JsValue>>>>,
    _onmessage: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _types: PhantomData<(I, O)>,
}

impl<I: Serialize, O: DeserializeOwned + 'static> RawWorker<I, O> {
    /// Starts a worker from `path` (as gloo-worker does: a blob that imports the script and
    /// loads its wasm), or takes over the one the loading screen started for it; `callback` gets
    /// every reply to this page (not those to the loading screen's question).
    ///
    /// # Errors
    /// When the browser refuses to start a worker.
    pub fn spawn(path: &str, callback: impl Fn(O) + 'static) -> Result<Self, JsValue> {
        let connected = pack(&ToWorker::<I>::Connected(HANDLER));
        let (worker, url, loaded) = match booted(path) {
            Some((worker, loaded)) => (worker, None, loaded),
            None => {
                let (worker, url) = start(path)?;
                (worker, Some(url), false)
            }
        };
        if loaded {
            worker.post_message(&connected)?;
        }
        let queue = Rc::new(RefCell::new((!loaded).then(|| vec![connected])));
        let onmessage = {
            let worker = worker.clone();
            let queue = queue.clone();
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
                let bytes = js_sys::Uint8Array::new(&e.data()).to_vec();
                match bincode::deserialize::<FromWorker<O>>(&bytes) {
                    Ok(FromWorker::WorkerLoaded) => {
                        if let Some(url) = &url {
                            let _ = web_sys::Url::revoke_object_url(url);
                        }
                        for m in queue.borrow_mut().take().unwrap_or_default() {
                            let _ = worker.post_message(&m);
                        }
                    }
                    Ok(FromWorker::ProcessOutput(HANDLER, reply)) => callback(reply),
                    // The loading screen's own question to a worker it started (www/boot.js).
                    Ok(FromWorker::ProcessOutput(..)) => {}
                    Err(e) => web_sys::console::error_1(
                        &format!("a worker's message could not be read: {e}").into(),
                    ),
                }
            })
        };
        worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
        Ok(RawWorker {
            worker,
            queue,
            _onmessage: onmessage,
            _types: PhantomData,
        })
    }

    /// Sends a request (held until the worker has loaded).
    pub fn send(&self, request: I) {
        let msg = pack(&ToWorker::ProcessInput(HANDLER, request));
        match self.queue.borrow_mut().as_mut() {
            Some(q) => q.push(msg),
            None => {
                let _ = self.worker.post_message(&msg);
            }
        }
    }
}

impl<I, O> Drop for RawWorker<I, O> {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.terminate();
    }
}
