import { clock } from '@rumbo/shared/clock';
import type { Database } from '../db/client';
import { cuenta } from './accounts.tables';
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

/** Creates the demo customer once; answers its account when it was created now (the points seed gives it a history). */
export async function seedAccounts(db: Database): Promise<number | undefined> {
  const [created] = await db
    .insert(cuenta)
    .values({ ...DEMO_CUSTOMER, clave_hash: await hashPassword(DEMO_PASSWORD), correo_confirmado_en: clock.now() })
    .onConflictDoNothing({ target: cuenta.correo })
    .returning({ ccuenta: cuenta.ccuenta });
  return created?.ccuenta;
}
