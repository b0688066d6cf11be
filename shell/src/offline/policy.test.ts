import { OFFLINE_TICKETS_CACHE as SHARED_TICKETS_CACHE } from '@rumbo/shared/storage';
import { webcrypto } from 'node:crypto';
import {
  OFFLINE_TICKETS_CACHE,
  bearerOf,
  classify,
  digest,
  inFolders,
  keepsPage,
  keepsTickets,
  lookupOf,
  offlineDocument,
  offlineScript,
  offlineScripts,
  registryFolders,
  remotesCacheName,
  reservationKey,
  shellCacheName,
} from './policy';

const origin = 'https://www.rumbo.test';
const api = 'https://api.rumbo.test';
const get = (url: string, mode = 'cors') => classify({ url, method: 'GET', mode, origin });

describe('what the service worker does with each request (issue 36)', () => {
  it("never keeps a page rendered for one reader (a signed-in reader's header, Mi cuenta's profile): private or no-store", () => {
    expect(keepsPage('public, max-age=0, s-maxage=60')).toBe(true);
    expect(keepsPage(null)).toBe(true);
    expect(keepsPage('no-cache')).toBe(true);
    expect(keepsPage('private, no-store')).toBe(false);
    expect(keepsPage('no-store')).toBe(false);
    expect(keepsPage('max-age=0,private')).toBe(false);
  });

  it('never takes a /rest answer other than the customer own tickets', () => {
    expect(classify({ url: `${api}/rest/venta/consulta`, method: 'POST', mode: 'cors', origin })).toBe('reservation');
    expect(get(`${api}/rest/user/viajes`)).toBe('trips');
    for (const path of ['/rest/user/perfil', '/rest/user/puntos', '/rest/iata', '/rest/promocion/obtener', '/rest/user/viajes?x=1', '/rest/venta/pdf/ABC']) {
      expect(get(`${api}${path}`)).toBe('none');
    }
    for (const path of ['/rest/venta/reserva', '/rest/user/editar', '/rest/venta/bolsillo', '/rest/viaje']) {
      expect(classify({ url: `${api}${path}`, method: 'POST', mode: 'cors', origin })).toBe('none');
    }
    // Not even on the site's own origin.
    expect(get(`${origin}/rest/user/perfil`)).toBe('none');
  });

  it('takes pages, the registry and the shell files network first; hashed chunks cache first', () => {
    expect(get(`${origin}/pasajes/reserva/ABCD2345`, 'navigate')).toBe('page');
    expect(get(`${origin}/micuenta/viajes`, 'navigate')).toBe('page');
    expect(get(`${origin}/remotes.json`)).toBe('registry');
    expect(get(`${origin}/main.js`)).toBe('shell');
    expect(get(`${origin}/config.json`)).toBe('shell');
    expect(get(`${origin}/offline.0123456789.js`)).toBe('shell-immutable');
    expect(get(`${origin}/sw.js`)).toBe('none');
    expect(classify({ url: `${origin}/main.js`, method: 'POST', mode: 'cors', origin })).toBe('none');
    expect(get('https://cdn.rumbo.test/mf_booking/1.0.0-abc/remoteEntry.js')).toBe('cross-origin');
    expect(get('chrome-extension://x/y.js')).toBe('none');
  });

  it("a remote's files are those of the folders the registry points at", () => {
    const folders = registryFolders({
      mf_booking: 'https://cdn.rumbo.test/mf_booking/1.0.0-abc/mf-manifest.json',
      mf_account: 'https://cdn2.rumbo.test/mf_account/1.0.0-def/mf-manifest.json',
      broken: 'not a url',
    });
    expect(folders).toEqual(['https://cdn.rumbo.test/mf_booking/1.0.0-abc/', 'https://cdn2.rumbo.test/mf_account/1.0.0-def/']);
    expect(inFolders('https://cdn.rumbo.test/mf_booking/1.0.0-abc/849.acf5c28e8c.js', folders)).toBe(true);
    // The rolled-back (or newer) version is another folder: not served from this pointer's cache.
    expect(inFolders('https://cdn.rumbo.test/mf_booking/1.0.0-xyz/849.acf5c28e8c.js', folders)).toBe(false);
    expect(inFolders('https://tile.openstreetmap.org/1/1/1.png', folders)).toBe(false);
    expect(registryFolders(null)).toEqual([]);
  });

  it('names caches by build and registry pointer, and the tickets cache as the session store deletes it', () => {
    expect(shellCacheName('b1')).not.toBe(shellCacheName('b2'));
    expect(remotesCacheName('p1')).not.toBe(remotesCacheName('p2'));
    expect(OFFLINE_TICKETS_CACHE).toBe(SHARED_TICKETS_CACHE);
    expect(reservationKey(origin, 'abcd2345')).toBe(`${origin}/__offline/reserva/ABCD2345`);
    expect(reservationKey(origin, 'X')).not.toContain('/rest/');
  });

  it('keeps only paid reservations with tickets, bound to the code and key read with', async () => {
    expect(keepsTickets({ estado: 'pagada', boletos: [{ numero: 'A-1' }] })).toBe(true);
    expect(keepsTickets({ estado: 'pendiente', boletos: [] })).toBe(false);
    expect(keepsTickets({ estado: 'reembolso', boletos: [{ numero: 'A-1' }] })).toBe(false);
    expect(lookupOf({ codigo: 'abcd2345', clave_bloqueo: 'k' })).toEqual({ codigo: 'ABCD2345', clave: 'k' });
    expect(lookupOf({ codigo: 'abcd2345' })).toBeUndefined();
    expect(lookupOf(null)).toBeUndefined();
    expect(bearerOf('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerOf(null)).toBeUndefined();
    const subtle = webcrypto.subtle as unknown as SubtleCrypto;
    expect(await digest('k', subtle)).toMatch(/^[0-9a-f]{64}$/);
    expect(await digest('k', subtle)).not.toBe(await digest('other', subtle));
  });

  describe('the ticket with no network: the route\'s offline script, in its remote\'s version folder', () => {
    const registry = {
      mf_booking: 'https://cdn.rumbo.test/mf_booking/1.0.0-abc/mf-manifest.json',
      mf_account: 'https://cdn2.rumbo.test/mf_account/1.0.0-def/mf-manifest.json',
    };

    it("a reservation's address is shown by mf_booking's offline-ticket.js of the version pointed at; other pages have none", () => {
      expect(offlineScript('/pasajes/reserva/ABCD2345', registry)).toBe('https://cdn.rumbo.test/mf_booking/1.0.0-abc/offline-ticket.js');
      expect(offlineScript('/pasajes/reserva/ABCD2345', { ...registry, mf_booking: 'https://cdn.rumbo.test/mf_booking/2.0.0-new/mf-manifest.json' })).toBe(
        'https://cdn.rumbo.test/mf_booking/2.0.0-new/offline-ticket.js',
      );
      for (const path of ['/', '/pasajes/pago', '/micuenta/viajes', '/pasajes/reserva/']) expect(offlineScript(path, registry)).toBeUndefined();
      // A registry without the remote, or not a registry: nothing to run.
      expect(offlineScript('/pasajes/reserva/ABCD2345', { mf_account: registry.mf_account })).toBeUndefined();
      expect(offlineScript('/pasajes/reserva/ABCD2345', null)).toBeUndefined();
      expect(offlineScripts(registry)).toEqual(['https://cdn.rumbo.test/mf_booking/1.0.0-abc/offline-ticket.js']);
    });

    it('its document runs that script and nothing inline; it reads only the site and the API, and shows only its own QR images', () => {
      const { html, headers } = offlineDocument('https://cdn.rumbo.test/mf_booking/1.0.0-abc/offline-ticket.js', { apiBaseUrl: 'https://api.rumbo.test/', product: 'rumbo"><x' });
      expect(html).toContain(
        '<script src="https://cdn.rumbo.test/mf_booking/1.0.0-abc/offline-ticket.js" data-api="https://api.rumbo.test" data-product="rumbo&quot;>&lt;x" defer crossorigin="anonymous"></script>',
      );
      expect(html).toContain('<main id="main"></main>');
      expect(html.match(/<script/g)).toHaveLength(1);
      expect(html).not.toMatch(/<style|\sstyle=|\son\w+=/);
      const policy = headers['content-security-policy'];
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain('script-src https://cdn.rumbo.test;');
      expect(policy).toContain('connect-src https://api.rumbo.test;');
      expect(policy).toContain('img-src data:;');
      expect(policy).not.toContain('unsafe');
      expect(headers['cache-control']).toBe('no-store');
    });
  });
});
