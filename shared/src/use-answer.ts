import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A GET's answer, fetched again when the language changes; undefined while loading or after a
 * failure. The answer is rendered as a transition: React renders the (often long) list it brings
 * in slices, between which the browser stays responsive, rather than in one long task.
 *
 * `fromServer`: the answer the page's HTML was rendered with by the server, for a language
 * (`answerIn` of its route data, ./route-data.tsx): the first render shows, and hydrates, that; the API's answer
 * replaces it, and a refresh that fails keeps it.
 */
export function useAnswer<T>(load: () => Promise<T | undefined>, fromServer?: (language: string) => T | undefined): { data: T | undefined; failed: boolean } {
  const { i18n } = useTranslation();
  const [state, setState] = useState<{ data: T | undefined; failed: boolean; fromHtml?: boolean }>(() => {
    const data = fromServer?.(i18n.language);
    return { data, failed: false, fromHtml: data !== undefined };
  });
  useEffect(() => {
    let live = true;
    const fail = () => startTransition(() => setState((previous) => (previous.fromHtml ? previous : { data: undefined, failed: true })));
    load().then(
      (data) => live && (data === undefined ? fail() : startTransition(() => setState({ data, failed: false }))),
      () => live && fail(),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` is a module function
  }, [i18n.language]);
  return { data: state.data, failed: state.failed };
}
