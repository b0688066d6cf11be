import { Container, Skeleton } from '@rumbo/shared/ui';

/** What a page of this remote shows while its code arrives. */
export function PageSkeleton() {
  return (
    <Container maxW="7xl" py="12">
      <Skeleton h="10" w="60%" mb="6" />
      <Skeleton h="64" rounded="lg" />
    </Container>
  );
}
