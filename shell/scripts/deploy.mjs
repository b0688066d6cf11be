#!/usr/bin/env node
/**
 * Deploy and roll back one remote, without rebuilding anything else.
 *
 *   node shell/scripts/deploy.mjs publish <remote> [dist]   publish its build (default <remote folder>/dist); prints the version
 *   node shell/scripts/deploy.mjs point <remote> <version>  make that version live (deploy or rollback): one registry
 *                                                            write; the site server renders with it from the next request
 *   node shell/scripts/deploy.mjs versions <remote>         list published versions, marking the live one
 *
 * <remote> is a federation name: mf_content, mf_complaints, mf_booking, mf_cargo, mf_account; or `shell`
 * (its entry scripts, header, footer and route table: the site server uses the version it points at).
 * The deploy folder is `.deploy/` (or DEPLOY_DIR). Browsers pick the new pointer up on their next page load.
 */
import { liveVersion, point, publish, publishedVersions } from './deploy-lib.mjs';

const [command, remote, argument] = process.argv.slice(2);

try {
  switch (command) {
    case 'publish':
      console.log(publish(remote, argument));
      break;
    case 'point': {
      if (!argument) throw new Error('usage: point <remote> <version>');
      const { previous, current } = point(remote, argument);
      console.log(`${remote}: ${previous ?? '(none)'} -> ${current}`);
      break;
    }
    case 'versions': {
      const live = liveVersion(remote);
      for (const v of publishedVersions(remote)) console.log(`${v === live ? '*' : ' '} ${v}`);
      break;
    }
    default:
      console.error('usage: deploy.mjs publish <remote> [dist] | point <remote> <version> | versions <remote>');
      process.exit(2);
  }
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
