/**
 * Deployment model (ARCHITECTURE.md §Composition): every remote build is published once into an
 * immutable folder `<deploy>/cdn/<remote>/<version>/`; the shell's `remotes.json` points each
 * remote at one of them. Deploying or rolling back a remote only moves its pointer.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPublicFile } from './security-headers.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEPLOY_DIR = path.resolve(process.env.DEPLOY_DIR ?? path.join(ROOT, '.deploy'));
export const SHELL_DIR = path.join(DEPLOY_DIR, 'shell');
export const CDN_DIR = path.join(DEPLOY_DIR, 'cdn');
/**
 * The builds' source maps (`<remote>/<version>/`, `shell/`): the operator's, to decode a stack
 * trace; beside the served folders, never in them (security-headers.mjs `isPublicFile`).
 */
export const SOURCE_MAPS_DIR = path.join(DEPLOY_DIR, 'source-maps');
const REGISTRY = path.join(SHELL_DIR, 'remotes.json');
const ORIGINS = path.join(DEPLOY_DIR, 'origins.json');

/** Remote federation name → its package folder. */
export const REMOTE_FOLDERS = {
  mf_content: 'mf-content',
  mf_complaints: 'mf-complaints',
  mf_booking: 'mf-booking',
  mf_cargo: 'mf-cargo',
  mf_account: 'mf-account',
};

/** The apps `publish`, `point` and `versions` take: the remotes and the shell. */
export const APP_FOLDERS = { ...REMOTE_FOLDERS, shell: 'shell' };

export function builtRemotes() {
  return Object.keys(REMOTE_FOLDERS).filter((name) =>
    existsSync(path.join(ROOT, REMOTE_FOLDERS[name], 'dist', 'mf-manifest.json')),
  );
}

function filesOf(dir, base = dir) {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? filesOf(full, base) : [path.relative(base, full)];
  });
}

/** The version of a build: package version + a hash of every file it contains. */
export function versionOf(distDir, packageVersion) {
  const hash = createHash('sha256');
  for (const file of filesOf(distDir).sort()) {
    hash.update(file);
    hash.update(readFileSync(path.join(distDir, file)));
  }
  return `${packageVersion}-${hash.digest('hex').slice(0, 10)}`;
}

/** Copies a build into a served folder without its source maps, which go to `mapsTarget` instead. */
function copyBuild(dist, target, mapsTarget) {
  cpSync(dist, target, { recursive: true, filter: (source) => isPublicFile(source) });
  for (const file of filesOf(dist).filter((name) => !isPublicFile(name))) {
    mkdirSync(path.dirname(path.join(mapsTarget, file)), { recursive: true });
    cpSync(path.join(dist, file), path.join(mapsTarget, file));
  }
}

/** Copies a remote's build (its `dist`, or `distDir`) into its immutable versioned folder; returns the version. */
export function publish(remote, distDir) {
  const folder = APP_FOLDERS[remote];
  if (!folder) throw new Error(`Unknown app "${remote}". Known: ${Object.keys(APP_FOLDERS).join(', ')}`);
  const dist = distDir ? path.resolve(distDir) : path.join(ROOT, folder, 'dist');
  if (!existsSync(path.join(dist, 'mf-manifest.json'))) throw new Error(`${folder} is not built: run its build first`);
  const pkg = JSON.parse(readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8'));
  const version = versionOf(dist, pkg.version);
  const target = path.join(CDN_DIR, remote, version);
  if (!existsSync(target)) {
    // Copy aside, then rename: a published folder is never seen half written.
    const partial = `${target}.partial-${process.pid}`;
    copyBuild(dist, partial, path.join(SOURCE_MAPS_DIR, remote, version));
    renameSync(partial, target);
  }
  return version;
}

export function publishedVersions(remote) {
  const dir = path.join(CDN_DIR, remote);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.includes('.partial-'))
    .sort((a, b) => statSync(path.join(dir, a)).mtimeMs - statSync(path.join(dir, b)).mtimeMs);
}

export function readRegistry() {
  return existsSync(REGISTRY) ? JSON.parse(readFileSync(REGISTRY, 'utf8')) : {};
}

function writeAtomically(file, text) {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, text);
  renameSync(partial, file);
}

export function readOrigins() {
  return existsSync(ORIGINS) ? JSON.parse(readFileSync(ORIGINS, 'utf8')) : {};
}

export function writeOrigins(origins) {
  writeAtomically(ORIGINS, JSON.stringify(origins, null, 2) + '\n');
}

/**
 * Points a remote's registry key at a published version (deploy or rollback): one registry write.
 * Nothing is asked of the API and no page is written: the site server renders each page per
 * request with the version the registry names (shell/server/site-server.ts), and ends the old version's
 * renderer when it sees the pointer moved.
 */
export function point(remote, version) {
  if (remote === 'shell') return pointShell(version);
  if (!existsSync(path.join(CDN_DIR, remote, version, 'mf-manifest.json'))) {
    throw new Error(`${remote} ${version} is not published. Published: ${publishedVersions(remote).join(', ') || 'none'}`);
  }
  const origin = readOrigins()[remote];
  if (!origin) throw new Error(`No CDN origin known for ${remote}: start the site once (it records the origins)`);
  const registry = readRegistry();
  const previous = registry[remote];
  registry[remote] = `${origin}/${version}/mf-manifest.json`;
  writeAtomically(REGISTRY, JSON.stringify(registry, null, 2) + '\n');
  return { previous, current: registry[remote] };
}

/**
 * The shell's pointer: its registry key (`shell`) names the version whose files and renderer the
 * site server uses (its entry, `/route-hints.js`, header, footer, route table). A version string,
 * not an address: the shell is served from the site's own origin.
 */
function pointShell(version) {
  // Its renderer, and its first script, which the site server writes into every page.
  if (!['renderer.cjs', 'route-hints.js'].every((file) => existsSync(path.join(CDN_DIR, 'shell', version, file)))) {
    throw new Error(`shell ${version} is not published. Published: ${publishedVersions('shell').join(', ') || 'none'}`);
  }
  const registry = readRegistry();
  const previous = registry.shell;
  registry.shell = version;
  writeAtomically(REGISTRY, JSON.stringify(registry, null, 2) + '\n');
  return { previous, current: version };
}

/** The live version of an app, as its registry key names it. */
export const liveVersion = (app) => {
  const entry = readRegistry()[app] ?? '';
  return app === 'shell' ? entry : entry.split('/').at(-2);
};

export function writeShellFile(name, value) {
  writeAtomically(path.join(SHELL_DIR, name), JSON.stringify(value, null, 2) + '\n');
}

/** Makes the site's folder (its runtime files: config, registry) and checks the shell is built. */
export function installShell() {
  if (!existsSync(path.join(ROOT, 'shell', 'dist', 'renderer.cjs'))) throw new Error('shell is not built: run the build first');
  mkdirSync(SHELL_DIR, { recursive: true });
}
