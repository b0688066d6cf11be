import nodemailer from 'nodemailer';
import type { MailTransport } from './sender';

/**
 * An SMTP transport for `SMTP_URL` (`smtp://user:pass@host:587`, `smtps://...`). Timeouts are
 * shorter than nodemailer's (minutes) so an unreachable server fails one attempt quickly and the
 * outbox retries it later instead of holding the sender loop.
 */
export function createSmtpTransport(url: string): MailTransport & { close(): void } {
  return nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}
