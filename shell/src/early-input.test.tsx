import { createRemoteApp, RemoteRoot } from '@rumbo/shared';
import { setUpShared } from '@rumbo/shared/testing';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { keepEarlyInput } from './early-input';

/** A server-rendered page's remote container with a sign-in form, as the HTML painted it. */
function serverForm() {
  document.body.innerHTML = `
    <div id="remotes"><div id="remote-mf_account"><form>
      <input name="correo" value="" /><input name="clave" type="password" value="" />
      <select name="tipo"><option value="a">A</option><option value="b">B</option></select>
      <button type="submit">Ingresar</button>
    </form></div></div>`;
  const area = document.getElementById('remote-mf_account')!;
  const form = area.querySelector('form')!;
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
  return { area, form, field };
}

const type = (field: HTMLInputElement | HTMLSelectElement, value: string) => {
  field.value = value;
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The submits the live remote's handler takes (registered on the form, after the page's own capture listener). */
function liveSubmits(form: HTMLFormElement): Event[] {
  const submits: Event[] = [];
  form.addEventListener('submit', (event) => {
    submits.push(event);
    event.preventDefault();
  });
  return submits;
}

/** The taps `part` gets once it is marked live (each named by `label`, its text by default). */
async function tapsOnceLive(part: HTMLElement, label = (target: HTMLElement) => target.textContent ?? ''): Promise<string[]> {
  const taps: string[] = [];
  part.addEventListener('click', (event) => taps.push(label(event.target as HTMLElement)));
  part.dataset.live = '';
  await flush();
  return taps;
}

/** A submit the customer makes now; held (not sent by the browser) while the form is not live. */
function submitEarly(form: HTMLFormElement): void {
  const early = new Event('submit', { bubbles: true, cancelable: true });
  form.dispatchEvent(early);
  expect(early.defaultPrevented).toBe(true);
}

