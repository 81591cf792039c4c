// Starts the app. Kept as a file (not an inline script) so the page's CSP needs no 'unsafe-inline'.
import init from './bosworth-www.js';

init({ module_or_path: './bosworth-www_bg.wasm' }).catch((err) => {
  const el = document.getElementById('panic');
  if (el) {
    el.textContent = 'The calculator could not start: ' + err;
    el.className = 'panic shown';
  }
  console.error(err);
});
