import { type FormMessage, messageText, useTranslation } from '@rumbo/shared';
import { Alert, Box, type BoxProps } from '@rumbo/shared/ui';
import type { Ref } from 'react';

/**
 * A live region that announces the form's problem (the server refused, or the request failed).
 * The region is always there, so screen readers announce the message when it appears; with an
 * `id` it can take the focus after a submit (`tabIndex` -1): the form's `alertRef` (`useFormSubmit`).
 */
export function ProblemAlert({ problem, id, ref, ...box }: { problem: FormMessage | undefined; id?: string; ref?: Ref<HTMLDivElement> } & BoxProps) {
  const { t } = useTranslation('validation');
  return (
    <Box ref={ref} id={id} tabIndex={id ? -1 : undefined} aria-live="assertive" {...box}>
      {problem && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{messageText(t, problem)}</Alert.Title>
        </Alert.Root>
      )}
    </Box>
  );
}
