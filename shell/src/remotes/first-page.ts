/**
 * Runs work once the first page is on screen: single-spa has mounted the page's remote (its first
 * routing event) and the browser is idle. Links in view at first paint (the header's) preload
 * their remotes through this, so they never compete with the page's own remote for the network.
 */
export function afterFirstPage(target: Window = window): (run: () => void) => void {
  const queue: (() => void)[] = [];
  let open = false;
  const flush = () => {
    open = true;
    for (const run of queue.splice(0)) run();
  };
  target.addEventListener(
    'single-spa:routing-event',
    () => {
      if (typeof target.requestIdleCallback === 'function') target.requestIdleCallback(flush, { timeout: 3000 });
      else target.setTimeout(flush, 200);
    },
    { once: true },
  );
  return (run) => {
    if (open) run();
    else queue.push(run);
  };
}
