import { openFromNotification, readNotice, sameOriginUrl, showPush } from './push';

const origin = 'https://www.rumbo.test';
const data = (value: unknown) => ({ json: () => value });

describe("the service worker's web push (issues 35 and 36)", () => {
  it('shows the notice the API sent, its link kept on the site', async () => {
    const shown: unknown[] = [];
    const registration = { showNotification: async (title: string, options: object) => void shown.push({ title, ...options }) };
    await showPush(registration, data({ title: 'Su viaje fue cancelado', body: 'Motivo: huelga.', url: '/pasajes/incidencia/AB-1?t=x', tag: 'incidencia:1:1:AB-1' }), origin, 'Rumbo Andino');
    expect(shown).toEqual([{ title: 'Su viaje fue cancelado', body: 'Motivo: huelga.', tag: 'incidencia:1:1:AB-1', data: { url: `${origin}/pasajes/incidencia/AB-1?t=x` } }]);

    // A link to another origin is never followed: the tap opens the site's home.
    shown.length = 0;
    await showPush(registration, data({ title: 'x', body: 'y', url: 'https://evil.example/phish' }), origin, 'Rumbo Andino');
    expect(shown).toEqual([{ title: 'x', body: 'y', data: { url: `${origin}/` } }]);

    // No readable notice (empty, not JSON): still one notification, as browsers require.
    shown.length = 0;
    await showPush(registration, { json: () => JSON.parse('not json') }, origin, 'Rumbo Andino');
    await showPush(registration, null, origin, 'Rumbo Andino');
    expect(shown).toEqual([
      { title: 'Rumbo Andino', body: '', data: { url: `${origin}/` } },
      { title: 'Rumbo Andino', body: '', data: { url: `${origin}/` } },
    ]);
    expect(readNotice(data({ title: '', body: 'b', url: '/' }))).toBeUndefined();
    expect(readNotice(data([1, 2]))).toBeUndefined();
  });

  it('a tap focuses the tab already at the link, else opens it, and never leaves the origin', async () => {
    const focused: string[] = [];
    const opened: string[] = [];
    const tab = (url: string) => ({ url, focus: async () => void focused.push(url) });
    const clients = (tabs: { url: string; focus(): Promise<unknown> }[]) => ({
      matchAll: async () => tabs,
      openWindow: async (url: string) => void opened.push(url),
    });
    const link = `${origin}/pasajes/recuperar?codigo=ABCD2345`;
    await openFromNotification(clients([tab(`${origin}/`), tab(link)]), { url: link }, origin);
    expect(focused).toEqual([link]);
    expect(opened).toEqual([]);
    await openFromNotification(clients([tab(`${origin}/`)]), { url: link }, origin);
    expect(opened).toEqual([link]);
    await openFromNotification(clients([]), { url: 'https://evil.example/' }, origin);
    await openFromNotification(clients([]), { url: 'javascript:alert(1)' }, origin);
    await openFromNotification(clients([]), null, origin);
    expect(opened).toEqual([link]);
    expect(sameOriginUrl('//evil.example/x', origin)).toBeUndefined();
  });
});
