import { PushOptInStore, type PushBrowser } from './push-opt-in';

const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } };

function setup(options: { supported?: boolean; clave?: string | null; permission?: NotificationPermission; answer?: NotificationPermission } = {}) {
  const asked: string[] = [];
  const saved: unknown[] = [];
  const browser: PushBrowser = {
    supported: () => options.supported ?? true,
    permission: () => options.permission ?? 'default',
    requestPermission: async () => {
      asked.push('permission');
      return options.answer ?? 'granted';
    },
    subscribe: async (key) => {
      asked.push(`subscribe ${key}`);
      return subscription;
    },
  };
  const store = new PushOptInStore({
    browser,
    key: async () => ({ clave: options.clave === undefined ? 'BPUBLIC' : options.clave }),
    save: async (body) => {
      saved.push(body);
      return { cuenta: false, compra: true };
    },
  });
  return { store, asked, saved };
}

describe('"Notify me on this phone" (issues 35 and 36)', () => {
  it('stays hidden without VAPID keys on the server or Push in the browser', async () => {
    const off = setup({ clave: null });
    await off.store.load();
    expect(off.store.state).toBe('hidden');
    const old = setup({ supported: false });
    await old.store.load();
    expect(old.store.state).toBe('hidden');
  });

  it('asks for the permission only on the tap, then saves the subscription with the purchase proof', async () => {
    const { store, asked, saved } = setup();
    await store.load();
    expect(store.state).toBe('ready');
    expect(asked).toEqual([]);
    await store.enable({ codigo: 'ABCD2345', clave_bloqueo: 'k'.repeat(32) });
    expect(asked).toEqual(['permission', 'subscribe BPUBLIC']);
    expect(saved).toEqual([{ suscripcion: subscription, codigo: 'ABCD2345', clave_bloqueo: 'k'.repeat(32) }]);
    expect(store.state).toBe('on');
  });

  it('says so when the browser refuses, and never subscribes then', async () => {
    const refused = setup({ answer: 'denied' });
    await refused.store.load();
    await refused.store.enable({ codigo: 'ABCD2345', clave_bloqueo: 'k'.repeat(32) });
    expect(refused.store.state).toBe('denied');
    expect(refused.asked).toEqual(['permission']);
    const blocked = setup({ permission: 'denied' });
    await blocked.store.load();
    expect(blocked.store.state).toBe('denied');
  });
});
