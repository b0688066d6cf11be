import { createSystem, defaultBaseConfig, defineConfig, type RecipeDefinition, type SlotRecipeConfig, type SystemContext, type SystemStyleObject } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  checkmarkRecipe,
  comboboxSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/** Breakpoints of the spec (§9): xs 0, sm 600, md 900, lg 1200, xl 1536. */
export const BREAKPOINTS = { sm: 600, md: 900, lg: 1200, xl: 1536 } as const;

const px = (value: number) => `${value}px`;

/**
 * Chakra's color palettes the site uses (besides its own `brand` and `sun`): gray (surfaces and
 * text), red, orange, green and blue (alerts and badges by status). Every palette costs start-up
 * time (each becomes a few dozen tokens, CSS variables and `colorPalette` variants); a palette a
 * screen starts using is added here, on purpose, as a recipe is.
 */
const PALETTES = ['gray', 'red', 'orange', 'green', 'blue'] as const;
const COLOR_KEYWORDS = ['transparent', 'current', 'black', 'white', 'whiteAlpha', 'blackAlpha'];
const SEMANTIC_GROUPS = ['bg', 'fg', 'border'];

/**
 * The site has one color scheme, light: nothing sets Chakra's `.dark` class. Chakra's semantic
 * tokens carry a dark value beside each light one; compiling those (a second set of CSS variables
 * under `.dark`) is about half the cost of building the system, for styles never applied. Only
 * the light value is kept.
 */
function lightOnly<T>(node: T): T {
  if (!node || typeof node !== 'object') return node;
  const value = (node as { value?: unknown }).value;
  if (value && typeof value === 'object' && '_light' in value) {
    return { ...node, value: (value as { _light: unknown })._light };
  }
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, lightOnly(child)])) as T;
}

const pick = <T extends object>(object: T, keys: readonly string[]): Partial<T> =>
  Object.fromEntries(Object.entries(object).filter(([key]) => keys.includes(key))) as Partial<T>;

/**
 * Chakra's global CSS without the custom properties it sets on every element (`*`): 27 of them,
 * which give each element its own copy of the page's ~450 inherited variables and make the
 * browser's style pass the costliest part of painting a page. The three the reset reads
 * (`--global-font-*`, `--global-color-border`) are set once on `html` and inherited, as the site
 * has one theme; the ring, filter and backdrop-filter composites (`--ring-*`, `--blur`, …) serve
 * utilities the site does not use (`ring`, `filter="auto"`, `backdropFilter="auto"`): a component
 * that starts using them sets the ones it needs on itself.
 */
const { '*': everyElement, html: htmlCss, ...otherGlobalCss } = globalCss as Record<string, SystemStyleObject>;
const siteGlobalCss: Record<string, SystemStyleObject> = {
  ...otherGlobalCss,
  '*': Object.fromEntries(Object.entries(everyElement ?? {}).filter(([property]) => !property.startsWith('--'))),
  html: { ...htmlCss, ...Object.fromEntries(Object.entries(everyElement ?? {}).filter(([property]) => property.startsWith('--global-'))) },
};

/**
 * Chakra's default theme with the recipes of the components `./ui` offers, and no others: the
 * site ships and compiles only those (Chakra's full set costs ~15 KB gzip and start-up time).
 * A component added to `./ui` adds its recipe here (its key is the component's name).
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: siteGlobalCss,
  theme: {
    keyframes,
    tokens: { ...tokens, colors: pick(tokens.colors, [...COLOR_KEYWORDS, ...PALETTES]) },
    semanticTokens: lightOnly({ ...semanticTokens, colors: pick(semanticTokens.colors, [...SEMANTIC_GROUPS, ...PALETTES]) }),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      // Also the search widget's plain city boxes, drawn as the combobox before its code loads.
      combobox: comboboxSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      table: tableSlotRecipe,
    },
  },
});

const brand = defineConfig({
  theme: {
    breakpoints: {
      sm: px(BREAKPOINTS.sm),
      md: px(BREAKPOINTS.md),
      lg: px(BREAKPOINTS.lg),
      xl: px(BREAKPOINTS.xl),
      '2xl': px(1920),
    },
    tokens: {
      colors: {
        brand: {
          50: { value: '#e8f1f8' },
          100: { value: '#c7dcec' },
          200: { value: '#98bfdc' },
          300: { value: '#6199c6' },
          400: { value: '#3a7ab2' },
          500: { value: '#1f5f96' },
          600: { value: '#164b7a' },
          700: { value: '#0f3a60' },
          800: { value: '#0a2b48' },
          900: { value: '#061c30' },
          950: { value: '#03111f' },
        },
        sun: {
          50: { value: '#fff6eb' },
          100: { value: '#ffe6c7' },
          200: { value: '#fdca8e' },
          300: { value: '#f9a94f' },
          400: { value: '#f28c28' },
          500: { value: '#d86f0f' },
          600: { value: '#b4560a' },
          700: { value: '#8c410c' },
          800: { value: '#6b3310' },
          900: { value: '#4a240d' },
          950: { value: '#2b1406' },
        },
      },
      fonts: {
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's defaults (red.500 text, gray.200 control borders) miss WCAG AA on white.
        fg: { error: { value: '{colors.red.700}' } },
        border: { control: { value: '{colors.gray.500}' } },
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        sun: {
          solid: { value: '{colors.sun.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.sun.700}' },
          muted: { value: '{colors.sun.100}' },
          subtle: { value: '{colors.sun.50}' },
          emphasized: { value: '{colors.sun.200}' },
          focusRing: { value: '{colors.sun.500}' },
        },
      },
    },
  },
  globalCss: {
    html: { colorPalette: 'brand' },
  },
});

let system: SystemContext | undefined;

/**
 * The Chakra system of the site: one instance, shared by the shell and every remote. Made on the
 * first render that needs it rather than when the bundle is evaluated: compiling the tokens is
 * the costliest step of the start-up, and this keeps it out of the script's evaluation task.
 */
export function getSystem(): SystemContext {
  system ??= createSystem(defaultBaseConfig, chakraTheme, brand);
  return system;
}

type Recipes = { recipes?: Record<string, RecipeDefinition>; slotRecipes?: Record<string, SlotRecipeConfig> };

/**
 * Adds the recipes of an on-demand UI module (`./ui/forms`, `./ui/combobox`, `./ui/overlays`) to
 * the site's system when the module loads: a page's first load carries only the recipes of the
 * components it can show at once. Chakra looks a recipe up by its key each time a component first
 * asks for it, in the system's own theme, so one added before the module's components render is
 * found as if the theme had always had it.
 */
export function addRecipes({ recipes = {}, slotRecipes = {} }: Recipes): void {
  const { theme } = getSystem()._config;
  if (!theme) throw new Error('the site system has no theme');
  theme.recipes = { ...recipes, ...theme.recipes };
  theme.slotRecipes = { ...slotRecipes, ...theme.slotRecipes };
}
