import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { addPoints } from './accounts.service';
import { cuenta, puntosMovimiento } from './accounts.tables';
import { hashPassword } from './passwords';

/** The demo customer, so the account pages have someone to show on a fresh machine. */
export const DEMO_CUSTOMER = {
  tipo_doc: 19,
  num_doc: '45871236',
  nombres: 'maría elena',
  paterno: 'Quispe',
  materno: 'Huamán',
  sexo: 'F',
  correo: 'demo@rumboandino.pe',
  telefono: '987654321',
  fnacimiento: '1990-04-15',
} as const;

/** The demo customer's password (demo data, documented in the README). */
export const DEMO_PASSWORD = 'RumboDemo2026';

/** Some points history for the demo customer: a welcome gift, two trips, one redemption. */
const DEMO_POINTS = [
  { puntos: 200, concepto: 'bienvenida', detalle: '', daysAgo: 120 },
  { puntos: 150, concepto: 'viaje', detalle: 'Lima → Cusco', daysAgo: 90 },
  { puntos: 120, concepto: 'viaje', detalle: 'Cusco → Arequipa', daysAgo: 84 },
  { puntos: -300, concepto: 'canje', detalle: 'Lima → Trujillo', daysAgo: 30 },
] as const;

export async function seedAccounts(db: Database): Promise<void> {
  const [created] = await db
    .insert(cuenta)
    .values({ ...DEMO_CUSTOMER, clave_hash: await hashPassword(DEMO_PASSWORD), correo_confirmado_en: new Date() })
    .onConflictDoNothing({ target: cuenta.correo })
    .returning({ ccuenta: cuenta.ccuenta });
  if (!created) return;
  const [existing] = await db.select({ id: puntosMovimiento.id }).from(puntosMovimiento).where(eq(puntosMovimiento.ccuenta, created.ccuenta)).limit(1);
  if (existing) return;
  for (const { daysAgo, ...movement } of DEMO_POINTS) {
    await addPoints(db, { ccuenta: created.ccuenta, ...movement, fecha: new Date(Date.now() - daysAgo * 86_400_000) });
  }
}
