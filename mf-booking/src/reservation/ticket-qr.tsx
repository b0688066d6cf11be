import { Box, Image, Skeleton } from '@rumbo/shared/ui';
import { useEffect, useState } from 'react';

/** The ticket's QR code as an image; `qrcode` is loaded only by the pages that show tickets. */
export function TicketQr({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 160 }))
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
