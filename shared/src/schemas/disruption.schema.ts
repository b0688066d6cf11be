import * as v from 'valibot';
import { TICKET_NUMBER_PATTERN } from './aftersale.schema';
import { purchaseKey, reservationCode } from './sales.contract';
import { PassengerSchema } from './sales.schema';
import { TicketAnswer, TripAnswerOf } from './disruption.parts';
import { xmlText } from './xml-text';

/**
 * Issue 35, when plans change: an operator's disruption (a delay or a cancellation of a trip or of
 * one stretch of it) and what the holder of an affected ticket may then choose through the signed
 * link mailed to them: a free rebooking on another trip of the same stretch, or a refund (to the
 * original payment, or as travel credit with the operator's bonus).
 */

/** DECISIONS.md, third round: the terms' defaults (each configurable by the operator, api/src/config.ts). */
export const DISRUPTION_RIGHT_DELAY_MIN = 120;
export const REBOOK_WITHIN_DAYS = 30;
export const DISRUPTION_KINDS = ['retraso', 'cancelacion'] as const;
export type DisruptionKind = (typeof DISRUPTION_KINDS)[number];

const positiveId = v.pipe(v.number('request.invalid'), v.integer('request.invalid'), v.minValue(1, 'request.invalid'));
const reason = (message: 'disruption.motivo_es.required' | 'disruption.motivo_en.required') =>
  v.pipe(v.string(message), v.trim(), v.minLength(3, message), v.maxLength(300, message), xmlText());

/**
 * `POST /rest/operador/incidencia`: declare a disruption on trip `cviaje`, over the stretch between
 * two terminals of its route (the whole route without them). A delay needs its minutes (the new
 * time is the old one plus them); the reason is given in both languages.
 */
export const DisruptionSchema = v.pipe(
  v.object({
    cviaje: positiveId,
    cterminal_origen: v.optional(positiveId),
    cterminal_destino: v.optional(positiveId),
    tipo: v.picklist(DISRUPTION_KINDS, 'disruption.tipo.invalid'),
    minutos: v.optional(v.pipe(v.number('disruption.minutos.range'), v.integer('disruption.minutos.range'), v.minValue(1, 'disruption.minutos.range'), v.maxValue(2880, 'disruption.minutos.range'))),
    motivo_es: reason('disruption.motivo_es.required'),
    motivo_en: reason('disruption.motivo_en.required'),
  }),
  v.check((body) => (body.cterminal_origen === undefined) === (body.cterminal_destino === undefined), 'disruption.tramo.invalid'),
  v.check((body) => body.tipo !== 'retraso' || body.minutos !== undefined, 'disruption.minutos.range'),
);
export type DisruptionRequest = v.InferInput<typeof DisruptionSchema>;

export const DisruptionAnswer = v.object({
  cincidencia: v.number(),
  cviaje: v.number(),
  tipo: v.picklist(DISRUPTION_KINDS),
  minutos: v.number(),
  revision: v.number(),
  /** Whether this declaration changed anything (false: the same was already declared). */
  nueva: v.boolean(),
  /** Tickets affected, and holders told by this declaration (0 when repeated). */
  boletos: v.number(),
  avisos: v.number(),
  /** Whether holders may rebook or be refunded (a cancellation, or a delay over DISRUPTION_RIGHT_DELAY_MIN). */
  derecho: v.boolean(),
});
export type Disruption = v.InferOutput<typeof DisruptionAnswer>;

/** The signed per-ticket token of the mailed link (api/src/disruptions/links.ts). */
const linkToken = v.pipe(v.string('disruption.link.invalid'), v.trim(), v.minLength(20, 'disruption.link.invalid'), v.maxLength(400, 'disruption.link.invalid'));
const ticketNumber = v.pipe(v.string('aftersale.numero.invalid'), v.trim(), v.toUpperCase(), v.regex(TICKET_NUMBER_PATTERN, 'aftersale.numero.invalid'));

/** `POST /rest/incidencia/boleto`: the affected ticket the link names, and its choices. */
export const DisruptionTicketSchema = v.object({ numero: ticketNumber, token: linkToken });

/** `POST /rest/incidencia/reprogramar`: rebook, free, on trip `cviaje` (one the choice lists). */
export const RebookSchema = v.object({ numero: ticketNumber, token: linkToken, cviaje: positiveId });

