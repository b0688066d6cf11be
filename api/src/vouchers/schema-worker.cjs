// The thread the low-priority UBL 2.1 schema checks run on (vouchers/schema.ts: the SUNAT
// stand-in's in a running server), at the lowest CPU priority.
// xmllint-wasm starts a thread of its own for every run (about half a second of CPU: the WASM
// module and the schemas, loaded anew), and a Linux thread inherits the priority of the thread
// that starts it: started from here, those runs take only CPU that nothing else wants. The checks
// are SUNAT's work (the SUNAT stand-in's, in development, tests and benches), not the store's: at
// the usual priority each instance's stand-in kept a core busy through a rush, beside the sales.
'use strict';
const { readdirSync, readFileSync } = require('node:fs');
const { setPriority } = require('node:os');
const path = require('node:path');
const { parentPort } = require('node:worker_threads');
const { validateXML } = require('xmllint-wasm');

try {
  // Linux: the calling thread's nice value (19, the lowest priority); raising it needs no rights.
  setPriority(19);
} catch {
  // Not allowed here: the checks run at the usual priority.
}

/** The schema files of a folder (`common`, `maindoc`), read once. */
const files = new Map();
function schemaFiles(dir) {
  if (!files.has(dir)) {
    files.set(
      dir,
      ['common', 'maindoc'].flatMap((folder) =>
        readdirSync(path.join(dir, folder))
          .filter((name) => name.endsWith('.xsd'))
          .map((name) => ({ fileName: `${folder}/${name}`, contents: readFileSync(path.join(dir, folder, name), 'utf8') })),
      ),
    );
  }
  return files.get(dir);
}

parentPort.on('message', ({ id, dir, main, xml }) => {
  let run;
  try {
    const all = schemaFiles(dir);
    run = validateXML({ xml, schema: all.find((file) => file.fileName === main), preload: all.filter((file) => file.fileName !== main) });
  } catch (error) {
    run = Promise.reject(error);
  }
  run.then(
    (result) => parentPort.postMessage({ id, errors: result.errors.map((e) => ({ message: e.message, rawMessage: e.rawMessage, fileName: e.loc ? e.loc.fileName : undefined })) }),
    (error) => parentPort.postMessage({ id, failure: error instanceof Error ? error.message : String(error) }),
  );
});
