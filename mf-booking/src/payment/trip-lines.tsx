import { useTranslation } from '@rumbo/shared';
import { chakra, List, Text } from '@rumbo/shared/ui';
import type { Leg } from '../trips-url';

/** The legs step 3 can show, in their order. */
const LEGS: readonly Leg[] = ['ida', 'vuelta'];

/**
 * Step 3's trip lines, a line per leg: its label ("Ida:") and its line. `lines` undefined: the
 * stitched frame's, with no purchase in it. Each leg's line is empty there (with the terminals'
 * words as a template, `data-terminals`), written from this browser's session storage before the
 * code arrives (`../frame-fill`), and a leg with none stays hidden. The live page renders the same
 * elements with the same text, so nothing moves or paints anew when it replaces the frame.
 */
export function TripLinesView({ lines }: { lines?: Partial<Record<Leg, string>> }) {
  const { t } = useTranslation('booking');
  const legs = lines ? LEGS.filter((leg) => lines[leg]) : LEGS;
  return (
    <List.Root listStyleType="none" ps="0" gap="1" mb="3">
      {legs.map((leg) => (
        <List.Item key={leg} css={lines ? undefined : { '&:has([data-frame-fill]:empty)': { display: 'none' } }}>
          <Text>
            <chakra.span fontWeight="semibold">{t(`payment.leg.${leg}`)}:</chakra.span>{' '}
            {lines ? (
              <span>{lines[leg]}</span>
            ) : (
              // An empty text child: React hydrates it as the element's text, which the fill may have set.
              <span data-frame-fill={`payment-leg-${leg}`} data-terminals={t('payment.terminals', { salida: '{salida}', llegada: '{llegada}' })} suppressHydrationWarning>
                {''}
              </span>
            )}
          </Text>
        </List.Item>
      ))}
    </List.Root>
  );
}
