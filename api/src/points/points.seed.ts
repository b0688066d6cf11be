import { clock } from '@rumbo/shared/clock';
import { eq } from 'drizzle-orm';
import { puntosMovimiento } from '../accounts/accounts.tables';
import type { Database } from '../db/client';
import { addPoints } from './points.service';

/** Some points history for the demo customer: a welcome gift, two trips, one redemption. */
const DEMO_POINTS = [
  { puntos: 200, concepto: 'bienvenida', detalle: '', daysAgo: 120 },
  { puntos: 150, concepto: 'viaje', detalle: 'Lima → Cusco', daysAgo: 90 },
  { puntos: 120, concepto: 'viaje', detalle: 'Cusco → Arequipa', daysAgo: 84 },
  { puntos: -300, concepto: 'canje', detalle: 'Lima → Trujillo', daysAgo: 30 },
] as const;

/** The demo customer's points history, unless it has one already. */
export async function seedDemoPoints(db: Database, ccuenta: number): Promise<void> {
  const [existing] = await db.select({ id: puntosMovimiento.id }).from(puntosMovimiento).where(eq(puntosMovimiento.ccuenta, ccuenta)).limit(1);
  if (existing) return;
  for (const { daysAgo, ...movement } of DEMO_POINTS) {
    await addPoints(db, { ccuenta, ...movement, fecha: new Date(clock.ms() - daysAgo * 86_400_000) });
  }
}
