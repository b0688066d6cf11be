import { asc, count, eq, sql } from 'drizzle-orm';
import { outbox } from '../mail/mail.tables';
import { createMailSender } from '../mail/sender';
import { createSmtpTransport } from '../mail/transport';
import { postJson, postText, setupTestApp } from '../test/app';
import { TEST_ENGINE } from '../test/database';
import { startSmtpPeer } from '../test/smtp-peer';
import { reclamacion, reclamacionContador } from './complaints.tables';
import { COMPLAINT_COPY_LIMITS } from './complaints.routes';
import { UNPROVEN_MAIL_LIMIT } from '../http/rate-limit';

/** A form that passes every check (spec §3 fields, as the browser sends them). */
const VALID = {
  cpersona: '',
  nacimiento: '1990-04-15',
  genero: 'F',
  fecha_actual: '10/03/2025',
  documento: '19',
  numero: '45871236',
  datos: 'María Elena',
  paterno: 'Quispe',
  materno: 'Huamán',
  direccion: 'Jr. Los Pinos 123, Miraflores, Lima',
  telefono: '987654321',
  correo: 'Maria.Quispe@Example.pe',
  tipo_reclamo: '1',
  motivo: '1',
  viaje: '2025-03-08T21:30',
  destino: '2',
  detalle: 'El bus salió con dos horas de retraso.',
  resultado: 'Solicito la devolución del pasaje.',
  tamanioInput: 8,
};

/** Monday 10 March 2025, 10:00 in Lima. */
const MONDAY_10_MARCH = new Date('2025-03-10T15:00:00Z');

let clock = MONDAY_10_MARCH;

// The copy's bounds per recipient and client (issue 15) are tested below; here they stay out of the way.
const UNBOUNDED = { max: 10_000, timeWindow: 60_000 };
const api = setupTestApp({ now: () => clock, writeRateLimit: { max: 1000, timeWindow: 60_000 }, complaintCopyLimits: { perClient: UNBOUNDED }, unprovenMailLimit: UNBOUNDED });

const file = (body: unknown, language?: string) => postJson(api.app, '/rest/reclamacion/registro', body, language);

const sheetsIn = async (year: number) =>
  api.db.select().from(reclamacion).where(eq(reclamacion.anio, year)).orderBy(asc(reclamacion.correlativo));

describe('the 22 checks of the spec (§5), in es-PE', () => {
  const cases: [string, Partial<Record<keyof typeof VALID, unknown>>, string, string][] = [
    ['1 birth date', { nacimiento: '' }, 'Seleccione su fecha de nacimiento', 'nacimiento'],
    ['2 gender', { genero: '' }, 'Seleccione su género', 'genero'],
    ['3 document type', { documento: '' }, 'Seleccione el tipo de documento', 'documento'],
    ['4 document number', { numero: '' }, 'Digite su número de documento', 'numero'],
    ['5 DNI length', { documento: '19', numero: '1234567' }, 'El DNI debe tener 8 caracteres', 'numero'],
    ['6 CE length', { documento: '20', numero: '12345678' }, 'El CE debe tener 12 caracteres', 'numero'],
    ['7 passport length', { documento: '21', numero: '1234' }, 'El PASAPORTE debe tener 15 caracteres', 'numero'],
    ['8 document digits', { documento: '19', numero: '4587123A' }, 'El campo número de documento es numérico', 'numero'],
    ['9 names', { datos: '' }, 'Complete el campo nombres', 'datos'],
    ['10 paternal surname', { paterno: '  ' }, 'Complete el campo apellido paterno', 'paterno'],
    ['11 maternal surname', { materno: '' }, 'Complete el campo apellido materno', 'materno'],
    ['12 address', { direccion: '' }, 'Complete su dirección', 'direccion'],
    ['13 phone', { telefono: '' }, 'Complete su teléfono', 'telefono'],
    ['14 phone digits', { telefono: '987-654-321' }, 'El campo teléfono es numérico', 'telefono'],
    ['15 e-mail', { correo: '' }, 'Complete su email', 'correo'],
    ['16 e-mail format', { correo: 'maria@quispe' }, 'El formato del email es inválido', 'correo'],
    ['17 complaint type', { tipo_reclamo: '' }, 'Seleccione el tipo de reclamo', 'tipo_reclamo'],
    ['18 reason', { motivo: '' }, 'Seleccione el motivo de su reclamo', 'motivo'],
    ['19 trip date and time', { viaje: '' }, 'Seleccione la fecha y hora de su viaje', 'viaje'],
    ['20 destination', { destino: '' }, 'Seleccione la ciudad de destino', 'destino'],
    ['21 detail', { detalle: '' }, 'Complete el detalle', 'detalle'],
    ['22 detail length', { detalle: 'x'.repeat(501) }, 'El detalle debe tener máximo 500 caracteres', 'detalle'],
  ];

  it.each(cases)('%s', async (_name, patch, message, field) => {
    const res = await file({ ...VALID, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: expect.stringMatching(/^complaint\./), field });
  });

  it('reports only the first failing check, in the spec order', async () => {
    const res = await file({ ...VALID, nacimiento: '', correo: '', detalle: '' });
    expect(res.json().field).toBe('nacimiento');
  });

  it('answers in English for an English caller', async () => {
    const res = await file({ ...VALID, nacimiento: '' }, 'en-EN');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Select your date of birth',
      code: 'complaint.nacimiento.required',
      field: 'nacimiento',
    });
  });

  it('stores nothing for a rejected form', async () => {
    expect(await sheetsIn(2025)).toEqual([]);
  });
});

