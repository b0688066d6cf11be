import type { Quote, ReservationView, Ticket } from './sales.contract';

/**
 * Answers of issue 7 (after the sale), typed once for the API and the UI (mf-booking, mf-account).
 * Every answer comes wrapped as `{ data: ... }` like the rest of the API; errors are
 * `{ error: { code, message } }` with `code` one of the keys of `aftersaleMessages` (or the sales
 * ones) and `message` in the caller's language. Money in integer céntimos; instants ISO 8601.
 */

/** Answer of `POST /rest/venta/recovery`. */
export interface RecoveryAnswer {
  reserva: ReservationView;
  /**
   * A new access key (base64url, fits the purchase-key pattern): send it as `clave_bloqueo` with
   * the `codigo` to `/rest/venta/consulta`, `/rest/safetypay`, `/rest/efectivo`, `/rest/venta/pdf`,
   * `/rest/venta/boleto`, `/rest/venta/postegarBoletos`, `/rest/declaracion/*`. Stored only hashed.
   */
  acceso: string;
  /** When `acceso` stops working (RECOVERY_ACCESS_HOURS from now). */
  expira: string;
}

/** Why a ticket cannot be postponed now (an i18n key of `aftersaleMessages`), or null if it can. */
export type PostponeRefusal = 'postpone.tooLate' | 'aftersale.boleto.postergado' | 'aftersale.boleto.noPagado' | 'postpone.pending';

/** Answer of `POST /rest/venta/boleto`: one ticket with what the postponement screen needs. */
export interface PostponableTicket {
  boleto: Ticket;
  /** Payment code of the reservation the ticket belongs to. */
  codigo: string;
  /** City codes of the ticket's route, for a `/rest/viaje` search of the new trip (same route). */
  origen_codigo: string;
  destino_codigo: string;
  /** Terminals of the ticket's route, for `/rest/maqueta` of the new trip. */
  cterminal_origen: number;
  cterminal_destino: number;
  /** Whether it can be postponed now, until when (departure − POSTPONE_MIN_HOURS) and why not. */
  postergable: boolean;
  postergable_hasta: string;
  motivo: PostponeRefusal | null;
}

/**
 * Answer of `POST /rest/venta/postegarBoletos`. `emitido`: the new seat cost the same or less, the
 * new ticket is issued (and mailed) now. `pendiente`: pay `diferencia_centimos` for the
 * reservation `codigo` through `/rest/safetypay` or `/rest/efectivo` with `clave_bloqueo` =
 * `clave_nueva`; the paid notice issues the new ticket. Until `expira` the new seat stays held.
 */
export type PostponeAnswer =
  | { estado: 'emitido'; diferencia_centimos: 0; codigo: string; boleto: Ticket }
  | { estado: 'pendiente'; diferencia_centimos: number; codigo: string; expira: string };

/** A registered sworn declaration (answers of `DeclarationSchema`). */
export interface DeclarationView {
  contacto_nombre: string;
  contacto_telefono: string;
  sin_objetos_prohibidos: true;
  apto_para_viajar: true;
  datos_veraces: true;
  /** When it was registered. */
  registrada: string;
}

/** Answer of `POST /rest/declaracion/boleto` and (201) of `POST /rest/declaracion/registrar`. */
export interface DeclarationTicket {
  boleto: Ticket;
  /** Null until registered. */
  declaracion: DeclarationView | null;
  /** True while it can still be registered (not yet registered, valid ticket, before departure). */
  abierta: boolean;
  /** Why it cannot be registered (i18n key), or null. */
  motivo: 'declaration.exists' | 'declaration.tooLate' | 'aftersale.boleto.postergado' | 'aftersale.boleto.noPagado' | null;
}

/** Answer of `GET /rest/informacion/pasajes/`: the points rules in the caller's language. */
export interface PointsRules {
  /** Points earned per sol paid (rounded down), credited when the tickets are issued. */
  puntos_por_sol: number;
  /** What one point is worth when redeemed. */
  centimos_por_punto: number;
  /** Smallest redemption. */
  minimo_canje: number;
  /** Points cover at most this share of the purchase's total (100 = the whole fare). */
  maximo_pct: number;
  /** Months points stay valid; null: they do not expire while the account exists. */
  vigencia_meses: number | null;
  titulo: string;
  /** The rule as short sanitized HTML (paragraphs and a list), in the caller's language. */
  html: string;
}

/** Answer of `POST /rest/canje/asociar`: the purchase's quote with the points, and what is left. */
export interface PointsQuote extends Quote {
  /** Points the customer can still use (ledger balance − points held by pending purchases). */
  puntos_disponibles: number;
}
