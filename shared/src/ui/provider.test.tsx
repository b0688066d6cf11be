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
