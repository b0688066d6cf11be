import type { Language } from '@rumbo/shared/schemas';
import { escapeHtml } from '../mail/html';
import { DATA_OFFICER } from './privacy-mail';

export { DATA_OFFICER };
import { RETENTION } from './retention';

/**
 * Issue 47: what the privacy page (`/informacion/proteccion-datos`) says about processors,
 * transfers and retention, as data: the page is rendered from it in both languages, so a new
 * processor or a changed period is one edit here (and a new `PRIVACY_POLICY`).
 */

/** The policy's version and date: shown on the page; a newer date replaces the stored page at the next start. */
export const PRIVACY_POLICY = { version: '2026-12', fecha: '2026-12-07' } as const;

type Text = Record<Language, string>;

export interface Processor {
  nombre: string;
  /** What it does with the data, and which data. */
  finalidad: Text;
  /** Where the data go (the processor's country). */
  pais: Text;
  /** When it receives anything: always, or only when the customer acts (a sign-in button, the map, a wallet). */
  cuando: Text;
}

const PERU = { 'es-PE': 'Perú', 'en-EN': 'Peru' };
const USA = { 'es-PE': 'Estados Unidos', 'en-EN': 'United States' };
const ALWAYS = { 'es-PE': 'En cada compra que se paga por este medio', 'en-EN': 'On each purchase paid this way' };

export const PROCESSORS: readonly Processor[] = [
  { nombre: 'SafetyPay', finalidad: { 'es-PE': 'Cobro con tarjeta, banca por internet o efectivo: importe, referencia de la compra, correo del comprador', 'en-EN': 'Payment by card, online banking or cash: amount, purchase reference, buyer e-mail' }, pais: USA, cuando: ALWAYS },
  { nombre: 'PagoEfectivo', finalidad: { 'es-PE': 'Código de pago (CIP) en agentes y bancos: importe, referencia, nombre y correo del comprador', 'en-EN': 'Payment code (CIP) at agents and banks: amount, reference, buyer name and e-mail' }, pais: PERU, cuando: ALWAYS },
  { nombre: 'Culqi', finalidad: { 'es-PE': 'Cobro con Yape, billeteras por QR, tarjetas y Cuotéalo, y sus devoluciones: importe, referencia, correo del comprador', 'en-EN': 'Payment with Yape, QR wallets, cards and Cuotéalo, and their refunds: amount, reference, buyer e-mail' }, pais: PERU, cuando: ALWAYS },
  { nombre: 'Google (inicio de sesión)', finalidad: { 'es-PE': 'Iniciar sesión con Google: recibimos su nombre, correo y un identificador', 'en-EN': 'Sign in with Google: we receive your name, e-mail and an identifier' }, pais: USA, cuando: { 'es-PE': 'Solo si usa el botón de Google', 'en-EN': 'Only if you use the Google button' } },
  { nombre: 'Meta (Facebook, inicio de sesión)', finalidad: { 'es-PE': 'Iniciar sesión con Facebook: recibimos su nombre, correo y un identificador', 'en-EN': 'Sign in with Facebook: we receive your name, e-mail and an identifier' }, pais: USA, cuando: { 'es-PE': 'Solo si usa el botón de Facebook', 'en-EN': 'Only if you use the Facebook button' } },
  { nombre: 'Apple Wallet', finalidad: { 'es-PE': 'Guardar el boleto en el teléfono y actualizarlo: número de boleto, pasajero, viaje', 'en-EN': 'Keep the ticket on the phone and update it: ticket number, passenger, trip' }, pais: USA, cuando: { 'es-PE': 'Solo si agrega el boleto a Apple Wallet', 'en-EN': 'Only if you add the ticket to Apple Wallet' } },
  { nombre: 'Google Wallet', finalidad: { 'es-PE': 'Guardar el boleto en el teléfono y actualizarlo: número de boleto, pasajero, viaje', 'en-EN': 'Keep the ticket on the phone and update it: ticket number, passenger, trip' }, pais: USA, cuando: { 'es-PE': 'Solo si agrega el boleto a Google Wallet', 'en-EN': 'Only if you add the ticket to Google Wallet' } },
  { nombre: 'Google, Mozilla, Apple (push)', finalidad: { 'es-PE': 'Avisos del viaje en el teléfono: el aviso va cifrado, el servicio solo ve una dirección de suscripción', 'en-EN': 'Trip notices on the phone: the notice is encrypted, the service sees only a subscription address' }, pais: USA, cuando: { 'es-PE': 'Solo si activa "Avisarme en este teléfono"', 'en-EN': 'Only if you turn on "Notify me on this phone"' } },
  { nombre: 'OpenStreetMap Foundation', finalidad: { 'es-PE': 'Mapa de agencias: su navegador pide las imágenes del mapa (su dirección IP)', 'en-EN': 'Agencies map: your browser fetches the map images (your IP address)' }, pais: { 'es-PE': 'Reino Unido', 'en-EN': 'United Kingdom' }, cuando: { 'es-PE': 'Solo al abrir el mapa de agencias', 'en-EN': 'Only when you open the agencies map' } },
  { nombre: 'SMTP', finalidad: { 'es-PE': 'Entregar los correos: boletos, comprobantes, códigos, avisos (su correo y el contenido del mensaje)', 'en-EN': 'Delivering mails: tickets, vouchers, codes, notices (your e-mail and the message)' }, pais: { 'es-PE': 'El del proveedor contratado (se lo decimos si lo pide al Oficial de Datos Personales)', 'en-EN': 'That of the contracted provider (we tell you if you ask the Data Protection Officer)' }, cuando: { 'es-PE': 'En cada correo', 'en-EN': 'On each mail' } },
  { nombre: 'SUNAT / OSE', finalidad: { 'es-PE': 'Comprobantes de pago electrónicos: tipo y número de documento, nombre del comprador, importes (obligación legal)', 'en-EN': 'Electronic vouchers: buyer document type and number, name, amounts (legal duty)' }, pais: PERU, cuando: { 'es-PE': 'En cada venta', 'en-EN': 'On each sale' } },
];

