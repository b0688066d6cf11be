import { waitlistEndpoints } from '@rumbo/shared/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { optionalCustomer } from '../accounts/accounts.routes';
import { cuenta } from '../accounts/accounts.tables';
import type { Database } from '../db/client';
import { route } from '../http/endpoint';
import { requestLanguage } from '../http/language';
import type { RateLimit } from '../http/rate-limit';
import { operatorResolver, type OperatorCredential } from '../operators/operators';
import { joinWaitlist, leaveWaitlist, openOffer, operatorWaitlist } from './waitlist.service';

export interface WaitlistRoutesOptions {
  db: Database;
  sessionSecret: string;
  now: () => Date;
  siteUrl: string;
  operators: readonly OperatorCredential[];
  writeRateLimit: RateLimit;
  lookupRateLimit: RateLimit;
}

/** Issue 48: `/rest/espera*` (join, leave, an offer's held seats) and the operators' `/rest/operador/espera`. */
export const waitlistRoutes: FastifyPluginAsync<WaitlistRoutesOptions> = async (app, options) => {
  const { db, sessionSecret, now } = options;
  const context = { secret: sessionSecret, siteUrl: options.siteUrl };

  route(app, waitlistEndpoints.waitlistJoin, async ({ input, request }) => {
    const ccuenta = await optionalCustomer(db, request, sessionSecret);
    let correo: string | undefined;
    if (ccuenta !== undefined) {
      const [account] = await db.select({ correo: cuenta.correo }).from(cuenta).where(eq(cuenta.ccuenta, ccuenta));
      correo = account?.correo;
    }
    return joinWaitlist(db, input, { ...(ccuenta !== undefined ? { ccuenta } : {}), ...(correo ? { correo } : {}), language: requestLanguage(request) }, context, now());
  }, { rateLimit: options.writeRateLimit });

  route(app, waitlistEndpoints.waitlistLeave, async ({ input }) => leaveWaitlist(db, input, context, now()), { rateLimit: options.writeRateLimit });
  route(app, waitlistEndpoints.waitlistOffer, async ({ input }) => openOffer(db, input, context, now()), { rateLimit: options.lookupRateLimit });
  route(app, waitlistEndpoints.operatorWaitlist, async () => operatorWaitlist(db), { operators: operatorResolver(options.operators) });
};
