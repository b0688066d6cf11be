import { PAINT, TRIP_SEARCH_SLOT, TRIP_SEARCH_TO_SLOT } from '@rumbo/shared';
import { endpoints } from '@rumbo/shared/contract';
import { limaToday } from '@rumbo/shared/schemas';
import { writePageData, stubEndpoint } from '@rumbo/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { mountRootParcel } from 'single-spa';
import parcel, { SearchParcel } from './search';
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

/**
 * Mounts the parcel on `html` (a named part as mf-booking's renderer renders it for the site
 * server, with today's dates) and checks that React hydrated it in place: the same form element,
 * no recovery, no error.
 */
async function expectHydrated(built: string, props: { destino?: string }) {
  const today = limaToday();
  const domElement = document.createElement('div');
  domElement.setAttribute(PAINT.part, props.destino ? 'trip-search-to' : 'trip-search');
  domElement.innerHTML = built;
  document.body.append(domElement);
  const origin = domElement.querySelector<HTMLInputElement>('input[name="origen"]')!;
  expect(origin).toBeEnabled();
  expect(domElement.querySelector('[aria-busy="true"]')).toBeNull();
  const form = domElement.querySelector('form')!;

  const errors: unknown[] = [];
  const report = jest.spyOn(console, 'error').mockImplementation((error: unknown) => void errors.push(error));
  const reportError = jest.fn();
  Object.assign(window, { reportError });
  try {
    const mounted = mountRootParcel(parcel, { domElement, labelledBy: TRIP_SEARCH_SLOT.labelledBy, ...props });
    await mounted.mountPromise;
    await waitFor(() => expect(domElement).toHaveAttribute('data-live'));
    await waitFor(() => expect(form).toHaveAttribute('data-live'));
    // Hydrated in place: the same form element, no recovery.
    expect(domElement.querySelector('form')).toBe(form);
    expect(reportError).not.toHaveBeenCalled();
    expect(errors).toEqual([]);
    expect(screen.getByRole('combobox', { name: 'Origen' })).toBeEnabled();
    expect(screen.getByLabelText('Fecha de ida')).toHaveValue(today);
    return { mounted, domElement };
  } finally {
    report.mockRestore();
    Reflect.deleteProperty(window, 'reportError');
  }
}

describe("the named parts of the home page (TRIP_SEARCH_SLOT) and of a destination's (TRIP_SEARCH_TO_SLOT)", () => {
  let removeData: () => void = () => undefined;

  beforeEach(() => {
    // The terminals each part's loader put in the page's data.
    removeData = writePageData({ [PAINT.partData('trip-search')]: TERMINALS, [PAINT.partData('trip-search-to')]: TERMINALS });
  });

  afterEach(() => removeData());

  it('hydrates the form the renderer rendered, ready (its terminals from the page), with no mismatch', async () => {
    const html = renderToString(<SearchParcel labelledBy={TRIP_SEARCH_SLOT.labelledBy} hydrating terminals={TERMINALS} />);
    const { mounted } = await expectHydrated(html, {});
    await mounted.unmount();
  });

  it("hydrates a destination's form, rendered with its city preset, with no mismatch", async () => {
    const html = renderToString(<SearchParcel destino="CUZ" labelledBy={TRIP_SEARCH_TO_SLOT.labelledBy} hydrating terminals={TERMINALS} />);
    expect(html).toContain('value="Cusco (CUZ)"');
    const { mounted } = await expectHydrated(html, { destino: 'CUZ' });
    expect(screen.getByRole('combobox', { name: 'Destino' })).toHaveValue('Cusco (CUZ)');
    await mounted.unmount();
  });
});
