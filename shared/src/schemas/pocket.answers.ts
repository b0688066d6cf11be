import * as v from 'valibot';

/** One ticket's wallet links; null where that wallet is not configured (the button is not shown). */
export const TicketWalletLinks = v.object({
  numero: v.string(),
  /** The signed link to the ticket's Apple Wallet pass (`.pkpass`). */
  apple: v.nullable(v.string()),
  /** Google Wallet's "save" link (a JWT signed with the operator's service key). */
  google: v.nullable(v.string()),
});

/** `POST /rest/venta/bolsillo`: where a paid purchase's tickets go beyond the page. */
export const PocketLinksAnswer = v.object({
  /** The signed link to the purchase's trips as an `.ics` file. */
  calendario: v.string(),
  boletos: v.array(TicketWalletLinks),
});

/** The same for one ticket of my trips (`AccountTrip.bolsillo`). */
export const TripPocketLinks = v.object({
  calendario: v.string(),
  apple: v.nullable(v.string()),
  google: v.nullable(v.string()),
});
export type PocketLinks = v.InferOutput<typeof PocketLinksAnswer>;
export type TripPocket = v.InferOutput<typeof TripPocketLinks>;
export type TicketWallets = v.InferOutput<typeof TicketWalletLinks>;
