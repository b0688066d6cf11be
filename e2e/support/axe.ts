import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No serious or critical WCAG 2.1 A/AA violation on the page as it is now.
 *
 * axe runs in the page itself (`setLegacyMode`): the default mode opens a blank page of its own
 * for every check to merge the results of cross-origin frames, which the site has none of (no
 * `<iframe>` anywhere); the results are the same, in about 60 % of the time (measured on `/` and
 * step 1). Only violations are reported in full (`resultTypes`): axe builds a selector and a
 * snippet for every node of every result it reports, and the passes (most of the page) are never
 * read here; the checks run and find the same.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    // `options` replaces what was set before it: first, then the tags.
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious, serious.join('\n')).toEqual([]);
}
