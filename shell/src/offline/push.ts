/**
 * The service worker's web push (issues 35 and 36): a disruption's notice or a trip reminder
 * arrives as an encrypted push (the API's `push/push.sender.ts`), the worker shows it, and a tap
 * opens its link, on this site's origin only. Plain functions over the few parts of the worker's
 * globals they use, so they are unit-tested without a worker (`push.test.ts`).
 */

/** What the API sends (`pushPayload` in api/src/push/push-texts.ts). */
export interface PushNotice {
  title: string;
  body: string;
  /** A path of the site (`/pasajes/…`). */
  url: string;
  /** One notification per message: the same tag replaces, never stacks. */
  tag?: string;
}

/** The notice a push carries; undefined for anything else (an empty or foreign push shows nothing of it). */
export function readNotice(data: { json(): unknown } | null | undefined): PushNotice | undefined {
  let value: unknown;
  try {
    value = data?.json();
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const { title, body, url, tag } = value as Record<string, unknown>;
  if (typeof title !== 'string' || title === '' || typeof body !== 'string' || typeof url !== 'string') return undefined;
  return { title: title.slice(0, 200), body: body.slice(0, 1000), url, ...(typeof tag === 'string' ? { tag: tag.slice(0, 200) } : {}) };
}

/** `url` resolved on `origin`, if it stays there; undefined for another origin (a tap never leaves the site). */
export function sameOriginUrl(url: unknown, origin: string): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin ? resolved.href : undefined;
  } catch {
    return undefined;
  }
}

interface Registration {
  showNotification(title: string, options: { body: string; tag?: string; data: { url: string }; lang?: string }): Promise<void>;
}

/** `push`: shows the notice (a push without one still shows the site's name: browsers require a notification per push). */
export async function showPush(registration: Registration, data: { json(): unknown } | null | undefined, origin: string, fallbackTitle: string): Promise<void> {
  const notice = readNotice(data);
  if (!notice) {
    await registration.showNotification(fallbackTitle, { body: '', data: { url: `${origin}/` } });
    return;
  }
  const url = sameOriginUrl(notice.url, origin) ?? `${origin}/`;
  await registration.showNotification(notice.title, { body: notice.body, ...(notice.tag ? { tag: notice.tag } : {}), data: { url } });
}

interface WindowClient {
  url: string;
  focus(): Promise<unknown>;
}
interface Clients {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
  openWindow(url: string): Promise<unknown>;
}

/** `notificationclick`: focuses a tab already at the link, or opens it; nothing off the site's origin. */
export async function openFromNotification(clients: Clients, data: unknown, origin: string): Promise<void> {
  const url = sameOriginUrl((data as { url?: unknown } | null)?.url, origin);
  if (!url) return;
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === url);
  if (open) {
    await open.focus();
    return;
  }
  await clients.openWindow(url);
}
