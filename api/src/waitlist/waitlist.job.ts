import { clock } from '@rumbo/shared/clock';
import type { Database } from '../db/client';
import { periodicJob } from '../jobs/periodic';
import { offerFreedSeats, type WaitlistContext } from './waitlist.service';

/**
 * Issue 48: every instance runs the waitlist's job (each queue is worked by one instance at a time,
 * see `offerFreedSeats`): seats freed by a cancellation, a transfer or a lapsed hold reach the
 * first in line within `intervalMs`.
 */
export function createWaitlistJob(options: WaitlistContext & { db: Database; log: { info(message: string): void; error(message: string): void }; intervalMs?: number; now?: () => Date }) {
  const { db, log, intervalMs = 10_000, now = clock.now } = options;
  return periodicJob({
    name: 'waitlist',
    intervalMs,
    log,
    run: async () => {
      const offered = await offerFreedSeats(db, { secret: options.secret, siteUrl: options.siteUrl, ...(options.whatsapp ? { whatsapp: true } : {}) }, now());
      if (offered > 0) log.info(`waitlist: ${offered} offered`);
    },
  });
}
