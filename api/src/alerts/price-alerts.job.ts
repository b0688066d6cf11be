import { clock } from '@rumbo/shared/clock';
import type { Database } from '../db/client';
import { periodicJob } from '../jobs/periodic';
import { checkPriceAlerts, type PriceAlertContext } from './price-alerts.service';

/**
 * Issue 48 item 3: every instance runs the price alerts' job (each alert is told once: its row is
 * the claim). No endpoint changes fares or promotions today (they come with the trips' data), so it
 * looks every `intervalMs`; whatever changes a price may call `checkPriceAlerts` right after.
 */
export function createPriceAlertJob(options: PriceAlertContext & { db: Database; log: { info(message: string): void; error(message: string): void }; intervalMs?: number; now?: () => Date }) {
  const { db, log, intervalMs = 5 * 60_000, now = clock.now } = options;
  return periodicJob({
    name: 'price alerts',
    intervalMs,
    log,
    run: async () => {
      const told = await checkPriceAlerts(db, { secret: options.secret, siteUrl: options.siteUrl, apiOrigin: options.apiOrigin, ...(options.whatsapp ? { whatsapp: true } : {}) }, now());
      if (told > 0) log.info(`price alerts: ${told} told`);
    },
  });
}
