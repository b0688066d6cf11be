import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ShellPage } from '../pages/shell.page';
import { SITE } from '../support/site';

const ROOT = path.resolve(__dirname, '../..');
const deploy = (...args: string[]) =>
  execFileSync(process.execPath, [path.join(ROOT, 'shell/scripts/deploy.mjs'), ...args], {
    env: { ...process.env, DEPLOY_DIR: SITE.deployDir },
    encoding: 'utf8',
  }).trim();
const liveEntry = () => JSON.parse(readFileSync(path.join(SITE.deployDir, 'shell/remotes.json'), 'utf8')).mf_complaints as string;

test('one remote rolls forward to a new build and back, with nothing else rebuilt', async ({ page }) => {
  test.setTimeout(120_000);
  const before = liveEntry();
  const firstVersion = before.split('/').at(-2)!;
  const otherEntry = JSON.parse(readFileSync(path.join(SITE.deployDir, 'shell/remotes.json'), 'utf8')).mf_content;

  // A new build of mf-complaints only, published under its own immutable version.
  const label = `e2e-${Date.now()}`;
  const out = mkdtempSync(path.join(tmpdir(), 'mf-complaints-'));
  execFileSync('pnpm', ['exec', 'webpack', '--config', 'webpack.config.mjs', '--output-path', out], {
    cwd: path.join(ROOT, 'mf-complaints'),
    env: { ...process.env, BUILD_LABEL: label },
    stdio: 'ignore',
  });
  const newVersion = deploy('publish', 'mf_complaints', out);
  expect(newVersion).not.toBe(firstVersion);

  const shell = new ShellPage(page);
  deploy('point', 'mf_complaints', newVersion);
  await shell.open('/libro_reclamaciones');
  await expect(page.locator(`#remote-mf_complaints [data-build="${label}"]`)).toBeVisible();
  expect(liveEntry()).toContain(`/${newVersion}/`);

  deploy('point', 'mf_complaints', firstVersion);
  await shell.open('/libro_reclamaciones');
  await expect(page.locator('#remote-mf_complaints [data-build]')).toBeVisible();
  await expect(page.locator(`[data-build="${label}"]`)).toHaveCount(0);
  expect(liveEntry()).toBe(before);
  // The other remote's pointer never moved.
  expect(JSON.parse(readFileSync(path.join(SITE.deployDir, 'shell/remotes.json'), 'utf8')).mf_content).toBe(otherEntry);
  expect(deploy('versions', 'mf_complaints')).toContain(`* ${firstVersion}`);
});
