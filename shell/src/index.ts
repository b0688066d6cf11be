/**
 * The shell's start. Every shared singleton is in main.js (eager, webpack.federation.mjs), so no
 * round trip is needed; but evaluating all of it at once is one long task that keeps the browser
 * from responding. The modules are evaluated in a few steps, each its own task: React, then the
 * shared module (MobX, i18next, the API client), then the UI kit, then the boot itself.
 */
import { nextTask } from './next-task';

async function start(): Promise<void> {
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@rumbo/shared');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@rumbo/shared/ui');
  await nextTask();
  await import(/* webpackMode: "eager" */ './bootstrap');
}

void start();
