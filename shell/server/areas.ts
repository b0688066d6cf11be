/**
 * The renders a page is made of: the shell's (head, header, footer, the route's owner) and the
 * owning remote's area with other remotes' named parts filled, each by the renderer of the version
 * the registry points at, within its budget; anonymous renders are kept (cache.ts).
 */
import { NAMED_PARTS, type NamedPart, type RenderInput, type RenderResult, type ShellResult } from '@rumbo/shared/paint';
import { RenderCache } from './cache';
import type { AreaPart } from '../src/document';
import { versionFolder, type Registry, type VersionFolder } from './files';
import type { RendererMethod, RendererMethods, RendererPool } from './renderers';

/** How long a remote's render may take (its loaders' API calls included) before its area is a skeleton. */
export const RENDER_BUDGET_MS = Number(process.env.RENDER_BUDGET_MS ?? 2500);
/** How long the shell's (header, footer) may take. */
const SHELL_BUDGET_MS = 2500;

/** A remote's area: its render with its named parts filled (undefined: its skeleton), and whether it was kept (an anonymous render, whole). */
export interface RenderedArea {
  area: AreaPart | undefined;
  kept: boolean;
}

export interface AreaSources {
  pool: RendererPool;
  registry: () => Registry;
  cdnDir: string;
  /** Renderers run on this server only from the origins the site was configured with (the CDN's), never from an origin a registry entry alone names. */
  cdnOrigins: readonly string[];
  shellFolder: () => VersionFolder;
}

/** The shell's answer as its renderer sends it (`globalCss`: the UI kit's, prebuilt). */
export type ShellRender = ShellResult & { globalCss?: string };

export function areaRenderer({ pool, registry, cdnDir, cdnOrigins, shellFolder }: AreaSources) {
  const cache = new RenderCache<AreaPart | ShellRender>();

  async function call<M extends RendererMethod>(app: string, where: VersionFolder, method: M, input: RendererMethods[M]['input'], budget: number) {
    const worker = pool.workerFor(app, where.folder, where.publicPath);
    if (!worker) throw new Error(`${app} has no renderer`);
    return worker.call(method, input, budget);
  }

  const folderOf = (app: string, pointers: Registry) => (pointers[app] ? versionFolder(cdnDir, app, pointers[app], cdnOrigins) : undefined);

  /**
   * The area's markup with each named part filled by its owner's live renderer (the home page's
   * trip search, mf-booking's); a part that fails stays empty (its host's placeholder shows), and
   * the render is not `complete`.
   */
  async function withParts(result: RenderResult, input: RenderInput): Promise<{ html: string; complete: boolean }> {
    if (!result.parts?.length) return { html: result.html, complete: true };
    const pointers = registry();
    const filled = await Promise.all(
      result.parts.map(async (place) => {
        const owner = NAMED_PARTS[place.name as NamedPart] as string | undefined;
        const where = owner && folderOf(owner, pointers);
        if (!owner || !where) return undefined;
        try {
          const { language, config, session, nonce } = input;
          return await call(owner, where, 'renderPart', { language, config, session, nonce, name: place.name, props: place.props }, RENDER_BUDGET_MS);
        } catch (error) {
          console.error(`part ${place.name} by ${owner}: ${(error as Error).message}`);
          return undefined;
        }
      }),
    );
    let html = '';
    let from = 0;
    for (const [i, place] of result.parts.entries()) {
      html += result.html.slice(from, place.at);
      const part = filled[i];
      if (part) {
        html += part.html;
        result.css = { text: result.css.text + part.css.text, ids: [...result.css.ids, ...part.css.ids] };
        result.data = { ...result.data, ...part.data };
      }
      from = place.at;
    }
    return { html: html + result.html.slice(from), complete: filled.every(Boolean) };
  }

  return {
    /** `remote`'s area for `input`; an `anonymous` one from, and into, the cache. */
    async area(remote: string, input: RenderInput, anonymous: boolean): Promise<RenderedArea> {
      const pointers = registry();
      const where = folderOf(remote, pointers);
      if (!where) return { area: undefined, kept: false };
      // By every pointer, not only this remote's: its page may hold another remote's named part.
      const key = anonymous ? `${JSON.stringify(pointers)}|${remote}|${input.path}|${JSON.stringify(input.query)}|${input.language}` : undefined;
      const cached = key ? (cache.get(key) as AreaPart | undefined) : undefined;
      if (cached) return { area: cached, kept: true };
      try {
        const result = await call(remote, where, 'render', input, RENDER_BUDGET_MS);
        const { html, complete } = await withParts(result, input);
        const area: AreaPart = { ...result, html, publicPath: where.publicPath };
        // A render with a part that failed (its owner late or broken) is sent, not kept: the next reader gets it whole.
        const kept = Boolean(key && complete);
        if (key && kept) cache.set(key, area);
        return { area, kept };
      } catch (error) {
        console.error(`render of ${input.path} by ${remote} ${where.version}: ${(error as Error).message}`);
        return { area: undefined, kept: false };
      }
    },

    /** The shell's render of `input` (head, header, footer, the route's owner); an `anonymous` one from, and into, the cache. */
    async shell(input: RenderInput, anonymous: boolean): Promise<ShellRender> {
      const key = anonymous ? `shell@${shellFolder().folder}|${input.path}|${input.language}` : undefined;
      const cached = key ? (cache.get(key) as ShellRender | undefined) : undefined;
      if (cached) return cached;
      const result = (await call('shell', shellFolder(), 'render', input, SHELL_BUDGET_MS)) as ShellRender;
      if (key) cache.set(key, result);
      return result;
    },
  };
}

export type AreaRenderer = ReturnType<typeof areaRenderer>;
