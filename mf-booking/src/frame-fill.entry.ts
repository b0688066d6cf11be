import { runtimeConfig, markFrameFilled, startEarlyRequest, storedClientHeaders } from '@rumbo/shared/early';
import { fillFrame, reservationRequest } from './frame-fill';

// The reservation's first request (it needs this browser's purchase key, which no server has)
// starts now, while the page's code downloads: its client takes the answer (`takeEarlyResponse`).
const request = reservationRequest(window.location.pathname);
if (request) {
  runtimeConfig()
    .then((config) => startEarlyRequest(request, { apiBaseUrl: config.apiBaseUrl, headers: storedClientHeaders(config.product) }))
    .catch(() => undefined);
}

// Run as soon as it arrives (async) and the page is parsed: at `interactive`, before the page's
// deferred scripts have run, which DOMContentLoaded would wait for. The page's code is fetched
// once what this wrote has painted (`markFrameFilled`), even if it failed.
function fill() {
  try {
    fillFrame();
  } finally {
    markFrameFilled();
  }
}
if (document.readyState === 'loading') {
  document.addEventListener('readystatechange', function parsed() {
    document.removeEventListener('readystatechange', parsed);
    fill();
  });
} else fill();
