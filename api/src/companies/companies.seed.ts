import { clock } from '@rumbo/shared/clock';
import type { Database } from '../db/client';
import { empresa } from './companies.tables';

/** Fictional companies (valid RUC check digits), so the look-up answers on a fresh database. */
export const COMPANIES = [
  { ruc: '20601234506', razon_social: 'Minera Cordillera Blanca S.A.C.', direccion: 'Av. Centenario 1420, Huaraz, Áncash' },
  { ruc: '20487654320', razon_social: 'Agroexportadora Valle Sur S.A.', direccion: 'Carretera Panamericana Sur km 302, Ica' },
  { ruc: '20555123401', razon_social: 'Textiles Altiplano E.I.R.L.', direccion: 'Jr. Lima 455, Juliaca, Puno' },
] as const;

export async function seedCompanies(db: Database, now: Date = clock.now()): Promise<void> {
  await db
    .insert(empresa)
    .values(COMPANIES.map((c) => ({ ...c, registrado: now })))
    .onConflictDoNothing();
}
