import { clock } from '@rumbo/shared/clock';
import { TZDate } from '@date-fns/tz';
import { LIMA_TIME_ZONE } from '@rumbo/shared/schemas';
import { addDays, format } from 'date-fns';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { promocion } from './promotions.tables';

const day = (now: Date, offset: number) => format(addDays(new TZDate(now, LIMA_TIME_ZONE), offset), 'yyyy-MM-dd');

/**
 * The campaigns. Their validity is set relative to the day the server starts, so a demo
 * database always has current promotions (and one that has just ended, which is not listed).
 */
export function promotionSeeds(now: Date) {
  return [
    {
      cpromocion: 1, cupon: 'CUSCO20', descuento: 20, desde: day(now, -7), hasta: day(now, 45), cciudad: 2,
      cciudad_origen: 4, categorias: [180], dias_salida: [], min_pasajes: 1, max_pasajes: null,
      titulo_es: '20 % de descuento a Cusco', titulo_en: '20% off to Cusco',
      descripcion_es: 'Viaja de Lima a Cusco en clase VIP cama con 20 % de descuento.',
      descripcion_en: 'Travel from Lima to Cusco in VIP bed class with 20% off.',
      condiciones_es: 'Válido en compras en línea, solo para los asientos VIP cama 180° de los viajes de Lima a Cusco, sujeto a disponibilidad. Un cupón por compra.',
      condiciones_en: 'Valid for online purchases, only for the VIP bed 180° seats of trips from Lima to Cusco, subject to availability. One coupon per purchase.',
    },
    {
      cpromocion: 2, cupon: 'NORTE15', descuento: 15, desde: day(now, -3), hasta: day(now, 30), cciudad: 5,
      cciudad_origen: null, categorias: [], dias_salida: [1, 2, 3, 4], min_pasajes: 1, max_pasajes: 5,
      titulo_es: 'Playas del norte: 15 % a Tumbes', titulo_en: 'Northern beaches: 15% to Tumbes',
      descripcion_es: 'Escápate al sol del norte con 15 % de descuento en tu pasaje a Tumbes.',
      descripcion_en: 'Escape to the northern sun with 15% off your ticket to Tumbes.',
      condiciones_es: 'Válido en todas las clases para los viajes a Tumbes que salen de lunes a jueves. Máximo 5 pasajes por compra, contando ida y vuelta.',
      condiciones_en: 'Valid in every class for trips to Tumbes leaving from Monday to Thursday. At most 5 tickets per purchase, outbound and return counted.',
    },
    {
      cpromocion: 3, cupon: 'AMIGOS10', descuento: 10, desde: day(now, -20), hasta: day(now, 60), cciudad: null,
      cciudad_origen: null, categorias: [], dias_salida: [], min_pasajes: 3, max_pasajes: null,
      titulo_es: 'Viaja en grupo: 10 % para todos', titulo_en: 'Travel as a group: 10% for everyone',
      descripcion_es: 'Compra 3 o más pasajes del mismo viaje y cada uno tiene 10 % de descuento.',
      descripcion_en: 'Buy 3 or more tickets on the same trip and each one gets 10% off.',
      condiciones_es: 'Válido en todas las rutas y clases desde 3 pasajes del mismo viaje en una sola compra en línea. En ida y vuelta, se descuenta cada tramo que tenga 3 o más pasajes.',
      condiciones_en: 'Valid on every route and class from 3 tickets on the same trip in one online purchase. On a round trip, each leg with 3 or more tickets is discounted.',
    },
    {
      cpromocion: 4, cupon: 'AREQUIPA12', descuento: 12, desde: day(now, -40), hasta: day(now, -1), cciudad: 1,
      cciudad_origen: 4, categorias: [], dias_salida: [], min_pasajes: 1, max_pasajes: null,
      titulo_es: 'Arequipa en temporada baja', titulo_en: 'Arequipa in low season',
      descripcion_es: '12 % de descuento en la ruta Lima–Arequipa.',
      descripcion_en: '12% off on the Lima–Arequipa route.',
      condiciones_es: 'Campaña terminada.',
      condiciones_en: 'Campaign over.',
    },
  ];
}

export async function seedPromotions(db: Database, now: Date = clock.now()): Promise<void> {
  await db
    .insert(promocion)
    .values(promotionSeeds(now))
    .onConflictDoUpdate({
      target: promocion.cpromocion,
      set: Object.fromEntries(
        ['cupon', 'descuento', 'desde', 'hasta', 'cciudad', 'cciudad_origen', 'categorias', 'dias_salida', 'min_pasajes', 'max_pasajes', 'titulo_es', 'titulo_en', 'descripcion_es', 'descripcion_en', 'condiciones_es', 'condiciones_en'].map(
          (column) => [column, sql.raw(`excluded.${column}`)],
        ),
      ),
    });
}
