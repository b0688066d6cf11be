import { Box, Button, Field, Heading, HStack, IconButton, Input, NativeSelect, SimpleGrid, Text } from '@rumbo/shared/ui';
import type { Terminal, TripSearchForm } from '@rumbo/shared/schemas';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLiveForm, useTranslation } from '@rumbo/shared';
import { navigateToUrl } from 'single-spa';
import { sameItems, useTransitioned } from '../use-transitioned';
import { CityField, prefetchCombobox } from './city-field';
import { CONTROL_BORDER, ERROR_COLOR } from './field-styles';
import { SearchStore, type SearchField } from './search.store';


const SwapIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M7 7h11l-3.5-3.5L16 2l6 6-6 6-1.5-1.5L18 9H7zm10 10H6l3.5 3.5L8 22l-6-6 6-6 1.5 1.5L6 15h11z" />
  </svg>
);

interface DateFieldProps {
  store: SearchStore;
  field: 'fecha' | 'regreso';
  id: string;
  min: string;
  required?: boolean;
}

/** A field's message, in the customer's language (undefined while it is valid). */
function useErrorText(store: SearchStore) {
  const { t } = useTranslation('bookingSearch');
  return (field: SearchField) => {
    const error = store.fieldError(field);
    return error && t(`validation:${error.key}`);
  };
}

const DateField = observer(function DateField({ store, field, id, min, required = false }: DateFieldProps) {
  const { t } = useTranslation('bookingSearch');
  const error = useErrorText(store)(field);
  return (
    <Field.Root id={id} invalid={Boolean(error)} required={required}>
      <Field.Label>{t(`search.${field}`)}</Field.Label>
      <Input
        type="date"
        name={field}
        min={min}
        max={store.lastDay}
        value={store.values[field]}
        onChange={(event) => store.set(field, event.target.value)}
        borderColor={CONTROL_BORDER}
      />
      <Field.ErrorText color={ERROR_COLOR}>{error}</Field.ErrorText>
    </Field.Root>
  );
});

const readCities = (store: SearchStore) => ({ terminalsState: store.terminalsState, cities: store.cities });
const sameCities = (a: ReturnType<typeof readCities>, b: ReturnType<typeof readCities>) =>
  a.terminalsState === b.terminalsState && sameItems(a.cities, b.cities);

export interface SearchWidgetProps {
  /** City codes to start with (the home page's destination links, step 1's search). */
  initial?: Partial<TripSearchForm>;
  /** Shown as the form's heading level: the parcel on the home page is a section of it. */
  headingLevel?: 'h1' | 'h2';
  /**
   * The id of the heading of the page's own section the widget is placed in (the home page's):
   * the widget then draws no box or heading of its own, so the page does not show two.
   */
  labelledBy?: string;
  /** The terminals the page (or the named part) was rendered with, from its loader: the form is drawn with its cities ready. */
  terminals?: Terminal[];
  store?: SearchStore;
}

/**
 * The trip search (issue 3 item 1): origin and destination cities, departure and optional return
 * dates, passengers; checked with the shared schema, it goes to step 1 (`/pasajes?...`).
 */
export const SearchWidget = observer(function SearchWidget({ initial, headingLevel = 'h2', labelledBy, terminals, store: given }: SearchWidgetProps) {
  const { t } = useTranslation('bookingSearch');
  const [store] = useState(() => given ?? new SearchStore(initial, { fromServer: () => terminals }));
  const formRef = useRef<HTMLFormElement>(null);
  useLiveForm(formRef);
  const errorText = useErrorText(store);
  const id = useId().replace(/:/g, '');
  const ids = (field: SearchField) => `search-${id}-${field}`;

  useEffect(() => {
    void store.load();
  }, [store]);
  useEffect(prefetchCombobox, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const url = store.submit();
    if (url) {
      navigateToUrl(url);
      return;
    }
    const first = store.errors[0];
    const control = first && (event.currentTarget as HTMLFormElement).elements.namedItem(first.field);
    if (control instanceof HTMLElement) control.focus();
  };

  // The cities reach the form in a transition: its two comboboxes are made again in slices, not in one long task.
  const { terminalsState, cities } = useTransitioned(store, readCities, sameCities);
  const loading = terminalsState === 'loading' && cities.length === 0;
  // Ready also when the terminals answered none (a server-rendered form is drawn so, its terminals in the page).
  const citiesReady = cities.length > 0 || terminalsState === 'ready';
  const titleId = labelledBy ?? `${ids('origen')}-title`;
  const city = (field: 'origen' | 'destino') => (
    <CityField
      key={cities.length}
      value={store.values[field]}
      onChange={(code) => store.set(field, code)}
      cities={cities}
      label={t(`search.${field}`)}
      error={errorText(field)}
      name={field}
      id={ids(field)}
      disabled={!citiesReady}
    />
  );
  const frame = labelledBy ? {} : ({ as: 'section', 'aria-labelledby': titleId, borderWidth: '1px', rounded: 'lg', p: { base: 4, md: 5 }, bg: 'bg' } as const);
  return (
    <Box {...frame}>
      {!labelledBy && (
        <Heading as={headingLevel} id={titleId} size="md" mb="3">
          {t('search.title')}
        </Heading>
      )}
      {terminalsState === 'failed' && (
        <HStack role="alert" gap="3" mb="3">
          <Text>{t('search.failed')}</Text>
          <Button size="sm" variant="outline" onClick={() => void store.load()}>
            {t('search.retry')}
          </Button>
        </HStack>
      )}
      {/* The form is drawn at once, cities disabled until the terminals arrive: nothing below it moves. */}
      <form ref={formRef} noValidate onSubmit={submit} aria-labelledby={titleId} aria-busy={loading}>
        {loading && <Text srOnly>{t('search.loading')}</Text>}
        <SimpleGrid columns={{ base: 1, md: 2, lg: 6 }} gap="3" alignItems="start">
          <Box gridColumn={{ lg: 'span 2' }}>
            <HStack alignItems="end" gap="2">
              <Box flex="1">
                {city('origen')}
              </Box>
              <IconButton
                aria-label={t('search.swap')}
                variant="outline"
                onClick={() => store.swap()}
                mb={store.fieldError('origen') ? '6' : '0'}
              >
                <SwapIcon />
              </IconButton>
            </HStack>
          </Box>
          <Box>
            {city('destino')}
          </Box>
          <DateField store={store} field="fecha" id={ids('fecha')} min={store.today} required />
          <DateField store={store} field="regreso" id={ids('regreso')} min={store.values.fecha || store.today} />
          <Field.Root id={ids('pasajeros')} invalid={Boolean(store.fieldError('pasajeros'))}>
            <Field.Label>{t('search.pasajeros')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="pasajeros"
                value={store.values.pasajeros}
                onChange={(event) => store.set('pasajeros', event.target.value)}
                borderColor={CONTROL_BORDER}
              >
                {store.passengerChoices.map((n) => (
                  <option key={n} value={n}>
                    {t('search.pasajero', { count: n })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText color={ERROR_COLOR}>{errorText('pasajeros')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Button type="submit" colorPalette="brand" mt="4" width={{ base: 'full', md: 'auto' }}>
          {t('search.submit')}
        </Button>
      </form>
    </Box>
  );
});
