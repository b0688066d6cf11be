/**
 * Another remote's named part inside a page (`NAMED_PARTS`, the home page's trip search): in the
 * browser, nothing (its container keeps what the server put there); in a server render, the
 * marker of the place the site server fills with the owner's renderer (`RenderScope.part`).
 */
import { renderScope } from './render-scope';

export function namedPartMarkup(name: string, props: Record<string, string>): string {
  return renderScope()?.part(name, props) ?? '';
}
