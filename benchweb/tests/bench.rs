//! Prints the browser figures of the benchmark suite between markers for scripts/bench-web.
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn suite_in_the_browser() {
    let quick = option_env!("BOSWORTH_BENCH_QUICK").is_some();
    let advice_only = option_env!("BOSWORTH_BENCH_ADVICE_ONLY").is_some();
    let json = bosworth_benchweb::run(quick, advice_only);
    console_log!("BENCH-JSON-BEGIN{json}BENCH-JSON-END");
}
