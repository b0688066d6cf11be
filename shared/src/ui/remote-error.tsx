import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** What an area shows when its remote cannot be loaded or crashed: the rest of the site works. */
export function RemoteError({ onRetry, retrying = false }: { onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Box role="alert" maxW="2xl" mx="auto" my="16" px="6" py="10" textAlign="center" borderWidth="1px" rounded="lg">
      <Heading as="h1" size="lg" mb="3">
        {t('remoteError.title')}
      </Heading>
      <Text mb="6" color="fg.muted">
        {t('remoteError.body')}
      </Text>
      <Button colorPalette="brand" onClick={onRetry} loading={retrying}>
        {t('remoteError.retry')}
      </Button>
    </Box>
  );
}
