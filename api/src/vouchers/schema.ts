import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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
    const all = schemaFiles();
    const names = batch.map((_, i) => `document-${i}.xml`);
    const result = await validateXML({
      xml: batch.map((doc, i) => ({ fileName: names[i]!, contents: doc.xml })),
      schema: all.find((file) => file.fileName === main)!,
      preload: all.filter((file) => file.fileName !== main),
    });
    batch.forEach((doc, i) => {
      const mine = result.errors.filter((error) => (error.loc?.fileName ?? error.rawMessage).includes(names[i]!));
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
