import { unzipSync, zipSync, strToU8, strFromU8 } from 'fflate';
import * as soap from 'soap';
import { OPERATOR } from '../operator';
import { limaDateTime } from './rules';
import { validateUbl } from './schema';
import { signUbl, verifyUbl, type VoucherSigner } from './signing';

// The port to SUNAT's (or an OSE's) billService, SEE - Del Contribuyente (R.S. 097-2012/SUNAT,
// SUNAT's "Manual del programador" of the billService): a voucher travels as `RUC-TT-SERIE-N.zip`
// holding `RUC-TT-SERIE-N.xml`; `sendBill` answers the CDR (constancia de recepción), a zipped
// ApplicationResponse `R-RUC-TT-SERIE-N.xml` signed by SUNAT whose ResponseCode says accepted
// ('0'), or rejected (2000-3999), with observations (4000+) as cbc:Note; exceptions (0100-1999:
// not received) come as SOAP faults `soap-env:Client.NNNN` / `Server.NNNN`.
//
// Boletas are sent one by one with sendBill, as facturas: SUNAT allows a boleta to be sent
// individually instead of in the resumen diario (R.S. 097-2012/SUNAT art. 12 as amended), and one
// path gives every voucher its own CDR and state.

export type SunatAnswer =
  | { kind: 'cdr'; cdrZip: Uint8Array }
  /** An exception: SUNAT did not take the document; `code` is its 4-digit code. */
  | { kind: 'fault'; code: string; message: string };

export interface SunatPort {
  /** Sends one zipped voucher; throws on a network or service failure (to be retried). */
  sendBill(fileName: string, zip: Uint8Array): Promise<SunatAnswer>;
  /** True for the stand-in: nothing reaches SUNAT. */
  readonly sandbox: boolean;
}

/** The zip SUNAT expects for a document: `{fileName}.zip` with `{fileName}.xml` inside. */
export const zipVoucher = (fileName: string, xml: string) => zipSync({ [`${fileName}.xml`]: strToU8(xml) });

/** The one XML inside a zip (a voucher or a CDR). */
export function unzipXml(zip: Uint8Array): { name: string; xml: string } {
  const entries = Object.entries(unzipSync(zip)).filter(([name]) => name.toLowerCase().endsWith('.xml'));
  if (entries.length !== 1) throw new Error(`expected one XML file in the zip, found ${entries.length}`);
  return { name: entries[0]![0], xml: strFromU8(entries[0]![1]) };
}

/** What a CDR says: SUNAT's response code, its description and the observations' notes. */
export interface CdrReading {
  codigo: string;
  descripcion: string;
  notas: string[];
  referencia: string;
}

export function readCdr(cdrZip: Uint8Array): CdrReading {
  const { xml } = unzipXml(cdrZip);
  const pick = (name: string) => new RegExp(`<cbc:${name}[^>]*>([^<]*)</cbc:${name}>`).exec(xml)?.[1] ?? '';
  const response = /<cac:Response>([\s\S]*?)<\/cac:Response>/.exec(xml)?.[1] ?? '';
  const inResponse = (name: string) => new RegExp(`<cbc:${name}[^>]*>([^<]*)</cbc:${name}>`).exec(response)?.[1] ?? '';
  return {
    codigo: inResponse('ResponseCode') || pick('ResponseCode'),
    descripcion: inResponse('Description'),
    // Observations are notes "NNNN - text" (codes 4000+); other notes are not SUNAT's findings.
    notas: [...xml.matchAll(/<cbc:Note[^>]*>([^<]*)<\/cbc:Note>/g)].map((m) => m[1]!).filter((note) => /^\d{4}\s*-/.test(note)),
    referencia: inResponse('ReferenceID'),
  };
}

// ------------------------------------------------------------------ SUNAT (or an OSE) over SOAP

export interface SunatSoapOptions {
  /** billService URL (SUNAT_URL); the WSDL is `?wsdl` of it. */
  url: string;
  /** SOL user as SUNAT wants it: RUC followed by the SOL user name. */
  user: string;
  password: string;
  timeoutMs?: number;
}

/** SUNAT's billService through the `soap` client, WS-Security UsernameToken with the SOL credentials. */
export function createSunatSoapPort(options: SunatSoapOptions): SunatPort {
  let client: Promise<soap.Client> | undefined;
  const connect = () => {
    // Built on first use (the WSDL is read from SUNAT then), again after a failure to read it.
    client ??= soap.createClientAsync(`${options.url}?wsdl`, { endpoint: options.url, wsdl_options: { timeout: options.timeoutMs ?? 30_000 } }).then(
      (c) => {
        c.setSecurity(new soap.WSSecurity(options.user, options.password, { passwordType: 'PasswordText', hasTimeStamp: false }));
        return c;
      },
      (error: unknown) => {
        client = undefined;
        throw error;
      },
    );
    return client;
  };
  return {
    sandbox: false,
    async sendBill(fileName, zip) {
      const c = await connect();
      try {
        const [result] = (await c.sendBillAsync({ fileName: `${fileName}.zip`, contentFile: Buffer.from(zip).toString('base64') }, { timeout: options.timeoutMs ?? 30_000 })) as [{ applicationResponse: string }];
        return { kind: 'cdr', cdrZip: Buffer.from(result.applicationResponse, 'base64') };
      } catch (error) {
        const fault = (error as { root?: { Envelope?: { Body?: { Fault?: { faultcode?: string; faultstring?: string } } } } }).root?.Envelope?.Body?.Fault;
        const code = /(\d{4})$/.exec(String(fault?.faultcode ?? ''))?.[1] ?? /^(\d{4})$/.exec(String(fault?.faultstring ?? ''))?.[1];
        if (fault && code) return { kind: 'fault', code, message: String(fault.faultstring ?? fault.faultcode) };
        throw error;
      }
    },
  };
}

