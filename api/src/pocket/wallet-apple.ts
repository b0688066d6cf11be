import { limaTime, limaWallClock, type Language } from '@rumbo/shared/schemas';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PKPass } from 'passkit-generator';
import { OPERATOR } from '../operator';
import type { PocketLeg, PocketReservation, PocketTicket } from './pocket-view';
import { BOARDING_LEAD_MINUTES, needsTravelAuthorization } from './pocket-view';

/**
 * The Apple Wallet pass certificate (APPLE_PASS_*): the pass type's signing certificate and key
 * from Apple's developer account and Apple's WWDR intermediate certificate, all PEM.
 */
export interface ApplePassConfig {
  passTypeIdentifier: string;
  teamIdentifier: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  wwdr: string;
}

/** The pass's pictures (icons and logo; sources in wallet-images/mark.svg), copied beside the bundle by scripts/build.mjs. */
const IMAGES = ['icon.png', 'icon@2x.png', 'icon@3x.png', 'logo.png', 'logo@2x.png'];
let images: Record<string, Buffer> | undefined;
function passImages(): Record<string, Buffer> {
  images ??= Object.fromEntries(IMAGES.map((name) => [name, readFileSync(path.join(__dirname, 'wallet-images', name))]));
  return images;
}

const TEXTS = {
  'es-PE': {
    description: (leg: PocketLeg) => `Boleto de bus ${leg.origen} → ${leg.destino}`,
    date: 'Salida',
    boarding: 'Embarque',
    passenger: 'Pasajero',
    seat: 'Asiento',
    deck: 'Piso',
    ticket: 'Boleto',
    purchase: 'Compra',
    terminal: 'Terminal de embarque',
    alighting: 'Desembarque',
    bring: 'Qué llevar',
    bringValue: (minor: boolean) =>
      minor
        ? 'El documento de identidad del menor y el permiso notarial de viaje firmado por uno de sus padres (viaja sin su padre ni su madre).'
        : 'El documento de identidad indicado en el boleto. Sin él no podrá embarcar.',
    boardingValue: (time: string) => `${time} (${BOARDING_LEAD_MINUTES} min antes de la salida)`,
    relevant: (leg: PocketLeg) => `Embarque en ${leg.terminal_origen}`,
    contact: 'Central telefónica',
    notice: 'Aviso',
    delayed: (minutes: number) => `Salida retrasada ${minutes} min por el operador. Revise su correo: le explicamos sus opciones.`,
    cancelled: 'Viaje cancelado por el operador: este pase ya no vale para embarcar. Revise su correo para elegir otro viaje o el reembolso.',
    departureChanged: 'Nueva hora de salida: %@',
  },
  'en-EN': {
    description: (leg: PocketLeg) => `Bus ticket ${leg.origen} → ${leg.destino}`,
    date: 'Departure',
    boarding: 'Boarding',
    passenger: 'Passenger',
    seat: 'Seat',
    deck: 'Deck',
    ticket: 'Ticket',
    purchase: 'Purchase',
    terminal: 'Boarding terminal',
    alighting: 'Alighting',
    bring: 'What to bring',
    bringValue: (minor: boolean) =>
      minor
        ? "The minor's identity document and the notarized travel authorization signed by one of the parents (travelling with neither parent)."
        : 'The identity document shown on the ticket. Without it you cannot board.',
    boardingValue: (time: string) => `${time} (${BOARDING_LEAD_MINUTES} min before departure)`,
    relevant: (leg: PocketLeg) => `Boarding at ${leg.terminal_origen}`,
    contact: 'Call centre',
    notice: 'Notice',
    delayed: (minutes: number) => `Departure delayed ${minutes} min by the operator. Check your e-mail: it explains your options.`,
    cancelled: 'Trip cancelled by the operator: this pass is no longer valid for boarding. Check your e-mail to choose another trip or a refund.',
    departureChanged: 'New departure time: %@',
  },
} as const;

/** Where the pass's wallet registers for its updates (Apple's PassKit web service) and the pass's token there. */
export interface ApplePassService {
  /** `webServiceURL`: `{API_ORIGIN}/wallet/apple` (wallet-apple-service.ts). */
  url: string;
  /** `authenticationToken` (pocket-links `applePassToken`). */
  token: string;
}

