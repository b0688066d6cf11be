import { addDays, limaToday, type Passenger, type SeatCell, type Trip } from '@rumbo/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { hmacSha256Hex, limaDateTime, sha256Hex } from '../payments/signing';
import type { SandboxOptions } from '../payments/sandbox/sandbox.routes';

/** A customer's steps 1–3 through the API (inject), for the sales tests and the bench. */
export const CHANNEL = { susuario: 'TVIRT', cusuario: 50005 } as const;

export const ADULT: Passenger = {
  ctipo_documento: 19,
  numero: '45678912',
  nombres: 'Rosa',
  paterno: 'Quispe',
  materno: 'Mamani',
  email: 'rosa@example.pe',
  celular: '987654321',
  genero: 'F',
  nacimiento: '1990-05-04',
};

export const BUYER = { nombre: 'Rosa Quispe', email: 'rosa@example.pe', comprobante: 'boleta' as const };

export function post(app: FastifyInstance, url: string, payload: object, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload, headers: { 'accept-language': 'es-PE', origin: 'http://localhost:3000', ...headers } });
}

/** A departure `days` ahead between two cities (IATA-like codes), the n-th of the day. */
export async function findTrip(app: FastifyInstance, origen: string, destino: string, days = 5, index = 0): Promise<Trip> {
  const res = await post(app, '/rest/viaje', { origen, destino, fecha: addDays(limaToday(), days), cusuario: 50005, coficina_venta: 577 });
  const trip = (res.json().data as Trip[])[index];
  if (!trip) throw new Error(`no trip ${origen}-${destino} in ${days} days (#${index})`);
  return trip;
}

export async function freeSeats(app: FastifyInstance, trip: Trip): Promise<SeatCell[]> {
  const map = await post(app, '/rest/maqueta', { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, ...CHANNEL });
  return (map.json().data.asientos as SeatCell[]).filter((c) => c.gobjeto_sitio === 1 && c.gestado_asiento === 83);
}

/** Holds `seat` for the purchase `clave` (a new purchase without one); the answer as is. */
export function hold(app: FastifyInstance, trip: Trip, seat: SeatCell, clave?: string) {
  return post(app, '/rest/asiento/bloquear', {
    cviaje: trip.cviaje,
    cviaje_asiento: seat.cviaje_asiento,
    cterminal_origen: trip.cterminal_origen,
    cterminal_destino: trip.cterminal_destino,
    nasiento: seat.nasiento,
    gnivel_piso: seat.gnivel_piso,
    gcategoria_asiento: seat.gcategoria_asiento,
    gestado_asiento: 84,
    ...CHANNEL,
    ...(clave ? { clave_bloqueo: clave } : {}),
  });
}

/** Holds `count` free seats of each trip under one purchase key and ties each to a passenger. */
export async function heldPurchase(app: FastifyInstance, trips: Trip[], count = 1, passengers: Passenger[] = []) {
  let clave: string | undefined;
  const seats: SeatCell[] = [];
  for (const trip of trips) {
    const free = (await freeSeats(app, trip)).slice(0, count);
    for (const seat of free) {
      const res = await hold(app, trip, seat, clave);
      if (res.statusCode !== 200) throw new Error(`hold failed: ${res.body}`);
      clave = res.json().data.clave_bloqueo;
      seats.push(seat);
    }
  }
  for (const [i, seat] of seats.entries()) {
    const pasajero = passengers[i % Math.max(passengers.length, 1)] ?? { ...ADULT, numero: String(40_000_000 + i) };
    const res = await post(app, '/rest/asiento/asociar', { clave_bloqueo: clave, cviaje_asiento: seat.cviaje_asiento, pasajero });
    if (res.statusCode !== 200) throw new Error(`asociar failed: ${res.body}`);
  }
  return { clave: clave!, seats };
}

// ------------------------------------------------------------------ provider notices, signed like the providers

export interface SafetyPayNoticeFields {
  referencia: string;
  amount: string;
  /** 102 paid, 103 declined, 104 expired; others (101 pending) are not acted upon. */
  status?: string;
  referenceNo?: string;
  currency?: string;
}

/** A SafetyPay notification form body signed with the sandbox's keys (or `signatureKey`). */
export function safetyPayNotice(sandbox: SandboxOptions, fields: SafetyPayNoticeFields, now: Date, signatureKey = sandbox.safetypay.signatureKey): string {
  const form: Record<string, string> = {
    ApiKey: sandbox.safetypay.apiKey,
    RequestDateTime: limaDateTime(now),
    MerchantSalesID: fields.referencia,
    ReferenceNo: fields.referenceNo ?? String(Math.floor(Math.random() * 1e10)),
    CreationDateTime: limaDateTime(now),
    Amount: fields.amount,
    CurrencyID: fields.currency ?? 'PEN',
    PaymentReferenceNo: '12345678',
    Status: fields.status ?? '102',
  };
  form.Signature = sha256Hex(
    form.RequestDateTime! + form.MerchantSalesID! + form.ReferenceNo! + form.CreationDateTime! + form.Amount! + form.CurrencyID! + form.PaymentReferenceNo! + form.Status! + signatureKey,
  );
  return new URLSearchParams(form).toString();
}

/** A PagoEfectivo `cip.paid` notice and its PE-Signature. */
export function cipPaidNotice(sandbox: SandboxOptions, fields: { referencia: string; amount: number; operationNumber: string; cip: string }) {
  const body = JSON.stringify({
    eventType: 'cip.paid',
    operationNumber: fields.operationNumber,
    data: { cip: Number(fields.cip), currency: 'PEN', amount: fields.amount, paymentDate: '2026-01-01T10:00:00-05:00', transactionCode: fields.referencia },
  });
  return { body, signature: hmacSha256Hex(body, sandbox.pagoefectivo.secretKey) };
}
