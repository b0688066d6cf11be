import { Link } from '@rumbo/shared';
import { Box, Button, Heading, Text } from '@rumbo/shared/ui';
import { useTranslation } from 'react-i18next';

export function NotFound() {
  const { t } = useTranslation('shell');
  return (
    <Box maxW="2xl" mx="auto" my="16" px="6" textAlign="center" data-testid="not-found">
      <Text fontSize="6xl" fontWeight="black" color="brand.fg" aria-hidden="true">
        404
      </Text>
      <Heading as="h1" size="2xl" mb="3">
        {t('notFound.heading')}
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
