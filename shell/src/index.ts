/**
 * The shell's start. Every shared singleton is in main.js (eager, webpack.federation.mjs), so no
 * round trip is needed; but evaluating all of it at once is one long task that keeps the browser
 * from responding. The modules are evaluated in a few steps, each its own task: React, MobX and
 * single-spa, i18next, Emotion, the shared module (with the UI kit's core and react-i18next's hook),
 * the UI kit's components, then the boot itself. Each step imports a whole module: a package
 * bundled (not shared) is left to the modules that import from it, so it stays tree-shaken.
 */
import { nextTask } from './next-task';

async function start(): Promise<void> {
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ 'mobx');
  await import(/* webpackMode: "eager" */ 'single-spa');
  await nextTask();
  await import(/* webpackMode: "eager" */ 'i18next');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@emotion/react');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@rumbo/shared');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@rumbo/shared/ui');
  await nextTask();
  await import(/* webpackMode: "eager" */ './bootstrap');
}

void start();