describe('junk bodies', () => {
  it.each([null, [], [VALID], 42, 'texto', true, {}, { nacimiento: { $gt: '' } }, { ...VALID, destino: 99 }])(
    '%p → 400, never 500',
    async (body) => {
      const res = await file(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    },
  );

  it.each([
    ['an empty DNI', { numero: '' }, 'complaint.numero.required', 'numero'],
    ['a short DNI with letters', { numero: 'abc' }, 'complaint.numero.dni', 'numero'],
    ['an 8-letter DNI', { numero: 'abcdefgh' }, 'complaint.numero.numeric', 'numero'],
    ['no phone, no e-mail', { telefono: '', correo: '' }, 'complaint.telefono.required', 'telefono'],
    ['a bad e-mail and a long detail', { correo: 'x', detalle: 'x'.repeat(501) }, 'complaint.correo.format', 'correo'],
  ])('answers the first failing check, as the form shows it: %s → %s', async (_label, change, code, field) => {
    const res = await file({ ...VALID, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, field });
  });

  it('a body that is not JSON → 400 "request.invalid"', async () => {
    const res = await postText(api.app, '/rest/reclamacion/registro', '{"nacimiento": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'La solicitud no es válida', code: 'request.invalid' });
  });

  it('a body that is not an object → 400 "request.invalid"', async () => {
    const res = await file(null);
    expect(res.json()).toEqual({ message: 'La solicitud no es válida', code: 'request.invalid' });
  });

  it('no body at all → 400, with the first check', async () => {
    const res = await api.app.inject({ method: 'POST', url: '/rest/reclamacion/registro' });
    expect(res.statusCode).toBe(400);
  });
});

describe('filing a sheet', () => {
  it('answers 000000001-YYYY, then 000000002-YYYY, with the Lima time and the deadline', async () => {
    clock = MONDAY_10_MARCH;
    const first = await file(VALID);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      data: { numero: '000000001-2025', fecha: '2025-03-10T10:00:00-05:00', plazo: '2025-03-31' },
    });

    const second = await file({ ...VALID, tipo_reclamo: '2' });
    expect(second.statusCode).toBe(201);
    expect(second.json().data.numero).toBe('000000002-2025');
  });

  it('stores every field of the sheet', async () => {
    const [sheet] = await sheetsIn(2025);
    expect(sheet).toMatchObject({
      numero: '000000001-2025',
      anio: 2025,
      correlativo: 1,
      plazo: '2025-03-31',
      idioma: 'es-PE',
      cpersona: null,
      nacimiento: '1990-04-15',
      genero: 'F',
      documento: 19,
      num_documento: '45871236',
      datos: 'María Elena',
      paterno: 'Quispe',
      materno: 'Huamán',
      direccion: 'Jr. Los Pinos 123, Miraflores, Lima',
      telefono: '987654321',
      correo: 'maria.quispe@example.pe',
      tipo_reclamo: 1,
      motivo: 1,
      viaje: '2025-03-08 21:30:00',
      destino: 2,
      detalle: 'El bus salió con dos horas de retraso.',
      resultado: 'Solicito la devolución del pasaje.',
    });
    expect(sheet!.fecha.toISOString()).toBe(MONDAY_10_MARCH.toISOString());
  });

  it("queues the consumer's copy with the date and time filed", async () => {
    const mails = await api.db.select().from(outbox).where(eq(outbox.subject, 'Libro de Reclamaciones Rumbo Andino: hoja N.° 000000001-2025'));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toBe('maria.quispe@example.pe');
    expect(mail!.sent_at).toBeNull();
    expect(mail!.text).toContain('Fecha y hora de presentación: 10/03/2025 10:00 (hora de Lima)');
    expect(mail!.text).toContain('Plazo de respuesta: hasta el 31/03/2025 (15 días hábiles)');
    expect(mail!.text).toContain('Motivo: Retraso en salidas o llegadas');
    expect(mail!.text).toContain('Ciudad de destino: Cusco');
    expect(mail!.text).toContain('Rumbo Andino Express S.A.C. · RUC 20518739469');
    expect(mail!.html).toContain('<td style="white-space:pre-wrap">El bus salió con dos horas de retraso.</td>');
  });

  it('writes the copy in the language the consumer used, escaped in HTML', async () => {
    const res = await file({ ...VALID, datos: 'valeria luz', correo: 'traveller@example.com', detalle: 'Late <b>bus</b> & no notice' }, 'en-EN');
    const { numero } = res.json().data;
    const [mail] = await api.db.select().from(outbox).where(eq(outbox.to, 'traveller@example.com'));
    expect(mail!.subject).toBe(`Rumbo Andino complaints book: sheet no. ${numero}`);
    // greeted by the first name, capitalised as the site's header shows it
    expect(mail!.text).toMatch(/^Hello Valeria,/);
    expect(mail!.text).toContain('Date and time filed: 10/03/2025 10:00 (Lima time)');
    expect(mail!.text).toContain('Detail: Late <b>bus</b> & no notice');
    expect(mail!.html).toContain('Late &lt;b&gt;bus&lt;/b&gt; &amp; no notice');
    expect(mail!.html).not.toContain('<b>bus</b>');
  });

  it('numbers per year in Lima time: 23:30 on 31 December is still the old year', async () => {
    clock = new Date('2027-01-01T04:30:00Z'); // 2026-12-31 23:30 in Lima
    expect((await file(VALID)).json().data).toMatchObject({ numero: '000000001-2026', fecha: '2026-12-31T23:30:00-05:00' });
    clock = new Date('2027-01-01T05:30:00Z'); // 2027-01-01 00:30 in Lima
    expect((await file(VALID)).json().data).toMatchObject({ numero: '000000001-2027', fecha: '2027-01-01T00:30:00-05:00' });
  });

  it(`gives 20 concurrent filings unique, gapless numbers (${TEST_ENGINE})`, async () => {
    clock = new Date('2031-05-05T15:00:00Z');
    const answers = await Promise.all(Array.from({ length: 20 }, () => file(VALID)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const numbers = answers.map((a) => a.json().data.numero as string).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `${String(i + 1).padStart(9, '0')}-2031`));
    expect((await sheetsIn(2031)).map((s) => s.numero)).toEqual(numbers);
  });

  it('stores the sheet and queues the mail in one transaction: no mail, no sheet, no number used', async () => {
    clock = new Date('2032-02-02T15:00:00Z');
    expect((await file(VALID)).json().data.numero).toBe('000000001-2032');
    // Make queuing the mail fail inside the transaction.
    await api.db.execute(sql`alter table outbox rename to outbox_gone`);
    try {
      const failed = await file(VALID);
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({
        message: 'No pudimos completar la solicitud. Inténtelo de nuevo.',
        code: 'request.failed',
      });
    } finally {
      await api.db.execute(sql`alter table outbox_gone rename to outbox`);
    }
    expect((await sheetsIn(2032)).map((s) => s.numero)).toEqual(['000000001-2032']);
    const [counter] = await api.db.select().from(reclamacionContador).where(eq(reclamacionContador.anio, 2032));
    expect(counter!.ultimo).toBe(1);
    expect((await file(VALID)).json().data.numero).toBe('000000002-2032');
  });
});

