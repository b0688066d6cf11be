import type { CargoEstimate } from '@rumbo/shared/contract';
import {
  CARGO_PRICING,
  type CargoEstimateInput,
  type PlaceRef,
  type ShipmentState,
  type Tracking,
  type TrackingQuery,
} from '@rumbo/shared/schemas';
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, min } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { agencia } from '../agencies/agencies.tables';
import { ciudad } from '../cities/cities.tables';
import type { Database } from '../db/client';
import { InvalidInputError, NotFoundError } from '../errors';
import { ruta, terminal } from '../trips/trips.tables';
import { encomienda, encomienda_evento } from './cargo.tables';


const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A new shipment's tracking code in the public format (two letters and eight digits, `QK48213907`),
 * every character from a cryptographic source, so a code says nothing about the others (issue 15:
 * sequential codes let anyone walk through every shipment).
 *
 * Issue 32 item 11: with a fixed `RA` the space was 10^8: among, say, 10,000 shipments on record,
 * one address at the look-up limit (30 a minute) found one every 10,000 tries, under 6 hours.
 * Drawing the letters too widens it 676 times (6.76 × 10^10) with nothing new for the customer to
 * read or type: the same address then needs 6.76 million tries per hit, about 156 days. The format the tracking form checks (`TRACKING_CODE`) is unchanged, and the codes
 * already given (`RA…`) keep working. Binding tracking to a second fact was not chosen: the
 * customer would have to type the sender's document on every look-up; a shipment that needs more
 * than its code still asks for the receiver's document (`pide_documento`).
 */
export function newTrackingCode(): string {
  return `${LETTERS[randomInt(26)]}${LETTERS[randomInt(26)]}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** Each word keeps its first letter: `María Quispe` → `M**** Q*****`. */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) => {
      const [first = '', ...rest] = Array.from(word);
      return first + '*'.repeat(rest.length);
    })
    .join(' ');
}

async function places(db: Database, codes: number[]): Promise<Map<number, PlaceRef>> {
  if (!codes.length) return new Map();
  const rows = await db
    .select({ cagencia: agencia.cagencia, nombre: agencia.nombre, ciudad: ciudad.nombre })
    .from(agencia)
    .innerJoin(ciudad, eq(ciudad.cciudad, agencia.cciudad))
    .where(inArray(agencia.cagencia, codes));
  return new Map(rows.map((row) => [row.cagencia, row]));
}

export async function trackShipment(db: Database, query: TrackingQuery): Promise<Tracking> {
  const [shipment] = await db.select().from(encomienda).where(eq(encomienda.codigo, query.codigo));
  if (!shipment) throw new NotFoundError('cargo.codigo.notFound');
  if (shipment.pide_documento) {
    if (!query.documento) throw new InvalidInputError('cargo.documento.required', 'documento');
    if (query.documento !== shipment.documento_destinatario) throw new InvalidInputError('cargo.documento.mismatch', 'documento');
  }
  const events = await db
    .select()
    .from(encomienda_evento)
    .where(eq(encomienda_evento.codigo, shipment.codigo))
    .orderBy(asc(encomienda_evento.orden));
  const codes = [shipment.cagencia_origen, shipment.cagencia_destino, ...events.flatMap((e) => (e.cagencia ? [e.cagencia] : []))];
  const byCode = await places(db, [...new Set(codes)]);
  const place = (code: number) => byCode.get(code)!; // foreign keys: every agency exists
  return {
    codigo: shipment.codigo,
    estado: (events.at(-1)?.estado ?? 'recibido') as ShipmentState,
    origen: place(shipment.cagencia_origen),
    destino: place(shipment.cagencia_destino),
    remitente: maskName(shipment.remitente),
    destinatario: maskName(shipment.destinatario),
    paquetes: shipment.paquetes,
    peso_kg: shipment.peso_kg,
    registrado: shipment.registrado.toISOString(),
    eventos: events.map((e) => ({
      estado: e.estado as ShipmentState,
      fecha: e.fecha.toISOString(),
      agencia: e.cagencia ? place(e.cagencia) : null,
    })),
  };
}

export function cargoPrice(peso: number, horas: number): number {
  const { base, perKg, perKgHour, minimum } = CARGO_PRICING;
  const raw = base + peso * (perKg + perKgHour * horas);
  return Math.max(minimum, Math.round(raw * 10) / 10);
}

/** The estimate for a parcel on the network's direct route between two cities (the fastest one). */
export async function estimateCargo(db: Database, input: CargoEstimateInput): Promise<CargoEstimate> {
  const from = alias(terminal, 'desde');
  const to = alias(terminal, 'hasta');
  const fromCity = alias(ciudad, 'ciudad_desde');
  const toCity = alias(ciudad, 'ciudad_hasta');
  const [row] = await db
    .select({ minutos: min(ruta.duracion_min) })
    .from(ruta)
    .innerJoin(from, eq(from.cterminal, ruta.cterminal_origen))
    .innerJoin(to, eq(to.cterminal, ruta.cterminal_destino))
    .innerJoin(fromCity, eq(fromCity.cciudad, from.cciudad))
    .innerJoin(toCity, eq(toCity.cciudad, to.cciudad))
    .where(and(eq(fromCity.codigo, input.origen), eq(toCity.codigo, input.destino)));
  if (!row?.minutos) throw new InvalidInputError('cargo.noService', 'destino');
  const horas = Math.round((row.minutos / 60) * 10) / 10;
  return { origen: input.origen, destino: input.destino, peso: input.peso, horas, precio: cargoPrice(input.peso, horas), moneda: 'PEN' };
}
