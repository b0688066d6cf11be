import { api, ApiError, useTranslation } from '@rumbo/shared';
import { contentEndpoints, type Page } from '@rumbo/shared/contract';
import { useEffect, useState } from 'react';

/** `contentEndpoints.page`: a page of legal information, in the request's language (HTML sanitised by the API, and again in the browser). */
export type InfoPage = Page;

export type InfoPageState =
  | { status: 'loading' }
  | { status: 'ready'; page: InfoPage }
  | { status: 'not-found' }
  | { status: 'error' };

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
  const [answer, setAnswer] = useState<{ request: string; state: InfoPageState }>();

  useEffect(() => {
    let live = true;
    const settle = (state: InfoPageState) => {
      if (live) setAnswer({ request: requestKey(id, language, attempt), state });
    };
    fetchInformationPage(id).then(
      (page) => settle(toState(page)),
      (error: unknown) => settle(errorState(error)),
    );
    return () => {
      live = false;
    };
  }, [id, language, attempt]);

  return {
    state: answer?.request === requestKey(id, language, attempt) ? answer.state : { status: 'loading' },
    retry: () => setAttempt((n) => n + 1),
  };
}

const requestKey = (id: number, language: string, attempt: number) => `${id}|${language}|${attempt}`;
