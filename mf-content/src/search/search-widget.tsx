import { Link, useTranslation } from '@rumbo/shared';
import { Box, Heading, Skeleton, Text } from '@rumbo/shared/ui';
import { useEffect, useState } from 'react';
import { mountRootParcel, type ParcelConfig } from 'single-spa';
import Parcel from 'single-spa-react/parcel';
import { loadSearchParcel } from './search-loader';

export interface SearchProps {
  /** City codes of `contentEndpoints.cities` (`LIM`, `AQP`). */
  origen?: string;
  destino?: string;
  /** The id of this section's heading: the widget inside draws no heading of its own. */
  labelledBy?: string;
}

/**
 * The height of this section once mf-booking's widget is in it (measured at each breakpoint: its
 * fields stack in one column, then two, then one row). Reserved while the parcel loads, so the
 * sections below the hero do not move when it arrives.
 */
const LOADED_HEIGHT = { base: '31.625rem', md: '22.875rem', lg: '14.375rem' };

type State = { status: 'loading' } | { status: 'ready'; config: ParcelConfig<SearchProps> } | { status: 'unavailable' };

/** What shows when mf-booking's search cannot be loaded: a short text and the way to buy anyway. */
function Fallback() {
  const { t } = useTranslation('content');
  return (
    <Box data-testid="search-fallback" role="status">
      <Text mb="2">{t('search.unavailable')}</Text>
      <Link to="/pasajes" color="brand.fg" fontWeight="semibold" textDecoration="underline">
        {t('search.link')}
      </Link>
    </Box>
  );
}

/**
 * The trip search of mf-booking (`mf_booking/search`, a single-spa parcel), mounted here with the
 * origin and destination preset. Until it loads a placeholder keeps its place; if it cannot be
 * loaded or crashes, a translated fallback with a link to `/pasajes` shows instead: the page
 * around it never breaks.
 */
export function SearchWidget({ origen, destino, load = loadSearchParcel, title }: SearchProps & { load?: typeof loadSearchParcel; title?: string }) {
  const { t } = useTranslation('content');
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    load().then(
      (config) => live && setState(config ? { status: 'ready', config } : { status: 'unavailable' }),
      () => live && setState({ status: 'unavailable' }),
    );
    return () => {
      live = false;
    };
  }, [load]);

  return (
    <Box
      as="section"
      aria-labelledby="search-widget-title"
      bg="bg"
      color="fg"
      rounded="xl"
      shadow="lg"
      p={{ base: '4', md: '6' }}
      minH={state.status === 'unavailable' ? undefined : LOADED_HEIGHT}
    >
      <Heading as="h2" id="search-widget-title" size="lg" mb="3">
        {title ?? t('search.title')}
      </Heading>
      {state.status === 'loading' && (
        <Box aria-busy="true">
          <Skeleton h="12" rounded="md" />
          <Text srOnly>{t('search.loading')}</Text>
        </Box>
      )}
      {state.status === 'unavailable' && <Fallback />}
      {state.status === 'ready' && (
        <Parcel
          config={state.config}
          mountParcel={mountRootParcel}
          origen={origen}
          destino={destino}
          labelledBy="search-widget-title"
          handleError={() => setState({ status: 'unavailable' })}
        />
      )}
    </Box>
  );
}