describe('when the mail server fails', () => {
  it('keeps the sheet, retries the copy later and delivers it', async () => {
    const peer = await startSmtpPeer();
    const transport = createSmtpTransport(peer.url);
    const sender = createMailSender({
      db: api.db,
      transport,
      from: '"Rumbo Andino" <no-responder@rumboandino.pe>',
      log: { warn: () => {}, error: () => {} },
    });
    try {
      // Deliver what earlier tests queued, so that only the new sheet's copy is pending.
      await sender.drainOutbox(new Date('2040-01-01T00:00:00Z'));
      peer.received.length = 0;

      clock = new Date('2033-03-03T15:00:00Z');
      const res = await file({ ...VALID, correo: 'retry@example.pe' });
      expect(res.statusCode).toBe(201);
      const { numero } = res.json().data;

      peer.refuseNext(1);
      const filedAt = new Date();
      expect(await sender.drainOutbox(filedAt)).toEqual({ sent: 0, failed: 1 });
      expect((await sheetsIn(2033)).map((s) => s.numero)).toEqual([numero]);
      const [queued] = await api.db.select().from(outbox).where(eq(outbox.to, 'retry@example.pe'));
      expect(queued).toMatchObject({ attempts: 1, sent_at: null });
      expect(queued!.last_error).toMatch(/451/);

      // Not due again before the backoff (30 s) has passed.
      expect(await sender.drainOutbox(new Date(filedAt.getTime() + 10_000))).toEqual({ sent: 0, failed: 0 });
      expect(await sender.drainOutbox(new Date(filedAt.getTime() + 31_000))).toEqual({ sent: 1, failed: 0 });

      expect(peer.received).toHaveLength(1);
      expect(peer.received[0]!.to).toEqual(['retry@example.pe']);
      expect(peer.received[0]!.raw).toContain(numero);
      const [delivered] = await api.db.select().from(outbox).where(eq(outbox.to, 'retry@example.pe'));
      expect(delivered).toMatchObject({ attempts: 2, last_error: null });
      expect(delivered!.sent_at).not.toBeNull();
    } finally {
      transport.close();
      await peer.close();
    }
  });

  it('has every sheet it answered for', async () => {
    const [sheets] = await api.db.select({ n: count() }).from(reclamacion);
    // 2 + 1 (English) in 2025, 1 in 2026, 1 in 2027, 20 in 2031, 2 in 2032, 1 in 2033.
    expect(sheets!.n).toBe(28);
  });
});

