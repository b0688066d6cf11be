import { Box, Heading, Text } from '@rumbo/shared/ui';
import { useTranslation } from '@rumbo/shared';

/** A route whose remote is not in the registry (not deployed). */
export function Unavailable() {
  const { t } = useTranslation('shell');
  return (
    <Box role="status" maxW="2xl" mx="auto" my="16" px="6" textAlign="center" data-testid="unavailable">
      <Heading as="h1" size="xl" mb="3">
        {t('unavailable.heading')}
      </Heading>
      <Text color="fg.muted">{t('unavailable.body')}</Text>
    </Box>
  );
}
