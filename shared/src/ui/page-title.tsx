import { Box, Heading, Text, type BoxProps, type HeadingProps, type TextProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface PageTitleProps extends Omit<BoxProps, 'title'> {
  title: ReactNode;
  /** The line under the title. */
  lead: ReactNode;
  /** The title's level: a page's `h1`, or `h2` for a section of one. */
  level?: 'h1' | 'h2';
  size?: HeadingProps['size'];
  /** The title's id (a section or article labelled by it). */
  titleId?: string;
  leadSize?: TextProps['fontSize'];
}

/** A page's (or a section's) title and the muted line under it, as every content page opens. */
export function PageTitle({ title, lead, level = 'h1', size = '3xl', titleId, leadSize, ...box }: PageTitleProps) {
  return (
    <Box {...box}>
      <Heading as={level} id={titleId} size={size} mb="2">
        {title}
      </Heading>
      <Text fontSize={leadSize} color="fg.muted">
        {lead}
      </Text>
    </Box>
  );
}
