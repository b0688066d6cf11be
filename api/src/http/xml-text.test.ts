import { validationText } from '@rumbo/shared/schemas';
import { decimalOf } from '../payments/signing';
import { ADULT, BUYER, findTrip, freeSeats, hold, notifySafetyPay, post, safetyPayNotice, setupSandboxApp, startSafetyPay } from '../test/purchase';

// Issue 45 item 4: characters XML 1.0 cannot carry (C0 controls but tab/LF/CR, U+FFFE, U+FFFF, a
// lone surrogate) in a name or razón social made a paid sale's voucher that SUNAT refuses. Every
// free-text field on its way to a voucher, PDF, mail or XML is refused at the schema: a 400 with a
// code and the message in the caller's language, never stored, never a 500.
const clock = Date.now();
const now = () => new Date(clock);
const api = setupSandboxApp(now);

const CODE = 'request.text.characters';
const LANGUAGES = ['es-PE', 'en-EN'] as const;

function expectRefused(res: { statusCode: number; json(): unknown }, language: (typeof LANGUAGES)[number], field: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ code: CODE, field, message: validationText(language, CODE) });
}

describe('issue 45 item 4: text a voucher cannot carry is refused with a 400 in both languages', () => {
  it('a passenger named with control characters or U+FFFF (/rest/asiento/asociar)', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 12);
    const [seat] = await freeSeats(api.app, trip);
    const held = await hold(api.app, trip, seat!);
    expect(held.statusCode).toBe(200);
    const clave = held.json().data.clave_bloqueo as string;
    const cases: [string, Record<string, string>][] = [
      ['es-PE', { nombres: 'Rosa\u0001' }],
      ['en-EN', { paterno: 'Quis\u0008pe' }],
      ['es-PE', { materno: 'Mam\u000Cani' }],
      ['en-EN', { nombres: 'Rosa\u001F' }],
      ['es-PE', { nombres: 'Rosa\uFFFE' }],
      ['en-EN', { paterno: 'Quispe\uFFFF' }],
      ['es-PE', { materno: 'Mamani\uD83D' }],
    ];
    for (const [language, change] of cases) {
      const res = await post(api.app, '/rest/asiento/asociar', { clave_bloqueo: clave, cviaje_asiento: seat!.cviaje_asiento, pasajero: { ...ADULT, ...change } }, { 'accept-language': language });
      expectRefused(res, language as (typeof LANGUAGES)[number], 'pasajero');
    }
    // The same passenger with a name XML carries (accents, ñ, an emoji) is taken.
    const ok = await post(api.app, '/rest/asiento/asociar', { clave_bloqueo: clave, cviaje_asiento: seat!.cviaje_asiento, pasajero: { ...ADULT, nombres: 'Rosa Ñahui 😀' } });
    expect(ok.statusCode).toBe(200);

    // The purchase (/rest/venta/reserva): the buyer's name, and a factura's razón social.
    for (const language of LANGUAGES) {
      const byName = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: { ...BUYER, nombre: 'Rosa\u0001 Quispe' }, terminos: true }, { 'accept-language': language });
      expectRefused(byName, language, 'comprador');
      const byCompany = await post(api.app, '/rest/venta/reserva', {
        clave_bloqueo: clave, comprador: { ...BUYER, comprobante: 'factura', ruc: '20100047218', razon_social: 'Andes\uFFFF SAC' }, terminos: true,
      }, { 'accept-language': language });
      expectRefused(byCompany, language, 'comprador');
    }

    // A factura asked for after the purchase (/rest/venta/comprobante/factura): pay it first.
    const res = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: BUYER, terminos: true });
    expect(res.statusCode).toBe(201);
    const { codigo, total_centimos } = res.json().data;
    const referencia = await startSafetyPay(api.app, api.db, codigo, clave);
    expect((await notifySafetyPay(api.app, safetyPayNotice(api.sandbox, { referencia, amount: decimalOf(total_centimos) }, now()))).statusCode).toBe(200);
    for (const language of LANGUAGES) {
      const factura = await post(api.app, '/rest/venta/comprobante/factura', { codigo, clave_bloqueo: clave, ruc: '20100047218', razon_social: 'Banco\u0001 de Crédito' }, { 'accept-language': language });
      expectRefused(factura, language, 'razon_social');
    }
  });

  it("a company's request (/rest/juridica/registrar)", async () => {
    const form = { ruc: '20601234506', razon_social: 'Minera Cordillera Blanca S.A.C.', contacto: 'Patricia Medina', correo: 'compras@cordillera.example.pe', telefono: '987654321', mensaje: 'Viajes mensuales.' };
    const cases: [(typeof LANGUAGES)[number], keyof typeof form, string][] = [
      ['es-PE', 'razon_social', 'Minera\u0008 SAC'],
      ['en-EN', 'contacto', 'Patricia\uDC00'],
      ['es-PE', 'mensaje', 'Hola\u001F'],
      ['en-EN', 'razon_social', 'Minera\uFFFE'],
    ];
    for (const [language, field, value] of cases) {
      const res = await post(api.app, '/rest/juridica/registrar', { ...form, [field]: value }, { 'accept-language': language });
      expectRefused(res, language, field);
    }
  });
});
