import { act, render, screen } from '@testing-library/react';
import { PAINT } from './paint';
import * as v from 'valibot';
import { RouteDataProvider, answerIn, answerOf, renderedData, useRouteData } from './route-data';

function Shows() {
  const data = useRouteData<{ who: string }>();
  return <p>{data?.who ?? 'none'}</p>;
}

const navigate = (to: string) =>
  act(() => {
    // As single-spa announces a navigation.
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });

test('a page reads the value its screen was rendered with, until the reader moves to another address; coming back does not give it again', () => {
  window.history.pushState(null, '', '/micuenta');
  render(
    <RouteDataProvider value={{ who: 'Rosa' }}>
      <Shows />
    </RouteDataProvider>,
  );
  expect(screen.getByText('Rosa')).toBeInTheDocument();
  navigate('/micuenta/viajes');
  expect(screen.getByText('none')).toBeInTheDocument();
  navigate('/micuenta');
  expect(screen.getByText('none')).toBeInTheDocument();
});

test('a query of its own is another address: step 1 searched again asks its own trips', () => {
  window.history.pushState(null, '', '/pasajes?fecha=2026-12-01');
  render(
    <RouteDataProvider value={{ who: 'day one' }}>
      <Shows />
    </RouteDataProvider>,
  );
  expect(screen.getByText('day one')).toBeInTheDocument();
  navigate('/pasajes?fecha=2026-12-02');
  expect(screen.getByText('none')).toBeInTheDocument();
});

describe('what the code mounting on the server markup reads from the page (`PAINT.data`)', () => {
  let script: HTMLScriptElement;
  beforeEach(() => {
    script = Object.assign(document.createElement('script'), {
      type: 'application/json',
      id: PAINT.data,
      textContent: JSON.stringify({ [PAINT.routeData]: { who: 'route' }, [PAINT.partData('trip-search')]: ['terminals'] }),
    });
    document.head.append(script);
  });
  afterEach(() => script.remove());

  test("an area reads its route's value, a named part's container its part's", () => {
    const area = document.createElement('div');
    const part = document.createElement('div');
    part.setAttribute(PAINT.part, 'trip-search');
    document.body.append(area, part);
    expect(renderedData(area)).toEqual({ who: 'route' });
    expect(renderedData(part)).toEqual(['terminals']);
    area.remove();
    part.remove();
  });

  test('a page without valid data reads none', () => {
    script.textContent = '{not json';
    expect(renderedData(document.body)).toBeUndefined();
  });
});

test('an answer asked in another language than the reader reads now is not used', () => {
  expect(answerIn({ language: 'es-PE', answer: 1 }, 'es-PE')).toBe(1);
  expect(answerIn({ language: 'es-PE', answer: 1 }, 'en-EN')).toBeUndefined();
  expect(answerIn(undefined, 'es-PE')).toBeUndefined();
});

test("a loader's call that fails or is past its budget leaves its answer out, not the other calls of the same loader (the home page's three)", async () => {
  const context = {
    language: 'es-PE',
    get: (path: string) => (path === '/slow' ? Promise.reject(new DOMException('The operation timed out.', 'TimeoutError')) : Promise.resolve([1, 2])),
  } as unknown as Parameters<typeof answerOf>[0];
  const schema = v.array(v.number());
  const [slow, fine] = await Promise.all([answerOf(context, '/slow', schema), answerOf(context, '/fine', schema)]);
  expect(slow).toBeUndefined();
  expect(fine).toEqual({ language: 'es-PE', answer: [1, 2] });
});
