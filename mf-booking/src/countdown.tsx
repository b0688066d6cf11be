import { Box, Text } from '@rumbo/shared/ui';
import { useTranslation } from '@rumbo/shared';

/**
 * The purchase's hold countdown (steps 2 and 3). The visible clock ticks every second; the spoken
 * one changes once a minute, so a screen reader announces it politely without flooding.
 */
export function Countdown({ seconds }: { seconds: number | undefined }) {
  const { t } = useTranslation('booking');
  if (seconds === undefined) return null;
  const time = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  const minutes = Math.ceil(seconds / 60);
  return (
    <Box borderWidth="1px" rounded="md" px="3" py="2" bg="orange.50" color="gray.900" textAlign="center">
      <Text aria-hidden="true" fontWeight="bold">
        {t('seats.timer', { time })}
      </Text>
      <Text srOnly role="timer" aria-live="polite" aria-atomic="true">
        {t('seats.timer', { time: t('seats.timerMinutes', { count: minutes }) })}
      </Text>
    </Box>
  );
}
