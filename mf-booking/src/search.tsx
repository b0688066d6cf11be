import { InTransition, createHydratable, i18n, registerTexts } from '@rumbo/shared';
import type { Terminal } from '@rumbo/shared/schemas';
import { Text, UiProvider } from '@rumbo/shared/ui';
import { searchPackageTexts } from './search/locales';
import { SearchWidget } from './search/search-widget';

/** Props the page that mounts the parcel may pass: city codes of `endpoints.cities` to start with. */
export interface SearchParcelProps {
  origen?: string;
  destino?: string;
  /** The id of the heading of the page's section the widget is in (it then draws no heading of its own). */
  labelledBy?: string;
}

/** The named part's data (`load` in `routes.tsx`): the terminals its form is drawn with. */
export type SearchPartData = Terminal[];

/**
 * The widget as the parcel renders it. `hydrating`: its container holds the widget as this
 * remote's renderer rendered it (a page's named part, `renderPart`), which React hydrates, drawn
 * with `terminals`, the part's data.
 */
export function SearchParcel({ origen, destino, labelledBy, hydrating = false, terminals }: SearchParcelProps & { hydrating?: boolean; terminals?: SearchPartData }) {
  const widget = <SearchWidget key={`${origen ?? ''}-${destino ?? ''}`} initial={{ origen, destino }} headingLevel="h2" labelledBy={labelledBy} terminals={terminals} />;
  return (
    // Drawn anew, in slices: the home page around it stays responsive while it starts (hydration
    // is in slices itself, and must render what Node rendered). Which build it is shows to
    // operators as `data-build`, as a remote's screens do.
    <UiProvider>
      <div data-build={__BUILD_LABEL__ || __APP_VERSION__}>{hydrating ? widget : <InTransition>{widget}</InTransition>}</div>
    </UiProvider>
  );
}

/**
 * The search widget as a single-spa parcel (`mf_booking/search`), for the home page:
 * `mountRootParcel(parcel, { domElement, origen, destino })`. A container that holds the widget's
 * prerendered markup is hydrated.
 */
const lifecycles = createHydratable<SearchParcelProps>({
  render: (props, hydrating, data) => <SearchParcel origen={props.origen} destino={props.destino} labelledBy={props.labelledBy} hydrating={hydrating} terminals={data as SearchPartData | undefined} />,
  // A crash of the widget costs only the widget: the page around it keeps working.
  errorBoundary: () => (
    <UiProvider>
      <Text role="alert">{i18n.t('bookingSearch:search.failed')}</Text>
    </UiProvider>
  ),
});

/** The widget's texts and its form's messages are registered when the parcel starts (the shell has set up i18n by then). */
async function addTexts(): Promise<void> {
  await registerTexts(searchPackageTexts);
}

const parcel = { ...lifecycles, bootstrap: [addTexts, lifecycles.bootstrap] };

export const { bootstrap, mount, unmount, update } = parcel;
export default parcel;