export const REFUND_TARGETS = ['original', 'credito'] as const;
/** `POST /rest/incidencia/reembolso`: a refund to the original payment, or as travel credit. */
export const DisruptionRefundSchema = v.object({ numero: ticketNumber, token: linkToken, destino: v.picklist(REFUND_TARGETS, 'disruption.destino.invalid') });

export const CHOICE_KINDS = ['reprogramacion', 'reembolso', 'credito', 'anulacion', 'transferencia'] as const;

/** What was chosen (or changed) for a ticket, once. */
export const ChoiceAnswer = v.object({
  tipo: v.picklist(CHOICE_KINDS),
  /** The new ticket (a rebooking, a transfer). */
  boleto_nuevo: v.nullable(TicketAnswer),
  /** Money refunded or credit issued, in céntimos (0 for a rebooking). */
  monto_centimos: v.number(),
  /** Refund: where it stands with the provider ('pendiente' until it answers). */
  reembolso: v.nullable(v.picklist(['pendiente', 'hecho', 'fallido'])),
  /** Credit: until when it can be spent (ISO). */
  credito_vence: v.nullable(v.string()),
  creado: v.string(),
});
export type Choice = v.InferOutput<typeof ChoiceAnswer>;

export const DisruptionTicketAnswer = v.object({
  boleto: TicketAnswer,
  codigo: v.string(),
  incidencia: v.object({
    tipo: v.picklist(DISRUPTION_KINDS),
    minutos: v.number(),
    /** The reason in the caller's language. */
    motivo: v.string(),
    /** The ticket's departure from its boarding stop as it stands now (ISO). */
    salida: v.string(),
  }),
  /** Whether the holder may rebook or be refunded, and until when (ISO; the link's expiry). */
  derecho: v.boolean(),
  hasta: v.string(),
  /** The travel credit bonus (percent) the operator adds to a refund taken as credit. */
  bono_credito_pct: v.number(),
  /** The amount a refund would give back, in céntimos. */
  reembolso_centimos: v.number(),
  /** Issue 46: whether the refund goes back by the payment's rail at once (else credit, or a transfer the operator pays). Optional: older answers lack it. */
  reembolso_por_api: v.optional(v.boolean()),
  /** Trips of the same stretch within REBOOK_WITHIN_DAYS with free seats (empty without the right or once chosen). */
  viajes: v.array(TripAnswerOf),
  eleccion: v.nullable(ChoiceAnswer),
});
export type DisruptionTicket = v.InferOutput<typeof DisruptionTicketAnswer>;

// ------------------------------------------------------------------ travel credit

/**
 * `POST /rest/credito/pagar` (step 3): pays a pending reservation in full with travel credit. The
 * credit is the signed-in customer's, or, for a guest, the credit of an earlier purchase proven by
 * its code and key (`origen`: its purchase key or a recovery key).
 */
export const CreditPaySchema = v.object({
  codigo: reservationCode,
  clave_bloqueo: purchaseKey,
  origen: v.optional(v.object({ codigo: reservationCode, clave_bloqueo: purchaseKey })),
});

/**
 * `POST /rest/credito/aplicar`: puts up to `monto_centimos` of travel credit on a pending
 * reservation as part of its payment (0 takes it off); the rest is paid through a provider. Whose
 * credit: as `CreditPaySchema`.
 */
export const CreditApplySchema = v.object({
  ...CreditPaySchema.entries,
  monto_centimos: v.pipe(v.number('credit.monto.invalid'), v.integer('credit.monto.invalid'), v.minValue(0, 'credit.monto.invalid'), v.maxValue(100_000_000, 'credit.monto.invalid')),
});

/** What a reservation holds of travel credit, what is left to pay through a provider, and the credit still free. */
export const CreditAppliedAnswer = v.object({
  credito_centimos: v.number(),
  por_pagar_centimos: v.number(),
  disponible_centimos: v.number(),
});
export type CreditApplied = v.InferOutput<typeof CreditAppliedAnswer>;

/** `POST /rest/credito/compra`: a guest purchase's own travel credit, proven by its code and key (its purchase key or a recovery key). */
export const PurchaseCreditSchema = v.object({ codigo: reservationCode, clave_bloqueo: purchaseKey });

