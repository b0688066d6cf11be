import { endpoints } from '@rumbo/shared/contract';
import { stubEndpoint } from '@rumbo/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { mountRootParcel } from 'single-spa';
import parcel from './search';
import { TERMINALS } from './testing/fixtures';
import { setUpBooking } from './testing/render';

// single-spa mounts the parcel as a page does, outside React's test `act` (its mount resolves
// only once React has rendered, which `act` would hold back).
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let previous: boolean | undefined;

beforeEach(async () => {
  previous = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  await setUpBooking('es-PE');
  stubEndpoint(endpoints.terminals, TERMINALS);
});

afterEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = previous;
});

describe('the search parcel (mf_booking/search)', () => {
  it('mounts the widget with the given cities, updates and unmounts', async () => {
    const domElement = document.createElement('div');
    document.body.append(domElement);
    const mounted = mountRootParcel(parcel, { domElement, origen: 'LIM', destino: 'CUZ' });
    await mounted.mountPromise;
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Origen' })).toHaveValue('Lima (LIM)'));
    expect(screen.getByRole('combobox', { name: 'Destino' })).toHaveValue('Cusco (CUZ)');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Busca tu pasaje');

    await mounted.update!({ origen: 'AQP', destino: 'LIM' });
    expect(await screen.findByDisplayValue('Arequipa (AQP)')).toBeInTheDocument();

    await mounted.unmount();
    expect(domElement).toBeEmptyDOMElement();
  });
});
