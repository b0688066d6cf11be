import {
  registerTexts,
  configure,
  getSystem,
  i18n,
  initI18n,
  onIdle,
  session,
  setRemoteModuleLoader,
  setRoutePrefetcher,
  setSharedPrefetcher,
  type RuntimeConfig,
} from '@rumbo/shared';
import { reaction } from 'mobx';
import { start } from 'single-spa';
import { applyHead, headFor } from './head';
import { shellPackageTexts } from './locales';
import { nextTask } from './next-task';
import { MainArea, registerRemoteApplications } from './remotes/applications';
import { afterFirstPage } from './remotes/first-page';
import { applyRegistry, loadRemoteModule, prefetchRemote, prefetchShared, preloadRoute, type RemotesRegistry } from './remotes/registry';
import { takeRuntimeConfig } from './early-hint';
import { takeRemotesRegistry } from './route-hints';
import { routeFor } from './routes';
import { renderShell } from './shell';

async function readJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

async function boot() {
  // Runtime config and registry: nothing environment-specific is baked into the build.
  const [config, registry] = await Promise.all([
    takeRuntimeConfig(() => readJson<RuntimeConfig>('/config.json')),
    takeRemotesRegistry(() => readJson<RemotesRegistry>('/remotes.json')),
  ]);
  configure(config);
  initI18n(config.product);
  // The shell's texts: at hand in Spanish, a chunk to fetch for a visitor who reads English,
  // fetched while the page's remote starts downloading (not before it).
  const shellTexts = registerTexts(shellPackageTexts);

  session.load();
  if (session.isSignedIn) void session.loadUser();

  applyRegistry(registry);
  setRemoteModuleLoader(loadRemoteModule);
  // The page's own remote starts downloading now, in parallel with the shell's first render.
  const initial = routeFor(window.location.pathname);
  if (initial) preloadRoute(initial);
  await shellTexts;
  const area = new MainArea();
  registerRemoteApplications(area);
  const whenFirstPageShown = afterFirstPage();
  setRoutePrefetcher((path) => {
    const route = routeFor(path);
    if (route) whenFirstPageShown(() => void prefetchRemote(route));
  });
  setSharedPrefetcher((name) => whenFirstPageShown(() => prefetchShared(name)));

  const t = () => i18n.getFixedT(null, 'shell');
  reaction(() => area.pathname, (pathname) => applyHead(headFor(pathname, t())), { fireImmediately: true });
  i18n.on('languageChanged', () => applyHead(headFor(area.pathname, t())));

  start({ urlRerouteOnly: true });
  // Building the UI kit's styling system is the costliest step before the first render: a task
  // of its own, then the render (itself in slices, see renderShell).
  await nextTask();
  getSystem();
  await nextTask();
  renderShell(area, whenFirstPageShown);
  // Issue 36: the manifest and the service worker, from a chunk of their own once the first page
  // is shown and the browser is idle: nothing of it before the customer can act.
  whenFirstPageShown(() => onIdle(() => void import(/* webpackChunkName: "offline" */ './offline/register').then((offline) => offline.startOffline())));
}

void boot();
