import { DEVICE_ID_KEY, deviceId } from './storage';

describe("this browser's device id (issue 45 item 5)", () => {
  afterEach(() => localStorage.clear());

  it('is made once and kept: every seat hold of this browser sends the same', () => {
    const first = deviceId();
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(first);
    expect(deviceId()).toBe(first);
  });

  it('two browsers make two', () => {
    const other = new Map<string, string>();
    const otherStorage = { getItem: (key: string) => other.get(key) ?? null, setItem: (key: string, value: string) => void other.set(key, value) } as Storage;
    expect(deviceId(otherStorage)).not.toBe(deviceId());
  });

  it('a kept value that is not an id is made anew', () => {
    localStorage.setItem(DEVICE_ID_KEY, 'not one');
    const made = deviceId();
    expect(made).not.toBe('not one');
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(made);
  });

  it('where storage is refused, one id serves the page', () => {
    const refusing = { getItem: () => { throw new Error('SecurityError'); }, setItem: () => { throw new Error('SecurityError'); } } as unknown as Storage;
    const first = deviceId(refusing);
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(deviceId(refusing)).toBe(first);
  });
});
