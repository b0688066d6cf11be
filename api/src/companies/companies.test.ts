import { isValidRuc } from '@rumbo/shared/schemas';
import { eq } from 'drizzle-orm';
import { listOutbox } from '../mail/outbox';
import { OPERATOR } from '../operator';
import { postJson, setupTestApp } from '../test/app';
import { empresa, empresa_contacto } from './companies.tables';

const api = setupTestApp({
    writeRateLimit: { max: 1000, timeWindow: 60_000 },
    lookupRateLimit: { max: 1000, timeWindow: 60_000 },
  });

const post = (url: string, body: unknown, language?: string) => postJson(api.app, url, body, language);

const FORM = {
  ruc: '20601234506',
  razon_social: 'Minera Cordillera Blanca S.A.C.',
  contacto: 'Patricia Medina',
  correo: 'compras@cordillera.example.pe',
  telefono: '987654321',
  mensaje: 'Viajes mensuales de 40 trabajadores Lima–Huaraz.',
};

describe('RUC check digit', () => {
  it('accepts the operator RUC and rejects a wrong digit or prefix', () => {
    expect(isValidRuc(OPERATOR.ruc)).toBe(true);
    expect(isValidRuc('20601234507')).toBe(false);
    expect(isValidRuc('30601234506')).toBe(false);
  });
});

describe('POST /rest/juridica/buscar', () => {
  it('finds a known company by RUC', async () => {
    const res = await post('/rest/juridica/buscar', { ruc: '20487654320' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ruc: '20487654320', razon_social: 'Agroexportadora Valle Sur S.A.' });
  });

  it('answers 404 for an unknown valid RUC, 400 for a malformed one', async () => {
    const unknown = await post('/rest/juridica/buscar', { ruc: '10458712366' }, 'en-EN');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'company.ruc.notFound', message: 'We could not find that RUC. Type the business name.' });
    expect((await post('/rest/juridica/buscar', { ruc: '2060123' })).json()).toMatchObject({ code: 'company.ruc.format', field: 'ruc' });
    expect((await post('/rest/juridica/buscar', { ruc: '20601234507' })).json()).toMatchObject({ code: 'company.ruc.invalid', field: 'ruc' });
  });
});

describe('POST /rest/juridica/registrar', () => {
  it('stores the request and acknowledges it by e-mail in the caller language', async () => {
    const res = await post('/rest/juridica/registrar', FORM, 'en-EN');
    expect(res.statusCode).toBe(201);
    const receipt = res.json().data;
    expect(receipt).toMatchObject({ ruc: FORM.ruc, razon_social: FORM.razon_social, id: expect.any(Number) });
    const [stored] = await api.db.select().from(empresa_contacto).where(eq(empresa_contacto.id, receipt.id));
    expect(stored).toMatchObject({ contacto: 'Patricia Medina', telefono: '987654321', idioma: 'en-EN' });
    const [mail] = await listOutbox(api.db, { to: FORM.correo, limit: 1 });
    expect(mail!.subject).toContain('corporate services');
    expect(mail!.text).toContain(`number ${receipt.id}`);
  });

  it('registers a company it did not know, then finds it', async () => {
    const res = await post('/rest/juridica/registrar', { ...FORM, ruc: '10458712366', razon_social: 'Quispe Huamán María Elena' });
    expect(res.statusCode).toBe(201);
    const [row] = await api.db.select().from(empresa).where(eq(empresa.ruc, '10458712366'));
    expect(row!.razon_social).toBe('Quispe Huamán María Elena');
    expect((await post('/rest/juridica/buscar', { ruc: '10458712366' })).statusCode).toBe(200);
  });

  it('checks every field, the first failure tied to its field', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ razon_social: '' }, 'razon_social', 'company.razon_social.required'],
      [{ contacto: '' }, 'contacto', 'company.contacto.required'],
      [{ correo: 'x@' }, 'correo', 'company.correo.format'],
      [{ telefono: '12ab' }, 'telefono', 'company.telefono.format'],
      [{ mensaje: 'a'.repeat(501) }, 'mensaje', 'company.mensaje.max'],
    ];
    for (const [change, field, code] of cases) {
      const res = await post('/rest/juridica/registrar', { ...FORM, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field, code });
    }
  });
});
