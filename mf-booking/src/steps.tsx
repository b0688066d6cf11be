import { Box, chakra, HStack, Text } from '@rumbo/shared/ui';
import { useTranslation } from '@rumbo/shared';

const STEPS = ['destinos', 'asientos', 'pago'] as const;
export type Step = (typeof STEPS)[number];

/** The purchase's step indicator (spec §1): 1 Destinos, 2 Asientos, 3 Pago. */
export function StepIndicator({ current }: { current: Step }) {
  const { t } = useTranslation('booking');
  const at = STEPS.indexOf(current);
  return (
    <Box as="nav" aria-label={t('steps.label')} mb="5">
      <chakra.ol display="flex" gap={{ base: 2, md: 6 }} listStyleType="none" p="0" m="0" flexWrap="wrap">
        {STEPS.map((step, i) => {
          const isCurrent = i === at;
          const done = i < at;
          return (
            <chakra.li key={step} aria-current={isCurrent ? 'step' : undefined}>
              <HStack gap="2">
                <Box
                  as="span"
                  aria-hidden="true"
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  boxSize="7"
                  rounded="full"
                  fontWeight="bold"
                  borderWidth="2px"
                  borderColor={isCurrent || done ? 'brand.600' : 'gray.500'}
                  bg={isCurrent ? 'brand.600' : 'transparent'}
                  color={isCurrent ? 'white' : done ? 'brand.700' : 'gray.700'}
                >
                  {i + 1}
                </Box>
                <Text fontWeight={isCurrent ? 'bold' : 'normal'} color={isCurrent ? 'fg' : 'fg.muted'}>
                  <Text as="span" srOnly>
                    {`${i + 1}. `}
                  </Text>
                  {t(`steps.${step}`)}
                  {isCurrent && (
                    <Text as="span" srOnly>
                      {` ${t('steps.current')}`}
                    </Text>
                  )}
                </Text>
              </HStack>
            </chakra.li>
          );
        })}
      </chakra.ol>
    </Box>
  );
}
