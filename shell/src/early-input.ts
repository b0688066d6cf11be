/**
 * What a customer does in a server-rendered page before its code has made it live (issue 17: the page
 * paints, and can be tapped and typed into, before its code has arrived). Run by the page's
 * first script (route-hints.entry.ts), inline in its head: listening before the body is parsed.
 *
 * - A button tapped then (the header's menu, a remote's "show more") does nothing without code:
 *   the last one tapped in each part is tapped again once that part is live (`data-live`: the
 *   hydrated header and footer, `shell.tsx`; a hydrated remote, `createRemoteApp`). The part may have been drawn
 *   anew: the button is found again by its name, and which of the buttons so named it was.
 * - A form submitted then is not sent by the browser: with no code yet, it would go to the page's
 *   own address with every field in the query (`/login?correo=…&clave=…`: a password in the
 *   address bar, the history and the server's logs). It is held, and sent again once the form
 *   itself is live, see `formReady`: its part has hydrated (`data-live` on the remote's container,
 *   `createRemoteApp`, or on the footer, the footer's subscription) and React has hydrated the form (`data-live` on it, `useLiveForm` in
 *   @rumbo/shared): a page whose code is a chunk of its own hydrates after its remote has mounted.
 * - What was typed or chosen then stays on screen through hydration, but the remote's state does
 *   not know it: each such field is announced again, as an edit, once its form is live.
 */
import { AREA_SELECTOR, PAINT } from '@rumbo/shared/paint';

const REMOTE_AREA = AREA_SELECTOR;
const HEADER = `#${PAINT.header}`;
/**
 * The parts of the page whose code makes them live, each on its own: the remotes' areas, the
 * header (its language picker) and the footer (its subscription form).
 */
const PARTS = `${REMOTE_AREA}, ${HEADER}, #${PAINT.footer}`;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

/** The remote's container `element` is in, while the remote has not made it live. */
function stillStatic(element: Element, areas = PARTS): Element | undefined {
  const area = element.closest(areas);
  return area && !area.hasAttribute(PAINT.live) ? area : undefined;
}

/** Calls `then` once `area` is live. */
function whenLive(area: Element, then: () => void): void {
  whenReady(area, () => area.hasAttribute(PAINT.live), then);
}

/** Calls `then` (now, or once something changes in `area`) when `ready()` holds. */
function whenReady(area: Element, ready: () => boolean, then: () => void): void {
  if (ready()) return then();
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    then();
  });
  observer.observe(area, { attributes: true, attributeFilter: [PAINT.live], subtree: true, childList: true });
}

/**
 * The forms of the page's HTML (those React hydrates in place): each is live once marked so
 * (`useLiveForm`), which may be after its part is (a page whose code is a chunk of its own). Found
 * when this script starts, and any form of a part not live yet is one. A form the browser drew
 * (the screen rendered anew, in another language) is the remote's as soon as the remote is.
 */
const htmlForms = new WeakSet<HTMLFormElement>();

/** `form`, or the form now in its place in `area` (the screen drawn anew), once it takes what the customer does. */
function formReady(area: Element, form: HTMLFormElement, place: number): HTMLFormElement | undefined {
  if (!area.hasAttribute(PAINT.live)) return undefined;
  const current = form.isConnected ? form : area.querySelectorAll('form')[place];
  return current && (current.hasAttribute(PAINT.live) || !htmlForms.has(current)) ? current : undefined;
}

/**
 * What the customer typed or chose in each field before its form was live, as they left it. Not
 * read from the field when handing over: the hydrated form draws its fields from its own state,
 * which does not know the typed text yet, and any render before the hand-over wipes it from the
 * screen (React keeps a controlled field's value in step with its state).
 */
const typed = new WeakMap<Field, string>();

/**
 * Tells the live form about a field's value as if the customer had just entered it: the field is
 * set to its HTML value through its own setter (which React watches), then to what was typed
 * through the element type's setter (which it does not), and the edit event is sent.
 */