describe('a server-rendered page before its code has made it live', () => {
  keepEarlyInput();

  it('holds a submit (the browser would put the fields in the address) and sends it again once the form is live', async () => {
    const { area, form } = serverForm();
    const submits = liveSubmits(form);
    submitEarly(form);
    // The remote has mounted, but the form is not hydrated yet (its page's code is a chunk of its own).
    // Nor does the form's own handler have it yet: it would check fields it has not been told of.
    expect(submits).toHaveLength(0);
    area.dataset.live = '';
    await flush();
    expect(submits).toHaveLength(0);
    form.dataset.live = '';
    await flush();
    expect(submits).toHaveLength(1);
    // Live: the remote's own handler has it, untouched.
    const late = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(late);
    expect(submits).toHaveLength(2);
    expect(late.defaultPrevented).toBe(true);
  });

  it('announces what was typed or chosen before as edits once live, and nothing left as the HTML had it', async () => {
    const { area, form, field } = serverForm();
    type(field('correo') as HTMLInputElement, 'ana@example.pe');
    type(field('tipo'), 'b');
    const seen: string[] = [];
    area.addEventListener('input', (event) => seen.push(`input ${(event.target as HTMLInputElement).name}=${(event.target as HTMLInputElement).value}`));
    area.addEventListener('change', (event) => seen.push(`change ${(event.target as HTMLSelectElement).name}=${(event.target as HTMLSelectElement).value}`));
    area.dataset.live = '';
    await flush();
    // Not to a form React has not hydrated yet: it would not hear it.
    expect(seen).toEqual([]);
    form.dataset.live = '';
    await flush();
    expect(seen).toEqual(['input correo=ana@example.pe', 'change tipo=b']);
    expect((field('correo') as HTMLInputElement).value).toBe('ana@example.pe');
  });

  it('hands over what was typed even when the hydrated form has drawn its own value over it meanwhile', async () => {
    const { area, form, field } = serverForm();
    const correo = field('correo') as HTMLInputElement;
    type(correo, 'ana@example.pe');
    // Hydrated, the form is drawn again from its state, which does not know the typed text yet.
    area.dataset.live = '';
    correo.value = '';
    const seen: string[] = [];
    area.addEventListener('input', (event) => seen.push((event.target as HTMLInputElement).value));
    form.dataset.live = '';
    await flush();
    expect(seen).toEqual(['ana@example.pe']);
    expect(correo.value).toBe('ana@example.pe');
  });

  it('taps the last button tapped in a part again once that part is live, found by its place (the part may be drawn anew)', async () => {
    document.body.innerHTML = '<div id="shell-header"><button>Idioma</button><button aria-label="Menú">≡</button></div>';
    const header = document.getElementById('shell-header')!;
    header.querySelectorAll('button')[1]!.click();
    header.querySelectorAll('button')[1]!.click();
    // The live header, drawn anew with the same buttons.
    header.innerHTML = '<button>Idioma</button><button aria-label="Menú">≡</button>';
    expect(await tapsOnceLive(header)).toEqual(['≡']);
  });

  it('taps the same button when the live part has others before it (a provider\'s sign-in, a city box\'s own), and nothing when it has none so named', async () => {
    document.body.innerHTML = '<div id="remotes"><div id="remote-mf_account"><button>Con código</button></div></div>';
    const area = document.getElementById('remote-mf_account')!;
    area.querySelector('button')!.click();
    area.innerHTML = '<button>Google</button><button>Con código</button>';
    expect(await tapsOnceLive(area)).toEqual(['Con código']);

    document.body.innerHTML = '<div id="remotes"><div id="remote-mf_booking"><button aria-label="Elegir viaje de las 07:00">Elegir</button><button aria-label="Elegir viaje de las 08:00">Elegir</button></div></div>';
    const list = document.getElementById('remote-mf_booking')!;
    list.querySelectorAll('button')[1]!.click();
    list.innerHTML = '<button>Intercambiar</button><button aria-label="Elegir viaje de las 07:00">Elegir</button><button aria-label="Elegir viaje de las 09:00">Elegir</button>';
    expect(await tapsOnceLive(list, (target) => target.getAttribute('aria-label') ?? '')).toEqual([]);
  });

  // A tap while the remote hydrates: its code has started, the part is not marked live yet.
  it('a tap while the remote hydrates is the remote\'s own: React takes it, and it is not tapped again once the part is live (a toggle would close again)', async () => {
    await setUpShared('es-PE');
    // React's own scheduler, not act's queue: hydration in slices, as in a browser.
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    function Slow({ n }: { n: number }) {
      const until = performance.now() + 5;
      while (performance.now() < until);
      return <p>{n}</p>;
    }
    function Offer() {
      const [open, setOpen] = useState(false);
      return (
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          Avisarme si baja el precio
        </button>
      );
    }
    const Root = () => (
      <>
        <Offer />
        {Array.from({ length: 20 }, (_, n) => (
          <Slow key={n} n={n} />
        ))}
      </>
    );
    document.body.innerHTML = `<div id="remotes"><div id="remote-mf_booking">${renderToString(<RemoteRoot Root={Root} build="b1" hydrating />)}</div></div>`;
    const area = document.getElementById('remote-mf_booking')!;
    const app = createRemoteApp({ texts: [], Root, build: 'b1' });
    const props = { name: 'mf_booking', domElement: area, singleSpa: {}, mountParcel: jest.fn() };
    for (const step of app.bootstrap as Array<(props: object) => Promise<unknown>>) await step(props);
    const mounted = (app.mount as (props: object) => Promise<unknown>)(props);
    // The customer taps while the screen hydrates in slices: React hydrates what they touched first and runs its handler.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(area).not.toHaveAttribute('data-live');
    area.querySelector('button')!.click();
    await mounted;
    expect(area).toHaveAttribute('data-live');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(area.querySelector('button')).toHaveAttribute('aria-expanded', 'true');
    await (app.unmount as (props: object) => Promise<unknown>)(props);
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });

  it('a tap while the remote hydrates is kept when React could not take it (a part whose code is still on its way: React stops it where it listens), and tapped again once live', async () => {
    document.body.innerHTML = '<div id="remotes"><div id="remote-mf_booking" data-hydrating><section><button>Ver más</button></section></div></div>';
    const area = document.getElementById('remote-mf_booking')!;
    const section = area.querySelector('section')!;
    // What React does with a tap on a part it cannot hydrate yet.
    const blocked = (event: Event) => event.stopPropagation();
    section.addEventListener('click', blocked, true);
    area.querySelector('button')!.click();
    section.removeEventListener('click', blocked, true);
    expect(await tapsOnceLive(area)).toEqual(['Ver más']);
  });

  it('sends a held submit to the form drawn anew in its place (a screen rendered in another language), once its part is live', async () => {
    const { area, form } = serverForm();
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    area.innerHTML = '<form><input name="correo" /><button type="submit">Sign in</button></form>';
    const drawn = area.querySelector('form')!;
    const submits: Event[] = [];
    drawn.addEventListener('submit', (event) => {
      submits.push(event);
      event.preventDefault();
    });
    area.dataset.live = '';
    await flush();
    expect(submits).toHaveLength(1);
  });

  it('also hands over what was typed before it started (a slow phone: the page was typed into before this script arrived)', async () => {
    const { area, form, field } = serverForm();
    (field('correo') as HTMLInputElement).value = 'ana@example.pe';
    (field('tipo') as HTMLSelectElement).value = 'b';
    // This script arrives now.
    keepEarlyInput();
    const seen: string[] = [];
    area.addEventListener('input', (event) => seen.push(`input ${(event.target as HTMLInputElement).name}`));
    area.addEventListener('change', (event) => seen.push(`change ${(event.target as HTMLSelectElement).name}`));
    area.dataset.live = '';
    form.dataset.live = '';
    await flush();
    expect(seen).toEqual(['input correo', 'change tipo']);
  });

  it('holds a submit of a form of the HTML not hydrated yet, even one first used once its part is live', async () => {
    const { area, form } = serverForm();
    // This script starts with the page's HTML there.
    keepEarlyInput();
    area.dataset.live = '';
    const submits = liveSubmits(form);
    submitEarly(form);
    expect(submits).toHaveLength(0);
    form.dataset.live = '';
    await flush();
    expect(submits.length).toBeGreaterThan(0);
  });

  it('holds a logo tap until the header and every area whose code starts at load are live, then taps the live logo (never while an area hydrates)', async () => {
    document.body.innerHTML = `
      <header id="shell-header"><a data-testid="logo" href="/">Rumbo</a></header>
      <div id="remotes"><div id="remote-mf_booking" data-island="load"><p>Paso 3</p></div></div>`;
    const header = document.getElementById('shell-header')!;
    const area = document.getElementById('remote-mf_booking')!;
    const logo = header.querySelector('a')!;
    const taps: boolean[] = [];
    logo.addEventListener('click', (event) => {
      taps.push(event.isTrusted);
      event.preventDefault();
    });
    const early = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    logo.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    taps.length = 0;
    header.dataset.live = '';
    await flush();
    // The header is live, the step still hydrates: not yet.
    expect(taps).toHaveLength(0);
    area.dataset.live = '';
    await flush();
    // Tapped again on the live logo (once per listener: this file's tests each add the page's).
    expect(taps.length).toBeGreaterThan(0);
  });
});
