// The QR code of a short URL, with PNG and SVG downloads.
import { useEffect, useState } from 'react';
import { Button, Center, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { downloadText, downloadUrl, qrFileName, qrPngDataUrl, qrSvg } from './qr-code';

export function QrCard({ shortUrl }: { shortUrl: string }) {
  const [png, setPng] = useState<{ url: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    qrPngDataUrl(shortUrl)
      .then((src) => live && setPng({ url: shortUrl, src }))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [shortUrl]);

  const current = png?.url === shortUrl ? png.src : null;

  return (
    <Paper withBorder p="lg">
      <Stack gap="sm" align="center">
        <Title order={2} size="h4" style={{ alignSelf: 'flex-start' }}>
          QR code
        </Title>
        <Center w={200} h={200} bg="white" style={{ borderRadius: 8 }}>
          {current ? (
            <Image src={current} w={200} h={200} alt={`QR code for ${shortUrl}`} data-testid="qr-image" />
          ) : failed ? (
            <Text size="sm" c="red">
              Could not draw the QR code.
            </Text>
          ) : (
            <Loader size="sm" aria-label="Drawing the QR code" />
          )}
        </Center>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} aria-hidden />}
            disabled={!current}
            onClick={() => current && downloadUrl(current, qrFileName(shortUrl, 'png'))}
          >
            PNG
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => void qrSvg(shortUrl).then((svg) => downloadText(svg, 'image/svg+xml', qrFileName(shortUrl, 'svg')))}
          >
            SVG
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