function announce(field: Field): void {
  const value = typed.get(field) ?? field.value;
  if (field instanceof HTMLSelectElement) {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return;
  if (value === field.defaultValue) return;
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  if (!setValue) return;
  field.value = field.defaultValue;
  setValue.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Sends a held submit to the live form. Part of a remote may hydrate after the remote has mounted
 * (a page whose code is a chunk of its own): a form not hydrated yet would drop it. Every form of
 * the site takes its submit (it prevents the browser's), so the event is sent as an event (which
 * never makes the browser send the form) until one is taken, and what was typed is handed over
 * before each try; for 10 s at most.
 */
function sendWhenTaken(form: HTMLFormElement, submitter: HTMLElement | null, handOver: () => void, tries = 100): void {
  if (!form.isConnected) return;
  handOver();
  const event = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: submitter && form.contains(submitter) ? submitter : null });
  form.dispatchEvent(event);
  if (!event.defaultPrevented && tries > 1) setTimeout(() => sendWhenTaken(form, submitter, handOver, tries - 1), 100);
}

/** Whether the customer has changed `field` from what the HTML gave it. */
function changedFromHtml(field: Field): boolean {
  if (field instanceof HTMLSelectElement) {
    // With no option marked in the HTML, the browser shows the first.
    const initial = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
    return field.value !== (initial?.value ?? '');
  }
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio' || field.type === 'hidden')) return false;
  return field.value !== field.defaultValue;
}

/**
 * Whether the customer has changed any field of the page from what its HTML gave it, a box ticked
 * or a choice made included: what they did before any script could listen.
 */
export function anyFieldChanged(root: ParentNode = document): boolean {
  return [...root.querySelectorAll<Field>('input, textarea, select')].some((field) =>
    field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
      ? field.checked !== field.defaultChecked
      : changedFromHtml(field),
  );
}

const nameOf = (button: HTMLButtonElement) => button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '';

/** The buttons of `area` named `name`, in the page's order. */
const sameNamed = (area: Element, name: string) => [...area.querySelectorAll('button')].filter((button) => nameOf(button) === name);

/**
 * Holds the last button tapped in each part that is not live yet, and taps it again once it is.
 *
 * A part whose code has started hydrating it (`PAINT.hydrating`, `createHydratable` in
 * @rumbo/shared) is React's already: React hydrates first what was tapped and runs its handler,
 * and the tap goes on up to the document. Tapped again once live, a toggle would close again (the
 * price alert on step 1, seen in a journey). A tap React could not take yet (a part whose code is
 * still on its way) is stopped where React listens and never reaches the document: that one is
 * kept and replayed.
 */
function keepEarlyTaps(root: Document): void {
  const tapped = new Map<Element, { nth: number; name: string }>();
  const heldBy = new WeakMap<Event, { area: Element; held: { nth: number; name: string } }>();
  root.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      // A submit button's own default is the form's submit, held below.
      if (!button || (button.type === 'submit' && button.form)) return;
      const area = stillStatic(button, PARTS);
      if (!area) return;
      if (!tapped.has(area)) {
        whenLive(area, () => {
          const held = tapped.get(area);
          tapped.delete(area);
          // Only the same button: found by its name, and which of the buttons so named it was (the
          // live part may have buttons the HTML had not: a city box's own, a provider's sign-in).
          if (held) sameNamed(area, held.name)[held.nth]?.click();
        });
      }
      const name = nameOf(button);
      const held = { nth: sameNamed(area, name).indexOf(button), name };
      tapped.set(area, held);
      if (area.hasAttribute(PAINT.hydrating)) heldBy.set(event, { area, held });
    },
    true,
  );
  // Back at the document: a tap in a hydrating part that got here was React's.
  root.addEventListener('click', (event) => {
    const taken = heldBy.get(event);
    if (taken && tapped.get(taken.area) === taken.held) tapped.delete(taken.area);
  });
}

/**
 * The header's logo ends a guest purchase before it goes home (spec §2: releases the held seats,
 * clears `ASIENTOS` and `CRESERVA`; `endGuestPurchase`, in the live header). Tapped before the
 * header is live, it is not followed as a plain link: the tap is held and made again on the live
 * logo once the header is live and every area whose code starts at load (`data-island="load"`)
 * is live too: going home while an area still hydrates would change its markup under React
 * (hydration error #418, seen on step 3 under load). Should the code not come within
 * `LOGO_WAIT_MS`, the link is followed after all.
 */
const LOGO = `${HEADER} a[data-testid="logo"]`;
export const LOGO_WAIT_MS = 8000;

