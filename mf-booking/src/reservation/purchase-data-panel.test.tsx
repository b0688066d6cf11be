import type { PurchaseData } from '@rumbo/shared/schemas';
import { renderWithUi } from '@rumbo/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeReservation } from '../reservation';
import { RESERVATION_CODE, trip } from '../testing/fixtures';
import { setUpBooking } from '../testing/render';
import { PurchaseDataPanel } from './purchase-data-panel';
import type { PurchaseDataDeps } from './purchase-data.store';

const KEY = '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c';
const base: PurchaseData = { generado: '2026-12-07T15:00:00.000Z', compra: { codigo: RESERVATION_CODE }, declaraciones: [], borrado: null, borrable: true, motivo: null };
const ERASED: PurchaseData = { ...base, borrable: false, borrado: { fecha: '2026-12-07T15:00:00.000Z', origen: 'invitado' } };

function deps(first: PurchaseData) {
  let answer = first;
  const purchaseData = jest.fn(async () => answer);
  const erasePurchase = jest.fn(async () => {
    answer = ERASED;
    return { borrado: ERASED.borrado! };
  });
  const save = jest.fn();
  return { api: { purchaseData, erasePurchase } as unknown as PurchaseDataDeps['api'], storage: sessionStorage, save, purchaseData, erasePurchase };
}

describe("the purchase's data panel (issue 47: a guest's access and erasure by the purchase key)", () => {
  beforeEach(() => {
    sessionStorage.clear();
    writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 }, ida: trip(), tramo: 'ida', clave_bloqueo: KEY, codigo: RESERVATION_CODE });
  });

  it.each([
    ['es-PE', 'Borrar mis datos de esta compra', 'el comprobante de pago electrónico tal como se emitió', 'Sí, borrar mis datos', 'se borraron el'],
    ['en-EN', 'Erase my data in this purchase', 'the electronic payment voucher as it was issued', 'Yes, erase my data', 'were erased on'],
  ] as const)('in %s: shows what is erased and kept before confirming, erases with the key, then says so', async (language, erase, kept, confirm, done) => {
    await setUpBooking(language);
    const d = deps(base);
    const onErased = jest.fn();
    renderWithUi(<PurchaseDataPanel codigo={RESERVATION_CODE} deps={d} onErased={onErased} />);
    await userEvent.click(await screen.findByRole('button', { name: erase }));
    // Nothing is erased before the confirmation, which names what the law keeps.
    expect(d.erasePurchase).not.toHaveBeenCalled();
    expect(screen.getByText(new RegExp(kept))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: confirm }));
    expect(d.erasePurchase).toHaveBeenCalledWith({ codigo: RESERVATION_CODE, clave_bloqueo: KEY });
    expect(await screen.findByText(new RegExp(done))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: erase })).not.toBeInTheDocument();
    expect(onErased).toHaveBeenCalled();
  });

  it('downloads the records as a file, and offers no erasure while the trip is ahead (saying why)', async () => {
    await setUpBooking('es-PE');
    const d = deps({ ...base, borrable: false, motivo: 'privacy.compra.pendiente' });
    renderWithUi(<PurchaseDataPanel codigo={RESERVATION_CODE} deps={d} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar los datos de esta compra' }));
    expect(d.save).toHaveBeenCalledWith(expect.any(Blob), `datos-compra-${RESERVATION_CODE}.json`);
    expect(screen.getByText(/un viaje o un pago por delante/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Borrar mis datos de esta compra' })).not.toBeInTheDocument();
  });
});
