import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A GET's answer, fetched again when the language changes; undefined while loading or after a
 * failure. The answer is rendered as a transition: React renders the (often long) list it brings
 * in slices, between which the browser stays responsive, rather than in one long task.
 */
export function useAnswer<T>(load: () => Promise<T | undefined>): { data: T | undefined; failed: boolean } {
  const { i18n } = useTranslation();
  const [state, setState] = useState<{ data: T | undefined; failed: boolean }>({ data: undefined, failed: false });
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && startTransition(() => setState({ data, failed: data === undefined })),
      () => live && startTransition(() => setState({ data: undefined, failed: true })),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` is a module function
  }, [i18n.language]);
  return state;
}
