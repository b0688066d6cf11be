import { registerTexts, setRemoteModuleLoader } from '@rumbo/shared';
import { renderWithUi, setUpShared } from '@rumbo/shared/testing';
import { screen } from '@testing-library/react';
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
