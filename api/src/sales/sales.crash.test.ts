import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ReservationView } from '@rumbo/shared/schemas';
import { eq, inArray } from 'drizzle-orm';
import type { SandboxOptions } from '../payments/sandbox/sandbox.routes';
import { viaje_asiento } from '../seats/seats.tables';
import { setupTestApp } from '../test/app';
import { TEST_ENGINE } from '../test/database';
import { freePort } from '../test/payment-fakes';
import { BUYER, findTrip, heldPurchase, post, safetyPayNotice } from '../test/purchase';
import { boleto, pago, pago_aviso, reserva, reserva_asiento } from './sales.tables';

/**
 * Crash test (PostgreSQL only: it needs a server that outlives the API process). The API runs as
 * a child process on the test database with known SafetyPay credentials; many signed payment
 * notices are fired at it and it is SIGKILLed mid-flow. Afterwards every reservation is either
 * fully paid (reservation pagada, payment pagado, notice recorded, one ticket per seat, seats
 * sold) or untouched (pendiente, payment iniciado, no notice, no tickets, seats held): nothing
 * half done. Then a restarted API receives the notices again and pays each exactly once.
 */
const describeOnPostgres = TEST_ENGINE === 'postgres' ? describe : describe.skip;
const RESERVATIONS = 40;
const API_DIR = path.resolve(__dirname, '..', '..');

const credentials = { apiKey: randomBytes(12).toString('hex'), signatureKey: randomBytes(24).toString('hex') };
const keys = { safetypay: credentials } as unknown as SandboxOptions;

async function startApi(port: number, databaseUrl: string | undefined): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SAFETYPAY_API_KEY: credentials.apiKey,
      SAFETYPAY_SIGNATURE_KEY: credentials.signatureKey,
      SAFETYPAY_URL: 'http://127.0.0.1:9',
      // PagoEfectivo has no credentials here: the sandbox stands in for it, by name.
      PAYMENTS_SANDBOX: '1', SUNAT_SANDBOX: '1',
      API_ORIGIN: `http://127.0.0.1:${port}`,
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`API did not start:\n${output}`)), 45_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening/i.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`API exited (${code}):\n${output}`)));
  });
  return child;
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

describeOnPostgres('a server killed while payments are notified', () => {
  const limit = { max: 100_000, timeWindow: 60_000 };
  const api = setupTestApp({ seatRateLimit: limit, writeRateLimit: limit, lookupRateLimit: limit }, { timeout: 60_000 });

  it('leaves every reservation paid with all its parts or untouched, and pays each once after restart', async () => {
    // Reservations with a started SafetyPay payment each (the payment row as /rest/safetypay writes it).
    const reservations: { view: ReservationView; referencia: string; body: string }[] = [];
    for (let i = 0; i < RESERVATIONS; i += 1) {
      const trip = await findTrip(api.app, 'LIM', i % 2 ? 'ICA' : 'TRU', 3 + (i % 10), Math.floor(i / 20));
      const { clave } = await heldPurchase(api.app, [trip], 2);
      const view = (await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: BUYER, terminos: true })).json().data as ReservationView;
      const [r] = await api.db.select().from(reserva).where(eq(reserva.codigo, view.codigo));
      const referencia = `${view.codigo}-${randomBytes(6).toString('hex')}`;
      await api.db.insert(pago).values({ creserva: r!.creserva, referencia, proveedor: 'safetypay', metodo: 'tarjeta', estado: 'iniciado', monto_centimos: r!.total_centimos, creado: new Date() });
      const amount = `${Math.trunc(view.total_centimos / 100)}.${String(view.total_centimos % 100).padStart(2, '0')}`;
      reservations.push({ view, referencia, body: safetyPayNotice(keys, { referencia, amount, referenceNo: String(9_000_000_000 + i) }, new Date()) });
    }

    const port = await freePort();
    const url = `http://127.0.0.1:${port}/rest/safetypay/notificacion`;
    const deliver = (body: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }).then(
        (res) => res.status,
        () => 0,
      );

    let child = await startApi(port, api.database.databaseUrl);
    const firstAnswer = new Promise<void>((resolve) => {
      for (const r of reservations) void deliver(r.body).then((status) => status === 200 && resolve());
    });
    await firstAnswer;
    child.kill('SIGKILL');
    await exited(child);

    const check = async () => {
      let paid = 0;
      for (const { view, referencia } of reservations) {
        const [r] = await api.db.select().from(reserva).where(eq(reserva.codigo, view.codigo));
        const [p] = await api.db.select().from(pago).where(eq(pago.referencia, referencia));
        const avisos = await api.db.select().from(pago_aviso).where(eq(pago_aviso.referencia, referencia));
        const tickets = await api.db.select().from(boleto).where(eq(boleto.creserva, r!.creserva));
        const seats = await api.db.select().from(reserva_asiento).where(eq(reserva_asiento.creserva, r!.creserva));
        const states = await api.db
          .select({ estado: viaje_asiento.gestado_asiento })
          .from(viaje_asiento)
          .where(inArray(viaje_asiento.cviaje_asiento, seats.map((s) => s.cviaje_asiento)));
        if (r!.estado === 'pagada') {
          paid += 1;
          expect({ pago: p!.estado, avisos: avisos.length, tickets: tickets.length, seats: states.map((s) => s.estado) }).toEqual({ pago: 'pagado', avisos: 1, tickets: 2, seats: [82, 82] });
        } else {
          expect({ estado: r!.estado, pago: p!.estado, avisos: avisos.length, tickets: tickets.length, seats: states.map((s) => s.estado) }).toEqual({
            estado: 'pendiente',
            pago: 'iniciado',
            avisos: 0,
            tickets: 0,
            seats: [84, 84],
          });
        }
      }
      return paid;
    };
    const paidBeforeKill = await check();
    expect(paidBeforeKill).toBeGreaterThan(0);

    // The providers deliver again (they retry until acknowledged): each reservation is paid once.
    child = await startApi(port, api.database.databaseUrl);
    try {
      const statuses = await Promise.all(reservations.map((r) => deliver(r.body)));
      expect(statuses).toEqual(Array(RESERVATIONS).fill(200));
      expect(await check()).toBe(RESERVATIONS);
    } finally {
      child.kill('SIGTERM');
      await exited(child);
    }
  }, 180_000);
});
