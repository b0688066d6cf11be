import { Box, Image, Skeleton } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ticketQrImage } from '../ticket-qr';

/** A ticket's boarding QR as an image whose text alternative is `label`; `qrcode` is loaded only by the pages that show tickets. */
export function TicketQr({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qrcode) => ticketQrImage(qrcode, text))
      .then((url) => live && setSrc(url))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <Box boxSize="40" flexShrink={0}>
      {src ? <Image src={src} alt={label} boxSize="40" data-testid="ticket-qr" /> : <Skeleton boxSize="40" />}
    </Box>
  );
}
