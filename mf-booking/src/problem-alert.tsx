import { type FormMessage, messageText, useTranslation } from '@rumbo/shared';
import { Alert, Box, type BoxProps } from '@rumbo/shared/ui';

/**
 * A live region that announces the form's problem (the server refused, or the request failed).
 * The region is always there, so screen readers announce the message when it appears; with an
 * `id` it can take the focus after a submit (`tabIndex` -1).
 */
export function ProblemAlert({ problem, id, ...box }: { problem: FormMessage | undefined; id?: string } & BoxProps) {
  const { t } = useTranslation('validation');
  return (
    <Box id={id} tabIndex={id ? -1 : undefined} aria-live="assertive" {...box}>
      {problem && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{messageText(t, problem)}</Alert.Title>
        </Alert.Root>
      )}
    </Box>
  );
}
