import { Box, Button, Heading, HStack, IconButton, NativeSelect, SimpleGrid, Text } from '@rumbo/shared/ui';
import { Combobox, useFilter, useListCollection } from '@rumbo/shared/ui/combobox';
import { Field, Input } from '@rumbo/shared/ui/forms';
import type { TripSearchForm } from '@rumbo/shared/schemas';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { navigateToUrl } from 'single-spa';
import { sameItems, useTransitioned } from '../use-transitioned';
import { SearchStore, type CityOption, type SearchField } from './search.store';

const ERROR_COLOR = 'fg.error';
const CONTROL_BORDER = 'border.control';

const cityLabel = (city: CityOption) => `${city.ciudad} (${city.codigo})`;

interface CityFieldProps {
  store: SearchStore;
  /** The cities as the widget last rendered them (they arrive in a transition). */
  cities: CityOption[];
  field: 'origen' | 'destino';
  id: string;
  disabled?: boolean;
}

/** A searchable city combobox: matches the city's name, its code or one of its terminals. */
const CityField = observer(function CityField({ store, cities, field, id, disabled }: CityFieldProps) {
  const { t } = useTranslation('bookingSearch');
  const { contains } = useFilter({ sensitivity: 'base' });
  // Keyed on the number of cities: mounted again once the terminals have arrived.
  const { collection, filter } = useListCollection<CityOption>({
    initialItems: cities,
    itemToString: cityLabel,
    itemToValue: (city) => city.codigo,
    filter: (text, query, city) => contains(text, query) || city.terminales.some((name) => contains(name, query)),
  });
  const error = store.fieldError(field);
  const value = store.values[field];
  const selected = cities.find((city) => city.codigo === value);
  const errorId = `${id}-error`;
  return (
    <Box>
      <Combobox.Root
        collection={collection}
        value={value ? [value] : []}
        defaultInputValue={selected ? cityLabel(selected) : ''}
        onInputValueChange={(details) => filter(details.inputValue)}
        onValueChange={(details) => store.set(field, details.value[0] ?? '')}
        onOpenChange={(details) => {
          if (!details.open) filter('');
        }}
        openOnClick
        ids={{ input: id, label: `${id}-label` }}
        invalid={Boolean(error)}
        disabled={disabled}
        required
        positioning={{ sameWidth: true }}
      >
        <Combobox.Label>{t(`search.${field}`)}</Combobox.Label>
        <Combobox.Control>
          <Combobox.Input
            name={field}
            placeholder={t('search.cityPlaceholder')}
            borderColor={CONTROL_BORDER}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error ? true : undefined}
          />
          <Combobox.IndicatorGroup>
            <Combobox.Trigger aria-label={t('search.openList')} />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Combobox.Positioner>
          <Combobox.Content maxH="72">
            <Combobox.Empty>{t('search.noCity')}</Combobox.Empty>
            {collection.items.map((city) => (
              <Combobox.Item item={city} key={city.codigo}>
                <Box>
                  <Combobox.ItemText>{cityLabel(city)}</Combobox.ItemText>
                  <Text textStyle="xs" color="fg.muted">
                    {city.terminales.join(' · ')}
                  </Text>
                </Box>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
      {error && (
        <Text id={errorId} textStyle="xs" fontWeight="medium" color={ERROR_COLOR} mt="1.5">
          {t(`validation:${error.key}`)}
        </Text>
      )}
    </Box>
  );
});

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

const DateField = observer(function DateField({ store, field, id, min, required = false }: DateFieldProps) {
  const { t } = useTranslation('bookingSearch');
  const error = store.fieldError(field);
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
      <Field.ErrorText color={ERROR_COLOR}>{error && t(`validation:${error.key}`)}</Field.ErrorText>
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
  store?: SearchStore;
}

/**
 * The trip search (issue 3 item 1): origin and destination cities, departure and optional return
 * dates, passengers; checked with the shared schema, it goes to step 1 (`/pasajes?...`).
 */
export const SearchWidget = observer(function SearchWidget({ initial, headingLevel = 'h2', labelledBy, store: given }: SearchWidgetProps) {
  const { t } = useTranslation('bookingSearch');
  const [store] = useState(() => given ?? new SearchStore(initial));
  const id = useId().replace(/:/g, '');
  const ids = (field: SearchField) => `search-${id}-${field}`;

  useEffect(() => {
    void store.load();
  }, [store]);

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
  const citiesReady = cities.length > 0;
  const titleId = labelledBy ?? `${ids('origen')}-title`;
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
      <form noValidate onSubmit={submit} aria-labelledby={titleId} aria-busy={loading}>
        {loading && <Text srOnly>{t('search.loading')}</Text>}
        <SimpleGrid columns={{ base: 1, md: 2, lg: 6 }} gap="3" alignItems="start">
          <Box gridColumn={{ lg: 'span 2' }}>
            <HStack alignItems="end" gap="2">
              <Box flex="1">
                <CityField key={cities.length} store={store} cities={cities} field="origen" id={ids('origen')} disabled={!citiesReady} />
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
            <CityField key={cities.length} store={store} cities={cities} field="destino" id={ids('destino')} disabled={!citiesReady} />
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
            <Field.ErrorText color={ERROR_COLOR}>
              {store.fieldError('pasajeros') && t(`validation:${store.fieldError('pasajeros')!.key}`)}
            </Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Button type="submit" colorPalette="brand" mt="4" width={{ base: 'full', md: 'auto' }}>
          {t('search.submit')}
        </Button>
      </form>
    </Box>
  );
});
