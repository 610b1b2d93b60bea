// Words about pixels, kept pure so they can be tested.
import { PIXEL_TYPES, type PixelType } from '../../../shared/enums';

const LABELS: Record<PixelType, string> = {
  adroll: 'AdRoll',
  bing: 'Microsoft Advertising (Bing)',
  facebook: 'Meta (Facebook)',
  'google-ads': 'Google Ads',
  'google-analytics': 'Google Analytics',
  'google-tag-manager': 'Google Tag Manager',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  quora: 'Quora',
  reddit: 'Reddit',
  tiktok: 'TikTok',
  x: 'X (Twitter)',
};

const VALUE_HINTS: Partial<Record<PixelType, string>> = {
  facebook: 'The pixel ID, like 123456789012345.',
  'google-ads': 'The conversion ID, like AW-123456789.',
  'google-analytics': 'The measurement ID, like G-ABC123XYZ.',
  'google-tag-manager': 'The container ID, like GTM-ABC1234.',
  linkedin: 'The partner ID, like 1234567.',
  tiktok: 'The pixel ID, like C4ABCDEF1234567890.',
};

export function pixelTypeLabel(type: string): string {
  return (LABELS as Record<string, string>)[type] ?? type;
}

export function pixelValueHint(type: string | null | undefined): string {
  const hint = type ? (VALUE_HINTS as Record<string, string>)[type] : undefined;
  return hint ?? "The vendor's pixel or tag ID: letters, digits, dashes and underscores.";
}

export const PIXEL_TYPE_OPTIONS = PIXEL_TYPES.map((t) => ({ value: t, label: pixelTypeLabel(t) }));
