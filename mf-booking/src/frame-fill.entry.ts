import { fillFrame } from './frame-fill';

// Run as soon as it arrives (async) and the page is parsed: at `interactive`, before the page's
// deferred scripts (the shell's entry) have run, which DOMContentLoaded would wait for.
if (document.readyState === 'loading') {
  document.addEventListener('readystatechange', function parsed() {
    document.removeEventListener('readystatechange', parsed);
    fillFrame();
  });
} else fillFrame();
