import path from 'node:path';
import { Worker } from 'node:worker_threads';

// Validation against the OASIS UBL 2.1 schemas (ubl-2.1/, unmodified copies of the OASIS
// os-UBL-2.1 xsd/common and xsd/maindoc files SUNAT's UBL 2.1 documents use), with libxml2's
// xmllint compiled to WebAssembly: no native tool needed. The SUNAT stand-in checks every voucher
// with it, and the tests every document the API generates.

/** The schemas' folder: beside this module in the sources, beside the bundle once built (scripts/build.mjs copies it). */
const SCHEMA_DIR = path.join(__dirname, 'ubl-2.1');

/**
 * The thread the checks run on (schema-worker.cjs, beside this module in the sources and in the
 * bundle: scripts/build.mjs copies it), at the lowest CPU priority, with the runs it starts; one
 * per process, started at the first check, keeping the process alive only while a check is pending.
 */
const WORKER_FILE = path.join(__dirname, 'schema-worker.cjs');
type CheckError = { message: string; rawMessage: string; fileName?: string };
type Answer = { id: number; errors?: CheckError[]; failure?: string };
let checker: { worker: Worker; pending: Map<number, { resolve: (errors: CheckError[]) => void; reject: (error: unknown) => void }> } | undefined;
let nextCheck = 0;

function check(main: string, xml: { fileName: string; contents: string }[]): Promise<CheckError[]> {
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
const queues = new Map<string, { waiting: Waiting[]; running: boolean }>();

async function run(main: string): Promise<void> {
  const queue = queues.get(main)!;
  if (queue.running || queue.waiting.length === 0) return;
  queue.running = true;
  const batch = queue.waiting.splice(0, 50);
  try {
    const names = batch.map((_, i) => `document-${i}.xml`);
    const errors = await check(main, batch.map((doc, i) => ({ fileName: names[i]!, contents: doc.xml })));
    batch.forEach((doc, i) => {
      const mine = errors.filter((error) => (error.fileName ?? error.rawMessage).includes(names[i]!));
      doc.resolve(mine.map((error) => error.message));
    });
  } catch (error) {
    for (const doc of batch) doc.reject(error);
  } finally {
    queue.running = false;
    void run(main);
  }
}

/** Validates a UBL 2.1 document against its OASIS schema: the errors, none when valid. */
export function validateUbl(xml: string): Promise<string[]> {
  const root = rootOf(xml);
  const main = root && ROOTS[root] ? `maindoc/UBL-${ROOTS[root]}-2.1.xsd` : undefined;
  if (!main) return Promise.resolve([`not a UBL document this shop issues (root element ${root ?? 'missing'})`]);
  if (!queues.has(main)) queues.set(main, { waiting: [], running: false });
  return new Promise((resolve, reject) => {
    queues.get(main)!.waiting.push({ xml, resolve, reject });
    // After the callers of this tick have queued theirs.
    setImmediate(() => void run(main));
  });
}
