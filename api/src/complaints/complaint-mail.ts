import { type TZDate } from '@date-fns/tz';
import { complaintLabels, firstNameOf, type Complaint, type Language } from '@rumbo/shared/schemas';
import { format } from 'date-fns';
import { escapeHtml } from '../mail/html';
import type { OutgoingMail } from '../mail/outbox';
import { OPERATOR } from '../operator';

export interface FiledSheet {
  numero: string;
  /** Filing time in Lima. */
  fecha: TZDate;
  /** YYYY-MM-DD */
  plazo: string;
  complaint: Complaint;
  /** Name of the destination city. */
  destino: string;
}

const TEXTS = {
  'es-PE': {
    subject: (numero: string) => `Libro de Reclamaciones ${OPERATOR.marca}: hoja N.° ${numero}`,
    greeting: (name: string) => `Hola, ${firstNameOf(name)}:`,
    intro: (kind: string) =>
      `Registramos su ${kind.toLowerCase()} en el Libro de Reclamaciones de ${OPERATOR.razon_social} (RUC ${OPERATOR.ruc}). Esta es su copia de la hoja de reclamación.`,
    sheet: 'Hoja de reclamación',
    numero: 'Número',
    fecha: 'Fecha y hora de presentación',
    limaTime: 'hora de Lima',
    plazo: 'Plazo de respuesta',
    plazoValue: (date: string) => `hasta el ${date} (15 días hábiles)`,
    consumer: '1. Identificación del consumidor',
    nombres: 'Nombres',
    apellidos: 'Apellidos',
    documento: 'Documento',
    nacimiento: 'Fecha de nacimiento',
    genero: 'Género',
    direccion: 'Domicilio',
    telefono: 'Teléfono',
    correo: 'Correo electrónico',
    detail: '2. Detalle de la reclamación',
    tipo: 'Tipo',
    motivo: 'Motivo',
    viaje: 'Fecha y hora del viaje',
    destino: 'Ciudad de destino',
    detalle: 'Detalle',
    resultado: 'Pedido del consumidor',
    none: '(no indicado)',
    footer:
      'La formulación del reclamo no impide acudir a otras vías de solución de controversias ni es requisito previo para interponer una denuncia ante el INDECOPI.',
  },
  'en-EN': {
    subject: (numero: string) => `${OPERATOR.marca} complaints book: sheet no. ${numero}`,
    greeting: (name: string) => `Hello ${firstNameOf(name)},`,
    intro: (kind: string) =>
      `We have recorded your ${kind.toLowerCase()} in the complaints book of ${OPERATOR.razon_social} (RUC ${OPERATOR.ruc}). This is your copy of the complaint sheet.`,
    sheet: 'Complaint sheet',
    numero: 'Number',
    fecha: 'Date and time filed',
    limaTime: 'Lima time',
    plazo: 'Answer deadline',
    plazoValue: (date: string) => `by ${date} (15 business days)`,
    consumer: '1. Consumer',
    nombres: 'First names',
    apellidos: 'Surnames',
    documento: 'Document',
    nacimiento: 'Date of birth',
    genero: 'Gender',
    direccion: 'Address',
    telefono: 'Phone',
    correo: 'E-mail',
    detail: '2. Details',
    tipo: 'Type',
    motivo: 'Reason',
    viaje: 'Trip date and time',
    destino: 'Destination city',
    detalle: 'Detail',
    resultado: "Consumer's request",
    none: '(none given)',
    footer:
      'Filing a claim does not prevent you from using other dispute resolution channels and is not a prerequisite for filing a complaint with INDECOPI.',
  },
} as const;

/** `YYYY-MM-DD[THH:mm]` as the dd/mm/yyyy [HH:mm] the form shows; the text is not a date to compute with. */
function asShown(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}:\d{2}))?/.exec(value);
  if (!m) return value;
  return `${m[3]}/${m[2]}/${m[1]}${m[4] ? ` ${m[4]}` : ''}`;
}

type Section = { title: string; rows: [label: string, value: string][] };

/** The consumer's copy of a filed sheet, in the language they used, as text and simple HTML. */
export function complaintCopyMail(sheet: FiledSheet, language: Language): OutgoingMail {
  const t = TEXTS[language];
  const labels = complaintLabels[language];
  const c = sheet.complaint;
  const kind = labels.types[c.tipo_reclamo];
  const sections: Section[] = [
    {
      title: t.sheet,
      rows: [
        [t.numero, sheet.numero],
        [t.fecha, `${format(sheet.fecha, 'dd/MM/yyyy HH:mm')} (${t.limaTime})`],
        [t.plazo, t.plazoValue(asShown(sheet.plazo))],
      ],
    },
    {
      title: t.consumer,
      rows: [
        [t.nombres, c.datos],
        [t.apellidos, `${c.paterno} ${c.materno}`],
        [t.documento, `${labels.documents[c.documento]} ${c.numero}`],
        [t.nacimiento, asShown(c.nacimiento)],
        [t.genero, labels.genders[c.genero]],
        [t.direccion, c.direccion],
        [t.telefono, c.telefono],
        [t.correo, c.correo],
      ],
    },
    {
      title: t.detail,
      rows: [
        [t.tipo, kind],
        [t.motivo, labels.reasons[String(c.motivo) as keyof typeof labels.reasons] ?? String(c.motivo)],
        [t.viaje, asShown(c.viaje)],
        [t.destino, sheet.destino],
        [t.detalle, c.detalle],
        [t.resultado, c.resultado || t.none],
      ],
    },
  ];
  const company = `${OPERATOR.razon_social} · RUC ${OPERATOR.ruc} · ${OPERATOR.direccion}`;

  const text = [
    t.greeting(c.datos),
    '',
    t.intro(kind),
    ...sections.flatMap((s) => ['', s.title, ...s.rows.map(([label, value]) => `${label}: ${value}`)]),
    '',
    t.footer,
    '',
    company,
  ].join('\n');

  const html = `<!doctype html>
<html lang="${language.slice(0, 2)}"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(t.greeting(c.datos))}</p>
<p>${escapeHtml(t.intro(kind))}</p>
${sections
  .map(
    (s) => `<h2 style="font-size:16px">${escapeHtml(s.title)}</h2>
<table cellpadding="4" style="border-collapse:collapse">
${s.rows
  .map(([label, value]) => `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`)
  .join('\n')}
</table>`,
  )
  .join('\n')}
<p style="font-size:12px">${escapeHtml(t.footer)}</p>
<p style="font-size:12px">${escapeHtml(company)}</p>
</body></html>`;

  return { to: c.correo, subject: t.subject(sheet.numero), text, html };
}
