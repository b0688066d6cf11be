import { compareDefault, reaction, untracked, type IEqualsComparer } from 'mobx';
import { startTransition, useEffect, useState } from 'react';

/**
 * What `read` derives from a MobX store (`source`), as React state that follows the store in a
 * transition. For the large parts of a page that change when the API answers (the trip list, the
 * seat map, the reservation): an observer would re-render them through `useSyncExternalStore`,
 * which React always renders synchronously, in one long task; a transition is rendered in slices
 * between which the browser stays responsive. The first value is read at once (first render), so
 * what the store already holds is never shown late. Observers below stay small and granular.
 */
export function useTransitioned<S, T>(source: S, read: (source: S) => T, equals: IEqualsComparer<T> = compareDefault): T {
  const [state, setState] = useState(() => ({ source, value: untracked(() => read(source)) }));
  let current = state;
  if (state.source !== source) {
    // Another store (another search): its value now, not the last store's for a moment.
    current = { source, value: untracked(() => read(source)) };
    setState(current);
  }
  useEffect(
    () =>
      reaction(
        () => read(source),
        (value) =>
          startTransition(() => setState((previous) => (previous.source === source && equals(previous.value, value) ? previous : { source, value }))),
        { fireImmediately: true, equals },
      ),
    // `read` is expected to be stable in what it reads of `source`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [source],
  );
  return current.value;
}

/** Equal when both lists hold the same items in the same order (a computed list made again). */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
