import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message: headers and MIME body. */
  raw: string;
}

export interface SmtpPeer {
  url: string;
  received: ReceivedMail[];
  /** With `stuck`: the recipients of each message whose data came in and was never answered. */
  held: string[];
  /** The next `count` messages are refused with a temporary error (451). */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port, the other end of the sender in tests. `stuck`: a server
 * that takes each message's data and never answers it (the sender waits, its mail undelivered), as
 * a mail server that hangs does; what it took is in `held`.
 */
export async function startSmtpPeer(options: { stuck?: boolean } = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const held: string[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A stuck peer's open connections are cut at close, not waited for.
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      if (options.stuck) {
        held.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
          return;
        }
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    held,
    refuseNext(count) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
