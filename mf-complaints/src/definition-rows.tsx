import { Box, chakra } from '@rumbo/shared/ui';
import type { ReactNode } from 'react';

/** Label–value pairs as a description list: stacked on phones, two columns from `md`. Empty values are left out. */
export function DefinitionRows({ rows }: { rows: readonly (readonly [label: string, value: ReactNode | undefined])[] }) {
  return (
    <chakra.dl display="grid" gridTemplateColumns={{ base: '1fr', md: 'max-content 1fr' }} columnGap="6" rowGap="2">
      {rows.map(([label, value]) =>
        value === undefined ? null : (
          <Box key={label} display="contents">
            <chakra.dt fontWeight="semibold">{label}</chakra.dt>
            <chakra.dd ms="0" mb={{ base: 2, md: 0 }}>
              {value}
            </chakra.dd>
          </Box>
        ),
      )}
    </chakra.dl>
  );
}
