import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface ErrorNoticeProps {
  title: string;
  body: string;
  retryLabel: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** An area that could not load what it shows: says so, and offers to try again. */
export function ErrorNotice({ title, body, retryLabel, onRetry, retrying = false }: ErrorNoticeProps) {
  return (
    <Box role="alert" maxW="2xl" mx="auto" my="16" px="6" py="10" textAlign="center" borderWidth="1px" rounded="lg">
      <Heading as="h1" size="lg" mb="3">
        {title}
      </Heading>
      <Text mb="6" color="fg.muted">
        {body}
      </Text>
      <Button colorPalette="brand" onClick={onRetry} loading={retrying}>
        {retryLabel}
      </Button>
    </Box>
  );
}

/** What an area shows when its remote cannot be loaded or crashed: the rest of the site works. */
export function RemoteError({ onRetry, retrying = false }: { onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <ErrorNotice
      title={t('remoteError.title')}
      body={t('remoteError.body')}
      retryLabel={t('remoteError.retry')}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}