const days = (ms: number) => Math.round(ms / (24 * 60 * 60_000));

/** How long each kind of data is kept, and why (the periods of `RETENTION`; sources in docs/decisions.md). */
export const RETENTION_ROWS: readonly { dato: Text; plazo: Text }[] = [
  { dato: { 'es-PE': 'Cuenta (perfil, sesiones, consentimientos)', 'en-EN': 'Account (profile, sessions, consents)' }, plazo: { 'es-PE': 'Mientras la cuenta esté abierta; al cerrarla se borra o anonimiza, y el historial de consentimientos queda solo como prueba', 'en-EN': 'While the account is open; on closing it is erased or anonymised, the consent history kept only as proof' } },
  { dato: { 'es-PE': 'Registro sin confirmar', 'en-EN': 'Unconfirmed sign-up' }, plazo: { 'es-PE': `${days(RETENTION.unconfirmedSignUpMs)} días`, 'en-EN': `${days(RETENTION.unconfirmedSignUpMs)} days` } },
  { dato: { 'es-PE': 'Compra de invitado no pagada', 'en-EN': 'Guest purchase never paid' }, plazo: { 'es-PE': `${days(RETENTION.unpaidGuestPurchaseMs)} días después de vencer`, 'en-EN': `${days(RETENTION.unpaidGuestPurchaseMs)} days after it lapsed` } },
  { dato: { 'es-PE': 'Compra de invitado pagada (comprador y pasajeros)', 'en-EN': 'Guest purchase paid (buyer and passengers)' }, plazo: { 'es-PE': `${Math.round(days(RETENTION.paidGuestPurchaseMs) / 365)} años después del viaje; antes, si usted lo pide con la clave de su compra`, 'en-EN': `${Math.round(days(RETENTION.paidGuestPurchaseMs) / 365)} years after the trip; sooner if you ask with your purchase key` } },
  { dato: { 'es-PE': 'Comprobantes de pago electrónicos', 'en-EN': 'Electronic payment vouchers' }, plazo: { 'es-PE': 'Cinco años o el plazo de prescripción del tributo, el que sea mayor (Código Tributario, arts. 43 y 87)', 'en-EN': 'Five years or the tax prescription period, whichever is longer (Tax Code, arts. 43 and 87)' } },
  { dato: { 'es-PE': 'Hojas del Libro de Reclamaciones', 'en-EN': 'Complaints book sheets' }, plazo: { 'es-PE': 'Al menos 2 años desde su presentación (D.S. 011-2011-PCM)', 'en-EN': 'At least 2 years from filing (D.S. 011-2011-PCM)' } },
  { dato: { 'es-PE': 'Datos del pasajero para autocompletar', 'en-EN': 'Passenger details for autofill' }, plazo: { 'es-PE': `${Math.round(days(RETENTION.knownPassengerMs) / 365)} año desde que se registró`, 'en-EN': `${Math.round(days(RETENTION.knownPassengerMs) / 365)} year from its registration` } },
  { dato: { 'es-PE': 'Copia de correos enviados', 'en-EN': 'Copies of mails sent' }, plazo: { 'es-PE': `${days(RETENTION.sentMailMs)} días`, 'en-EN': `${days(RETENTION.sentMailMs)} days` } },
  { dato: { 'es-PE': 'Suscripciones de avisos en el teléfono', 'en-EN': 'Phone notification subscriptions' }, plazo: { 'es-PE': 'Hasta que las desactive; se borran al instante si el servicio del navegador dice que ya no existen', 'en-EN': "Until you turn them off; erased at once when the browser's service says they no longer exist" } },
  { dato: { 'es-PE': 'Consentimientos de promociones', 'en-EN': 'Promotion consents' }, plazo: { 'es-PE': 'Hasta que los retire (un toque en Mi cuenta o en el correo)', 'en-EN': 'Until you withdraw them (one tap in My account or in the mail)' } },
];

const HEAD = {
  'es-PE': { who: 'Proveedor', what: 'Finalidad y datos', where: 'País', when: 'Cuándo', data: 'Dato', kept: 'Plazo' },
  'en-EN': { who: 'Processor', what: 'Purpose and data', where: 'Country', when: 'When', data: 'Data', kept: 'Kept for' },
} as const;

const cell = (text: string) => `<td>${escapeHtml(text)}</td>`;

/** The processors and transfers as the page's table, in `language`. */
export function processorsTable(language: Language): string {
  const h = HEAD[language];
  const rows = PROCESSORS.map((p) => `    <tr>${cell(p.nombre)}${cell(p.finalidad[language])}${cell(p.pais[language])}${cell(p.cuando[language])}</tr>`).join('\n');
  return `<table>\n  <thead><tr><th>${h.who}</th><th>${h.what}</th><th>${h.where}</th><th>${h.when}</th></tr></thead>\n  <tbody>\n${rows}\n  </tbody>\n</table>`;
}

/** Retention per kind of data as the page's table, in `language`. */
export function retentionTable(language: Language): string {
  const h = HEAD[language];
  const rows = RETENTION_ROWS.map((r) => `    <tr>${cell(r.dato[language])}${cell(r.plazo[language])}</tr>`).join('\n');
  return `<table>\n  <thead><tr><th>${h.data}</th><th>${h.kept}</th></tr></thead>\n  <tbody>\n${rows}\n  </tbody>\n</table>`;
}

