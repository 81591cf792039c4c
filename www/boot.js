// Starts the app. Kept as a file (not an inline script) so the page's CSP needs no 'unsafe-inline'.
import init from './bosworth-www.js';

init({ module_or_path: './bosworth-www_bg.wasm' }).catch((err) => {
  // The loading indicator of index.html (the app removes it when it mounts) would say
  // "Loading" for ever.
  const loading = document.getElementById('loading');
  if (loading) loading.remove();
  const el = document.getElementById('panic');
  if (el) {
    el.textContent = 'The calculator could not start: ' + err;
    el.className = 'panic shown';
  }
  console.error(err);
});

// The panic banner's Copy button (see install_panic_hook): plain JavaScript, since the
// WebAssembly may be unusable after a panic.
document.addEventListener('click', (event) => {
  const button = event.target.closest && event.target.closest('#panic-copy');
  if (!button) return;
  const report = document.getElementById('panic-report');
  if (!report) return;
  const done = () => { button.textContent = 'Copied'; };
  const fallback = () => { report.select(); try { document.execCommand('copy'); done(); } catch (_) { /* selected: copy by hand */ } };
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(report.value).then(done, fallback);
  } else {
    fallback();
  }
});
