import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { getSystem } from '../theme';
import { PAINT } from '../paint';

/** The `<style>` of index.html that carries the theme's global CSS, prebuilt by the shell's build. */
export const PREBUILT_GLOBAL_CSS_ID = PAINT.globalCss;

type System = ReturnType<typeof getSystem>;
let prebuilt: System | undefined;

/**
 * The system as the provider sees it. When the page already has the global CSS (reset, global
 * styles, tokens as CSS variables) prebuilt, the provider is given the same system without it, so
 * it neither computes nor injects it again; elsewhere (a remote on its own, tests) Chakra's own.
 * A first screen rendered in Node (`@rumbo/shared/server`) goes into index.html, which has it.
 */
function providedSystem(): System {
  const system = getSystem();
  if (typeof document !== 'undefined' && !document.getElementById(PREBUILT_GLOBAL_CSS_ID)) return system;
  prebuilt ??= Object.create(system, { _global: { value: [] } }) as System;
  return prebuilt;
}

export function UiProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={providedSystem()}>{children}</ChakraProvider>;
}
