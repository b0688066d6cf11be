import type { ReservationView } from '@rumbo/shared/schemas';
import { eq } from 'drizzle-orm';
import { issueCredit } from '../credit/credit.service';
import { reserva } from '../sales/sales.tables';
import { customerWithPoints } from '../test/customers';
import { signVouchers, testSigner } from '../test/app';
import { BUYER, byPrice, findTrip, freeSeats, holdNewPassenger, post, setupSandboxApp } from '../test/purchase';
import { validateUbl } from './schema';
import { createVoucherSender } from './sender';
import { throwawaySigner, verifyUbl } from './signing';
import { createSunatStandIn } from './sunat';
import { comprobante } from './vouchers.tables';

// Issue 34: the voucher of a purchase paid wholly with points (a service rendered free) and of
// one paid wholly with travel credit (a payment: a normal boleta).

const clock = Date.now();
const now = () => new Date(clock);
const api = setupSandboxApp(now);

async function reserved(days: number, auth: Record<string, string>, points?: (fare: number) => number) {
  const trip = await findTrip(api.app, 'LIM', 'ICA', days);
  const seat = byPrice(await freeSeats(api.app, trip))[0]!;
  const clave = await holdNewPassenger(api.app, trip, seat);
  if (points) expect((await post(api.app, '/rest/canje/asociar', { clave_bloqueo: clave, puntos: points(seat.precio!) }, auth)).statusCode).toBe(200);
  const view = (await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: BUYER, terminos: true }, auth)).json().data as ReservationView;
  return { clave, view, fare: Math.round(seat.precio! * 100) };
}

const voucherOf = async (codigo: string) => {
  const [r] = await api.db.select().from(reserva).where(eq(reserva.codigo, codigo));
  // Issue 44: numbered with the sale, signed by the vouchers' outbox right after it.
  await signVouchers(api.db, now());
  return api.db.select().from(comprobante).where(eq(comprobante.creserva, r!.creserva));
};

describe('vouchers of purchases paid without money (issue 34)', () => {
  it('paid wholly with points: a boleta of a free service (catálogo 07 code 21, tributo 9996, legend 1002), the fare as referential value, nothing payable; schema-valid and accepted', async () => {
    const needed = (fare: number) => Math.ceil((fare * 100) / 10);
    const { auth } = await customerWithPoints(api.db, 100_000);
    const { clave, view, fare } = await reserved(19, auth, needed);
    expect(view.total_centimos).toBe(0);
    expect((await post(api.app, '/rest/canje/confirmar', { codigo: view.codigo, clave_bloqueo: clave })).statusCode).toBe(200);

    const [voucher, ...others] = await voucherOf(view.codigo);
    expect(others).toEqual([]);
    expect(voucher).toMatchObject({ tipo: '03', serie: 'B001', total_centimos: 0, exonerado_centimos: 0, gravado_centimos: 0, igv_centimos: 0 });
    const xml = voucher!.xml!;
    expect(await validateUbl(xml)).toEqual([]);
    verifyUbl(xml);
    expect(xml).toContain('<cbc:Note languageLocaleID="1002">TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE</cbc:Note>');
    expect(xml).toMatch(/<cbc:TaxExemptionReasonCode[^>]*>21</);
    expect(xml).toMatch(/<cbc:ID[^>]*>9996<\/cbc:ID><cbc:Name>GRA<\/cbc:Name><cbc:TaxTypeCode>FRE</);
    const value = `${Math.floor(fare / 100)}.${String(fare % 100).padStart(2, '0')}`;
    expect(xml).toContain(`<cbc:PriceAmount currencyID="PEN">${value}</cbc:PriceAmount><cbc:PriceTypeCode`);
    expect(xml).toMatch(/<cbc:PriceTypeCode[^>]*>02</);
    expect(xml).toContain('<cbc:PayableAmount currencyID="PEN">0.00</cbc:PayableAmount>');
    // The passenger land-transport fields are there as on any ticket's line.
    expect(xml).toContain('3050');

    await createVoucherSender({ db: api.db, sunat: createSunatStandIn(throwawaySigner('SUNAT (simulador)'), now), signer: testSigner(), log: { warn: () => undefined, error: () => undefined } }).drain(now());
    expect((await voucherOf(view.codigo))[0]).toMatchObject({ estado: 'aceptado' });
    // No factura for what nobody paid.
    const factura = await post(api.app, '/rest/venta/comprobante/factura', { codigo: view.codigo, clave_bloqueo: clave, ruc: '20100047218', razon_social: 'BCP' });
    expect(factura.statusCode).toBe(409);
    expect(factura.json().code).toBe('sale.factura.gratuita');
  });

  it('paid wholly with travel credit: a boleta of the whole fare, exempt, as any sale (the credit is a payment)', async () => {
    const { ccuenta, auth } = await customerWithPoints(api.db, 0);
    const { clave, view } = await reserved(21, auth);
    await api.db.transaction((tx) => issueCredit(tx, { ccuenta }, view.total_centimos, 'TEST0002-1', 12, now()));
    expect((await post(api.app, '/rest/credito/pagar', { codigo: view.codigo, clave_bloqueo: clave }, auth)).statusCode).toBe(200);
    const [voucher] = await voucherOf(view.codigo);
    expect(voucher).toMatchObject({ tipo: '03', total_centimos: view.total_centimos, exonerado_centimos: view.total_centimos });
    expect(await validateUbl(voucher!.xml!)).toEqual([]);
    expect(voucher!.xml).not.toContain('1002');
  });
});
