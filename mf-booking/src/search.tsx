import { InTransition, i18n, registerTexts } from '@rumbo/shared';
import { Text, UiProvider } from '@rumbo/shared/ui';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { searchPackageTexts } from './search/locales';
import { SearchWidget } from './search/search-widget';

/** Props the page that mounts the parcel may pass: city codes of `endpoints.cities` to start with. */
export interface SearchParcelProps {
  origen?: string;
  destino?: string;
  /** The id of the heading of the page's section the widget is in (it then draws no heading of its own). */
  labelledBy?: string;
}

function SearchParcel({ origen, destino, labelledBy }: SearchParcelProps) {
  return (
    <UiProvider>
      {/* Rendered in slices: the home page around it stays responsive while it starts. */}
      <InTransition>
        <SearchWidget key={`${origen ?? ''}-${destino ?? ''}`} initial={{ origen, destino }} headingLevel="h2" labelledBy={labelledBy} />
      </InTransition>
    </UiProvider>
  );
}

/**
 * The search widget as a single-spa parcel (`mf_booking/search`), for the home page:
 * `mountRootParcel(parcel, { domElement, origen, destino })`.
 */
const lifecycles = singleSpaReact<SearchParcelProps>({
  React,
  ReactDOMClient,
  rootComponent: SearchParcel,
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
