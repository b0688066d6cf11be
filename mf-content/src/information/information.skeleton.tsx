import { Container, Skeleton, Stack, VisuallyHidden } from '@rumbo/shared/ui';
import { useTranslation } from '@rumbo/shared';

/** Placeholder of an information page while its code or its text loads. */
export function InformationSkeleton() {
  const { t } = useTranslation('content');
  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }} aria-busy="true" data-testid="information-loading">
      <VisuallyHidden role="status">{t('information.loading')}</VisuallyHidden>
      <Stack gap="4" aria-hidden="true">
        <Skeleton h="10" w="70%" />
        <Skeleton h="4" w="40%" mb="6" />
        {[100, 96, 98, 80, 0, 100, 94, 60].map((width, i) =>
          width ? <Skeleton key={i} h="4" w={`${width}%`} /> : <Skeleton key={i} h="6" w="45%" mt="4" />,
        )}
      </Stack>
    </Container>
  );
}
