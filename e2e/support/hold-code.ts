import type { Page } from '@playwright/test';

/** Holds the shell's code (`main.js`) until the returned function is called: the page is only its HTML (and the remotes' fill scripts) meanwhile. */
export async function holdShellCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/main\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
