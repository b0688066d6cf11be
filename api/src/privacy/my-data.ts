import type { MyData } from '@rumbo/shared/schemas';
import { and, asc, eq, gte, inArray, ne, or, isNull } from 'drizzle-orm';
import { cuenta, puntosMovimiento } from '../accounts/accounts.tables';
import { reclamacion } from '../complaints/complaints.tables';
import { credito, credito_movimiento } from '../credit/credit.tables';
import type { Database } from '../db/client';
import { pase_registro } from '../pocket/pocket.tables';
import { suscripcion } from '../promotions/promotions.tables';
import { push_suscripcion, push_vinculo } from '../push/push.tables';
import { boleto, pago, reserva, reserva_asiento } from '../sales/sales.tables';
import { comprobante } from '../vouchers/vouchers.tables';
import { alerta_precio } from '../alerts/price-alerts.tables';
import { lista_espera } from '../waitlist/waitlist.tables';
import { whatsapp_envio, whatsapp_telefono } from '../whatsapp/whatsapp.tables';
import { consentimiento } from './privacy.tables';

type Row = Record<string, unknown>;

/** Leaves out the columns that are secrets (a hash that opens something), not data about the customer. */
function without<T extends Row>(row: T, ...secrets: (keyof T)[]): Row {
  const copy: Row = { ...row };
  for (const secret of secrets) delete copy[secret as string];
  return copy;
}

/**
 * `GET /rest/user/datos` (issue 47; Ley 29733 art. 19, access, and D.S. 016-2024-JUS on
 * portability): every record the store holds about the customer, each selected by the customer's
 * own keys (the account, its purchases, its document as a passenger, its e-mail), never anyone
 * else's. Secrets that open something (password and key hashes, link tokens, a browser's push
 * keys, a wallet's push token) are left out: they are not about the person, and a copy of the
 * file must open nothing. Fields: docs/privacy.md.
 */
export async function myData(db: Database, ccuenta: number, now: Date): Promise<MyData> {
  const [account] = await db.select().from(cuenta).where(eq(cuenta.ccuenta, ccuenta));
  if (!account) throw new Error(`no account ${ccuenta}`);

  const purchases = await db.select().from(reserva).where(eq(reserva.ccuenta, ccuenta)).orderBy(asc(reserva.creserva));
  const compras = await purchasesData(db, purchases);

  // Tickets of other people's purchases on which the customer travels (their document): only the
  // ticket and its passenger, nothing of the buyer.
  const asPassenger = account.cerrada_en
    ? []
    : await db
        .select({
          numero: boleto.numero,
          emitido: boleto.emitido,
          estado: boleto.estado,
          cviaje: reserva_asiento.cviaje,
          nasiento: reserva_asiento.nasiento,
          pasajero_ctipo_documento: boleto.pasajero_ctipo_documento,
          pasajero_numero: boleto.pasajero_numero,
          pasajero_nombres: boleto.pasajero_nombres,
          pasajero_paterno: boleto.pasajero_paterno,
          pasajero_materno: boleto.pasajero_materno,
          pasajero_nacimiento: boleto.pasajero_nacimiento,
        })
        .from(boleto)
        .innerJoin(reserva, eq(reserva.creserva, boleto.creserva))
        .innerJoin(reserva_asiento, and(eq(reserva_asiento.creserva, boleto.creserva), eq(reserva_asiento.cviaje_asiento, boleto.cviaje_asiento)))
        .where(
          and(
            eq(boleto.pasajero_ctipo_documento, account.tipo_doc),
            eq(boleto.pasajero_numero, account.num_doc),
            or(isNull(reserva.ccuenta), ne(reserva.ccuenta, ccuenta)),
          ),
        );

  const lots = await db.select().from(credito).where(eq(credito.ccuenta, ccuenta)).orderBy(asc(credito.ccredito));
  const lotIds = lots.map((lot) => lot.ccredito);
  const ticketNumbers = compras.flatMap((compra) => (compra.boletos as { numero: string }[]).map((ticket) => ticket.numero));

  const [puntos, creditMovements, consents, subscription, pushes, wallets, complaints] = await Promise.all([
    db.select().from(puntosMovimiento).where(eq(puntosMovimiento.ccuenta, ccuenta)).orderBy(asc(puntosMovimiento.id)),
    lotIds.length ? db.select().from(credito_movimiento).where(inArray(credito_movimiento.ccredito, lotIds)).orderBy(asc(credito_movimiento.id)) : [],
    db.select().from(consentimiento).where(eq(consentimiento.ccuenta, ccuenta)).orderBy(asc(consentimiento.id)),
    db
      .select({ correo: suscripcion.correo, estado: suscripcion.estado, idioma: suscripcion.idioma, creado: suscripcion.creado, confirmado: suscripcion.confirmado, baja: suscripcion.baja })
      .from(suscripcion)
      .where(eq(suscripcion.correo, account.correo)),
    db
      .select({ endpoint: push_suscripcion.endpoint, creada: push_suscripcion.creada })
      .from(push_vinculo)
      .innerJoin(push_suscripcion, eq(push_suscripcion.csuscripcion, push_vinculo.csuscripcion))
      .where(eq(push_vinculo.ccuenta, ccuenta)),
    ticketNumbers.length
      ? db.select({ dispositivo: pase_registro.dispositivo, numero: pase_registro.numero, creado: pase_registro.creado }).from(pase_registro).where(inArray(pase_registro.numero, ticketNumbers))
      : [],
    account.cerrada_en ? [] : db.select().from(reclamacion).where(eq(reclamacion.correo, account.correo)).orderBy(asc(reclamacion.id)),
  ]);

  // Issue 48: waitlist places (the account's, and a guest's with its e-mail), price alerts, the mobile confirmed for WhatsApp and what went there.
  const [places, alerts, phones] = await Promise.all([
    db.select().from(lista_espera).where(or(eq(lista_espera.ccuenta, ccuenta), eq(lista_espera.correo, account.correo))).orderBy(asc(lista_espera.cespera)),
    db.select().from(alerta_precio).where(eq(alerta_precio.ccuenta, ccuenta)).orderBy(asc(alerta_precio.calerta)),
    db.select({ telefono: whatsapp_telefono.telefono, confirmado: whatsapp_telefono.confirmado }).from(whatsapp_telefono).where(eq(whatsapp_telefono.ccuenta, ccuenta)),
  ]);
  const confirmed = phones[0]?.confirmado ? phones[0].telefono : undefined;
  const whatsappMessages = confirmed
    ? await db
        .select({ plantilla: whatsapp_envio.plantilla, idioma: whatsapp_envio.idioma, estado: whatsapp_envio.estado, creado: whatsapp_envio.created_at, enviado: whatsapp_envio.sent_at })
        .from(whatsapp_envio)
        .where(and(eq(whatsapp_envio.telefono, confirmed), gte(whatsapp_envio.created_at, phones[0]!.confirmado!)))
        .orderBy(asc(whatsapp_envio.id))
    : [];

  return {
    generado: now.toISOString(),
    cuenta: { ...without(account, 'clave_hash', 'clave_fallos', 'clave_fallo_en'), tiene_clave: account.clave_hash !== null },
    compras,
    boletos_como_pasajero: asPassenger,
    puntos,
    credito: lots,
    credito_movimientos: creditMovements,
    consentimientos: consents,
    suscripcion_promociones: subscription[0] ?? null,
    avisos_push: pushes,
    billeteras: wallets,
    reclamaciones: complaints,
    lista_espera: places.map((place) => without(place, 'clave_hash')),
    alertas_precio: alerts,
    whatsapp: { telefono: phones[0]?.telefono ?? null, confirmado: phones[0]?.confirmado ?? null, mensajes: whatsappMessages },
  };
}

