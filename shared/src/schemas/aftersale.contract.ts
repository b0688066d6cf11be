import * as v from 'valibot';
import { QuoteAnswer, ReservationViewAnswer, TicketAnswer } from './sales.contract';

/**
 * Answers of issue 7 (after the sale), typed once for the API and the UI (mf-booking, mf-account).
 * Every answer comes wrapped as `{ data: ... }` like the rest of the API; errors are
 * `{ error: { code, message } }` with `code` one of the keys of `aftersaleMessages` (or the sales
 * ones) and `message` in the caller's language. Money in integer céntimos; instants ISO 8601.
 */

/** Answer of `POST /rest/venta/recovery`. */
export const RecoveryAnswerSchema = v.object({
  reserva: ReservationViewAnswer,
  /**
   * A new access key (base64url, fits the purchase-key pattern): send it as `clave_bloqueo` with
   * the `codigo` to `/rest/venta/consulta`, `/rest/safetypay`, `/rest/efectivo`, `/rest/venta/pdf`,
   * `/rest/venta/boleto`, `/rest/venta/postegarBoletos`, `/rest/declaracion/*`. Stored only hashed.
   */
  acceso: v.string(),
  /** When `acceso` stops working (RECOVERY_ACCESS_HOURS from now). */
  expira: v.string(),
});
export type RecoveryAnswer = v.InferOutput<typeof RecoveryAnswerSchema>;

/** Why a ticket cannot be postponed now (an i18n key of `aftersaleMessages`), or null if it can. */
export const POSTPONE_REFUSALS = ['postpone.tooLate', 'aftersale.boleto.postergado', 'aftersale.boleto.noPagado', 'postpone.pending'] as const;
export type PostponeRefusal = (typeof POSTPONE_REFUSALS)[number];

/** Answer of `POST /rest/venta/boleto`: one ticket with what the postponement screen needs. */
export const PostponableTicketAnswer = v.object({
  boleto: TicketAnswer,
  /** Payment code of the reservation the ticket belongs to. */
  codigo: v.string(),
  /** City codes of the ticket's route, for a `/rest/viaje` search of the new trip (same route). */
  origen_codigo: v.string(),
  destino_codigo: v.string(),
  /** Terminals of the ticket's route, for `/rest/maqueta` of the new trip. */
  cterminal_origen: v.number(),
  cterminal_destino: v.number(),
  /** Whether it can be postponed now, until when (departure − POSTPONE_MIN_HOURS) and why not. */
  postergable: v.boolean(),
  postergable_hasta: v.string(),
  motivo: v.nullable(v.picklist(POSTPONE_REFUSALS)),
});
export type PostponableTicket = v.InferOutput<typeof PostponableTicketAnswer>;

/**
 * Answer of `POST /rest/venta/postegarBoletos`. `emitido`: the new seat cost the same or less, the
 * new ticket is issued (and mailed) now. `pendiente`: pay `diferencia_centimos` for the
 * reservation `codigo` through `/rest/safetypay` or `/rest/efectivo` with `clave_bloqueo` =
 * `clave_nueva`; the paid notice issues the new ticket. Until `expira` the new seat stays held.
 */
export const PostponeAnswerSchema = v.variant('estado', [
  v.object({ estado: v.literal('emitido'), diferencia_centimos: v.literal(0), codigo: v.string(), boleto: TicketAnswer }),
  v.object({ estado: v.literal('pendiente'), diferencia_centimos: v.number(), codigo: v.string(), expira: v.string() }),
]);
export type PostponeAnswer = v.InferOutput<typeof PostponeAnswerSchema>;

/** A registered sworn declaration (answers of `DeclarationSchema`). */
export const DeclarationViewAnswer = v.object({
  contacto_nombre: v.string(),
  contacto_telefono: v.string(),
  sin_objetos_prohibidos: v.literal(true),
  apto_para_viajar: v.literal(true),
  datos_veraces: v.literal(true),
  /** When it was registered. */
  registrada: v.string(),
});
export type DeclarationView = v.InferOutput<typeof DeclarationViewAnswer>;

/** Answer of `POST /rest/declaracion/boleto` and (201) of `POST /rest/declaracion/registrar`. */
export const DeclarationTicketAnswer = v.object({
  boleto: TicketAnswer,
  /** Null until registered. */
  declaracion: v.nullable(DeclarationViewAnswer),
  /** True while it can still be registered (not yet registered, valid ticket, before departure). */
  abierta: v.boolean(),
  /** Why it cannot be registered (i18n key), or null. */
  motivo: v.nullable(v.picklist(['declaration.exists', 'declaration.tooLate', 'aftersale.boleto.postergado', 'aftersale.boleto.noPagado'])),
});
export type DeclarationTicket = v.InferOutput<typeof DeclarationTicketAnswer>;

/** Answer of `GET /rest/informacion/pasajes/`: the points rules in the caller's language. */
export const PointsRulesAnswer = v.object({
  /** Points earned per sol paid (rounded down), credited when the tickets are issued. */
  puntos_por_sol: v.number(),
  /** What one point is worth when redeemed. */
  centimos_por_punto: v.number(),
  /** Smallest redemption. */
  minimo_canje: v.number(),
  /** Points cover at most this share of the purchase's total (100 = the whole fare). */
  maximo_pct: v.number(),
  /** Months points stay valid; null: they do not expire while the account exists. */
  vigencia_meses: v.nullable(v.number()),
  titulo: v.string(),
  /** The rule as short sanitized HTML (paragraphs and a list), in the caller's language. */
  html: v.string(),
});
export type PointsRules = v.InferOutput<typeof PointsRulesAnswer>;

/** Answer of `POST /rest/canje/asociar`: the purchase's quote with the points, and what is left. */
export const PointsQuoteAnswer = v.object({
  ...QuoteAnswer.entries,
  /** Points the customer can still use (ledger balance − points held by pending purchases). */
  puntos_disponibles: v.number(),
});
export type PointsQuote = v.InferOutput<typeof PointsQuoteAnswer>;
