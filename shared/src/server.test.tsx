/**
 * @jest-environment node
 */
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { bundledSpanish, currentLanguage, type PackageTexts } from './i18n';
import { currentPathname, currentSearch } from './location';
import { namedPartMarkup } from './page-data';
import { RouteDataProvider, useRouteData } from './route-data';
import type { RenderInput } from './paint';
import { createRenderer } from './server';
import type { UserData } from './session.store';
import { session } from './singletons';

/**
 * Renders of one renderer interleave (the site server sends it many at once): each reads its own
 * address, data, language, session and named parts, whatever another render did while it waited.
 */
const CONFIG = { product: 'rumbo', apiBaseUrl: 'http://api.test/' } as RenderInput['config'];

const probeTexts: PackageTexts = {
  ns: 'probe',
  translations: bundledSpanish({ hello: 'Hola' }, () => Promise.resolve({ hello: 'Hello' })),
  messages: [],
};

/** A wait of each page (as a lazy screen's), which the test ends; `asked` once its page has rendered up to it. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open, asked: false };
}
const gates = new Map<string, ReturnType<typeof gate>>();

/** What the page reads (after its wait: React renders a component that waited anew). */
function reads(t: (key: string) => string, data: { who: string } | undefined): string {
  return [currentPathname() + currentSearch(), currentLanguage(), t('hello'), String(data?.who), session.customer?.name ?? 'signed out', session.token ?? 'no token'].join(' · ');
}

function Page() {
  const who = currentPathname().slice(1);
  const data = useRouteData<{ who: string }>();
  const { t } = useTranslation('probe');
  const wait = gates.get(who)!;
  wait.asked = true;
  use(wait.promise);
  return (
    <main>
      <p>{reads(t, data)}</p>
      <div dangerouslySetInnerHTML={{ __html: namedPartMarkup('trip-search', { destino: who }) }} />
    </main>
  );
}

const renderer = createRenderer({
  texts: [probeTexts],
  root: (data) => <RouteDataProvider value={data}><Page /></RouteDataProvider>,
  rows: [{ path: '/:who', page: Page, load: async ({ params }) => ({ who: params.who! }), customer: (data: { who: string }) => ({ nombres: data.who }) as UserData, query: true }],
});

/** Lets the event loop turn `turns` times (no clock involved): what can run without a wait on the outside, has. */
async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

test('two renders interleaved in one renderer keep their own address, data, language, session and named parts', async () => {
  gates.set('ana', gate());
  gates.set('bob', gate());
  const ana = renderer.render({ path: '/ana', query: { n: '1' }, language: 'es-PE', config: CONFIG, session: { token: 'token-ana' } });
  for (let i = 0; i < 200 && !gates.get('ana')!.asked; i += 1) await turns(1);
  expect(gates.get('ana')!.asked).toBe(true);

  // Ana's render waits; Bob's, in another language and signed in as someone else, runs meanwhile.
  const bob = renderer.render({ path: '/bob', query: { n: '2' }, language: 'en-EN', config: CONFIG, session: { token: 'token-bob' } });
  for (let i = 0; i < 200 && !gates.get('bob')!.asked; i += 1) await turns(1);
  const bobRanWhileAnaWaited = gates.get('bob')!.asked;
  gates.get('bob')!.open();
  gates.get('ana')!.open();
  const [anaResult, bobResult] = await Promise.all([ana, bob]);

  expect(bobRanWhileAnaWaited).toBe(true);
  const ownReads = ['/ana?n=1 · es-PE · Hola · ana · ana · token-ana', '/bob?n=2 · en-EN · Hello · bob · bob · token-bob'];
  for (const [result, own] of [
    [anaResult, ownReads[0]],
    [bobResult, ownReads[1]],
  ] as const) {
    expect(result.html).toContain(`<p>${own}</p>`);
    expect(result.parts).toHaveLength(1);
    expect(result.html).not.toContain('<!--part:');
  }
  expect(anaResult.parts![0]!.props).toEqual({ destino: 'ana' });
  expect(bobResult.parts![0]!.props).toEqual({ destino: 'bob' });

  // Outside any render, nothing of theirs is left.
  expect(session.isSignedIn).toBe(false);
  expect(anaResult.data).toEqual({ route: { who: 'ana' } });
  expect(bobResult.data).toEqual({ route: { who: 'bob' } });
});

test('a render whose caller has given up (past its budget) while its loader waited is not rendered: its CPU goes to renders still awaited', async () => {
  let answer!: () => void;
  const loaderWaits = new Promise<void>((resolve) => (answer = resolve));
  const rendered: string[] = [];
  function Late() {
    rendered.push('late');
    return <p>late</p>;
  }
  const late = createRenderer({
    texts: [probeTexts],
    root: () => <Late />,
    rows: [
      {
        path: '/tarde',
        page: Late,
        load: async () => {
          await loaderWaits;
          return {};
        },
      },
    ],
  });
  const givenUp = new AbortController();
  const result = late.render({ path: '/tarde', query: {}, language: 'es-PE', config: CONFIG }, { signal: givenUp.signal });
  givenUp.abort();
  answer();
  await expect(result).rejects.toThrow(/given up/);
  expect(rendered).toEqual([]);
});
