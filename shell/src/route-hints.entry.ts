// The shell's first script: see route-hints.ts and early-hint.ts. Built on its own (no federation
// runtime, no React) as `route-hints.js`, which the site server sends inline in each page's head
// (shell/server/files.ts `firstScriptReader`) and `index.html` names as a file.
import { hintRuntimeConfig } from './early-hint';
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
    hintRuntimeConfig().catch(() => undefined);
    hintRoute(window.location.pathname).catch(() => undefined);
    loadShell(SHELL_ENTRY);
  });
});
