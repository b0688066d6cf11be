import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';

/**
 * The page states this worker has already found free of serious violations: the same markup in
 * the same viewport is the same page to axe (its stylesheets are the build's, named in that
 * markup), so it is not checked twice. What differs between two requests of one page and not for
 * axe (the CSP nonce, the inline scripts' text) is left out of the comparison.
 */
const checked = new Set<string>();

/** Counted per worker and printed at its end, so a run shows what the dedupe saved. */
const counts = { checked: 0, again: 0 };
process.once('exit', () => {
  if (counts.checked + counts.again > 0) console.log(`axe: ${counts.checked} page states checked, ${counts.again} seen again and not re-checked`);
});

async function pageState(page: Page): Promise<string> {
  const { markup, width, height } = await page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    for (const script of copy.querySelectorAll('script')) script.textContent = '';
    for (const element of copy.querySelectorAll('[nonce]')) element.removeAttribute('nonce');
    return { markup: copy.outerHTML, width: window.innerWidth, height: window.innerHeight };
  });
  return createHash('sha256').update(`${width}x${height}\n${markup}`).digest('hex');
}

/**
 * No serious or critical WCAG 2.1 A/AA violation on the page as it is now.
 *
 * axe runs in the page itself (`setLegacyMode`): the default mode opens a blank page of its own
 * for every check to merge the results of cross-origin frames, which the site has none of (no
 * `<iframe>` anywhere); the results are the same, at about 60 % of the time (measured on `/` and
 * step 1).
 */
export async function expectAccessible(page: Page): Promise<void> {
  const state = await pageState(page);
  if (checked.has(state)) {
    counts.again += 1;
    return;
  }
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode(true).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious, serious.join('\n')).toEqual([]);
  counts.checked += 1;
  // Only a state found clean is remembered: one with violations fails its journey every time.
  if ((await pageState(page)) === state) checked.add(state);
}
