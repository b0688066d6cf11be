import { prefetchShared, useTranslation } from '@rumbo/shared';
import { Box, chakra, Text, useSlotRecipe } from '@rumbo/shared/ui';
import { observable, runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CONTROL_BORDER, ERROR_COLOR } from './field-styles';
import type { CityOption } from './search.store';

type ComboboxKit = typeof import('@rumbo/shared/ui/combobox');

export const cityLabel = (city: CityOption) => `${city.ciudad} (${city.codigo})`;

/**
 * Chakra's combobox (its state machine, list and positioning: about 35 KB gzip) is not part of the
 * page's first load. The city fields are drawn at once as plain text boxes styled as the combobox;
 * the first time the customer touches, focuses or types in one, the combobox is loaded (it was
 * fetched into the cache, not run, once the page was idle: see `prefetchCombobox`) and both
 * fields become it, keeping what was typed and the focus.
 */
const kit = observable.box<ComboboxKit | undefined>(undefined, { deep: false });
let loading: Promise<ComboboxKit> | undefined;

function loadCombobox(): Promise<ComboboxKit> {
  loading ??= import('@rumbo/shared/ui/combobox').then(
    (loaded) => {
      runInAction(() => kit.set(loaded));
      return loaded;
    },
    (error: unknown) => {
      // The next touch tries again; meanwhile the plain box still takes a typed city.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Fetches the combobox's code into the browser's cache without running it (once the page is idle). */
export function prefetchCombobox(): void {
  if (!kit.get()) prefetchShared('combobox');
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

/** The city a typed text names (its code, its name or its label, accents and case aside). */
export function cityNamed(cities: readonly CityOption[], text: string): CityOption | undefined {
  const wanted = fold(text);
  if (!wanted) return undefined;
  return cities.find((city) => [city.codigo, city.ciudad, cityLabel(city)].some((name) => fold(name) === wanted));
}

export interface CityFieldProps {
  /** The chosen city's code (`''`: none). */
  value: string;
  /** Called with the chosen city's code (`''` when the text names no city). */
  onChange: (code: string) => void;
  /** The cities to choose from, as the caller last rendered them (they may arrive in a transition). */
  cities: CityOption[];
  label: string;
  /** The field's message, under it. */
  error?: string;
  /** The form field's name. */
  name: string;
  /** The text box's id; its label's and its message's are `<id>-label` and `<id>-error`. */
  id: string;
  disabled?: boolean;
}

/**
 * A searchable city field: matches the city's name, its code or one of its terminals. Whichever
 * it shows inside (the plain box, then the combobox), its outside is these props alone.
 */
export const CityField = observer(function CityField(props: CityFieldProps) {
  const { value, onChange, cities } = props;
  const ui = kit.get();
  const selected = cities.find((city) => city.codigo === value);
  // What the customer typed in the plain box, until it is a combobox (undefined: the selected city).
  const [typed, setTyped] = useState<string | undefined>(undefined);
  // Set once the customer is in the plain box: the combobox then takes the focus (and opens its
  // list when the box was touched or typed in).
  const [handover, setHandover] = useState<{ open: boolean } | undefined>(undefined);
  const [handedOver, setHandedOver] = useState(false);
  const [failed, setFailed] = useState(false);

  const upgrade = (open: boolean) => {
    setHandover((current) => ({ open: open || (current?.open ?? false) }));
    loadCombobox().catch(() => setFailed(true));
  };
  // The plain box the customer is in stays, invisible and focused, until the combobox has taken
  // the focus from it: the focus moves from one text box to the other, so a phone's keyboard stays
  // open (iOS does not open it for a focus that does not come from the touch itself). Both keep
  // their places in the tree, so the box is not made again in between.
  const showPlain = !ui || (handover !== undefined && !handedOver);
  const text = typed ?? (selected ? cityLabel(selected) : '');
  return (
    <Box position="relative">
      {ui && (
        <CityCombobox
          {...props}
          ui={ui}
          text={text}
          typed={typed}
          focus={handover !== undefined}
          open={handover?.open ?? false}
          onFocused={() => setHandedOver(true)}
        />
      )}
      {showPlain && (
        <PlainCityInput
          {...props}
          hidden={Boolean(ui)}
          text={text}
          onType={(text) => {
            setTyped(text);
            // Without the combobox (its code could not be loaded), a city typed in full still counts.
            onChange(cityNamed(cities, text)?.codigo ?? '');
            upgrade(true);
          }}
          onTouch={() => upgrade(true)}
          onFocus={() => upgrade(false)}
          failed={failed}
        />
      )}
    </Box>
  );
});

/** A city field's message, under it (both the plain box and the combobox point to it). */
function CityError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <Text id={id} textStyle="xs" fontWeight="medium" color={ERROR_COLOR} mt="1.5">
      {error}
    </Text>
  );
}

const ChevronDown = () => (
  <chakra.svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="m6 9 6 6 6-6" />
  </chakra.svg>
);

interface PlainCityInputProps extends CityFieldProps {
  /** Handing over to the combobox: out of sight and of the flow, still focused. */
  hidden: boolean;
  text: string;
  onType: (text: string) => void;
  onTouch: () => void;
  onFocus: () => void;
  failed: boolean;
}

/**
 * The city field before the combobox has loaded: a text box with the combobox's own styles (its
 * slot recipe), so nothing moves or changes look when it becomes one.
 */
function PlainCityInput({ label, error, name, id, disabled, hidden, text, onType, onTouch, onFocus, failed }: PlainCityInputProps) {
  const { t } = useTranslation('bookingSearch');
  const styles = useSlotRecipe({ key: 'combobox' })({});
  const input = useRef<HTMLInputElement>(null);
  // A box of the page's HTML the customer tapped or tabbed into before the code made it live (the
  // server-rendered home page): its touch and focus came before any handler, so it is taken as a touch now.
  useEffect(() => {
    if (!hidden && input.current && input.current === document.activeElement) onTouch();
    // Once, as the box is first there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // While handing over, the combobox has these ids: this box's are set aside.
  const ownId = hidden ? `${id}-plain` : id;
  const errorId = `${ownId}-error`;
  return (
    <Box {...(hidden ? { position: 'absolute', inset: '0', opacity: 0, pointerEvents: 'none', overflow: 'hidden', 'aria-hidden': true } : {})}>
      <chakra.div css={styles.root} data-disabled={disabled ? '' : undefined}>
        <chakra.label css={styles.label} id={`${ownId}-label`} htmlFor={ownId} data-disabled={disabled ? '' : undefined}>
          {label}
        </chakra.label>
        <chakra.div css={styles.control}>
          <chakra.input
            ref={input}
            css={styles.input}
            id={ownId}
            name={hidden ? undefined : name}
            tabIndex={hidden ? -1 : undefined}
            role="combobox"
            aria-expanded={false}
            aria-autocomplete="list"
            autoComplete="off"
            required
            placeholder={t('search.cityPlaceholder')}
            borderColor={CONTROL_BORDER}
            value={text}
            disabled={disabled}
            data-disabled={disabled ? '' : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => onType(event.target.value)}
            onPointerDown={onTouch}
            onFocus={onFocus}
          />
          <chakra.div css={styles.indicatorGroup} pointerEvents="none">
            <chakra.span css={styles.trigger}>
              <ChevronDown />
            </chakra.span>
          </chakra.div>
        </chakra.div>
      </chakra.div>
      <CityError id={errorId} error={error} />
      {failed && !error && (
        <Text textStyle="xs" color="fg.muted" mt="1.5">
          {t('search.typeCity')}
        </Text>
      )}
    </Box>
  );
}

interface CityComboboxProps extends CityFieldProps {
  ui: ComboboxKit;
  /** What the box shows when it replaces the plain one: what was typed there, or the chosen city. */
  text: string;
  /** What the customer typed in the plain box, if anything: the list starts filtered by it. */
  typed: string | undefined;
  /** Take the focus when mounted (the customer was in the plain box). */
  focus: boolean;
  /** Open the list when mounted (the customer touched the box or typed). */
  open: boolean;
  /** Called once it has taken the focus from the plain box. */
  onFocused: () => void;
}

function CityCombobox({ ui, value, onChange, cities, label, error, name, id, disabled, text, typed, focus, open, onFocused }: CityComboboxProps) {
  const { Combobox, useFilter, useListCollection } = ui;
  const { t } = useTranslation('bookingSearch');
  const { contains } = useFilter({ sensitivity: 'base' });
  const { collection, filter } = useListCollection<CityOption>({
    initialItems: cities,
    itemToString: cityLabel,
    itemToValue: (city) => city.codigo,
    filter: (text, query, city) => contains(text, query) || city.terminales.some((name) => contains(name, query)),
  });
  const errorId = `${id}-error`;

  // Before the browser paints or handles another key: the focus moves from the plain box to this one.
  useLayoutEffect(() => {
    if (typed) filter(typed);
    if (!focus) return;
    const input = document.getElementById(id);
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
    onFocused();
    // Only when it replaces the plain box.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Box>
      <Combobox.Root
        collection={collection}
        value={value ? [value] : []}
        defaultInputValue={text}
        defaultOpen={open && !disabled}
        onInputValueChange={(details) => filter(details.inputValue)}
        onValueChange={(details) => onChange(details.value[0] ?? '')}
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
        <Combobox.Label>{label}</Combobox.Label>
        <Combobox.Control>
          <Combobox.Input
            name={name}
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
      <CityError id={errorId} error={error} />
    </Box>
  );
}
