import { loadRemoteModule } from '@rumbo/shared';
import type { ParcelConfig } from 'single-spa';
import type { SearchProps } from './search-widget';

export const SEARCH_MODULE = 'mf_booking/search';

/** The parcel config of mf-booking's search, or undefined when mf-booking is not deployed. */
export async function loadSearchParcel(): Promise<ParcelConfig<SearchProps> | undefined> {
  return (await loadRemoteModule<{ default?: ParcelConfig<SearchProps> }>(SEARCH_MODULE))?.default;
}
