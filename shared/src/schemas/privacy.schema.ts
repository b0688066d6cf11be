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
    'privacy.clave.none': 'Su cuenta no tiene contraseña: pronto podrá cerrarla con un código enviado a su correo. Mientras tanto escriba a datos@rumboandino.pe.',
  },
  'en-EN': {
    'privacy.canal.invalid': 'Choose a valid channel',
    'privacy.finalidad.invalid': 'Choose a valid purpose',
    'privacy.otorgado.invalid': 'Say whether you give or withdraw consent',
    'privacy.version.stale': 'The consent text has changed. Reload the page and read it again.',
    'privacy.clave.required': 'Enter your password to confirm',
    'privacy.clave.wrong': 'The password is not correct',
    'privacy.clave.none': 'Your account has no password: soon you will be able to close it with a code sent to your e-mail. Meanwhile write to datos@rumboandino.pe.',
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
});
export type MyData = v.InferOutput<typeof MyDataAnswer>;
