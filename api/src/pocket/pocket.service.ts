import type { AccountTrips, Language, PocketLinks } from '@rumbo/shared/schemas';
import type { Database } from '../db/client';
import { recoveryLink } from '../sales/sales-mail';
import { ticketPdfLink } from '../sales/tickets';
import { applePassLink, calendarLink, LINK_GRACE_MS, reminderOptOutLink } from './pocket-links';
import { pocketReservation, type PocketLeg, type PocketReservation } from './pocket-view';
import type { ReminderLinks } from './reminder-mail';
import type { ApplePassConfig } from './wallet-apple';
import { googleSaveLink, type GoogleWalletConfig } from './wallet-google';

/** What the pocket features need from the configuration. */
export interface PocketOptions {
  /** SESSION_SECRET: every link's key is derived from it. */
  secret: string;
  /** API_ORIGIN: the links point at the API. */
  apiOrigin: string;
  /** SITE_URL: the way back to the tickets on the site (calendar entries, wallet passes, reminders); unset: left out. */
  siteUrl?: string;
  /** APPLE_PASS_*: unset, no Apple Wallet pass (its link is null, its endpoint 404). */
  apple?: ApplePassConfig;
  /** GOOGLE_WALLET_*: unset, no Google Wallet link. */
  google?: GoogleWalletConfig;
}

/** When the last trip of the purchase arrives: its links work until a little after. */
export const lastArrival = (reservation: PocketReservation) => new Date(Math.max(...reservation.legs.map((leg) => leg.llegada.getTime()), 0));

/** The links of a purchase's pocket: calendar, wallets, the way back, the reminders' opt-out. */
export function pocketOf(options: PocketOptions) {
  const { secret, apiOrigin } = options;

  const siteLink = (codigo: string) => (options.siteUrl ? recoveryLink(options.siteUrl, codigo) : undefined);

  async function walletLinks(reservation: PocketReservation, leg: PocketLeg, language: Language) {
    const link = siteLink(reservation.codigo);
    return Promise.all(
      leg.boletos.map(async (ticket) => ({
        numero: ticket.numero,
        apple: options.apple ? applePassLink(secret, apiOrigin, ticket.numero, leg.llegada, language) : null,
        google: options.google ? await googleSaveLink(options.google, reservation, leg, ticket, language, link) : null,
      })),
    );
  }

  return {
    siteLink,

    /** `POST /rest/venta/bolsillo`. */
    async links(reservation: PocketReservation, language: Language): Promise<PocketLinks> {
      const boletos = (await Promise.all(reservation.legs.map((leg) => walletLinks(reservation, leg, language)))).flat();
      return { calendario: calendarLink(secret, apiOrigin, reservation.codigo, lastArrival(reservation), language), boletos };
    },

    /** My trips: each upcoming valid ticket's calendar and wallet links (`AccountTrip.bolsillo`), read once per purchase. */
    async decorateTrips(db: Database, trips: AccountTrips, language: Language): Promise<AccountTrips> {
      const codes = new Set(trips.proximos.filter((trip) => trip.estado === 'emitido').map((trip) => trip.numero.split('-')[0]!));
      const byTicket = new Map<string, { calendario: string; apple: string | null; google: string | null }>();
      for (const codigo of codes) {
        const reservation = await pocketReservation(db, codigo);
        if (!reservation) continue;
        const links = await this.links(reservation, language);
        for (const ticket of links.boletos) byTicket.set(ticket.numero, { calendario: links.calendario, apple: ticket.apple, google: ticket.google });
      }
      const withLinks = (list: AccountTrips['proximos']) =>
        list.map((trip) => {
          const bolsillo = byTicket.get(trip.numero);
          return bolsillo ? { ...trip, bolsillo } : trip;
        });
      return { proximos: withLinks(trips.proximos), pasados: trips.pasados };
    },

    /** A reminder's links: they work until a little after the trip. */
    async reminderLinks(reservation: PocketReservation, leg: PocketLeg, now: Date): Promise<ReminderLinks> {
      const until = lastArrival(reservation);
      const wallets = await walletLinks(reservation, leg, reservation.idioma);
      const page = siteLink(reservation.codigo);
      return {
        ...(page ? { page } : {}),
        pdf: ticketPdfLink(secret, apiOrigin, reservation.codigo, now, new Date(until.getTime() + LINK_GRACE_MS)),
        calendar: calendarLink(secret, apiOrigin, reservation.codigo, until, reservation.idioma),
        apple: new Map(wallets.flatMap((w) => (w.apple ? [[w.numero, w.apple] as const] : []))),
        google: new Map(wallets.flatMap((w) => (w.google ? [[w.numero, w.google] as const] : []))),
        optOut: reminderOptOutLink(secret, apiOrigin, reservation.codigo, until),
      };
    },
  };
}

export type Pocket = ReturnType<typeof pocketOf>;
