import { act, render, screen } from '@testing-library/react';
import { WhenIdle } from './when-idle';

test('shows the fallback first and the content once the browser is idle', () => {
  jest.useFakeTimers();
  try {
    render(
      <WhenIdle fallback={<p>cargando mapa</p>}>
        <p>mapa</p>
      </WhenIdle>,
    );
    expect(screen.getByText('cargando mapa')).toBeInTheDocument();
    expect(screen.queryByText('mapa')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByText('mapa')).toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});

test('shows the content when its own schedule says so (the footer waits for the first page)', () => {
  let release: () => void = () => undefined;
  render(
    <WhenIdle schedule={(run) => void (release = run)}>
      <p>pie de página</p>
    </WhenIdle>,
  );
  expect(screen.queryByText('pie de página')).not.toBeInTheDocument();
  act(() => release());
  expect(screen.getByText('pie de página')).toBeInTheDocument();
});
