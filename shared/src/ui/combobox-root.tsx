import { Combobox as ChakraCombobox, type ComboboxRootProps } from '@chakra-ui/react';
import type { RefAttributes } from 'react';

type Item = ComboboxRootProps['collection']['items'][number];

/**
 * Chakra's combobox root with its list mounted only while open (`lazyMount`, `unmountOnExit`).
 * Mounted eagerly, every option is rendered and styled with the page, and the combobox sets the
 * closed list's `scrollTop` on start, which forces a layout of the whole page in the middle of
 * the render (two city fields on the home page cost ~0.7 s of blocking time on a mobile CPU).
 */
function ComboboxRoot<T extends Item>(props: ComboboxRootProps<T> & RefAttributes<HTMLDivElement>) {
  return <ChakraCombobox.Root lazyMount unmountOnExit {...props} />;
}

export const Combobox: typeof ChakraCombobox = { ...ChakraCombobox, Root: ComboboxRoot };
