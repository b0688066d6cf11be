import type { AccountProfile, Profile } from '@rumbo/shared/schemas';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { InvalidInputError, UnauthorizedError } from '../errors';
import { enqueueMail } from '../mail/outbox';
import { ccChangedMail, ccConfirmMail } from './account-mail';
import { findCustomer, type CustomerData } from './accounts.queries';
import { CONFIRM_TTL_MS, enqueueUnprovenMail, isUniqueViolation, link, newLink, type AccountContext } from './accounts.service';
import { cuenta, cuentaEnlace } from './accounts.tables';
import { lockAccount } from './account-lock';

// The customer's profile (`/rest/user/perfil`, `/rest/user/editar`).

/** `GET /rest/user/perfil`: the user data plus the CC e-mail and whether it is proven yet. */
export async function getProfile(db: Database, customer: CustomerData): Promise<AccountProfile> {
  const [row] = await db
    .select({ correo_cc: cuenta.correo_cc, correo_cc_confirmado_en: cuenta.correo_cc_confirmado_en })
    .from(cuenta)
    .where(eq(cuenta.ccuenta, customer.ccuenta));
  return { ...customer, correo_cc: row?.correo_cc ?? null, correo_cc_confirmado: Boolean(row?.correo_cc && row.correo_cc_confirmado_en) };
}

/**
 * `POST /rest/user/editar` with a body: saves the profile; answers the user data. A new CC
 * address is stored unproven and gets a link that proves it; it receives nothing else before.
 */
export async function updateProfile(db: Database, ccuenta: number, profile: Profile, context: AccountContext): Promise<CustomerData> {
  const now = context.now;
  try {
    await db.transaction(async (tx) => {
      await lockAccount(tx, ccuenta);
      const [before] = await tx.select({ correo: cuenta.correo, correo_cc: cuenta.correo_cc, nombres: cuenta.nombres }).from(cuenta).where(eq(cuenta.ccuenta, ccuenta));
      const changedCc = profile.correo_cc !== (before?.correo_cc ?? null);
      await tx
        .update(cuenta)
        .set({ ...profile, ...(changedCc ? { correo_cc_confirmado_en: null } : {}), actualizado_en: now })
        .where(eq(cuenta.ccuenta, ccuenta));
      if (changedCc && before) await enqueueMail(tx, ccChangedMail(before.correo, profile.nombres, profile.correo_cc, context.language));
      if (changedCc && profile.correo_cc) {
        const token = await newLink(tx, ccuenta, 'cc', CONFIRM_TTL_MS, now);
        await enqueueUnprovenMail(tx, ccConfirmMail(profile.correo_cc, profile.nombres, link(context, '/cuenta/registro', { confirmar_cc: token }), context.language), context);
      } else if (changedCc) {
        await tx
          .update(cuentaEnlace)
          .set({ usado_en: now })
          .where(and(eq(cuentaEnlace.ccuenta, ccuenta), eq(cuentaEnlace.tipo, 'cc'), isNull(cuentaEnlace.usado_en)));
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new InvalidInputError('account.num_doc.taken', 'num_doc');
    throw error;
  }
  const customer = await findCustomer(db, ccuenta);
  if (!customer) throw new UnauthorizedError();
  return customer;
}
