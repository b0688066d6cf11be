import { api, ApiError, useRouteData, useTranslation } from '@rumbo/shared';
import { contentEndpoints, type Page } from '@rumbo/shared/contract';
import { formatDay, limaToday } from '@rumbo/shared/schemas';
import { useEffect, useState } from 'react';

/** The date of a version, in the reader's language; a bare `YYYY-MM-DD` is a calendar day. */
export function formatDate(iso: string, language: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return formatDay(iso, language);
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatDay(limaToday(date), language);
}

/** `contentEndpoints.page`: a page of legal information, in the request's language (HTML sanitised by the API, and again in the browser). */
export type InfoPage = Page;

export type InfoPageState =
  | { status: 'loading' }
  | { status: 'ready'; page: InfoPage; /** The date as the server-rendered HTML shows it (its route data). */ dateText?: string }
  | { status: 'not-found' }
  | { status: 'error' };

/** An information page's route data (`routes.tsx`): the API's answer, the language it was asked in and its date as the server wrote it. */
export interface InformationData {
  language: string;
  page: InfoPage;
  dateText: string;
}

/**
 * The page as the site server rendered it into the HTML (its route data), in `language`: the first
 * render shows (and hydrates) exactly that, the date in the server-rendered words, and the API's
 * answer replaces it.
 */
function renderedState(data: InformationData | undefined, language: string): InfoPageState | undefined {
  return data?.language === language ? { status: 'ready', page: data.page, dateText: data.dateText } : undefined;
}

export function fetchInformationPage(id: number): Promise<InfoPage | undefined> {
  return api.call(contentEndpoints.page, undefined, { params: { id: String(id) } });
}

function toState(result: InfoPage | undefined): InfoPageState {
  // No result means a network failure (or 401/403, which a public page never asks for).
  return result ? { status: 'ready', page: result } : { status: 'error' };
}

function errorState(error: unknown): InfoPageState {
  return error instanceof ApiError && error.status === 404 ? { status: 'not-found' } : { status: 'error' };
}

/**
 * The page `id` in the current language. The API answers in the `Accept-Language` the client
 * sends, so a language change fetches the page again; `retry` fetches it again after a failure.
 * A state belongs to the request it answers: anything older reads as loading.
 */
export function useInformationPage(id: number): { state: InfoPageState; retry: () => void } {
  const { i18n } = useTranslation('content');
  const language = i18n.language;
  const [attempt, setAttempt] = useState(0);
  const data = useRouteData<InformationData>();
  const [answer, setAnswer] = useState<{ request: string; state: InfoPageState } | undefined>(() => {
    const state = renderedState(data, language);
    return state && { request: requestKey(id, language, 0), state };
  });

  useEffect(() => {
    let live = true;
    const settle = (state: InfoPageState) => {
      // A refresh that fails keeps the server-rendered text on screen.
      if (!live || (state.status === 'error' && answer?.request === requestKey(id, language, attempt))) return;
      setAnswer({ request: requestKey(id, language, attempt), state });
    };
    fetchInformationPage(id).then(
      (page) => settle(toState(page)),
      (error: unknown) => settle(errorState(error)),
    );
    return () => {
      live = false;
    };
    // `answer` is read at settle time only to keep a server-rendered text; it does not start a request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, language, attempt]);

  return {
    state: answer?.request === requestKey(id, language, attempt) ? answer.state : { status: 'loading' },
    retry: () => setAttempt((n) => n + 1),
  };
}

const requestKey = (id: number, language: string, attempt: number) => `${id}|${language}|${attempt}`;
