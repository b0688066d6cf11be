import * as v from 'valibot';
import type { ValidationKey } from './validation.messages';
import { xmlText } from './xml-text';

/**
 * Complaints book (libro de reclamaciones) form, spec §3, §5, §9.
 *
 * Every field is first normalised to a trimmed string ('' when missing or of a wrong type), so
 * that the spec's 22 checks below decide every message, in the spec's order; a wrong type never
 * produces a message of its own. Messages are i18n keys of the `validation` namespace
 * (see `validation.messages.ts`); the Spanish texts are the spec's, word for word.
 */

export const DOCUMENT_TYPES = { DNI: 19, CE: 20, PASAPORTE: 21 } as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[keyof typeof DOCUMENT_TYPES];

/** Length of the document number per document type (`tamanioInput`). */
export const DOCUMENT_LENGTH: Record<DocumentType, number> = { 19: 8, 20: 12, 21: 15 };

export const COMPLAINT_TYPES = { RECLAMO: 1, QUEJA: 2 } as const;
export const COMPLAINT_REASONS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export const GENDERS = ['M', 'F'] as const;
export const DETAIL_MAX = 500;
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2099-12-31';
/** City codes 1..23 (DECISIONS.md, Cities). */
export const CITY_CODES = Array.from({ length: 23 }, (_, i) => i + 1);

export const COMPLAINT_DEFAULTS = {
  genero: 'M',
  documento: String(DOCUMENT_TYPES.DNI),
  tipo_reclamo: String(COMPLAINT_TYPES.RECLAMO),
  destino: '4',
  tamanioInput: DOCUMENT_LENGTH[DOCUMENT_TYPES.DNI],
} as const;

// The sheet is mailed and printed (PDF): every field holds only what XML carries (outside the fallback, which would swallow it).
const text = v.pipe(
  v.fallback(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim()), ''),
  xmlText(),
);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/;
const DIGITS = /^\d+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A real calendar date (or date-time) within the date pickers' range 1900-01-01..2099-12-31. */
function inPickerRange(value: string, pattern: RegExp): boolean {
  const m = pattern.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59)) return false;
  const day = value.slice(0, 10);
  return day >= DATE_MIN && day <= DATE_MAX;
}

const isOneOf = (values: readonly (string | number)[]) => (value: string) =>
  values.map(String).includes(value);

const lengthFor = (documento: string): number | undefined =>
  DOCUMENT_LENGTH[Number(documento) as DocumentType];

const ComplaintFields = v.object({
    cpersona: text,
    nacimiento: text,
    genero: text,
    fecha_actual: text,
    documento: text,
    numero: text,
    datos: text,
    paterno: text,
    materno: text,
    direccion: text,
    telefono: text,
    correo: text,
    tipo_reclamo: text,
    motivo: text,
    viaje: text,
    destino: text,
    detalle: text,
    resultado: text,
    tamanioInput: text,
});
type Fields = v.InferOutput<typeof ComplaintFields>;

interface Rule {
  field: keyof Fields;
  ok: (fields: Fields) => boolean;
  message: ValidationKey;
}

const rule = (field: keyof Fields, ok: Rule['ok'], message: ValidationKey): Rule => ({ field, ok, message });

/**
 * The form's checks, as data, in this order: each field reports its first failing check only
 * (an empty DNI reads "Digite…", not also its length and its digits), in the browser and on the
 * server alike.
 */
