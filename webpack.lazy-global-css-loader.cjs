/**
 * Chakra's `createSystem` computes its global CSS (reset, global styles, every token as a CSS
 * variable) eagerly, as `_global`, though only its provider reads it, to inject it. The shell's
 * index.html carries that CSS prebuilt (shell/scripts/chakra-global-css.mjs) and `UiProvider`
 * then never reads `_global`; computing it anyway is about half of building the system, at every
 * start. This makes `_global` a getter computed on first read: same value, only when needed.
 * Fails loudly if Chakra changes.
 */
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const FIELD = '    _global,\n';

module.exports = function lazyGlobalCss(source) {
  if (!source.includes(EAGER) || !source.includes(FIELD)) {
    throw new Error('@chakra-ui/react styled-system/system.js changed: review webpack.lazy-global-css-loader.cjs');
  }
  return source
    .replace(EAGER, 'let _globalCss;\n  const globalCss_ = () => (_globalCss ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);')
    .replace(FIELD, '    get _global() {\n      return globalCss_();\n    },\n');
};
