import { MainArea } from './applications';
import { applyRegistry } from './registry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(async () => undefined),
}));

describe('what the main area shows', () => {
  beforeAll(() => applyRegistry({ mf_content: 'http://cdn.test/1.0.0-abc/mf-manifest.json' }));

  const at = (path: string) => {
    window.history.pushState(null, '', path);
    const area = new MainArea();
    area.sync();
    return area.state;
  };

  it("mounts the owning remote when it is deployed", () => {
    expect(at('/')).toBe('ready');
  });

  it('shows the not-found page for a path no remote owns', () => {
    expect(at('/no/existe')).toBe('not-found');
  });

  it('says a section is not available when its remote is not in the registry', () => {
    expect(at('/cargo/seguimiento')).toBe('unavailable');
  });
});