export const COMPLAINT_RULES: readonly Rule[] = [
  // The spec's checks, §5, in its order.
  rule('nacimiento', (f) => inPickerRange(f.nacimiento, DATE), 'complaint.nacimiento.required'),
  rule('genero', (f) => isOneOf(GENDERS)(f.genero), 'complaint.genero.required'),
  rule('documento', (f) => isOneOf(Object.values(DOCUMENT_TYPES))(f.documento), 'complaint.documento.required'),
  rule('numero', (f) => f.numero !== '', 'complaint.numero.required'),
  rule('numero', (f) => f.documento !== '19' || f.numero.length === 8, 'complaint.numero.dni'),
  rule('numero', (f) => f.documento !== '20' || f.numero.length === 12, 'complaint.numero.ce'),
  rule('numero', (f) => f.documento !== '21' || f.numero.length === 15, 'complaint.numero.pasaporte'),
  rule('numero', (f) => DIGITS.test(f.numero), 'complaint.numero.numeric'),
  rule('datos', (f) => f.datos !== '', 'complaint.datos.required'),
  rule('paterno', (f) => f.paterno !== '', 'complaint.paterno.required'),
  rule('materno', (f) => f.materno !== '', 'complaint.materno.required'),
  rule('direccion', (f) => f.direccion !== '', 'complaint.direccion.required'),
  rule('telefono', (f) => f.telefono !== '', 'complaint.telefono.required'),
  rule('telefono', (f) => DIGITS.test(f.telefono), 'complaint.telefono.numeric'),
  rule('correo', (f) => f.correo !== '', 'complaint.correo.required'),
  rule('correo', (f) => EMAIL.test(f.correo), 'complaint.correo.format'),
  rule('tipo_reclamo', (f) => isOneOf(Object.values(COMPLAINT_TYPES))(f.tipo_reclamo), 'complaint.tipo_reclamo.required'),
  rule('motivo', (f) => isOneOf(COMPLAINT_REASONS)(f.motivo), 'complaint.motivo.required'),
  rule('viaje', (f) => inPickerRange(f.viaje, DATE_TIME), 'complaint.viaje.required'),
  rule('destino', (f) => isOneOf(CITY_CODES)(f.destino), 'complaint.destino.required'),
  rule('detalle', (f) => f.detalle !== '', 'complaint.detalle.required'),
  rule('detalle', (f) => f.detalle.length <= DETAIL_MAX, 'complaint.detalle.max'),
  // Beyond the spec's 22: bounds that keep stored sheets sane, checked after them.
  rule('datos', (f) => f.datos.length <= 80 && f.paterno.length <= 60 && f.materno.length <= 60, 'complaint.nombres.max'),
  rule('direccion', (f) => f.direccion.length <= 200, 'complaint.direccion.max'),
  rule('telefono', (f) => f.telefono.length <= 15, 'complaint.telefono.max'),
  rule('correo', (f) => f.correo.length <= 120, 'complaint.correo.max'),
  rule('resultado', (f) => f.resultado.length <= DETAIL_MAX, 'complaint.resultado.max'),
];

export const ComplaintSchema = v.pipe(
  ComplaintFields,
  v.rawCheck<Fields>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const fields = dataset.value;
    const failed = new Set<keyof Fields>();
    for (const { field, ok, message } of COMPLAINT_RULES) {
      if (failed.has(field) || ok(fields)) continue;
      failed.add(field);
      addIssue({
        message,
        path: [{ type: 'object', origin: 'value', input: fields, key: field, value: fields[field] }],
      });
    }
  }),
  v.transform((f) => ({
    cpersona: f.cpersona === '' ? null : f.cpersona,
    nacimiento: f.nacimiento,
    genero: f.genero as (typeof GENDERS)[number],
    documento: Number(f.documento) as DocumentType,
    numero: f.numero,
    datos: f.datos,
    paterno: f.paterno,
    materno: f.materno,
    direccion: f.direccion,
    telefono: f.telefono,
    correo: f.correo.toLowerCase(),
    tipo_reclamo: Number(f.tipo_reclamo) as 1 | 2,
    motivo: Number(f.motivo),
    viaje: f.viaje,
    destino: Number(f.destino),
    detalle: f.detalle,
    resultado: f.resultado,
    tamanioInput: lengthFor(f.documento) ?? COMPLAINT_DEFAULTS.tamanioInput,
  })),
);

export type ComplaintInput = v.InferInput<typeof ComplaintSchema>;
export type Complaint = v.InferOutput<typeof ComplaintSchema>;

/** Answer of `POST /rest/reclamacion/registro`. */
export const ComplaintReceiptAnswer = v.object({
  /** Sheet number `000000001-YYYY`, consecutive per year. */
  numero: v.string(),
  /** When the sheet was filed (ISO 8601, with offset, Lima time). */
  fecha: v.string(),
  /** Answer deadline: 15 business days after filing (YYYY-MM-DD). */
  plazo: v.string(),
});
export type ComplaintReceipt = v.InferOutput<typeof ComplaintReceiptAnswer>;
