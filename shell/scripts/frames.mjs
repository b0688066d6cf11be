/**
 * The site's server side of frames (issue 17 item 5, deploy-lib.mjs `writeFrames`): a stitched
 * purchase page holds for every query of its address, so an address with a query gets it too; a
 * page stitched for a path pattern (`/pasajes/reserva/:codigo`) holds for every address it matches.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

let seen = { file: '', mtimeMs: -1, frames: {} };

/** `pages/frames.json` of the site's folder (path → remote), re-read when the deploy rewrites it. */
function framesOf(root) {
  const file = path.join(root, 'pages', 'frames.json');
  try {
    const { mtimeMs } = statSync(file);
    if (seen.file !== file || seen.mtimeMs !== mtimeMs) seen = { file, mtimeMs, frames: JSON.parse(readFileSync(file, 'utf8')) };
  } catch {
    // None yet (no remote with frames pointed), or being replaced (written atomically): none.
    return {};
  }
  return seen.frames;
}

/** Whether `pathname` is an address of `pattern` (a `:name` segment stands for any one segment). */
export function matchesPattern(pattern, pathname) {
  const wanted = pattern.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  return wanted.length === given.length && wanted.every((segment, index) => (segment.startsWith(':') ? given[index] !== '.' && given[index] !== '..' : segment === given[index]));
}

/** The stitched page (relative to the site's folder) of an address whose path is a frame's, or a frame pattern's. */
export function framePage(root, url) {
  let address;
  try {
    address = new URL(url, 'http://site');
  } catch {
    return undefined;
  }
  const pathname = address.pathname.replace(/\/+$/, '') || '/';
  const frames = framesOf(root);
  const framed = address.search && Object.hasOwn(frames, pathname) ? pathname : Object.keys(frames).find((pattern) => pattern.includes('/:') && matchesPattern(pattern, pathname));
  if (!framed) return undefined;
  const file = path.posix.join('pages', ...framed.split('/').filter(Boolean), 'index.html');
  return existsSync(path.join(root, file)) ? file : undefined;
}
