/**
 * Chakra's combobox (the search widget's city fields): a federated singleton of its own, loaded
 * only by the screens that have one. Its state machine, list collection and positioning are
 * about 35 KB gzip, which every other form (complaints, step 3, sign-in) does not carry.
 */
export { useFilter, useListCollection } from '@chakra-ui/react';
export { Combobox } from './combobox-root';