/**
 * Purchases as the data download gives them: each reservation's row (without its key's hash) with
 * its seats and passengers, tickets (without their QR), payments and vouchers (not the signed XML).
 * Shared by Mi cuenta's download and a guest's (`POST /rest/venta/datos`).
 */
export async function purchasesData(db: Database, purchases: (typeof reserva.$inferSelect)[]): Promise<Row[]> {
  const codes = purchases.map((row) => row.creserva);
  const [seats, tickets, payments, vouchers] = codes.length
    ? await Promise.all([
        db.select().from(reserva_asiento).where(inArray(reserva_asiento.creserva, codes)),
        db.select().from(boleto).where(inArray(boleto.creserva, codes)),
        db.select().from(pago).where(inArray(pago.creserva, codes)),
        db
          .select({
            ccomprobante: comprobante.ccomprobante,
            creserva: comprobante.creserva,
            tipo: comprobante.tipo,
            serie: comprobante.serie,
            correlativo: comprobante.correlativo,
            emitido: comprobante.emitido,
            cliente_tipo: comprobante.cliente_tipo,
            cliente_numero: comprobante.cliente_numero,
            cliente_nombre: comprobante.cliente_nombre,
            cliente_email: comprobante.cliente_email,
            total_centimos: comprobante.total_centimos,
            estado: comprobante.estado,
            vigencia: comprobante.vigencia,
          })
          .from(comprobante)
          .where(inArray(comprobante.creserva, codes)),
      ])
    : [[], [], [], []];
  const of = <T extends { creserva: number | null }>(rows: T[], creserva: number) => rows.filter((row) => row.creserva === creserva);
  const compras = purchases.map((purchase) => ({
    ...without(purchase, 'clave_hash'),
    asientos: of(seats, purchase.creserva),
    boletos: of(tickets, purchase.creserva).map((ticket) => without(ticket, 'qr')),
    pagos: of(payments, purchase.creserva),
    comprobantes: of(vouchers, purchase.creserva),
  }));

  return compras;
}