function keepEarlyLogoTap(root: Document): void {
  let held = false;
  root.addEventListener(
    'click',
    (event) => {
      const logo = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(LOGO) : null;
      const modified = event instanceof MouseEvent && (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0);
      if (!logo || modified) return;
      const header = stillStatic(logo, HEADER);
      if (!header) return;
      event.preventDefault();
      if (held) return;
      held = true;
      const fallback = setTimeout(() => window.location.assign(logo.href), LOGO_WAIT_MS);
      const starting = [...root.querySelectorAll(REMOTE_AREA)].filter((area) => area.getAttribute(PAINT.island) === 'load');
      const allLive = (next: Element[], then: () => void): void => (next.length === 0 ? then() : whenLive(next[0]!, () => allLive(next.slice(1), then)));
      allLive([header, ...starting], () => {
        clearTimeout(fallback);
        root.querySelector<HTMLAnchorElement>(LOGO)?.click();
      });
    },
    true,
  );
}

export function keepEarlyInput(root: Document = document): void {
  keepEarlyTaps(root);
  keepEarlyLogoTap(root);
  const edited = new Map<Element, Set<Field>>();
  // Each try announces the fields again: the first ones may reach a form not hydrated yet.
  const handOver = (area: Element, form?: HTMLFormElement) => {
    for (const field of edited.get(area) ?? []) if (field.isConnected && (!form || field.form === form)) announce(field);
  };
  const keep = (field: Field) => {
    const area = stillStatic(field);
    const form = field.form;
    if (area && form) htmlForms.add(form);
    const waits = area ?? (form && htmlForms.has(form) && !form.hasAttribute(PAINT.live) ? form.closest(PARTS) : null);
    if (!waits) return;
    typed.set(field, field.value);
    if (!edited.has(waits)) edited.set(waits, new Set());
    const fields = edited.get(waits)!;
    if (fields.has(field)) return;
    fields.add(field);
    // Once its form is live (a field outside any form: once its part is).
    const place = form ? [...waits.querySelectorAll('form')].indexOf(form) : -1;
    whenReady(
      waits,
      () => (form ? Boolean(formReady(waits, form, place)) : waits.hasAttribute(PAINT.live)),
      () => {
        if (field.isConnected) announce(field);
      },
    );
  };
  const onEdit = (event: Event) => {
    if (isField(event.target)) keep(event.target);
  };
  root.addEventListener('input', onEdit, true);
  root.addEventListener('change', onEdit, true);
  // The page's forms, and what was typed before this script arrived (a slow phone): the fields that differ from the HTML.
  const keepTyped = () => {
    for (const form of root.querySelectorAll<HTMLFormElement>(`:is(${PARTS}) form`)) if (stillStatic(form)) htmlForms.add(form);
    for (const field of root.querySelectorAll<Field>(`:is(${PARTS}) :is(input, textarea, select)`)) if (changedFromHtml(field)) keep(field);
  };
  if (root.readyState === 'loading') root.addEventListener('DOMContentLoaded', keepTyped, { once: true });
  else keepTyped();
  restoreTyped(root, keep);
  root.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      const area = form.closest(PARTS);
      if (!area) return;
      if (stillStatic(form)) htmlForms.add(form);
      const place = [...area.querySelectorAll('form')].indexOf(form);
      if (formReady(area, form, place) === form) return;
      // Not the browser's, and not yet the form's: hydrated but not told what was typed, it would
      // check its empty fields ("required") before the held submit reaches it.
      event.preventDefault();
      event.stopPropagation();
      const submitter = (event as SubmitEvent).submitter;
      // After the fields are handed over (registered first, so called first). A screen drawn anew
      // (not hydrated) has the same form in the same place.
      whenReady(
        area,
        () => Boolean(formReady(area, form, place)),
        () => {
          const live = formReady(area, form, place)!;
          sendWhenTaken(live, submitter, () => handOver(area, live === form ? form : undefined));
        },
      );
    },
    true,
  );
}

/**
 * What the customer typed, kept across a language switch (a navigation: the same address loaded
 * again, rendered by the server in the new language). Session storage, this tab's only, for the
 * moment of the load: the next page's first script takes it out as it reads it.
 */
export const TYPED_ACROSS_LOAD_KEY = 'campos_escritos';

/** The parts whose fields are kept across a switch: the page's areas and the footer (not the header: its picker is the switch). */
const KEPT_PARTS = `${REMOTE_AREA}, #${PAINT.footer}`;

/**
 * Never kept, even for a moment: a password, a card's data, a one-time code; nor what is not typed
 * (hidden, file, buttons).
 */
function keptAcrossLoad(field: Field): boolean {
  if (field instanceof HTMLInputElement && ['password', 'hidden', 'file', 'submit', 'button', 'reset', 'image'].includes(field.type)) return false;
  const autocomplete = field.getAttribute('autocomplete') ?? '';
  return !autocomplete.startsWith('cc-') && autocomplete !== 'one-time-code' && !field.disabled;
}

