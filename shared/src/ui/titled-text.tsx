import { Box, Heading, Text, type BoxProps, type TextProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface TitledTextProps extends Omit<BoxProps, 'title'> {
  title: ReactNode;
  children: ReactNode;
  /** The text's own styles. */
  textProps?: TextProps;
}

/** A short text under its own `h2` title: an item of a page's list (a clause, a service). */
export function TitledText({ title, children, textProps, ...box }: TitledTextProps) {
  return (
    <Box {...box}>
      <Heading as="h2" size="md" mb="1">
        {title}
      </Heading>
      <Text {...textProps}>{children}</Text>
    </Box>
  );
}