/** The notice a disrupted trip puts on its passes, if any: what changed, in the pass's language. */
export function passNotice(leg: Pick<PocketLeg, 'retraso_min' | 'cancelado'>, language: Language): string | null {
  const t = TEXTS[language];
  if (leg.cancelado) return t.cancelled;
  return leg.retraso_min > 0 ? t.delayed(leg.retraso_min) : null;
}

/**
 * One ticket's boarding pass (`.pkpass`): bus transit type, the boarding QR (its text
 * alternative the ticket number), the trip, boarding time and terminal address, relevant from
 * the boarding time and void after arrival. Signed with the configured pass certificate. With
 * `service`, the wallet registers for updates: a delay declared later moves the departure (the
 * lock screen says the new time) and adds the notice; a cancellation voids the pass.
 */
export function applePass(
  config: ApplePassConfig,
  reservation: PocketReservation,
  leg: PocketLeg,
  ticket: PocketTicket,
  language: Language,
  link?: string,
  service?: ApplePassService,
): Buffer {
  const t = TEXTS[language];
  const pass = new PKPass(
    passImages(),
    { wwdr: config.wwdr, signerCert: config.signerCert, signerKey: config.signerKey, ...(config.signerKeyPassphrase ? { signerKeyPassphrase: config.signerKeyPassphrase } : {}) },
    {
      formatVersion: 1,
      passTypeIdentifier: config.passTypeIdentifier,
      teamIdentifier: config.teamIdentifier,
      organizationName: OPERATOR.marca,
      description: t.description(leg),
      // One pass per ticket: the ticket number is its serial.
      serialNumber: ticket.numero,
      logoText: OPERATOR.marca,
      backgroundColor: 'rgb(22, 75, 122)',
      foregroundColor: 'rgb(255, 255, 255)',
      labelColor: 'rgb(199, 220, 236)',
      sharingProhibited: true,
      ...(service ? { webServiceURL: service.url, authenticationToken: service.token } : {}),
      ...(leg.cancelado ? { voided: true } : {}),
    },
  );
  pass.type = 'boardingPass';
  pass.transitType = 'PKTransitTypeBus';
  const departure = `${limaWallClock(leg.salida)}-05:00`;
  pass.headerFields.push({
    key: 'salida',
    label: t.date,
    value: departure,
    dateStyle: 'PKDateStyleShort',
    timeStyle: 'PKDateStyleShort',
    ignoresTimeZone: true,
    changeMessage: t.departureChanged,
  });
  pass.primaryFields.push({ key: 'origen', label: leg.terminal_origen, value: leg.origen }, { key: 'destino', label: leg.terminal_destino, value: leg.destino });
  pass.secondaryFields.push(
    { key: 'pasajero', label: t.passenger, value: ticket.pasajero },
    { key: 'asiento', label: t.seat, value: String(ticket.nasiento) },
    { key: 'piso', label: t.deck, value: ticket.gnivel_piso === 16 ? '2' : '1' },
  );
  pass.auxiliaryFields.push(
    { key: 'embarque', label: t.boarding, value: limaTime(leg.embarque, language) },
    { key: 'boleto', label: t.ticket, value: ticket.numero },
  );
  const notice = passNotice(leg, language);
  // The notice first on the back; its change message makes the wallet show it on the lock screen.
  if (notice) pass.backFields.push({ key: 'aviso', label: t.notice, value: notice, changeMessage: '%@' });
  pass.backFields.push(
    { key: 'terminal', label: t.terminal, value: `${leg.terminal_origen}\n${leg.direccion_origen}, ${leg.origen}` },
    { key: 'embarque_detalle', label: t.boarding, value: t.boardingValue(limaTime(leg.embarque, language)) },
    { key: 'llevar', label: t.bring, value: t.bringValue(needsTravelAuthorization(ticket)) },
    { key: 'desembarque', label: t.alighting, value: `${leg.terminal_destino}\n${leg.direccion_destino}, ${leg.destino}` },
    { key: 'compra', label: t.purchase, value: reservation.codigo, ...(link ? { attributedValue: `<a href="${link}">${reservation.codigo}</a>` } : {}) },
    { key: 'central', label: t.contact, value: OPERATOR.central_telefonica },
  );
  pass.setBarcodes({ message: ticket.qr, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1', altText: ticket.numero });
  pass.setRelevantDate(leg.embarque);
  // A boarding pass is no use once the bus has arrived: the wallet greys it out.
  pass.setExpirationDate(leg.llegada);
  return pass.getAsBuffer();
}
