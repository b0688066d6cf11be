import { markFrameFilled } from '@rumbo/shared/early';
import { fillFrame } from './frame-fill';

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
