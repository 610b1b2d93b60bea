// The QR designer of a link: colours (checked for contrast), size, quiet zone, error correction and the account
// logo, a live preview drawn by the server (GET /links/{id}/qr), PNG and SVG downloads of exactly that, and
// "Save as my default" (the account's style, which every QR code without parameters uses). It says what the
// code encodes: the short URL with the QR marker, so that its scans are counted apart. The logo and the default style
// are the workspace's: changed only by those who may change its templates.
import { useState } from 'react';
import { Alert, Button, Center, ColorInput, FileButton, Group, Image, Input, Loader, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconDownload, IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { qrStyleIssues, type QrEcc, type QrStyle } from '../../../shared/qr.schema';
import { QR_ECC, QR_MARGIN } from '../../../shared/enums';
import { api } from '../../lib/api-client';
import { qrUrl } from '../../../shared/qr-marker';
import { downloadUrl, qrFileName } from './qr-code';
import { qrQuery, qrStyleQueryOptions, useQrImage, useQrLogo, useSaveQrStyle } from './qr-style.queries';
import { Can } from '../../components/can';

const HEX = /^#[0-9a-f]{6}$/i;
const SIZES = ['256', '512', '1024', '2048'];

async function download(linkId: number, style: QrStyle, format: 'png' | 'svg', shortUrl: string) {
  const blob = await (await api.file(`/links/${linkId}/qr`, qrQuery(style, format))).blob();
  const href = URL.createObjectURL(blob);
  downloadUrl(href, qrFileName(shortUrl, format));
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export function QrCard({ linkId, shortUrl }: { linkId: number; shortUrl: string }) {
  const saved = useQuery(qrStyleQueryOptions());
  const [edited, setEdited] = useState<QrStyle | null>(null);
  const style = edited ?? saved.data ?? null;
  const set = (patch: Partial<QrStyle>) => style && setEdited({ ...style, ...patch });
  const colorsOk = !!style && HEX.test(style.fg) && HEX.test(style.bg);
  const issues = style && colorsOk ? qrStyleIssues(style) : [];
  const usable = colorsOk && issues.length === 0;
  const [previewStyle] = useDebouncedValue(usable ? style : null, 250);
  const image = useQrImage(linkId, previewStyle, usable);
  const save = useSaveQrStyle();
  const logo = useQrLogo();
  const issue = (field: 'fg' | 'ecc') => issues.find((i) => i.field === field)?.message;
  const hasLogo = !!saved.data?.has_logo;

  return (
    <Paper withBorder p="lg" component="section" aria-label="QR code">
      <Stack gap="sm">
        <Title order={2} size="h4">
          QR code
        </Title>
        <Center mih={200} style={{ borderRadius: 8 }}>
          {image.src ? (
            <Image src={image.src} w={200} h={200} alt={`QR code for ${shortUrl}`} data-testid="qr-image" style={{ opacity: image.loading ? 0.6 : 1 }} />
          ) : image.error ? (
            <Text size="sm" c="red">
              Could not draw the QR code: {image.error.message}
            </Text>
          ) : (
            <Loader size="sm" role="status" aria-label="Drawing the QR code" />
          )}
        </Center>
        <Text size="xs" c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }} data-testid="qr-url">
          Opens {qrUrl(shortUrl)}: scans are counted as QR scans, apart from other clicks.
        </Text>
        {style && (
          <>
            <SimpleGrid cols={2} spacing="xs">
              <ColorInput label="Foreground" eyeDropperButtonProps={{ 'aria-label': 'Pick the foreground colour from the screen' }} value={style.fg} onChange={(fg) => set({ fg })} format="hex" error={!HEX.test(style.fg) ? 'Use a colour like #1a2b3c.' : issue('fg') ? 'Too close to the background to scan.' : undefined} />
              <ColorInput label="Background" eyeDropperButtonProps={{ 'aria-label': 'Pick the background colour from the screen' }} value={style.bg} onChange={(bg) => set({ bg })} format="hex" error={!HEX.test(style.bg) ? 'Use a colour like #ffffff.' : undefined} />
              <Select label="Size (px)" data={SIZES} value={String(style.size)} onChange={(v) => v && set({ size: Number(v) })} allowDeselect={false} />
              <NumberInput label="Quiet zone" description="Modules" min={QR_MARGIN.min} max={QR_MARGIN.max} value={style.margin} onChange={(v) => typeof v === 'number' && set({ margin: v })} clampBehavior="strict" />
            </SimpleGrid>
            <Input.Wrapper label="Error correction" description="Higher survives more damage (and a logo)" error={issue('ecc')}>
              <SegmentedControl fullWidth data={[...QR_ECC]} value={style.ecc} onChange={(v) => set({ ecc: v as QrEcc })} aria-label="Error correction" />
            </Input.Wrapper>
            <Group justify="space-between" gap="xs">
              <Switch
                label="Logo in the middle"
                checked={style.logo}
                disabled={!hasLogo}
                onChange={(e) => set({ logo: e.currentTarget.checked, ...(e.currentTarget.checked && (style.ecc === 'L' || style.ecc === 'M') ? { ecc: 'H' as const } : {}) })}
              />
              <Can scope="templates:write">
                <Group gap={4}>
                  <FileButton accept="image/png" onChange={(f) => f && logo.mutate(f, { onError: () => undefined })}>
                    {(props) => (
                      <Button {...props} size="compact-sm" variant="subtle" leftSection={<IconPhotoUp size={14} />} loading={logo.isPending}>
                        {hasLogo ? 'Replace logo' : 'Upload logo'}
                      </Button>
                    )}
                  </FileButton>
                  {hasLogo && (
                    <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => logo.mutate(null, { onSuccess: () => set({ logo: false }) })}>
                      Remove
                    </Button>
                  )}
                </Group>
              </Can>
            </Group>
            {logo.error && (
              <Alert color="red" role="alert" p="xs">
                {logo.error.message}
              </Alert>
            )}
            <Group gap="xs">
              <Button size="xs" variant="light" leftSection={<IconDownload size={14} aria-hidden />} disabled={!usable} onClick={() => void download(linkId, style, 'png', shortUrl)}>
                PNG
              </Button>
              <Button size="xs" variant="light" leftSection={<IconDownload size={14} aria-hidden />} disabled={!usable} onClick={() => void download(linkId, style, 'svg', shortUrl)}>
                SVG
              </Button>
              <Can scope="templates:write">
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconDeviceFloppy size={14} aria-hidden />}
                  disabled={!usable || !edited}
                  loading={save.isPending}
                  onClick={() =>
                    save.mutate(style, {
                      onSuccess: () => {
                        setEdited(null);
                        notifications.show({ color: 'green', title: 'QR style saved', message: 'New QR codes of your links use it.' });
                      },
                    })
                  }
                >
                  Save as my default
                </Button>
              </Can>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
