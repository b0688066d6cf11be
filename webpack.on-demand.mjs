/**
 * The shared modules loaded on demand (forms, combobox, overlays) at build time: which they are,
 * and the two lists the builds write so the shell can fetch them ahead (see webpack.federation.mjs).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const sharedPackage = require('./shared/package.json');

/**
 * Shared, but loaded only by the screens that use them (not part of the shell's first load): every
 * `./ui/<name>` entry of the shared package's exports (forms, combobox, overlays). The shell loads
 * each through `ON_DEMAND_SHARED` (shell/src/remotes/registry.ts; its test checks both agree).
 */
export const ON_DEMAND = new Set(
  Object.keys(sharedPackage.exports)
    .filter((entry) => entry.startsWith('./ui/'))
    .map((entry) => `@rumbo/shared/${entry.slice(2)}`),
);

/** The file of a remote's build that lists the on-demand shared modules its pages import (read by the shell). */
export const SHARED_NEEDS_FILE = 'shared-needs.json';

/**
 * Writes `shared-chunks.json` next to the shell's build: for each on-demand shared module
 * (`combobox`, `forms`, `overlays`), every file its code is split into. The shell reads it to fetch
 * a module's code into the cache with `<link rel="prefetch">`, without running it (a screen that
 * runs it only when the customer acts, as the search widget's combobox). Webpack's own
 * `webpackPrefetch` does not reach a shared module's fallback chunks.
 */
export class SharedChunksPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    const resources = new Map(
      [...ON_DEMAND].map((name) => [path.join(ROOT, 'shared', sharedPackage.exports[`./${name.slice('@rumbo/shared/'.length)}`]), name.split('/').pop()]),
    );
    compiler.hooks.thisCompilation.tap('SharedChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the real content hashes are in the file names.
        { name: 'SharedChunksPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        () => {
          const files = {};
          for (const module of compilation.modules) {
            // A module may be concatenated with others (scope hoisting): its root names it.
            const name = resources.get(module.rootModule?.resource ?? module.resource);
            if (!name) continue;
            const chunks = new Set();
            for (const chunk of compilation.chunkGraph.getModuleChunks(module)) {
              for (const group of chunk.groupsIterable) for (const member of group.chunks) chunks.add(member);
            }
            files[name] = [...chunks].flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js'))).sort();
          }
          compilation.emitAsset('shared-chunks.json', new sources.RawSource(JSON.stringify(files)));
        },
      );
    });
  }
}

/**
 * Writes `shared-needs.json` into a remote's build: which on-demand shared modules (`forms`,
 * `combobox`, `overlays`) its `./app` (key `app`) and each of its named page chunks (key: the
 * chunk's name, which is the shell's route id of that page) import before they can run. The shell
 * reads it to start loading those modules with the page's own remote, so no route table lists
 * them by hand. A module loaded later, on the customer's action (the combobox), is in neither.
 */
export class SharedNeedsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('SharedNeedsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SharedNeedsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const needsOf = (group) => {
          const names = new Set();
          for (const chunk of group.chunks) {
            for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
              const key = module.type === 'consume-shared-module' ? module.options?.shareKey : undefined;
              if (ON_DEMAND.has(key)) names.add(key.split('/').pop());
            }
          }
          return names;
        };
        // The named chunk groups loaded on demand (the remote's own entry is not a page).
        const groups = compilation.chunkGroups.filter((group) => group.name && !group.isInitial());
        const app = groups.find((group) => group.name === '__federation_expose_app');
        const appNeeds = app ? needsOf(app) : new Set();
        const needs = { app: [...appNeeds].sort() };
        for (const group of groups) {
          const own = group === app ? new Set() : needsOf(group);
          // A page chunk is loaded after `./app`: what `./app` needs is loaded before it too. A
          // page without needs of its own is not listed (the shell takes `app`'s for it).
          if (own.size) needs[group.name] = [...new Set([...appNeeds, ...own])].sort();
        }
        compilation.emitAsset(SHARED_NEEDS_FILE, new sources.RawSource(JSON.stringify(needs)));
      });
    });
  }
}
