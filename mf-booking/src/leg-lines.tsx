import { useTranslation } from '@rumbo/shared';
import { chakra, List, Text } from '@rumbo/shared/ui';
import { legLine, type LegFacts } from './leg-line';
import type { Leg } from './trips-url';

/** The legs a purchase can have, in their order. */
const LEGS: readonly Leg[] = ['ida', 'vuelta'];

/**
 * The live page's lines of a purchase's legs (`LegLinesView` `lines`), in the current language,
 * from each leg's facts: a trip of the purchase (`tripFacts`) or a reservation's leg.
 */
export function useLegLines(): (legs: readonly { tramo: Leg; facts: LegFacts }[]) => Partial<Record<Leg, string>> {
  const { t, i18n } = useTranslation('booking');
  return (legs) =>
    Object.fromEntries(legs.map(({ tramo, facts }) => [tramo, legLine(facts, i18n.language, (names) => t('payment.terminals', names))]));
}

/**
 * The lines of a purchase's legs (step 3, the reservation), one per leg: its label ("Ida:") and
 * its line (`legLine`, `./leg-line`). `lines` undefined: a server-rendered frame's, with no purchase in
 * it: each leg's line is empty there, named `{fill}-{leg}` with the terminals' words as a template
 * (`data-terminals`), written from this browser's session storage before the code arrives
 * (`./frame-fill`); a leg with none stays hidden. The live page renders the same elements with the
 * same text, so nothing moves or paints anew when it replaces the frame.
 */
export function LegLinesView({ lines, fill }: { lines?: Partial<Record<Leg, string>>; fill: string }) {
  const { t } = useTranslation('booking');
  // The terminals' words with the places of the names (`terminalsFromTemplate`, `./leg-line`).
  const template = lines ? undefined : t('payment.terminals', { salida: '{salida}', llegada: '{llegada}' });
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
              <span data-frame-fill={`${fill}-${leg}`} data-terminals={template} suppressHydrationWarning>
                {''}
              </span>
            )}
          </Text>
        </List.Item>
      ))}
    </List.Root>
  );
}
