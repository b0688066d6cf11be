import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from '../link';

/** The site's not-found page: the shell's for unknown routes, a remote's for unknown inner paths. */
export function NotFoundMessage() {
  const { t } = useTranslation('common');
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
