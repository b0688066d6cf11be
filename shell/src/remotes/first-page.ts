import { onIdle } from '@rumbo/shared';
import { PAINT } from '@rumbo/shared/paint';

/** How long below-the-fold work waits for the page's heading before it runs anyway. */
export const HEADING_TIMEOUT_MS = 4000;

/**
 * Calls `then` once the page's own content is in the main area (its `h1`), or after `timeoutMs`
 * (a page that fails to show one must not hold everything else back).
 */
function whenHeadingShown(target: Window, then: () => void, timeoutMs: number): void {
  const main = target.document.getElementById(PAINT.main);
  if (!main || main.querySelector('h1')) {
    then();
    return;
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    target.clearTimeout(timer);
    then();
  };
  const observer = new MutationObserver(() => {
    if (main.querySelector('h1')) finish();
  });
  observer.observe(main, { childList: true, subtree: true });
  const timer = target.setTimeout(finish, timeoutMs);
}

/**
 * Runs work once the first page is on screen: single-spa has mounted the page's remote (its first
 * routing event), the page's heading is rendered and the browser is idle. Below-the-fold work (the
 * footer) and links in view at first paint (the header's, which preload their remotes) go through
 * this, so they never compete with the page's own content for the network or the main thread.
 */
export function afterFirstPage(target: Window = window, timeoutMs = HEADING_TIMEOUT_MS): (run: () => void) => void {
  const queue: (() => void)[] = [];
  let open = false;
  const flush = () => {
    open = true;
    for (const run of queue.splice(0)) run();
  };
  const whenIdle = () => void onIdle(flush, 3000, target);
  target.addEventListener('single-spa:routing-event', () => whenHeadingShown(target, whenIdle, timeoutMs), { once: true });
  return (run) => {
    if (open) run();
    else queue.push(run);
  };
}
