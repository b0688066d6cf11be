// Builds the API to plain JavaScript: dist/main.js, run with `node dist/main.js` (npm start).
// esbuild bundles our sources and the workspace's @rumbo/shared (TypeScript source); every
// package from node_modules stays a require() resolved at run time, so PGlite finds its WASM and
// data files and pdfkit its fonts next to their own modules, as they expect. The SQL migrations
// are copied beside the bundle (db/client.ts reads them from `${__dirname}/migrations`), and so are
// the UBL 2.1 schemas (vouchers/schema.ts reads `${__dirname}/ubl-2.1`).
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

/** Bare imports stay external, except the workspace's own TypeScript package. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@rumbo/') ? undefined : { path: args.path, external: true }));
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(root, 'src/main.ts') },
  outdir: dist,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  // Readable stack traces in production logs; the size of a server bundle does not matter.
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
});
cpSync(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
// The OASIS UBL 2.1 schemas the SUNAT stand-in validates vouchers with (vouchers/schema.ts).
cpSync(path.join(root, 'src/vouchers/ubl-2.1'), path.join(dist, 'ubl-2.1'), { recursive: true });
// … on a thread of their own at the lowest priority (vouchers/schema.ts reads `${__dirname}/schema-worker.cjs`).
cpSync(path.join(root, 'src/vouchers/schema-worker.cjs'), path.join(dist, 'schema-worker.cjs'));
// The wallet pass's pictures (pocket/wallet-apple.ts reads them from `${__dirname}/wallet-images`).
cpSync(path.join(root, 'src/pocket/wallet-images'), path.join(dist, 'wallet-images'), { recursive: true });
console.log(`API built: ${path.relative(process.cwd(), path.join(dist, 'main.js')) || 'dist/main.js'}`);
