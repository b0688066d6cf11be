import { HEADING_TIMEOUT_MS, afterFirstPage } from './first-page';

describe('afterFirstPage', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    document.body.innerHTML = '<main id="main"><div id="remotes"></div></main>';
  });
  afterEach(() => jest.useRealTimers());

  const flushObservers = () => Promise.resolve();

  it('holds work until the first page has mounted, shows its heading and the browser is idle, then runs it in order', async () => {
    const later = afterFirstPage(window);
    const ran: string[] = [];
    later(() => ran.push('cargo'));
    later(() => ran.push('login'));
    jest.advanceTimersByTime(5000);
    expect(ran).toEqual([]);

    window.dispatchEvent(new Event('single-spa:routing-event'));
    jest.advanceTimersByTime(1000);
    expect(ran).toEqual([]);

    document.getElementById('remotes')!.innerHTML = '<h1>Libro de Reclamaciones</h1>';
    await flushObservers();
    expect(ran).toEqual([]);
    jest.advanceTimersByTime(3000);
    expect(ran).toEqual(['cargo', 'login']);

    // From then on, at once.
    later(() => ran.push('account'));
    expect(ran).toEqual(['cargo', 'login', 'account']);
  });

  it('runs the work anyway when the page never shows a heading', () => {
    const later = afterFirstPage(window);
    const ran: string[] = [];
    later(() => ran.push('footer'));
    window.dispatchEvent(new Event('single-spa:routing-event'));
    jest.advanceTimersByTime(HEADING_TIMEOUT_MS - 1);
    expect(ran).toEqual([]);
    jest.advanceTimersByTime(1 + 3000);
    expect(ran).toEqual(['footer']);
  });
});
