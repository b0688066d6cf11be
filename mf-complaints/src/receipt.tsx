import { type Language, Link, useTranslation } from '@rumbo/shared';
import type { ComplaintReceipt } from '@rumbo/shared/schemas';
import { Box, Button, Heading, HStack, Stack, Text } from '@rumbo/shared/ui';
import { useEffect, useRef } from 'react';
import { DefinitionRows } from './definition-rows';
import { formatDay, limaDateTime } from '@rumbo/shared/schemas';

interface ReceiptProps {
  receipt: ComplaintReceipt;
  /** Where the copy was sent. */
  correo: string;
  language: Language;
  onAnother: () => void;
}

/** What replaces the form once the sheet is filed: its number, when, the deadline, the copy. */
export function Receipt({ receipt, correo, language, onAnother }: ReceiptProps) {
  const { t } = useTranslation('complaints');
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const rows: [label: string, value: string][] = [
    [t('receipt.numero'), receipt.numero],
    [t('receipt.fecha'), `${limaDateTime(receipt.fecha, language)} (${t('receipt.limaTime')})`],
    [t('receipt.plazo'), t('receipt.plazoValue', { date: formatDay(receipt.plazo, language) })],
  ];

  return (
    <Box as="section" aria-labelledby="complaint-receipt-title" borderWidth="1px" borderColor="border" rounded="lg" p={{ base: 4, md: 6 }}>
      <Stack gap="5">
        <Heading as="h2" id="complaint-receipt-title" ref={heading} tabIndex={-1} size="lg">
          {t('receipt.title')}
        </Heading>
        <DefinitionRows rows={rows} />
        <Text>{t('receipt.copy', { correo })}</Text>
        <HStack gap="4" flexWrap="wrap" css={{ '@media print': { display: 'none' } }}>
          <Button type="button" colorPalette="brand" onClick={() => window.print()}>
            {t('receipt.print')}
          </Button>
          <Link
            to="/libro_reclamaciones"
            color="brand.fg"
            textDecoration="underline"
            onClick={(event) => {
              event.preventDefault();
              onAnother();
            }}
          >
            {t('receipt.another')}
          </Link>
        </HStack>
      </Stack>
    </Box>
  );
}
