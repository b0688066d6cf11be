import { addDays, limaToday, limaWallClock, SALES_CHANNEL, type Passenger, type SeatCell, type Trip } from '@rumbo/shared/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../app';
import type { Database } from '../db/client';
import { createPaymentProviders, type PaymentProviders } from '../payments';
import { decimalOf, hmacSha256Hex, sha256Hex } from '../payments/signing';
import type { SandboxOptions } from '../payments/sandbox/sandbox.routes';
import type { CulqiProvider } from '../payments/culqi';
import type { CulqiSandboxOptions, CulqiSandboxRecord } from '../payments/sandbox/culqi.sandbox';
import { pago, reserva } from '../sales/sales.tables';
import { viaje_asiento } from '../seats/seats.tables';
import { setupTestApp, type TestApp } from './app';
import { freePort } from './payment-fakes';

/** A customer's steps 1–3 through the API (inject), and paying through the sandbox, for the API tests. */
export const CHANNEL = { susuario: SALES_CHANNEL.susuario, cusuario: SALES_CHANNEL.cusuario } as const;

/** The store's origin, allowed by the sandbox app's CORS. */
export const STORE = 'http://localhost:3000';

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
  const res = await post(app, '/rest/viaje', { origen, destino, fecha: addDays(limaToday(), days), cusuario: SALES_CHANNEL.cusuario, coficina_venta: SALES_CHANNEL.coficina_venta });
  const trip = (res.json().data as Trip[])[index];
  if (!trip) throw new Error(`no trip ${origen}-${destino} in ${days} days (#${index})`);
  return trip;
}

export async function freeSeats(app: FastifyInstance, trip: Trip): Promise<SeatCell[]> {
  const map = await post(app, '/rest/maqueta', { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, ...CHANNEL });
  return (map.json().data.asientos as SeatCell[]).filter((c) => c.gobjeto_sitio === 1 && c.gestado_asiento === 83);
}

type TripKey = Pick<Trip, 'cviaje' | 'cterminal_origen' | 'cterminal_destino'>;
type SeatKey = Pick<SeatCell, 'cviaje_asiento' | 'nasiento' | 'gnivel_piso' | 'gcategoria_asiento'>;

/** The body of `/rest/asiento/bloquear`: 84 holds `seat`, 83 releases it, for the purchase `clave` (a new purchase without one). */
export function seatBody(trip: TripKey, seat: SeatKey, gestado_asiento: 83 | 84, clave?: string) {
  return {
    cviaje: trip.cviaje,
    cviaje_asiento: seat.cviaje_asiento,
    cterminal_origen: trip.cterminal_origen,
    cterminal_destino: trip.cterminal_destino,
    nasiento: seat.nasiento,
    gnivel_piso: seat.gnivel_piso,
    gcategoria_asiento: seat.gcategoria_asiento,
    gestado_asiento,
    ...CHANNEL,
    ...(clave ? { clave_bloqueo: clave } : {}),
  };
}

/** Holds `seat` for the purchase `clave` (a new purchase without one); the answer as is. */
export function hold(app: FastifyInstance, trip: Trip, seat: SeatCell, clave?: string) {
  return post(app, '/rest/asiento/bloquear', seatBody(trip, seat, 84, clave));
}

/** Holds `count` free seats of each trip under one purchase key (no passengers yet). */
export async function holdSeats(app: FastifyInstance, trips: Trip[], count = 1) {
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
  return { clave: clave!, seats };
}

/** Holds `count` free seats of each trip under one purchase key and ties each to a passenger. */
export async function heldPurchase(app: FastifyInstance, trips: Trip[], count = 1, passengers: Passenger[] = []) {
  const { clave, seats } = await holdSeats(app, trips, count);
  for (const [i, seat] of seats.entries()) {
    const pasajero = passengers[i % Math.max(passengers.length, 1)] ?? { ...ADULT, numero: String(40_000_000 + i) };
    const res = await post(app, '/rest/asiento/asociar', { clave_bloqueo: clave, cviaje_asiento: seat.cviaje_asiento, pasajero });
    if (res.statusCode !== 200) throw new Error(`asociar failed: ${res.body}`);
  }
  return { clave, seats };
}

/** Holds `seat` (under `clave`, or a new purchase key) and ties it to `pasajero`; answers the key. */
export async function holdForPassenger(app: FastifyInstance, trip: Trip, seat: SeatCell, pasajero: Passenger, clave?: string): Promise<string> {
  const res = await hold(app, trip, seat, clave);
  expect(res.statusCode).toBe(200);
  const key = res.json().data.clave_bloqueo as string;
  expect((await post(app, '/rest/asiento/asociar', { clave_bloqueo: key, cviaje_asiento: seat.cviaje_asiento, pasajero })).statusCode).toBe(200);
  return key;
}

