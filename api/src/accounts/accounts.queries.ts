import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cuenta } from './accounts.tables';

/** The user-data answer (spec §3): the fields the browser maps into its session customer. */
export interface CustomerData {
  ccuenta: number;
  tipo_doc: number;
  num_doc: string;
  nombres: string;
  paterno: string;
  materno: string;
  sexo: string;
  correo: string;
  telefono: string;
  /** YYYY-MM-DD */
  fnacimiento: string;
}

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
