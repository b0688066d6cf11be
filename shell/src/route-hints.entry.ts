// `/route-hints.js`: see route-hints.ts and early-hint.ts. Built on its own (no federation runtime, no React).
import { hintEarlyRequest } from './early-hint';
import { hintRoute } from './route-hints';

hintEarlyRequest().catch(() => undefined);
hintRoute(window.location.pathname).catch(() => undefined);
