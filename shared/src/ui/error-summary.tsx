import { Alert, Heading, Link, List } from '@chakra-ui/react';
import type { RefObject } from 'react';

export interface SummaryEntry {
  text: string;
  /** The control the message is about (`#id`), moved to by `onPick`; none for a message of the whole form. */
  href?: string;
  onPick?: () => void;
}

/**
 * A form's messages after a failed submit, above the form (focused by the form through
 * `alertRef`): one problem for the whole form, or the list of fields to fix, each a link that
 * moves focus to its control. Nothing when there is neither.
 */
export function ErrorSummary({
  id,
  title,
  problem,
  entries,
  alertRef,
}: {
  id: string;
  title: string;
  problem?: string;
  entries: readonly SummaryEntry[];
  alertRef: RefObject<HTMLDivElement | null>;
}) {
  if (problem) {
    return (
      <Alert.Root id={id} ref={alertRef} status="error" role="alert" tabIndex={-1}>
        <Alert.Indicator />
        <Alert.Title>{problem}</Alert.Title>
      </Alert.Root>
    );
  }
  if (entries.length === 0) return null;
  return (
    <Alert.Root id={id} ref={alertRef} status="error" role="alert" tabIndex={-1} aria-labelledby={`${id}-title`}>
      <Alert.Indicator />
      <Alert.Content>
        <Heading as="h2" id={`${id}-title`} size="sm" mb="2">
          {title}
        </Heading>
        <List.Root ps="5">
          {entries.map((entry, i) => (
            <List.Item key={`${entry.href ?? ''}-${i}`}>
              {entry.href ? (
                <Link
                  href={entry.href}
                  color="inherit"
                  textDecoration="underline"
                  onClick={(event) => {
                    event.preventDefault();
                    entry.onPick?.();
                  }}
                >
                  {entry.text}
                </Link>
              ) : (
                entry.text
              )}
            </List.Item>
          ))}
        </List.Root>
      </Alert.Content>
    </Alert.Root>
  );
}
