import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Drizzle's migrator applies, on an existing database, only the migrations whose journal `when`
 * is later than the latest one it applied: a migration dated before an earlier one is skipped on
 * every database that already has that earlier one. Renumbering or merging branches that each
 * added a migration is where that happens; this fails before it ships.
 */
const MIGRATIONS = path.join(__dirname, 'migrations');
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

/**
 * 0013 is dated before 0012 and 0023 before 0022, and no database is upgraded past them wrongly:
 * each pair shipped in the same release, so a database has both or neither, and the dates grow
 * again after each. Changing their dates now would run them twice on the databases that have them.
 */
const SHIPPED_OUT_OF_ORDER = new Set(['0013_hold_extension', '0023_wallet_updates']);

describe('the migrations journal', () => {
  it('numbers its entries 0, 1, 2… with each tag starting with its number', () => {
    journal.entries.forEach((entry, position) => {
      expect(entry.idx).toBe(position);
      expect(entry.tag.startsWith(String(entry.idx).padStart(4, '0') + '_')).toBe(true);
    });
  });

  it('has one entry per migration file, and a file per entry', () => {
    const files = readdirSync(MIGRATIONS).filter((name) => name.endsWith('.sql')).map((name) => name.replace(/\.sql$/, ''));
    expect(files.sort()).toEqual(journal.entries.map((entry) => entry.tag).sort());
  });

  it('dates each migration after every one before it, so an existing database applies it', () => {
    let latest = 0;
    const early: string[] = [];
    for (const entry of journal.entries) {
      if (entry.when <= latest && !SHIPPED_OUT_OF_ORDER.has(entry.tag)) early.push(entry.tag);
      latest = Math.max(latest, entry.when);
    }
    expect(early).toEqual([]);
  });
});
