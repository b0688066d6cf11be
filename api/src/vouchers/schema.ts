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

/** Validates a UBL 2.1 document against its OASIS schema: the errors, none when valid. */
export async function validateUbl(xml: string): Promise<string[]> {
  const root = rootOf(xml);
  const main = root && ROOTS[root] ? `maindoc/UBL-${ROOTS[root]}-2.1.xsd` : undefined;
  if (!main) return [`not a UBL document this shop issues (root element ${root ?? 'missing'})`];
  const all = schemaFiles();
  const result = await validateXML({
    xml: { fileName: 'document.xml', contents: xml },
    schema: all.find((file) => file.fileName === main)!,
    preload: all.filter((file) => file.fileName !== main),
  });
  return result.valid ? [] : result.errors.map((error) => error.message);
}
