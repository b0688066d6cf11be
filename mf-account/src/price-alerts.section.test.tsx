import { endpoints } from '@rumbo/shared/contract';
import type { PriceAlert } from '@rumbo/shared/schemas';
import { answer, renderWithUi, stubEndpoints } from '@rumbo/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PriceAlertsSection } from './price-alerts.section';
import { setUpAccountPages } from './testing/setup';

setUpAccountPages();

const ALERTS: PriceAlert[] = [
  { calerta: 3, origen: 'LIM', destino: 'ARE', desde: null, hasta: null, tope: 60, avisado: null },
  { calerta: 4, origen: 'LIM', destino: 'CUZ', desde: '2027-01-10', hasta: '2027-01-20', tope: 90, avisado: 80 },
];

describe('Mis alertas de precio in Comunicaciones (issue 48 item 3)', () => {
  it('lists the active alerts and deletes one in one tap, saying so', async () => {
    let alerts = ALERTS;
    const requests = stubEndpoints(
      answer(endpoints.priceAlertList, () => alerts),
      answer(endpoints.priceAlertDelete, (_request, body) => {
        alerts = alerts.filter((alert) => alert.calerta !== (body as { calerta: number }).calerta);
        return undefined;
      }),
    );
    renderWithUi(<PriceAlertsSection />);
    expect(await screen.findByText('LIM → ARE: avisarme por debajo de S/ 60.00')).toBeInTheDocument();
    expect(screen.getByText('Último aviso: desde S/ 80.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Borrar la alerta LIM → ARE por debajo de S/ 60.00' }));
    await waitFor(() => expect(screen.getByTestId('price-alerts-result')).toHaveTextContent('Alerta borrada: LIM → ARE.'));
    expect(screen.queryByText('LIM → ARE: avisarme por debajo de S/ 60.00')).not.toBeInTheDocument();
    expect(requests.some((request) => request.url.endsWith('/rest/alertas/borrar'))).toBe(true);
  });

  it('says when there is none', async () => {
    stubEndpoints(answer(endpoints.priceAlertList, []));
    renderWithUi(<PriceAlertsSection />);
    expect(await screen.findByText('No tiene alertas de precio activas.')).toBeInTheDocument();
  });
});