/** A holder's travel credit: what can be spent now, and every movement (newest first). */
export const CreditAnswer = v.object({
  disponible_centimos: v.number(),
  movimientos: v.array(
    v.object({
      fecha: v.string(),
      monto_centimos: v.number(),
      concepto: v.picklist(['emision', 'canje']),
      /** The ticket the credit came from. */
      origen: v.string(),
      vence: v.string(),
    }),
  ),
});
export type Credit = v.InferOutput<typeof CreditAnswer>;

// ------------------------------------------------------------------ changes a customer makes alone

/** Who acts on a ticket: the buyer's session (neither field), or the purchase's code and key (a guest, or the recovery page's key). */
const changeAccess = { numero: ticketNumber, codigo: v.optional(reservationCode), clave_bloqueo: v.optional(purchaseKey) };
const accessBothOrNeither = <T extends { codigo?: string | undefined; clave_bloqueo?: string | undefined }>() =>
  v.check<T, 'aftersale.acceso.required'>((body) => (body.codigo === undefined) === (body.clave_bloqueo === undefined), 'aftersale.acceso.required');

/** `POST /rest/venta/cambios`: what cancelling or transferring the ticket would do now (limits and fees, before confirming). */
const ChangesObject = v.object(changeAccess);
export const TicketChangesSchema = v.pipe(ChangesObject, accessBothOrNeither<v.InferOutput<typeof ChangesObject>>());

/** `POST /rest/venta/anular`: cancel the ticket for a refund to the payment (less the fee) or travel credit (the full price). */
const CancelObject = v.object({ ...changeAccess, destino: v.picklist(REFUND_TARGETS, 'disruption.destino.invalid') });
export const CancelTicketSchema = v.pipe(CancelObject, accessBothOrNeither<v.InferOutput<typeof CancelObject>>());

/** `POST /rest/venta/transferir`: the ticket in another passenger's name (a new ticket and QR; the old one stops being valid). */
const TransferObject = v.object({ ...changeAccess, pasajero: PassengerSchema });
export const TransferTicketSchema = v.pipe(TransferObject, accessBothOrNeither<v.InferOutput<typeof TransferObject>>());

export const CHANGE_REFUSALS = ['change.tooLate', 'change.notValid', 'change.minor', 'change.disrupted'] as const;

export const TicketChangesAnswer = v.object({
  boleto: TicketAnswer,
  anulable: v.boolean(),
  /** Until when it may be cancelled (ISO), and what it gives: money (price less the fee) or credit (the full price). */
  anulable_hasta: v.string(),
  reembolso_centimos: v.number(),
  /** Issue 46: whether the refund goes back by the payment's rail at once (else credit, or a transfer the operator pays). */
  reembolso_por_api: v.optional(v.boolean()),
  cargo_centimos: v.number(),
  credito_centimos: v.number(),
  credito_meses: v.number(),
  transferible: v.boolean(),
  transferible_hasta: v.string(),
  /** Why neither can be done, if so. */
  motivo: v.nullable(v.picklist(CHANGE_REFUSALS)),
});
export type TicketChanges = v.InferOutput<typeof TicketChangesAnswer>;

/** `POST /rest/operador/abordaje`: a boarding scanner's QR text. */
export const BoardingSchema = v.object({ qr: v.pipe(v.string('request.invalid'), v.trim(), v.minLength(10, 'request.invalid'), v.maxLength(300, 'request.invalid')) });
export const BoardingAnswer = v.object({ valido: v.boolean(), numero: v.nullable(v.string()) });

// ------------------------------------------------------------------ refunds the operator follows

export const REFUND_STATES = ['pendiente', 'hecho', 'fallido', 'revision'] as const;

/** `GET /rest/operador/reembolsos?estado=`: refunds by state (by default those not done: pending, being retried, or the operator's to settle). */
export const OperatorRefundsQuery = v.object({ estado: v.optional(v.picklist([...REFUND_STATES, 'atencion'], 'request.invalid')) });

export const OperatorRefundsAnswer = v.array(
  v.object({
    creembolso: v.number(),
    numero: v.string(),
    proveedor: v.string(),
    monto_centimos: v.number(),
    /** 'fallido': retried by the periodic job with the same key until `proximo`; 'revision': refused, or the tries ran out. */
    estado: v.picklist(REFUND_STATES),
    intentos: v.number(),
    respuesta: v.nullable(v.string()),
    operacion: v.nullable(v.string()),
    proximo: v.nullable(v.string()),
    creado: v.string(),
  }),
);
export type OperatorRefunds = v.InferOutput<typeof OperatorRefundsAnswer>;
