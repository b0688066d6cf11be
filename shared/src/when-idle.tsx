import { useEffect, useState, type ReactNode } from 'react';

/**
 * Shows `fallback` until the browser is first idle after mounting, then `children`: for heavy,
 * secondary parts of a screen (a map) whose code and rendering must not delay the screen's own
 * content from being painted.
 */
export function WhenIdle({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => setReady(true), { timeout: 2000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setReady(true), 200);
    return () => clearTimeout(timer);
  }, []);
  return ready ? children : fallback;
}
