import { Alert, Box, Button, Stack, Text } from '@rumbo/shared/ui';
import { useTranslation } from '@rumbo/shared';
import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { Countdown } from '../countdown';
import type { HoldMessage, HoldTimer } from './hold-timer';

/** The text of a hold or seat message: a `booking` key, or a server code with its own words as the fallback. */
export function useHoldMessageText() {
  const { t } = useTranslation('booking');
  return (message: HoldMessage) => {
    if (message.key.startsWith('validation:') && t(message.key, { defaultValue: '' }) === '' && message.text) return message.text;
    return t(message.key, message.params ?? {});
  };
}

const ALERT_STATUS = { error: 'error', info: 'info', warning: 'warning' } as const;

/** A number per message told: the same words told again are a new node, announced again. */
const told = new WeakMap<HoldMessage, number>();
let tellings = 0;
export const messageKey = (message: HoldMessage) => told.get(message) ?? (told.set(message, ++tellings), tellings);

/** A polite live region, always there, that shows and announces `message`. */
export function HoldAnnouncement({ id, message }: { id: string; message: HoldMessage | null }) {
  const text = useHoldMessageText();
  return (
    <Box id={id} role="status" aria-live="polite" aria-atomic="true">
      {message && (
        <Alert.Root key={messageKey(message)} status={ALERT_STATUS[message.tone]} role="none">
          <Alert.Indicator />
          <Alert.Title>{text(message)}</Alert.Title>
        </Alert.Root>
      )}
    </Box>
  );
}

/**
 * The countdown of the purchase's holds (steps 2 and 3) and, once they come within the warning
 * time of their end, the warning (announced by the page's live region) with "More time" while the
 * API allows it.
 */
export const HoldTime = observer(function HoldTime({ timer }: { timer: HoldTimer }) {
  const { t } = useTranslation('booking');
  const box = useRef<HTMLDivElement>(null);
  const seconds = timer.secondsLeft;
  if (seconds === undefined) return null;
  // The button goes once the warning does (or no extension is left): the focus goes to the clock
  // it changed, not to the page's start.
  const extend = async () => {
    await timer.extend();
    box.current?.focus();
  };
  return (
    <Stack gap="2" data-hold-time ref={box} tabIndex={-1} rounded="md" _focusVisible={{ outline: '3px solid', outlineColor: 'gray.900', outlineOffset: '2px' }}>
      <Countdown seconds={seconds} />
      {timer.warning && (
        <Box borderWidth="2px" borderColor="orange.600" rounded="md" p="3" bg="orange.50" color="gray.900" data-hold-warning>
          <Text fontWeight="semibold" textStyle="sm">
            {t(timer.canExtend ? 'hold.warning' : 'hold.warningLast', { count: Math.ceil(seconds / 60) })}
          </Text>
          {timer.canExtend && (
            <>
              <Text textStyle="sm" mt="1" id="hold-extend-hint">
                {t('hold.extendHint', { count: timer.remaining })}
              </Text>
              <Button
                mt="2"
                size="sm"
                colorPalette="brand"
                width="full"
                aria-describedby="hold-extend-hint"
                loading={timer.extending}
                loadingText={t('hold.extending')}
                onClick={() => void extend()}
              >
                {t('hold.extend')}
              </Button>
            </>
          )}
        </Box>
      )}
    </Stack>
  );
});
