// `/route-hints.js`: see route-hints.ts. Built on its own (no federation runtime, no React).
import { hintRoute } from './route-hints';

hintRoute(window.location.pathname).catch(() => undefined);
