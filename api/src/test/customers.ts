import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { cuenta } from '../accounts/accounts.tables';
import { openSession } from '../accounts/sessions';
import type { Database } from '../db/client';
import { addPoints } from '../points/points.service';
import { TEST_SECRET } from './app';

let customers = 0;

/**
 * A fresh signed-up customer (its own document and e-mail) with `puntos` in the ledger, and the
 * bearer header of a session opened at `now` (the real clock when not given).
 */
export async function customerWithPoints(db: Database, puntos: number, now?: Date) {
  customers += 1;
  const [row] = await db
    .insert(cuenta)
    .values({
      tipo_doc: 19,
      num_doc: String(70_000_000 + customers + Math.floor(Math.random() * 1_000_000)),
      nombres: 'Ana',
      paterno: 'Flores',
      materno: 'Rojas',
      sexo: 'F',
      correo: `ana.${randomBytes(4).toString('hex')}@example.pe`,
      telefono: '987654321',
      fnacimiento: '1990-01-01',
    })
    .returning();
  if (puntos > 0) await addPoints(db, { ccuenta: row!.ccuenta, puntos, concepto: 'bienvenida' });
  return { ccuenta: row!.ccuenta, auth: { authorization: `Bearer ${await openSession(db, row!.ccuenta, 3600, TEST_SECRET, now)}` } };
}

/** Gives the account the mobile `telefono` confirmed for WhatsApp (as its code would: whatsapp/phone.ts). */
export async function confirmedWhatsApp(db: Database, ccuenta: number, telefono: string) {
  await db.execute(sql`update cuenta set telefono = ${telefono} where ccuenta = ${ccuenta}`);
  await db.execute(sql`
    insert into whatsapp_telefono (ccuenta, telefono, confirmado) values (${ccuenta}, ${`51${telefono}`}, now())
    on conflict (ccuenta) do update set telefono = excluded.telefono, confirmado = excluded.confirmado`);
}
