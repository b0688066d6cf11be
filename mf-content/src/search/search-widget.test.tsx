import { registerTexts, setRemoteModuleLoader } from '@rumbo/shared';
import { hydrateAt, renderWithUi, setUpShared } from '@rumbo/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import type { ParcelConfig } from 'single-spa';
import { contentPackageTexts } from '../locales';
import { loadSearchParcel } from './search-loader';
import { SearchWidget, type SearchProps } from './search-widget';

beforeAll(async () => {
  await setUpShared('es-PE');
  await registerTexts(contentPackageTexts);
});

afterEach(() => {
  setRemoteModuleLoader(undefined);
});

test('without mf-booking deployed, the loader finds nothing and the widget shows the fallback with a link to /pasajes', async () => {
  await expect(loadSearchParcel()).resolves.toBeUndefined();
  renderWithUi(<SearchWidget />);
  expect(await screen.findByTestId('search-fallback')).toHaveTextContent('El buscador de pasajes no está disponible en este momento.');
  expect(screen.getByRole('link', { name: 'Ir a la compra de pasajes' })).toHaveAttribute('href', '/pasajes');
});

test('a remote that fails to load shows the fallback, never an error', async () => {
  renderWithUi(<SearchWidget load={() => Promise.reject(new Error('network'))} />);
  expect(await screen.findByTestId('search-fallback')).toBeInTheDocument();
});

test('loads mf_booking/search through the loader the shell registers', async () => {
  const parcel = { bootstrap: jest.fn(), mount: jest.fn(), unmount: jest.fn() };
  const loadRemote = jest.fn(async () => ({ default: parcel }));
  setRemoteModuleLoader(loadRemote);
  await expect(loadSearchParcel()).resolves.toBe(parcel);
  expect(loadRemote).toHaveBeenCalledWith('mf_booking/search');
});

test('mounts the parcel with the preset origin and destination', async () => {
  const mounted: SearchProps[] = [];
  const config: ParcelConfig<SearchProps> = {
    bootstrap: async () => undefined,
    mount: async (props) => {
      mounted.push({ origen: props.origen, destino: props.destino });
    },
    unmount: async () => undefined,
  };
  renderWithUi(<SearchWidget destino="CUZ" load={async () => config} />);
  await screen.findByRole('heading', { name: 'Busca tu pasaje' });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(mounted).toEqual([{ origen: undefined, destino: 'CUZ' }]);
  expect(screen.queryByTestId('search-fallback')).not.toBeInTheDocument();
});

test.each([
  ['home page', {}, 'data-parcel-slot="trip-search"'],
  ["destination's page", { destino: 'CUZ' }, 'data-parcel-slot="trip-search-to" data-slot-key="CUZ"'],
])('on a server-rendered %s, keeps the form the site server put in its slot and mounts the parcel on it, to hydrate it', async (_, presets, slotAttributes) => {
  const mountedOn: { element: HTMLElement; html: string }[] = [];
  const config: ParcelConfig<SearchProps> = {
    bootstrap: async () => undefined,
    mount: async (props) => {
      const element = (props as unknown as { domElement: HTMLElement }).domElement;
      mountedOn.push({ element, html: element.innerHTML });
    },
    unmount: async () => undefined,
  };
  let release: (value: ParcelConfig<SearchProps>) => void = () => undefined;
  const load = () => new Promise<ParcelConfig<SearchProps>>((resolve) => (release = resolve));
  const form = '<form aria-labelledby="search-widget-title"><input name="origen"></form>';
  const { html, mismatches, container } = await hydrateAt('/', '/', () => <SearchWidget load={load} {...presets} />, (page) => {
    const slot = page.querySelector(`[${slotAttributes.replace('" ', '"][')}]`)!;
    expect(slot).toBeEmptyDOMElement();
    slot.innerHTML = form;
  });
  expect(html).toContain(`<div ${slotAttributes}></div>`);
  expect(mismatches).toEqual([]);
  const slot = container.querySelector(`[${slotAttributes.replace('" ', '"][')}]`)!;
  expect(slot.innerHTML).toBe(form);
  await act(async () => release(config));
  await waitFor(() => expect(mountedOn).toHaveLength(1));
  expect(mountedOn[0]).toEqual({ element: slot, html: form });
  expect(container.querySelector('[aria-busy="true"]')).toBeNull();
});
