import * as v from 'valibot';
import { isValidRuc } from './company.schema';
import { ageOn, BuyerSchema, DOCUMENT_TYPE, isMinorOn, lapChildOn, needsNotarialAuthorization, PassengerSchema, ReservationSchema } from './sales.schema';
import { validationMessages } from './validation.messages';

const firstIssue = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? undefined : { message: result.issues[0].message, key: result.issues[0].path?.map((p) => p.key).join('.') };
};

const passenger = {
  ctipo_documento: DOCUMENT_TYPE.dni,
  numero: '45678912',
  nombres: 'Rosa',
  paterno: 'Quispe',
  materno: 'Mamani',
  email: 'Rosa@Example.pe',
  celular: '987654321',
  genero: 'F',
  nacimiento: '1990-05-04',
};

describe('isValidRuc', () => {
  it('accepts RUCs with a valid check digit and refuses others', () => {
    expect(isValidRuc('20100047218')).toBe(true);
    expect(isValidRuc('20100047219')).toBe(false);
    expect(isValidRuc('2010004721')).toBe(false);
    expect(isValidRuc('30100047218')).toBe(false);
  });
});

describe('ageOn / isMinorOn', () => {
  it('counts whole years, birthdays included', () => {
    expect(ageOn('2008-12-01', '2026-11-30')).toBe(17);
    expect(ageOn('2008-12-01', '2026-12-01')).toBe(18);
    expect(isMinorOn('2008-12-01', '2026-11-30')).toBe(true);
    expect(isMinorOn('2008-12-01', '2026-12-01')).toBe(false);
  });
});

describe('PassengerSchema', () => {
  it('accepts a valid passenger and normalises the e-mail', () => {
    const result = v.parse(PassengerSchema, passenger);
    expect(result.email).toBe('rosa@example.pe');
  });

  it.each([
    [{ numero: '1234567' }, 'sale.numero.dni', 'numero'],
    [{ ctipo_documento: DOCUMENT_TYPE.ce, numero: '12345678' }, 'sale.numero.ce', 'numero'],
    [{ ctipo_documento: DOCUMENT_TYPE.pasaporte, numero: 'AB12345678901234' }, 'sale.numero.pasaporte', 'numero'],
    [{ ctipo_documento: 99 }, 'sale.documento.required', 'ctipo_documento'],
    [{ nombres: '  ' }, 'sale.nombres.required', 'nombres'],
    [{ celular: '12345' }, 'sale.celular.invalid', 'celular'],
    [{ email: 'nope' }, 'sale.email.invalid', 'email'],
    [{ nacimiento: '2999-01-01' }, 'sale.nacimiento.invalid', 'nacimiento'],
    [{ nacimiento: '1990-02-30' }, 'sale.nacimiento.invalid', 'nacimiento'],
    [{ nacimiento: '1990-11-31' }, 'sale.nacimiento.invalid', 'nacimiento'],
    [{ nacimiento: '2001-02-29' }, 'sale.nacimiento.invalid', 'nacimiento'],
  ])('refuses %j with %s', (change, message, key) => {
    expect(firstIssue(PassengerSchema, { ...passenger, ...change })).toEqual({ message, key });
  });
});

describe('BuyerSchema and ReservationSchema', () => {
  const buyer = { nombre: 'Rosa Quispe', email: 'rosa@example.pe', comprobante: 'boleta' };

  it('needs a valid RUC and a business name for a factura', () => {
    expect(firstIssue(BuyerSchema, buyer)).toBeUndefined();
    expect(firstIssue(BuyerSchema, { ...buyer, comprobante: 'factura', ruc: '20100047218', razon_social: 'ACME SAC' })).toBeUndefined();
    expect(firstIssue(BuyerSchema, { ...buyer, comprobante: 'factura', razon_social: 'ACME SAC' })).toEqual({ message: 'sale.ruc.invalid', key: 'ruc' });
    expect(firstIssue(BuyerSchema, { ...buyer, comprobante: 'factura', ruc: '20100047219', razon_social: 'ACME' })).toEqual({ message: 'sale.ruc.invalid', key: 'ruc' });
    expect(firstIssue(BuyerSchema, { ...buyer, comprobante: 'factura', ruc: '20100047218' })).toEqual({ message: 'sale.razon.required', key: 'razon_social' });
  });

  it('needs the terms accepted', () => {
    const body = { clave_bloqueo: 'a'.repeat(32), comprador: buyer, terminos: true };
    expect(firstIssue(ReservationSchema, body)).toBeUndefined();
    expect(firstIssue(ReservationSchema, { ...body, terminos: false })).toEqual({ message: 'sale.terminos.required', key: 'terminos' });
  });

  it('takes an optional coupon, trimmed and upper-cased', () => {
    const body = { clave_bloqueo: 'a'.repeat(32), comprador: buyer, terminos: true };
    const parsed = v.parse(ReservationSchema, { ...body, cupon: ' amigos10 ' });
    expect(parsed.cupon).toBe('AMIGOS10');
    expect(firstIssue(ReservationSchema, { ...body, cupon: 'no vale!' })).toEqual({ message: 'sale.cupon.invalid', key: 'cupon' });
  });
});

describe('sales messages', () => {
  it('exist in both languages', () => {
    const keys = (lang: 'es-PE' | 'en-EN') => Object.keys(validationMessages[lang]).filter((k) => k.startsWith('sale.')).sort();
    expect(keys('es-PE').length).toBeGreaterThan(10);
    expect(keys('en-EN')).toEqual(keys('es-PE'));
  });
});

describe('lap children and the notarial authorization (issue 34)', () => {
  const child = { ctipo_documento: 19, numero: '91234567', nombres: 'Inti', paterno: 'Quispe', materno: 'Rojas', nacimiento: '2021-11-28', parentesco: 'madre' };
  const messages = (input: unknown, departure = '2026-11-27') => {
    const result = v.safeParse(lapChildOn(departure), input);
    return result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue)}:${issue.message}`);
  };

  it('a lap child is under 5 on the departure day and the carrier 18 or older', () => {
    expect(messages({ adulto: '1990-05-04', infante: child })).toEqual([]);
    // Five on the departure day: a seat of their own.
    expect(messages({ adulto: '1990-05-04', infante: { ...child, nacimiento: '2021-11-27' } })).toEqual(['infante.nacimiento:sale.infante.edad']);
    expect(messages({ adulto: '2008-11-28', infante: child })).toEqual(['infante:sale.infante.portador']);
    expect(messages({ adulto: '2008-11-27', infante: child })).toEqual([]);
  });

  it('only a father or mother spares the notarial authorization', () => {
    expect(['padre', 'madre', 'tutor', 'familiar', 'otro'].filter(needsNotarialAuthorization)).toEqual(['tutor', 'familiar', 'otro']);
    expect(messages({ adulto: '1990-05-04', infante: { ...child, parentesco: 'tutor' } })).toEqual(['infante.autorizacion_notarial:sale.autorizacion.required']);
    expect(messages({ adulto: '1990-05-04', infante: { ...child, parentesco: 'tutor', autorizacion_notarial: true } })).toEqual([]);
  });
});
