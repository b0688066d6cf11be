import { keepEarlyInput, keepTypedAcrossLoad, TYPED_ACROSS_LOAD_KEY } from './early-input';

/**
 * A language switch is a navigation: what the customer typed is kept in session storage for the
 * page loaded again (`keepTypedAcrossLoad`), and given back there by the first script
 * (`keepEarlyInput`), whether the form is the server's markup or drawn later by the code.
 */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const page = (live: boolean) => `
  <div id="remotes"><div id="remote-mf_complaints"${live ? ' data-live=""' : ''}><form${live ? ' data-live=""' : ''}>
    <input name="nombres" value="" /><input name="clave" type="password" value="" />
    <textarea name="detalle"></textarea>
    <input name="menor" type="checkbox" />
  </form></div></div>`;

describe('what was typed, across a language switch', () => {
  afterEach(() => sessionStorage.clear());

  it('is kept (never a password), and given back in the server-rendered form, handed over once the form is live', async () => {
    document.body.innerHTML = page(false);
    const form = document.querySelector('form')!;
    (form.elements.namedItem('nombres') as HTMLInputElement).value = 'Rosa';
    (form.elements.namedItem('clave') as HTMLInputElement).value = 'secreta';
    (form.elements.namedItem('detalle') as HTMLTextAreaElement).value = 'El bus salió tarde';
    (form.elements.namedItem('menor') as HTMLInputElement).checked = true;
    keepTypedAcrossLoad();
    expect(sessionStorage.getItem(TYPED_ACROSS_LOAD_KEY)).not.toContain('secreta');

    // The page loaded again: the server's markup, empty.
    document.body.innerHTML = page(false);
    const again = document.querySelector('form')!;
    const area = document.getElementById('remote-mf_complaints')!;
    const seen: string[] = [];
    area.addEventListener('input', (event) => seen.push(`${(event.target as HTMLInputElement).name}=${(event.target as HTMLInputElement).value}`));
    area.addEventListener('click', (event) => seen.push(`click ${(event.target as HTMLInputElement).name}`));
    keepEarlyInput();
    expect(sessionStorage.getItem(TYPED_ACROSS_LOAD_KEY)).toBeNull();
    // On screen at once, told to the form once it is live.
    expect((again.elements.namedItem('nombres') as HTMLInputElement).value).toBe('Rosa');
    expect(seen).toEqual([]);
    area.dataset.live = '';
    again.dataset.live = '';
    await flush();
    // The box ticked by a click, as the customer did (the browser then sends its edit too).
    expect(seen.sort()).toEqual(['click menor', 'detalle=El bus salió tarde', 'menor=on', 'nombres=Rosa']);
    expect((again.elements.namedItem('menor') as HTMLInputElement).checked).toBe(true);
    expect((again.elements.namedItem('clave') as HTMLInputElement).value).toBe('');
  });

  it('is given back to a form the code draws later (a purchase step once its data has come), and only on the same address', async () => {
    sessionStorage.setItem(TYPED_ACROSS_LOAD_KEY, JSON.stringify({ address: '/', fields: [{ key: 'remote-mf_complaints|0|nombres|0', value: 'Rosa' }] }));
    document.body.innerHTML = '<div id="remotes"><div id="remote-mf_complaints" data-live=""></div></div>';
    keepEarlyInput();
    const seen: string[] = [];
    document.body.addEventListener('input', (event) => seen.push((event.target as HTMLInputElement).value));
    document.getElementById('remote-mf_complaints')!.innerHTML = page(true).replace(/^[\s\S]*?<form/, '<form').replace(/<\/div><\/div>\s*$/, '');
    await flush();
    expect(seen).toEqual(['Rosa']);
    expect(document.querySelector<HTMLInputElement>('[name="nombres"]')!.value).toBe('Rosa');

    // Kept for another address: nothing given back, and nothing left in storage.
    sessionStorage.setItem(TYPED_ACROSS_LOAD_KEY, JSON.stringify({ address: '/cargo', fields: [{ key: 'remote-mf_complaints|0|nombres|0', value: 'Otro' }] }));
    document.body.innerHTML = page(false);
    keepEarlyInput();
    expect(document.querySelector<HTMLInputElement>('[name="nombres"]')!.value).toBe('');
    expect(sessionStorage.getItem(TYPED_ACROSS_LOAD_KEY)).toBeNull();
  });

  it('a field the address names is left to the page, which fills it from the address (`/oficina?ciudad=AQP`): an edit announced while it does would undo it', async () => {
    window.history.replaceState(null, '', '/oficina?ciudad=AQP');
    sessionStorage.setItem(TYPED_ACROSS_LOAD_KEY, JSON.stringify({ address: '/oficina?ciudad=AQP', fields: [{ key: 'remote-mf_content|-1|ciudad|0', value: 'AQP' }, { key: 'remote-mf_content|-1|nota|0', value: 'hola' }] }));
    document.body.innerHTML = '<div id="remotes"><div id="remote-mf_content" data-live=""></div></div>';
    keepEarlyInput();
    const seen: string[] = [];
    document.body.addEventListener('input', (event) => seen.push(`${(event.target as HTMLInputElement).name}=${(event.target as HTMLInputElement).value}`));
    // The page draws its list before setting its value from the address.
    document.getElementById('remote-mf_content')!.innerHTML = '<select name="ciudad"><option value="" selected>Todas</option><option value="AQP">Arequipa</option></select><input name="nota" />';
    await flush();
    expect(seen).toEqual(['nota=hola']);
    expect(document.querySelector<HTMLSelectElement>('[name="ciudad"]')!.value).toBe('');
    window.history.replaceState(null, '', '/');
  });
});
