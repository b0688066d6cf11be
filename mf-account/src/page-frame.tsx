import { Box, Container, Heading, Stack, Text } from '@rumbo/shared/ui';
import { useEffect, useRef, type ReactNode } from 'react';

/** A narrow card for the sign-in, sign-up and recovery screens, its h1 focused on arrival. */
export function PageFrame({ title, intro, children, wide = false }: { title: string; intro?: string; children: ReactNode; wide?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const arrived = useRef(false);
  useEffect(() => {
    // On arrival, unless the customer is already in this screen: a server-rendered page they started
    // typing in before its code ran keeps their focus. A new screen of the flow takes it.
    const inScreen = frame.current?.contains(document.activeElement) && document.activeElement !== heading.current;
    if (arrived.current || !inScreen) heading.current?.focus({ preventScroll: true });
    arrived.current = true;
  }, [title]);
  return (
    <Container ref={frame} maxW={wide ? '3xl' : 'lg'} py={{ base: 6, md: 10 }} px={{ base: 4, md: 6 }}>
      <Box borderWidth="1px" borderColor="border" rounded="lg" p={{ base: 5, md: 8 }} bg="bg">
        <Stack gap="5">
          <Heading as="h1" ref={heading} tabIndex={-1} size={{ base: 'xl', md: '2xl' }} outline="none">
            {title}
          </Heading>
          {intro && <Text color="fg.muted">{intro}</Text>}
          {children}
        </Stack>
      </Box>
    </Container>
  );
}
