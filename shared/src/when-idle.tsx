import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Runs `run` once the browser is idle, or after `timeoutMs` at the latest (where there is no
 * `requestIdleCallback`, after a short delay). Returns a function that cancels it.
 */
export function onIdle(run: () => void, timeoutMs = 2000, target: Window = window): () => void {
  if (typeof target.requestIdleCallback === 'function') {
    const handle = target.requestIdleCallback(run, { timeout: timeoutMs });
    return () => target.cancelIdleCallback(handle);
  }
  const timer = target.setTimeout(run, 200);
  return () => target.clearTimeout(timer);
}

/** When to show deferred content: calls `run` once, later; may return a function that cancels it. */
export type Schedule = (run: () => void) => void | (() => void);

const whenBrowserIdle: Schedule = (run) => onIdle(run);

/**
 * Shows `fallback` until `schedule` says so (by default: when the browser is first idle after
 * mounting), then `children`: for heavy, secondary parts of a screen (a map, the footer) whose code
 * and rendering must not delay the screen's own content from being painted, nor block input.
 */
export function WhenIdle({
  children,
  fallback = null,
  schedule = whenBrowserIdle,
}: {
  children: ReactNode;
  fallback?: ReactNode;
  schedule?: Schedule;
}) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    // Rendered as a transition: in slices, between which the browser stays responsive.
    const cancel = schedule(() => {
      if (live) startTransition(() => setReady(true));
    });
    return () => {
      live = false;
      if (typeof cancel === 'function') cancel();
    };
  }, [schedule]);
  return ready ? children : fallback;
}
