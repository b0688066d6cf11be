import { act, render, screen } from '@testing-library/react';
import { makeAutoObservable } from 'mobx';
import { sameItems, useTransitioned } from './use-transitioned';

class Counter {
  count: number;
  constructor(count: number) {
    this.count = count;
    makeAutoObservable(this);
  }
  add() {
    this.count += 1;
  }
}

const readCount = (counter: Counter) => counter.count;

function Probe({ counter, seen }: { counter: Counter; seen: number[] }) {
  const count = useTransitioned(counter, readCount);
  seen.push(count);
  return <p>count {count}</p>;
}

describe('useTransitioned', () => {
  it("renders the store's value in the first render, then follows the store", async () => {
    const counter = new Counter(3);
    const seen: number[] = [];
    render(<Probe counter={counter} seen={seen} />);
    expect(seen[0]).toBe(3);
    expect(screen.getByText('count 3')).toBeInTheDocument();
    await act(async () => counter.add());
    expect(screen.getByText('count 4')).toBeInTheDocument();
  });

  it("shows another store's value in the render that gets it, never the last store's", () => {
    const seen: number[] = [];
    const view = render(<Probe counter={new Counter(1)} seen={seen} />);
    seen.length = 0;
    view.rerender(<Probe counter={new Counter(7)} seen={seen} />);
    expect(seen.every((count) => count === 7)).toBe(true);
    expect(screen.getByText('count 7')).toBeInTheDocument();
  });

  it('stops following the store once unmounted', async () => {
    const counter = new Counter(0);
    const seen: number[] = [];
    const view = render(<Probe counter={counter} seen={seen} />);
    view.unmount();
    const renders = seen.length;
    await act(async () => counter.add());
    expect(seen).toHaveLength(renders);
  });
});

describe('sameItems', () => {
  it('compares lists item by item', () => {
    const a = { id: 1 };
    expect(sameItems([a], [a])).toBe(true);
    expect(sameItems([a], [{ id: 1 }])).toBe(false);
    expect(sameItems([], [a])).toBe(false);
  });
});
