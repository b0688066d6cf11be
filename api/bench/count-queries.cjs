// Preloaded into a bench's API instances (NODE_OPTIONS=--require …/count-queries.cjs, with
// BENCH_COUNT_QUERIES_DIR set): counts the statements each process sends to PostgreSQL by their
// text, and on SIGUSR2 writes the counts so far to <dir>/<pid>.json, so a bench can divide the
// difference between two signals by the purchases between them (round trips per purchase).
'use strict';
const { writeFileSync } = require('node:fs');
const path = require('node:path');

const dir = process.env.BENCH_COUNT_QUERIES_DIR;
if (dir) {
  const pg = require('pg');
  const counts = new Map();
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (...args) {
    const first = args[0];
    const text = (typeof first === 'string' ? first : (first && first.text) || '?').replace(/\s+/g, ' ').slice(0, 120);
    counts.set(text, (counts.get(text) || 0) + 1);
    return original.apply(this, args);
  };
  process.on('SIGUSR2', () => writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify(Object.fromEntries(counts))));
}
