// `/route-hints.js`: see route-hints.ts and early-hint.ts. Built on its own (no federation runtime, no React).
import { hintEarlyRequest, hintRuntimeConfig } from './early-hint';
import { keepEarlyInput } from './early-input';
import { SHELL_ENTRY, hintRoute, loadShell, prefetchLinksNearView, whenAreaArrived, whenToStart } from './route-hints';

// The page's inline fallback loads the shell's entry itself when this script never ran (site-server.mjs `PAGE_GUARD`).
window.__routeHints = true;
keepEarlyInput();
prefetchLinksNearView();

// The page is streamed (head and header first): its area says when its code starts, once it has arrived.
whenAreaArrived((options) => {
  // A frame's first request (its data) starts at once, from the HTML; the code when `whenToStart` says.
  hintEarlyRequest().catch(() => undefined);
  whenToStart(options, () => {
    hintRuntimeConfig().catch(() => undefined);
    hintRoute(window.location.pathname).catch(() => undefined);
    loadShell(SHELL_ENTRY);
  });
});
