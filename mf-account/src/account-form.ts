import type { FormStateOptions } from '@rumbo/shared';

/** Every account form's options: what it says when no answer came. */
export const ACCOUNT_FORM: FormStateOptions = { noAnswer: { key: 'account:errors.network' } };
