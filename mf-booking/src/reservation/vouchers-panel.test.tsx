import type { PurchaseVouchers } from '@rumbo/shared/schemas';
import { renderWithUi } from '@rumbo/shared/testing';
import { screen } from '@testing-library/react';
import { writeReservation } from '../reservation';
import { RESERVATION_CODE, trip } from '../testing/fixtures';
import { setUpBooking } from '../testing/render';
import { VouchersPanel } from './vouchers-panel';
import type { VouchersDeps } from './vouchers.store';

const KEY = '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c';
const voucher = { tipo: '03', numero: 'B001-41', emitido: '2026-11-22T15:00:00.000Z', total_centimos: 8900, vigencia: 'vigente' } as const;
const ISSUING: PurchaseVouchers = { comprobantes: [{ ...voucher, estado: 'emitiendo', hash: null }], factura_hasta: null };
const SIGNED: PurchaseVouchers = { comprobantes: [{ ...voucher, estado: 'pendiente', hash: 'abc=' }], factura_hasta: null };

function depsAnswering(...answers: PurchaseVouchers[]): VouchersDeps & { calls: () => number } {
  let calls = 0;
  const fetchVouchers = jest.fn(async () => answers[Math.min(calls++, answers.length - 1)]!);
  return { api: { fetchVouchers } as unknown as VouchersDeps['api'], storage: sessionStorage, save: jest.fn(), calls: () => calls };
}

describe('the vouchers panel (issue 44: numbered with the sale, signed right after)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 }, ida: trip(), tramo: 'ida', clave_bloqueo: KEY, codigo: RESERVATION_CODE });
  });

  it.each([
    ['es-PE', 'en emisión', 'por enviar a SUNAT'],
    ['en-EN', 'being issued', 'to be sent to SUNAT'],
  ] as const)('in %s: says "issuing" with the downloads off, then shows the signed voucher once the outbox signed it', async (language, issuing, signed) => {
    await setUpBooking(language);
    const deps = depsAnswering(ISSUING, SIGNED);
    renderWithUi(<VouchersPanel codigo={RESERVATION_CODE} deps={deps} />);
    expect(await screen.findByText(new RegExp(issuing))).toBeInTheDocument();
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
    // Asked again (every 2 s) until signed.
    expect(await screen.findByText(new RegExp(signed), {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(issuing))).not.toBeInTheDocument();
    expect(deps.calls()).toBe(2);
    for (const button of screen.getAllByRole('button')) expect(button).toBeEnabled();
  });
});
