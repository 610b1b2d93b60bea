// The link editor's social preview: the Open Graph title, description and image that social crawlers (X,
// Facebook, LinkedIn, Slack, Discord, WhatsApp, Telegram) get instead of the redirect, an image uploaded in
// place, and a card showing how the link looks when shared. Empty fields: crawlers are redirected like people.
import { useState } from 'react';
import { Alert, Box, Button, FileButton, Group, Image, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { LIMITS } from '../../../shared/enums';
import { isHttpUrl, withDefaultScheme } from '../../../shared/fields';
import { api } from '../../lib/api-client';
import type { LinkFormValues } from '../links/link-form-values';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** How the link looks when shared: the image (when it loads), the site, the title and the description. */
export function SocialCard({ title, description, image, site }: { title: string; description: string; image: string; site: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  const showImage = image && isHttpUrl(image) && broken !== image;
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} data-testid="social-card" aria-label="How the link looks when shared" component="figure" m={0}>
      {showImage ? (
        <Image src={image} alt="" h={180} fit="cover" onError={() => setBroken(image)} />
      ) : (
        <Box h={72} bg="var(--mantine-color-default-hover)" />
      )}
      <Stack gap={2} p="sm">
        <Text size="xs" c="dimmed" tt="uppercase" style={{ overflowWrap: 'anywhere' }}>
          {site}
        </Text>
        <Text size="sm" fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
        {description && (
          <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {description}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export function SocialPreviewSection({ shortUrlBase }: { shortUrlBase: string }) {
  const { register, control, setValue, formState } = useFormContext<LinkFormValues>();
  const [ogTitle, ogDescription, ogImage, title, url] = useWatch({ control, name: ['og_title', 'og_description', 'og_image', 'title', 'url'] });
  const upload = useMutation({
    mutationFn: (file: File) => api.sendFile<{ url: string }>('POST', '/og-images', file, file.type || 'application/octet-stream'),
    onSuccess: (img) => setValue('og_image', img.url, { shouldDirty: true, shouldValidate: formState.isSubmitted }),
  });
  const e = formState.errors;
  const any = !!(ogTitle.trim() || ogDescription.trim() || ogImage.trim());
  const image = withDefaultScheme(ogImage.trim());
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Social networks and chat apps show this card when the short URL is shared. Leave all three empty and they read the destination page instead.
      </Text>
      <TextInput label="Card headline" maxLength={LIMITS.ogTitleMax} placeholder={title || 'Spring sale: 30% off everything'} {...register('og_title')} error={e.og_title?.message} />
      <Textarea label="Card description" maxLength={LIMITS.ogDescriptionMax} autosize minRows={2} maxRows={5} {...register('og_description')} error={e.og_description?.message} />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput label="Card image URL" placeholder="https://example.com/card.png" style={{ flex: '1 1 16rem' }} {...register('og_image')} error={e.og_image?.message} />
        <FileButton accept={ACCEPT} onChange={(f) => f && upload.mutate(f)}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconPhotoUp size={16} />} loading={upload.isPending}>
              Upload image
            </Button>
          )}
        </FileButton>
      </Group>
      {upload.error && (
        <Alert color="red" role="alert" p="xs">
          Could not upload the image: {upload.error.message}
        </Alert>
      )}
      {any && (
        <SocialCard
          title={ogTitle.trim() || title.trim() || url.trim() || 'Untitled'}
          description={ogDescription.trim()}
          image={image}
          site={hostOf(shortUrlBase)}
        />
      )}
    </Stack>
  );
}
