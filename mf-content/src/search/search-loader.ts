import { loadRemoteModule } from '@rumbo/shared';
import type { ParcelConfig } from 'single-spa';

/** What mf-booking's search parcel takes (its `SearchWidget`'s props). */
export interface SearchProps {
  /** City codes of `contentEndpoints.cities` (`LIM`, `AQP`). */
  origen?: string;
  destino?: string;
  /** The id of this section's heading: the widget inside draws no heading of its own. */
  labelledBy?: string;
}

export const SEARCH_MODULE = 'mf_booking/search';

/** The parcel config of mf-booking's search, or undefined when mf-booking is not deployed. */
export async function loadSearchParcel(): Promise<ParcelConfig<SearchProps> | undefined> {
  return (await loadRemoteModule<{ default?: ParcelConfig<SearchProps> }>(SEARCH_MODULE))?.default;
}