describe("the consumer's copy is bounded (issue 15)", () => {
  const bounded = setupTestApp({ now: () => MONDAY_10_MARCH, writeRateLimit: { max: 1000, timeWindow: 60_000 } });
  const fileFrom = (address: string, body: unknown) =>
    bounded.app.inject({ method: 'POST', url: '/rest/reclamacion/registro', remoteAddress: address, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  const mailsTo = async (to: string) => (await bounded.db.select().from(outbox).where(eq(outbox.to, to))).length;

  it('per recipient: whoever sends them, a few copies a day reach one address; every sheet is still filed', async () => {
    const victim = 'victima.reclamos@example.pe';
    const answers = [];
    for (let i = 0; i < UNPROVEN_MAIL_LIMIT.max + 2; i += 1) answers.push(await fileFrom(`203.0.113.${10 + i}`, { ...VALID, correo: victim }));
    expect(answers.every((res) => res.statusCode === 201)).toBe(true);
    expect(await mailsTo(victim)).toBe(UNPROVEN_MAIL_LIMIT.max);
  });

  it('per client: one address cannot send copies to many recipients', async () => {
    for (let i = 0; i < COMPLAINT_COPY_LIMITS.perClient.max + 3; i += 1) {
      expect((await fileFrom('198.51.100.44', { ...VALID, correo: `destino${i}@example.pe` })).statusCode).toBe(201);
    }
    let mailed = 0;
    for (let i = 0; i < COMPLAINT_COPY_LIMITS.perClient.max + 3; i += 1) mailed += await mailsTo(`destino${i}@example.pe`);
    expect(mailed).toBe(COMPLAINT_COPY_LIMITS.perClient.max);
  });
});
