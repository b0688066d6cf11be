/**
 * The site's server side of frames (issue 17 item 5, deploy-lib.mjs `writeFrames`): a stitched
 * purchase page holds for every query of its address, so an address with a query gets it too.
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

/** The stitched page (relative to the site's folder) of an address with a query whose path is a frame. */
export function framePage(root, url) {
  let address;
  try {
    address = new URL(url, 'http://site');
  } catch {
    return undefined;
  }
  if (!address.search) return undefined;
  const pathname = address.pathname.replace(/\/+$/, '') || '/';
  if (!Object.hasOwn(framesOf(root), pathname)) return undefined;
  const file = path.posix.join('pages', ...pathname.split('/').filter(Boolean), 'index.html');
  return existsSync(path.join(root, file)) ? file : undefined;
}
