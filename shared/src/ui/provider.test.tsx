import { render } from '@testing-library/react';
import { PREBUILT_GLOBAL_CSS_ID, UiProvider } from './provider';

/** The CSS Emotion injected into the document (as text or as rules). */
const injected = () =>
  [...document.head.querySelectorAll('style[data-emotion]')]
    .map((style) => style.textContent + [...((style as HTMLStyleElement).sheet?.cssRules ?? [])].map((rule) => rule.cssText).join('\n'))
    .join('\n');

describe('UiProvider', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("injects the theme's reset and tokens when the page does not carry them", () => {
    render(
      <UiProvider>
        <p>hola</p>
      </UiProvider>,
    );
    expect(injected()).toContain('--chakra-colors-brand-');
  });

  it('sets no custom property on every element, and the ones the reset reads once on html (style passes stay cheap)', () => {
    render(
      <UiProvider>
        <p>hola</p>
      </UiProvider>,
    );
    const rules = [...injected().matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector, body]) => ({ selector: selector!.trim(), body: body! }));
    const everyElement = rules.filter((rule) => rule.selector === '*');
    expect(everyElement.length).toBeGreaterThan(0);
    for (const rule of everyElement) expect(rule.body).not.toMatch(/--[\w-]+\s*:/);
    const html = rules.filter((rule) => /^(@layer base\{)?html$/.test(rule.selector)).map((rule) => rule.body).join(';');
    expect(html).toMatch(/--global-color-border:\s*var\(--chakra-colors-border\)/);
    expect(html).toMatch(/--global-font-body:\s*var\(--chakra-fonts-body\)/);
  });

  it('injects neither when index.html carries them prebuilt', () => {
    const style = document.createElement('style');
    style.id = PREBUILT_GLOBAL_CSS_ID;
    document.head.appendChild(style);
    render(
      <UiProvider>
        <p>hola</p>
      </UiProvider>,
    );
    expect(injected()).not.toContain('--chakra-colors-');
  });
});