// ------------------------------------------------------------------ the stand-in (SUNAT_SANDBOX=1)

const FILE_NAME = /^(\d{11})-(01|03|07)-([FB][A-Z0-9]{3})-(\d{1,8})$/;
const TYPE_NAMES: Record<string, string> = { '01': 'Factura', '03': 'Boleta', '07': 'Nota de Credito' };

/**
 * What stands in for SUNAT without credentials: it really checks each voucher as SUNAT would
 * before taking it (the zip and file name, the XML against the UBL 2.1 schemas, the enveloped
 * signature, the issuer's RUC and the number matching the file name) and answers a CDR like
 * SUNAT's: a zipped ApplicationResponse signed with its own (throwaway) certificate. A voucher it
 * refuses gets the code SUNAT uses for that fault. Nothing is declared to anyone.
 * `lowPriority` (a running server's stand-in, issue 44): the schema checks take only the CPU the
 * store's own work leaves (vouchers/schema.ts), as the real SUNAT's take none of ours.
 */
export function createSunatStandIn(cdrSigner: VoucherSigner, now: () => Date = () => new Date(), { lowPriority = false } = {}): SunatPort {
  const fault = (code: string, message: string): SunatAnswer => ({ kind: 'fault', code, message });
  return {
    sandbox: true,
    async sendBill(fileName, zip) {
      const name = FILE_NAME.exec(fileName);
      // 0151: "El nombre del archivo ZIP es incorrecto".
      if (!name || name[1] !== OPERATOR.ruc) return fault('0151', 'El nombre del archivo ZIP es incorrecto');
      let inside: { name: string; xml: string };
      try {
        inside = unzipXml(zip);
      } catch {
        // 0155: "El archivo ZIP esta vacio" / not readable.
        return fault('0155', 'El archivo ZIP esta vacio o no se puede leer');
      }
      if (inside.name !== `${fileName}.xml`) return fault('0153', 'El nombre del archivo XML no coincide con el nombre del archivo ZIP');
      const errors = await validateUbl(inside.xml, { lowPriority });
      // 0306: "No se puede leer (parsear) el archivo XML" (a document that breaks the schema).
      if (errors.length > 0) return fault('0306', `No se puede leer (parsear) el archivo XML: ${errors[0]!.slice(0, 300)}`);
      const [, ruc, tipo, serie, numero] = name;
      const id = `${serie}-${Number(numero)}`;
      let code = '0';
      let description = `La ${TYPE_NAMES[tipo!]} numero ${id}, ha sido aceptada`;
      try {
        verifyUbl(inside.xml);
      } catch {
        // 2335: "El documento electrónico ingresado ha sido alterado".
        code = '2335';
        description = 'El documento electronico ingresado ha sido alterado';
      }
      if (code === '0' && !inside.xml.includes(`<cbc:ID>${id}</cbc:ID>`)) {
        code = '1035';
        description = 'Numero de comprobante no coincide con el nombre del archivo';
      }
      if (code === '0' && !new RegExp(`<cac:AccountingSupplierParty>[\\s\\S]*?<cbc:ID[^>]*>${ruc}</cbc:ID>`).test(inside.xml)) {
        code = '1034';
        description = 'Numero de RUC del nombre del archivo no coincide con el consignado en el contenido del archivo XML';
      }
      const at = limaDateTime(now());
      const cdr = signUbl(applicationResponse({ fileName, id, code, description, at }), cdrSigner);
      return { kind: 'cdr', cdrZip: zipVoucher(`R-${fileName}`, cdr.xml) };
    },
  };
}

/** A CDR as SUNAT writes it (UBL 2.1 ApplicationResponse), unsigned. */
function applicationResponse(a: { fileName: string; id: string; code: string; description: string; at: { date: string; time: string } }): string {
  const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<?xml version="1.0" encoding="UTF-8"?>
<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2" xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions><cbc:UBLVersionID>2.0</cbc:UBLVersionID><cbc:CustomizationID>1.0</cbc:CustomizationID><cbc:ID>${Date.now()}</cbc:ID><cbc:IssueDate>${a.at.date}</cbc:IssueDate><cbc:IssueTime>${a.at.time}</cbc:IssueTime><cbc:ResponseDate>${a.at.date}</cbc:ResponseDate><cbc:ResponseTime>${a.at.time}</cbc:ResponseTime><cbc:Note>Respuesta del simulador de SUNAT (SUNAT_SANDBOX=1): nada se ha declarado</cbc:Note><cac:SenderParty><cac:PartyIdentification><cbc:ID>20131312955</cbc:ID></cac:PartyIdentification></cac:SenderParty><cac:ReceiverParty><cac:PartyIdentification><cbc:ID>${OPERATOR.ruc}</cbc:ID></cac:PartyIdentification></cac:ReceiverParty><cac:DocumentResponse><cac:Response><cbc:ReferenceID>${esc(a.id)}</cbc:ReferenceID><cbc:ResponseCode>${a.code}</cbc:ResponseCode><cbc:Description>${esc(a.description)}</cbc:Description></cac:Response><cac:DocumentReference><cbc:ID>${esc(a.id)}</cbc:ID></cac:DocumentReference><cac:RecipientParty><cac:PartyIdentification><cbc:ID>${OPERATOR.ruc}</cbc:ID></cac:PartyIdentification></cac:RecipientParty></cac:DocumentResponse></ApplicationResponse>`;
}
