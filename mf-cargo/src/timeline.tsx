import { Box, chakra, Flex, Text } from '@rumbo/shared/ui';
import { useTranslation } from '@rumbo/shared';
import { SHIPMENT_STATES, type Tracking } from './cargo.resource';
import { limaDateTime } from '@rumbo/shared/schemas';

/**
 * The shipment's stages in order: the ones that happened with their time and agency, the rest
 * as pending. An ordered list, so a screen reader hears the steps and where the shipment is.
 */
export function Timeline({ tracking }: { tracking: Tracking }) {
  const { t, i18n } = useTranslation('cargo');
  const current = SHIPMENT_STATES.indexOf(tracking.estado);
  return (
    <chakra.ol listStyleType="none" m="0" p="0" aria-label={t('tracking.timeline')}>
      {SHIPMENT_STATES.map((state, index) => {
        const event = tracking.eventos.find((e) => e.estado === state);
        const done = Boolean(event);
        const isCurrent = index === current;
        return (
          <chakra.li
            key={state}
            display="flex"
            gap="4"
            pb="5"
            position="relative"
            aria-current={isCurrent ? 'step' : undefined}
            data-state={done ? 'done' : 'pending'}
          >
            <Flex direction="column" align="center" flexShrink={0}>
              <Box
                aria-hidden="true"
                boxSize="4"
                mt="1"
                rounded="full"
                borderWidth="2px"
                borderColor={done ? 'brand.solid' : 'border.control'}
                bg={done ? 'brand.solid' : 'bg'}
                outline={isCurrent ? '3px solid' : undefined}
                outlineColor="brand.focusRing"
              />
              {index < SHIPMENT_STATES.length - 1 && <Box aria-hidden="true" w="2px" flex="1" bg={done ? 'brand.solid' : 'border'} mt="1" />}
            </Flex>
            <Box>
              <Text fontWeight={isCurrent ? 'bold' : 'semibold'} color={done ? 'fg' : 'fg.muted'}>
                {t(`tracking.states.${state}`)}
              </Text>
              {event ? (
                <Text fontSize="sm" color="fg.muted">
                  <time dateTime={event.fecha}>{limaDateTime(event.fecha, i18n.language)}</time>
                  {event.agencia && ` · ${event.agencia.nombre} (${event.agencia.ciudad})`}
                </Text>
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  {t('tracking.pending')}
                </Text>
              )}
            </Box>
          </chakra.li>
        );
      })}
    </chakra.ol>
  );
}
