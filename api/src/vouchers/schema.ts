import path from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

// Validation against the OASIS UBL 2.1 schemas (ubl-2.1/, unmodified copies of the OASIS
// os-UBL-2.1 xsd/common and xsd/maindoc files SUNAT's UBL 2.1 documents use), with libxml2's
// xmllint compiled to WebAssembly: no native tool needed. The SUNAT stand-in checks every voucher
// with it, and the tests every document the API generates.

/** The schemas' folder: beside this module in the sources, beside the bundle once built (scripts/build.mjs copies it). */
const SCHEMA_DIR = path.join(__dirname, 'ubl-2.1');

let files: XMLFileInfo[] | undefined;
function schemaFiles(): XMLFileInfo[] {
  files ??= ['common', 'maindoc'].flatMap((folder) =>
    readdirSync(path.join(SCHEMA_DIR, folder))
      .filter((name) => name.endsWith('.xsd'))
      .map((name) => ({ fileName: `${folder}/${name}`, contents: readFileSync(path.join(SCHEMA_DIR, folder, name), 'utf8') })),
  );
  return files;
}

/** A run at the usual priority (xmllint-wasm's own thread, started from this one). */
async function checkNow(main: string, xml: { fileName: string; contents: string }[]): Promise<CheckError[]> {
  const all = schemaFiles();
  const result = await validateXML({ xml, schema: all.find((file) => file.fileName === main)!, preload: all.filter((file) => file.fileName !== main) });
  return result.errors.map((error) => ({ message: error.message, rawMessage: error.rawMessage, ...(error.loc ? { fileName: error.loc.fileName } : {}) }));
}

/**
 * Low priority (issue 44): the thread the SUNAT stand-in's checks run on in a running server
 * (schema-worker.cjs, beside this module in the sources and in the bundle: scripts/build.mjs
 * copies it), at the lowest CPU priority, with the xmllint runs it starts; one per process,
 * started at the first check, keeping the process alive only while a check is pending.
 */
const WORKER_FILE = path.join(__dirname, 'schema-worker.cjs');
type CheckError = { message: string; rawMessage: string; fileName?: string };
type Answer = { id: number; errors?: CheckError[]; failure?: string };
let checker: { worker: Worker; pending: Map<number, { resolve: (errors: CheckError[]) => void; reject: (error: unknown) => void }> } | undefined;
let nextCheck = 0;

function checkLow(main: string, xml: { fileName: string; contents: string }[]): Promise<CheckError[]> {
  if (!checker) {
    const worker = new Worker(WORKER_FILE);
    worker.unref();
    const pending = new Map<number, { resolve: (errors: CheckError[]) => void; reject: (error: unknown) => void }>();
    const current = { worker, pending };
    worker.on('message', ({ id, errors, failure }: Answer) => {
      const waiting = pending.get(id);
      pending.delete(id);
      if (pending.size === 0) worker.unref();
      if (failure !== undefined) waiting?.reject(new Error(failure));
      else waiting?.resolve(errors ?? []);
    });
    const fail = (error: unknown) => {
      if (checker === current) checker = undefined;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the schema checks' thread exited (${code})`)));
    checker = current;
  }
  const id = (nextCheck += 1);
  const { worker, pending } = checker;
  return new Promise((resolve, reject) => {
    // Kept alive while a check is pending (a script that awaits one has nothing else running).
    if (pending.size === 0) worker.ref();
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, dir: SCHEMA_DIR, main, xml });
  });
}

const ROOTS: Record<string, string> = { Invoice: 'Invoice', CreditNote: 'CreditNote', ApplicationResponse: 'ApplicationResponse' };

/** The UBL document type of an XML text (its root element's local name). */
export function rootOf(xml: string): string | undefined {
  const match = /<(?:[\w-]+:)?(\w+)[\s>]/.exec(xml.replace(/<\?xml[^>]*\?>/, '').replace(/<!--[\s\S]*?-->/g, ''));
  return match?.[1];
}

interface Waiting {
  xml: string;
  resolve: (errors: string[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Documents waiting for their schema, per main schema. Loading the schemas is most of a run's
 * cost (about half a second of CPU), so the documents that arrive while a run is under way are
 * validated together in the next one (one xmllint run, many files).
 */
const queues = new Map<string, { main: string; lowPriority: boolean; waiting: Waiting[]; running: boolean }>();

async function run(key: string): Promise<void> {
  const queue = queues.get(key)!;
  const { main } = queue;
  if (queue.running || queue.waiting.length === 0) return;
  queue.running = true;
  const batch = queue.waiting.splice(0, 50);
  try {
    const names = batch.map((_, i) => `document-${i}.xml`);
    const documents = batch.map((doc, i) => ({ fileName: names[i]!, contents: doc.xml }));
    const errors = await (queue.lowPriority ? checkLow(main, documents) : checkNow(main, documents));
    batch.forEach((doc, i) => {
      const mine = errors.filter((error) => (error.fileName ?? error.rawMessage).includes(names[i]!));
      doc.resolve(mine.map((error) => error.message));
    });
  } catch (error) {
    for (const doc of batch) doc.reject(error);
  } finally {
    queue.running = false;
    void run(key);
  }
}

/**
 * Validates a UBL 2.1 document against its OASIS schema: the errors, none when valid.
 * `lowPriority`: on a thread at the lowest CPU priority (the SUNAT stand-in in a running server:
 * its checks are SUNAT's work, and take only CPU the sales leave); else at the usual priority (the
 * tests' checks, which a busy machine must not starve).
 */
export function validateUbl(xml: string, { lowPriority = false } = {}): Promise<string[]> {
  const root = rootOf(xml);
  const main = root && ROOTS[root] ? `maindoc/UBL-${ROOTS[root]}-2.1.xsd` : undefined;
  if (!main) return Promise.resolve([`not a UBL document this shop issues (root element ${root ?? 'missing'})`]);
  const key = `${main}${lowPriority ? ' low' : ''}`;
  if (!queues.has(key)) queues.set(key, { main, lowPriority, waiting: [], running: false });
  return new Promise((resolve, reject) => {
    queues.get(key)!.waiting.push({ xml, resolve, reject });
    // After the callers of this tick have queued theirs.
    setImmediate(() => void run(key));
  });
}
