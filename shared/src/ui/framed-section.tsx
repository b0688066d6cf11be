import { Box, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FramedSectionProps {
  /** The title's id: the section is labelled by it. */
  titleId: string;
  title: ReactNode;
  /** The title's level in its page. */
  level?: 'h2' | 'h3';
  /** The space under the title. */
  titleGap?: '4' | '5';
  children: ReactNode;
}

/** A section of a form or a page in a bordered box, with its title (the complaint sheet's parts, the account's). */
export function FramedSection({ titleId, title, level = 'h2', titleGap = '4', children }: FramedSectionProps) {
  return (
    <Box as="section" aria-labelledby={titleId} borderWidth="1px" borderColor="border" rounded="lg" p={{ base: 4, md: 6 }}>
      <Heading as={level} id={titleId} size="md" mb={titleGap}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}
