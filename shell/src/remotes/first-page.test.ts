import { afterFirstPage } from './first-page';

describe('afterFirstPage', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('holds work until the first page has mounted and the browser is idle, then runs it in order', () => {
    const later = afterFirstPage(window);
    const ran: string[] = [];
    later(() => ran.push('cargo'));
    later(() => ran.push('login'));
    jest.advanceTimersByTime(5000);
    expect(ran).toEqual([]);

    window.dispatchEvent(new Event('single-spa:routing-event'));
    expect(ran).toEqual([]);
    jest.advanceTimersByTime(3000);
    expect(ran).toEqual(['cargo', 'login']);

    // From then on, at once.
    later(() => ran.push('account'));
    expect(ran).toEqual(['cargo', 'login', 'account']);
  });
});