/** Which field this is, the same on the page loaded again: its part, its form's place there, its name (else id), which of the fields so named. */
function fieldKeys(root: ParentNode): Map<string, Field> {
  const keys = new Map<string, Field>();
  const seen = new Map<string, number>();
  for (const part of root.querySelectorAll<HTMLElement>(KEPT_PARTS)) {
    const forms = [...part.querySelectorAll('form')];
    for (const field of part.querySelectorAll<Field>('input, textarea, select')) {
      if (!keptAcrossLoad(field)) continue;
      const base = `${part.id}|${field.form ? forms.indexOf(field.form) : -1}|${field.name || field.id}`;
      const nth = seen.get(base) ?? 0;
      seen.set(base, nth + 1);
      keys.set(`${base}|${nth}`, field);
    }
  }
  return keys;
}

interface KeptField {
  key: string;
  value: string;
  checked?: boolean;
}

/**
 * Before a language switch (the picker, shell/src/layout/language-selector.tsx): what the
 * customer has typed, ticked or chosen in the page's forms (a complaint, a cargo estimate, a
 * sign-up, the passengers of a purchase), for the page loaded again (`restoreTyped`).
 */
export function keepTypedAcrossLoad(root: Document = document, storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  const fields: KeptField[] = [];
  for (const [key, field] of fieldKeys(root)) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked) fields.push({ key, value: field.value, checked: true });
    } else if (field.value !== '') fields.push({ key, value: field.value });
  }
  if (fields.length === 0) return;
  try {
    storage.setItem(TYPED_ACROSS_LOAD_KEY, JSON.stringify({ address: root.location.pathname + root.location.search, fields }));
  } catch {
    // Storage this page may not use: the switch loses what was typed, as a reload would.
  }
}

/** How long the page loaded again looks for the fields it was given back (a form shown once its data has come). */
export const RESTORE_WAIT_MS = 15_000;

/**
 * On the page loaded by a language switch: each field kept (`keepTypedAcrossLoad`) gets its value
 * back as it appears. In the server's markup, the value is written in and handed over as typed
 * (`keep`: announced once its form is live); in a part already live (a form the code draws once
 * its data has come), it is announced at once.
 */
function restoreTyped(root: Document, keep: (field: Field) => void): void {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(TYPED_ACROSS_LOAD_KEY);
    sessionStorage.removeItem(TYPED_ACROSS_LOAD_KEY);
  } catch {
    return;
  }
  if (!stored) return;
  let kept: { address: string; fields: KeptField[] };
  try {
    kept = JSON.parse(stored) as typeof kept;
  } catch {
    return;
  }
  if (kept.address !== root.location.pathname + root.location.search) return;
  const pending = new Map(kept.fields.map((field) => [field.key, field]));
  const addressed = new URLSearchParams(root.location.search);
  /** Gives `field` its value back; false: not yet (a box to tick waits for its form to be live, then is clicked). */
  const give = (field: Field, { value, checked }: KeptField): boolean => {
    const live = !stillStatic(field) && (!field.form || !htmlForms.has(field.form) || field.form.hasAttribute(PAINT.live));
    if (field instanceof HTMLInputElement && checked !== undefined) {
      if (!live) return false;
      if (field.checked !== checked) field.click();
      return true;
    }
    if (field.value === value) return true;
    // A field the address names (`/oficina?ciudad=AQP`, `?codigo=`) is the page's to fill from the
    // address, which the switch kept: an edit announced to it while the page sets it would undo it.
    if (field.name && addressed.has(field.name)) return true;
    if (!stillStatic(field)) {
      typed.set(field, value);
      announce(field);
      return true;
    }
    field.value = value;
    keep(field);
    return true;
  };
  const look = () => {
    for (const [key, field] of fieldKeys(root)) {
      const wanted = pending.get(key);
      if (wanted && give(field, wanted)) pending.delete(key);
    }
    if (pending.size === 0) stop();
  };
  const observer = new MutationObserver(look);
  const timer = setTimeout(() => stop(), RESTORE_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  const begin = () => {
    observer.observe(root.body, { childList: true, subtree: true, attributes: true, attributeFilter: [PAINT.live] });
    look();
  };
  if (root.readyState === 'loading') root.addEventListener('DOMContentLoaded', begin, { once: true });
  else begin();
}
