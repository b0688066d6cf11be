import type { AccountCustomer } from '@rumbo/shared/schemas';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cuenta } from './accounts.tables';

/** The user-data answer (spec §3): the fields the browser maps into its session customer. */
export type CustomerData = AccountCustomer;

export async function findCustomer(db: Database, ccuenta: number): Promise<CustomerData | undefined> {
  const [row] = await db
    .select({
      ccuenta: cuenta.ccuenta,
      tipo_doc: cuenta.tipo_doc,
      num_doc: cuenta.num_doc,
      nombres: cuenta.nombres,
      paterno: cuenta.paterno,
      materno: cuenta.materno,
      sexo: cuenta.sexo,
      correo: cuenta.correo,
      telefono: cuenta.telefono,
      fnacimiento: cuenta.fnacimiento,
    })
    .from(cuenta)
    .where(eq(cuenta.ccuenta, ccuenta));
  return row;
}
