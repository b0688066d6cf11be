import { Link, TRIP_SEARCH_SLOT, TRIP_SEARCH_TO_SLOT, namedPartMarkup, useTranslation } from '@rumbo/shared';
import { Box, Heading, Skeleton, Text } from '@rumbo/shared/ui';
import { useEffect, useRef, useState } from 'react';
import { mountRootParcel, type Parcel, type ParcelConfig } from 'single-spa';
import { loadSearchParcel, type SearchProps } from './search-loader';
import { PAINT } from '@rumbo/shared/paint';

export type { SearchProps };

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

/** A slot of the page for the parcel: its id and, for a keyed one, its key (`data-slot-key`). */
type Slot = { id: string; key?: string };

/**
 * The page's slot for the parcel with these presets: the home page's (none), a destination
 * page's (the destination only, keyed by its code); none for other presets.
 */
function slotFor(origen: string | undefined, destino: string | undefined): Slot | undefined {
  if (origen !== undefined) return undefined;
  return destino === undefined ? { id: TRIP_SEARCH_SLOT.id } : { id: TRIP_SEARCH_TO_SLOT.id, key: destino };
}

/**
 * The markup the server put in the slot: mf-booking's form as its live version rendered it. Read
 * once, while this page hydrates; React then keeps it as it is (the same inner HTML), and the
 * parcel hydrates it.
 */
function serverSlot(slot: Slot | undefined): string {
  if (!slot) return '';
  // On the server: the place the site server fills with mf-booking's renderer.
  if (typeof document === 'undefined') return namedPartMarkup(slot.id, slot.key === undefined ? {} : { destino: slot.key });
  const element = [...document.querySelectorAll(`[${PAINT.part}="${slot.id}"]`)].find((candidate) => (candidate.getAttribute(PAINT.partKey) ?? undefined) === slot.key);
  return element?.innerHTML ?? '';
}

/**
 * The trip search of mf-booking (`mf_booking/search`, a single-spa parcel), mounted here with the
 * origin and destination preset. Until it loads a placeholder keeps its place; if it cannot be
 * loaded or crashes, a translated fallback with a link to `/pasajes` shows instead: the page
 * around it never breaks.
 *
 * Without a preset (the home page) or with the destination only (a destination page), the
 * parcel's container is the page's slot for it (`TRIP_SEARCH_SLOT`, `TRIP_SEARCH_TO_SLOT`): a
 * server-rendered page has the form there already, from HTML, and the placeholder beside it is hidden by
 * its own CSS; the parcel hydrates that form.
 */
export function SearchWidget({ origen, destino, load = loadSearchParcel, title }: SearchProps & { load?: typeof loadSearchParcel; title?: string }) {
  const { t } = useTranslation('content');
  const [state, setState] = useState<State>({ status: 'loading' });
  const slot = slotFor(origen, destino);
  const [fromServer] = useState(() => serverSlot(slot));
  const container = useRef<HTMLDivElement>(null);

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

  const config = state.status === 'ready' ? state.config : undefined;
  useEffect(() => {
    const domElement = container.current;
    if (!config || !domElement) return;
    const parcel: Parcel = mountRootParcel(config, { domElement, origen, destino, labelledBy: TRIP_SEARCH_SLOT.labelledBy });
    parcel.mountPromise.catch(() => setState({ status: 'unavailable' }));
    return () => {
      // Unmounted once mounted (a parcel that failed to mount has nothing to unmount).
      parcel.mountPromise.then(() => parcel.unmount()).catch(() => undefined);
    };
  }, [config, origen, destino]);

  return (
    <Box
      as="section"
      aria-labelledby={TRIP_SEARCH_SLOT.labelledBy}
      bg="bg"
      color="fg"
      rounded="xl"
      shadow="lg"
      p={{ base: '4', md: '6' }}
      minH={state.status === 'unavailable' ? undefined : LOADED_HEIGHT}
    >
      <Heading as="h2" id={TRIP_SEARCH_SLOT.labelledBy} size="lg" mb="3">
        {title ?? t('search.title')}
      </Heading>
      {state.status !== 'unavailable' && (
        <div
          ref={container}
          {...{ [PAINT.part]: slot?.id, [PAINT.partKey]: slot?.key }}
          // Never changed after the first render: React leaves the parcel's markup alone.
          dangerouslySetInnerHTML={{ __html: fromServer }}
        />
      )}
      {state.status === 'loading' && (
        // Hidden where the slot before it holds the server-rendered form (then nothing here waits for data).
        <Box aria-busy="true" css={{ [`[${PAINT.part}]:not(:empty) ~ &`]: { display: 'none' } }}>
          <Skeleton h="12" rounded="md" />
          <Text srOnly>{t('search.loading')}</Text>
        </Box>
      )}
      {state.status === 'unavailable' && <Fallback />}
    </Box>
  );
}
