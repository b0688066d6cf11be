// The shell's first script: see route-hints.ts and early-hint.ts. Built on its own (no federation
// runtime, no React) as `route-hints.js`, which the site server sends inline in each page's head
// (shell/server/files.ts `firstScriptReader`) and `index.html` names as a file.
import { runtimeConfig } from '@rumbo/shared/early';
import { keepEarlyInput } from './early-input';
import { SHELL_ENTRY, hintRoute, loadShell, prefetchLinksNearView, whenAreaArrived, whenToStart } from './route-hints';
import { paintStoredSession } from './stored-session-paint';

// Before the header is parsed: a signed-in reader's header greets them from its first frame.
paintStoredSession();
keepEarlyInput();
prefetchLinksNearView();

// The page is streamed (head and header first): its area says when its code starts, once it has arrived.
whenAreaArrived((options) => {
  // The code when `whenToStart` says (a frame's first request is its client part's: frame-fill.js).
  whenToStart(options, () => {
    // Asked now, not once `main.js` has run (which takes it: `takeRuntimeConfig`): a page whose code
    // waits for the customer has no preload of it, and it would be one round trip more before the
    // page is live (before anything shows, for a visitor who reads another language).
    runtimeConfig().catch(() => undefined);
    hintRoute(window.location.pathname).catch(() => undefined);
    loadShell(SHELL_ENTRY);
  });
});
