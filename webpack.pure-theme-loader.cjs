/**
 * Chakra's theme module builds its full default theme at load time (`defaultThemeConfig =
 * defineConfig({... every recipe ...})`). The call has no side effect but is not marked so, which
 * keeps every recipe in the bundle even though the site's theme (shared/src/theme.ts) takes only
 * the recipes it uses. Marking it pure lets the minifier drop it. Fails loudly if Chakra changes.
 */
const CALL = 'const defaultThemeConfig = defineConfig(';

module.exports = function pureChakraTheme(source) {
  if (!source.includes(CALL)) throw new Error('@chakra-ui/react/theme changed: review webpack.pure-theme-loader.cjs');
  return source.replace(CALL, 'const defaultThemeConfig = /* @__PURE__ */ defineConfig(');
};
