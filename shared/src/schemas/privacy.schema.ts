import * as v from 'valibot';
import { PASSWORD_MAX } from './account.schema';

/**
 * Issue 47: the customer's data under Ley 29733 and its regulation (D.S. 016-2024-JUS): consent
 * per purpose and channel, the download of one's data, closing the account.
 */

/**
 * The version of the consent texts Mi cuenta shows (`consent.*` of the account texts). Every
 * consent row records it, so the proof names the words the customer saw; change it whenever
 * those texts change.
 */
export const CONSENT_TEXT_VERSION = '2026-12-v1';

/** Where a message may go. Service messages always go by mail; push and WhatsApp only when turned on. */
export const CONSENT_CHANNELS = ['correo', 'push', 'whatsapp'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/**
 * What a message is for: marketing (`promociones`) and price alerts (`alertas_precio`), each its own
 * opt-in; and `servicio` (issue 48): the customer's switch that turns a channel on for the service
 * messages (tickets, reminders, disruptions, waitlist offers), which by mail always go and need none.
 * Mi cuenta shows it for WhatsApp (web push is turned on by subscribing the phone itself).
 */
export const CONSENT_PURPOSES = ['promociones', 'alertas_precio', 'servicio'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
/** The purposes that are marketing: their consent is asked per channel, in Mi cuenta's marketing section. */
export const MARKETING_PURPOSES = ['promociones', 'alertas_precio'] as const satisfies readonly ConsentPurpose[];

/** Messages of issue 47, spread into `validationMessages`. */
export const privacyMessages = {
  'es-PE': {
    'privacy.canal.invalid': 'Elija un canal válido',
    'privacy.finalidad.invalid': 'Elija una finalidad válida',
    'privacy.otorgado.invalid': 'Indique si acepta o retira el consentimiento',
    'privacy.version.stale': 'El texto del consentimiento cambió. Vuelva a cargar la página y léalo de nuevo.',
    'privacy.clave.required': 'Ingrese su contraseña para confirmar',
    'privacy.clave.wrong': 'La contraseña no es correcta',
    'privacy.clave.none': 'Su cuenta no tiene contraseña: confirme el cierre con un código enviado a su correo.',
    'privacy.codigo.required': 'Ingrese el código de 6 dígitos que le enviamos',
    'privacy.codigo.invalid': 'El código no es correcto o ya venció. Pida uno nuevo.',
    'whatsapp.telefono.none': 'Su cuenta no tiene un celular peruano (9 dígitos que empiezan con 9): agréguelo en Mi perfil.',
    'whatsapp.unavailable': 'Los mensajes por WhatsApp no están disponibles por ahora.',
    'incident.titulo.required': 'Escriba un título (hasta 200 caracteres)',
    'incident.descripcion.required': 'Describa qué pasó (hasta 5000 caracteres)',
    'incident.ventana.invalid': 'La ventana debe ser dos instantes ISO, el inicio antes del fin',
    'incident.datos.required': 'Elija al menos un tipo de dato: cuentas, compras, reclamos o suscripciones',
    'incident.aviso.required': 'Escriba el aviso en español y en inglés (hasta 5000 caracteres cada uno)',
    'incident.destino.invalid': "Elija a quién se comunicó: 'anpd' o 'cnsd'",
    'privacy.compra.cuenta': 'Esta compra se hizo con una cuenta: sus datos se descargan y se borran desde Mi cuenta.',
    'privacy.compra.pendiente': 'La compra aún tiene un viaje o un pago por delante: podrá borrar sus datos cuando haya terminado.',
  },
  'en-EN': {
    'privacy.canal.invalid': 'Choose a valid channel',
    'privacy.finalidad.invalid': 'Choose a valid purpose',
    'privacy.otorgado.invalid': 'Say whether you give or withdraw consent',
    'privacy.version.stale': 'The consent text has changed. Reload the page and read it again.',
    'privacy.clave.required': 'Enter your password to confirm',
    'privacy.clave.wrong': 'The password is not correct',
    'privacy.clave.none': 'Your account has no password: confirm the closing with a code sent to your e-mail.',
    'privacy.codigo.required': 'Enter the 6-digit code we sent you',
    'privacy.codigo.invalid': 'The code is not correct or has expired. Ask for a new one.',
    'whatsapp.telefono.none': 'Your account has no Peruvian mobile (9 digits starting with 9): add it in My profile.',
    'whatsapp.unavailable': 'WhatsApp messages are not available right now.',
    'incident.titulo.required': 'Write a title (up to 200 characters)',
    'incident.descripcion.required': 'Describe what happened (up to 5000 characters)',
    'incident.ventana.invalid': 'The window must be two ISO instants, the start before the end',
    'incident.datos.required': 'Choose at least one kind of data: accounts, purchases, complaints or subscriptions',
    'incident.aviso.required': 'Write the notice in Spanish and in English (up to 5000 characters each)',
    'incident.destino.invalid': "Choose whom it was reported to: 'anpd' or 'cnsd'",
    'privacy.compra.cuenta': 'This purchase was made with an account: its data are downloaded and erased from My account.',
    'privacy.compra.pendiente': 'The purchase still has a trip or a payment ahead: you can erase its data once it is over.',
  },
} as const;

/**
 * `POST /rest/user/consentimientos`: give or withdraw one consent (a channel for a purpose),
 * naming the version of the text that was shown: a stale page is refused, not recorded.
 */
export const ConsentChangeSchema = v.object({
  canal: v.picklist(CONSENT_CHANNELS, 'privacy.canal.invalid'),
  finalidad: v.picklist(CONSENT_PURPOSES, 'privacy.finalidad.invalid'),
  otorgado: v.boolean('privacy.otorgado.invalid'),
  version: v.pipe(v.string('privacy.version.stale'), v.literal(CONSENT_TEXT_VERSION, 'privacy.version.stale')),
});
export type ConsentChange = v.InferOutput<typeof ConsentChangeSchema>;

/** One row of the consent history: append-only, the latest per channel and purpose is the state. */
export const ConsentRecordAnswer = v.object({
  canal: v.picklist(CONSENT_CHANNELS),
  finalidad: v.picklist(CONSENT_PURPOSES),
  otorgado: v.boolean(),
  version: v.string(),
  /** ISO instant. */
  fecha: v.string(),
  /** Where it was given or withdrawn: Mi cuenta, the footer's subscription (its link), or closing the account. */
  origen: v.picklist(['cuenta', 'suscripcion', 'cierre']),
});
export type ConsentRecord = v.InferOutput<typeof ConsentRecordAnswer>;

/** `GET /rest/user/consentimientos`: the current state of every channel and purpose, and the history (newest first). */
export const ConsentsAnswer = v.object({
  version: v.string(),
  estado: v.array(v.object({ canal: v.picklist(CONSENT_CHANNELS), finalidad: v.picklist(CONSENT_PURPOSES), otorgado: v.boolean(), fecha: v.nullable(v.string()) })),
  historial: v.array(ConsentRecordAnswer),
});
export type Consents = v.InferOutput<typeof ConsentsAnswer>;

/** `POST /rest/user/cerrar` (the password path): the current password confirms it is the holder. */
export const CloseAccountSchema = v.object({
  clave: v.pipe(v.string('privacy.clave.required'), v.nonEmpty('privacy.clave.required'), v.maxLength(PASSWORD_MAX, 'privacy.clave.required')),
});

export const CloseAccountAnswer = v.object({ cerrada: v.literal(true) });

/** `POST /rest/user/cerrar/verificar` (the mailed-code path): the 6-digit code mailed by `POST /rest/user/cerrar/codigo`. */
export const CloseAccountCodeSchema = v.object({
  codigo: v.pipe(v.string('privacy.codigo.required'), v.trim(), v.regex(/^\d{6}$/, 'privacy.codigo.required')),
});

/**
 * Issue 48: the account's phone for WhatsApp (`GET /rest/user/whatsapp`): its last digits, and
 * whether that number was confirmed with a code sent to it by WhatsApp (nothing goes by WhatsApp
 * to a number not confirmed). The code is `POST /rest/user/whatsapp/verificar` with this schema.
 */
export const WhatsAppPhoneAnswer = v.object({
  /** The account's mobile, all but its last 3 digits hidden; null: none a WhatsApp number. */
  telefono: v.nullable(v.string()),
  confirmado: v.boolean(),
  /** WhatsApp is configured on this server (the Cloud API or its stand-in). */
  disponible: v.boolean(),
});
export type WhatsAppPhone = v.InferOutput<typeof WhatsAppPhoneAnswer>;
export const WhatsAppCodeSchema = CloseAccountCodeSchema;

/** `POST /rest/user/cerrar/codigo`: the code went to the account's address. */
export const CloseCodeSentAnswer = v.object({ enviado: v.literal(true) });

const rows = v.array(v.record(v.string(), v.unknown()));

/**
 * `GET /rest/user/datos`: every record the store holds about the signed-in customer (fields in
 * docs/privacy.md). Each list holds the tables' rows as they are, so nothing is left out by a
 * forgotten field.
 */
export const MyDataAnswer = v.object({
  generado: v.string(),
  cuenta: v.record(v.string(), v.unknown()),
  compras: rows,
  boletos_como_pasajero: rows,
  puntos: rows,
  credito: rows,
  credito_movimientos: rows,
  consentimientos: rows,
  suscripcion_promociones: v.nullable(v.record(v.string(), v.unknown())),
  avisos_push: rows,
  billeteras: rows,
  reclamaciones: rows,
  /** Issue 48: waitlist places, price alerts, the mobile confirmed for WhatsApp and the messages sent to it since. */
  lista_espera: rows,
  alertas_precio: rows,
  whatsapp: v.object({ telefono: v.nullable(v.string()), confirmado: v.nullable(v.unknown()), mensajes: rows }),
});
export type MyData = v.InferOutput<typeof MyDataAnswer>;

/** When and why a purchase's personal data were erased: the guest asked (`invitado`) or the retention period ran out (`retencion`). */
export const PurchaseErasureAnswer = v.object({ fecha: v.string(), origen: v.picklist(['invitado', 'retencion']) });

/**
 * `POST /rest/venta/datos`: a purchase's records for whoever holds its key (the purchase key, or
 * the key the recovery mail gave), as the download of Mi cuenta gives a purchase (fields in
 * docs/privacy.md); whether its personal data were erased; and whether they can be now, else why
 * not (a purchase of an account is erased from Mi cuenta; one with a trip or payment ahead, later).
 */
export const PurchaseDataAnswer = v.object({
  generado: v.string(),
  compra: v.record(v.string(), v.unknown()),
  declaraciones: rows,
  borrado: v.nullable(PurchaseErasureAnswer),
  borrable: v.boolean(),
  motivo: v.nullable(v.picklist(['privacy.compra.cuenta', 'privacy.compra.pendiente'])),
});
export type PurchaseData = v.InferOutput<typeof PurchaseDataAnswer>;

/** `POST /rest/venta/borrar`: the purchase's personal data are erased (now, or already before: the same answer). */
export const PurchaseErasedAnswer = v.object({ borrado: PurchaseErasureAnswer });

/*
 * Issue 47: security incidents, for operators (docs/incidents.md). A breach is reported within 48
 * hours to the authority (ANPD), to the national digital-security centre (CNSD) and to the people
 * affected; "who is affected" is the customers whose data of the kinds named were written in the window.
 */

/** The kinds of data an incident may have exposed: accounts' profiles, purchases (buyers and passengers), complaints-book sheets, promotion subscriptions. */
export const INCIDENT_DATA_KINDS = ['cuentas', 'compras', 'reclamos', 'suscripciones'] as const;
export type IncidentDataKind = (typeof INCIDENT_DATA_KINDS)[number];

const isoInstant = (message: 'incident.ventana.invalid') => v.pipe(v.string(message), v.isoTimestamp(message));
const longText = <M extends 'incident.descripcion.required' | 'incident.aviso.required'>(message: M) => v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(5000, message));

/** `POST /rest/operador/incidentes`: an incident's record: what happened, the window in which data were exposed, which kinds, when it was detected. */
export const IncidentSchema = v.pipe(
  v.object({
    titulo: v.pipe(v.string('incident.titulo.required'), v.trim(), v.minLength(1, 'incident.titulo.required'), v.maxLength(200, 'incident.titulo.required')),
    descripcion: longText('incident.descripcion.required'),
    desde: isoInstant('incident.ventana.invalid'),
    hasta: isoInstant('incident.ventana.invalid'),
    datos: v.pipe(v.array(v.picklist(INCIDENT_DATA_KINDS, 'incident.datos.required'), 'incident.datos.required'), v.minLength(1, 'incident.datos.required')),
    detectado: isoInstant('incident.ventana.invalid'),
  }),
  v.forward(v.check((i) => Date.parse(i.desde) < Date.parse(i.hasta), 'incident.ventana.invalid'), ['hasta']),
);
export type IncidentInput = v.InferOutput<typeof IncidentSchema>;

/** `POST /rest/operador/incidentes/:id/aviso`: the notice to every affected customer, in both languages (each gets theirs). */
export const IncidentNoticeSchema = v.object({
  asunto_es: v.pipe(v.string('incident.aviso.required'), v.trim(), v.minLength(1, 'incident.aviso.required'), v.maxLength(200, 'incident.aviso.required')),
  asunto_en: v.pipe(v.string('incident.aviso.required'), v.trim(), v.minLength(1, 'incident.aviso.required'), v.maxLength(200, 'incident.aviso.required')),
  texto_es: longText('incident.aviso.required'),
  texto_en: longText('incident.aviso.required'),
});

/** `POST /rest/operador/incidentes/:id/comunicado`: the incident was reported to the ANPD or the CNSD at `fecha`. */
export const IncidentReportSchema = v.object({
  destino: v.picklist(['anpd', 'cnsd'], 'incident.destino.invalid'),
  fecha: isoInstant('incident.ventana.invalid'),
});

/** An incident as the operator sees it: its record, its 48-hour term, what was reported and when. */
export const IncidentAnswer = v.object({
  id: v.number(),
  titulo: v.string(),
  descripcion: v.string(),
  desde: v.string(),
  hasta: v.string(),
  datos: v.array(v.picklist(INCIDENT_DATA_KINDS)),
  detectado: v.string(),
  /** `detectado` + 48 hours: when the authority, the CNSD and the people must have been told. */
  plazo: v.string(),
  registrado: v.string(),
  operador: v.string(),
  anpd_comunicado: v.nullable(v.string()),
  cnsd_comunicado: v.nullable(v.string()),
  /** Customers sent the notice so far. */
  avisados: v.number(),
});
export const IncidentsAnswer = v.array(IncidentAnswer);

/** One affected customer: the address the notice goes to, its language, and which kinds of their data were in the window. */
export const AffectedAnswer = v.object({
  total: v.number(),
  afectados: v.array(v.object({ correo: v.string(), idioma: v.picklist(['es-PE', 'en-EN']), ccuenta: v.nullable(v.number()), datos: v.array(v.picklist(INCIDENT_DATA_KINDS)) })),
});
export type Affected = v.InferOutput<typeof AffectedAnswer>;

/** The notice was queued: to how many now (an address already told is not told twice), and how many in all. */
export const IncidentNoticeAnswer = v.object({ enviados: v.number(), total: v.number() });