let documents = 0;
/** Holds `seat` (a new purchase key, or `clave`) and ties it to an adult of a document of its own; answers the key. */
export const holdNewPassenger = (app: FastifyInstance, trip: Trip, seat: SeatCell, clave?: string) =>
  holdForPassenger(app, trip, seat, { ...ADULT, numero: String(47_000_000 + (documents += 1)) }, clave);

/** The seats that have a price, cheapest first. */
export const byPrice = (seats: SeatCell[]) => [...seats].filter((s) => s.precio !== null).sort((a, b) => a.precio! - b.precio!);

/** The state of a seat row: 82 sold, 83 available, 84 held. */
export const seatState = async (db: Database, id: number | null) => (await db.select().from(viaje_asiento).where(eq(viaje_asiento.cviaje_asiento, id!)))[0]!.gestado_asiento;

// ------------------------------------------------------------------ the app with the payment sandbox

export interface SandboxApp extends TestApp {
  readonly providers: PaymentProviders;
  readonly sandbox: SandboxOptions;
  /** Issue 46: the Culqi adapter talking to its stand-in, the stand-in's options, and what it did. */
  readonly culqi: CulqiProvider;
  readonly culqiSandbox: CulqiSandboxOptions;
  readonly culqiRecord: CulqiSandboxRecord;
}

/**
 * setupTestApp for buying: the app listening on a free port with the payment sandbox standing in
 * for the providers (as main.ts without provider keys), the store as CORS origin, limits out of
 * the way, the clock `now`; `options` add to or replace that.
 */
export function setupSandboxApp(now: () => Date, options: Partial<AppOptions> = {}): SandboxApp {
  let port = 0;
  let providers: PaymentProviders | undefined;
  const culqiRecord: CulqiSandboxRecord = { refunds: [] };
  const api = setupTestApp(async () => {
    port = await freePort();
    const apiOrigin = `http://127.0.0.1:${port}`;
    providers = createPaymentProviders({ sandbox: true, culqiSandbox: true }, { apiOrigin, now });
    const limit = { max: 100_000, timeWindow: 60_000 };
    return {
      now,
      payments: providers,
      paymentSandbox: providers.sandbox,
      culqiSandbox: { ...providers.culqiSandbox!, record: culqiRecord },
      apiOrigin,
      corsOrigins: [STORE],
      seatRateLimit: limit,
      writeRateLimit: limit,
      lookupRateLimit: limit,
      ...options,
    };
  });
  beforeAll(() => api.app.listen({ port, host: '127.0.0.1' }));

  const started = () => {
    if (!providers) throw new Error('the payment providers are only there from beforeAll on');
    return providers;
  };
  return {
    get app() {
      return api.app;
    },
    get database() {
      return api.database;
    },
    get db() {
      return api.db;
    },
    get providers() {
      return started();
    },
    get sandbox() {
      return started().sandbox!;
    },
    get culqi() {
      return started().culqi!;
    },
    get culqiSandbox() {
      return started().culqiSandbox!;
    },
    culqiRecord,
  };
}

/** Starts a SafetyPay payment and answers its reference (what the provider echoes in its notice). */
export async function startSafetyPay(app: FastifyInstance, db: Database, codigo: string, clave: string): Promise<string> {
  const res = await post(app, '/rest/safetypay', { codigo, clave_bloqueo: clave, metodo: 'tarjeta' });
  expect(res.statusCode).toBe(200);
  const rows = await db.select().from(pago).innerJoin(reserva, eq(reserva.creserva, pago.creserva)).where(eq(reserva.codigo, codigo));
  return rows[rows.length - 1]!.pago.referencia;
}

/** Delivers a SafetyPay notification form body to the API; the answer as is. */
export function notifySafetyPay(app: FastifyInstance, body: string) {
  return app.inject({ method: 'POST', url: '/rest/safetypay/notificacion', payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

/** Pays a reservation through the SafetyPay sandbox: start, then the provider's signed "paid" notice for `total` céntimos. */
export async function payWithSafetyPay(api: SandboxApp, now: Date, codigo: string, clave: string, total: number) {
  const referencia = await startSafetyPay(api.app, api.db, codigo, clave);
  const res = await notifySafetyPay(api.app, safetyPayNotice(api.sandbox, { referencia, amount: decimalOf(total) }, now));
  expect(res.statusCode).toBe(200);
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
    RequestDateTime: limaWallClock(now),
    MerchantSalesID: fields.referencia,
    ReferenceNo: fields.referenceNo ?? String(Math.floor(Math.random() * 1e10)),
    CreationDateTime: limaWallClock(now),
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
