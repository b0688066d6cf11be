import { ApiClient } from './api';
import type { OperatorData } from './contracts';
import { currentLanguage } from './i18n';
import { SessionStore } from './session.store';

/** The site's session store: one instance for the shell and every remote. */
export const session: SessionStore = new SessionStore(globalThis.localStorage, () => api);

/** The site's `/rest` client. */
export const api: ApiClient = new ApiClient({ token: () => session.token, language: currentLanguage });

let operator: Promise<OperatorData | undefined> | undefined;

/** The operator's data, fetched once per page load for the footer and every remote. */
export function loadOperator(): Promise<OperatorData | undefined> {
  operator ??= api.get<OperatorData>('/rest/informacion/representante').then((data) => {
    if (!data) operator = undefined; // not kept: the next caller tries again
    return data;
  });
  return operator;
}
