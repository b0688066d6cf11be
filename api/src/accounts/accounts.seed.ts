import type { Database } from '../db/client';
import { cuenta } from './accounts.tables';

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

export async function seedAccounts(db: Database): Promise<void> {
  await db.insert(cuenta).values(DEMO_CUSTOMER).onConflictDoNothing({ target: cuenta.correo });
}
