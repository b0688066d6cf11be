import { Link } from '@rumbo/shared';
import { Box, Button, Heading, Text } from '@rumbo/shared/ui';
import { useTranslation } from 'react-i18next';

/** A path of this remote, or an information page, that does not exist. */
export function NotFound() {
  const { t } = useTranslation('content');
  return (
    <Box maxW="2xl" mx="auto" my="16" px="6" textAlign="center" data-testid="content-not-found">
      <Heading as="h1" size="2xl" mb="3">
        {t('notFound.title')}
      </Heading>
      <Text mb="8" color="fg.muted">
        {t('notFound.body')}
      </Text>
      <Button asChild colorPalette="brand">
        <Link to="/" color="brand.contrast">
          {t('notFound.home')}
        </Link>
      </Button>
    </Box>
  );
}
