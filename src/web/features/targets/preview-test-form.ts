// The preview tests' form (preview-logic.test.ts, preview-sentence.test.ts): a plain link whose fields each test
// changes, and the saved state of a link with no clicks and no redirect password.
import type { PreviewForm } from './preview-logic';

export const PREVIEW_NOW = Date.parse('2026-11-23T12:00:00Z');
export const SAVED_PLAIN = { clicks: 0, hasRedirectPassword: false };

/** A form with `over` changed; by default a link to example.com/home with no targeting. */
export const previewForm = (over: Partial<PreviewForm> = {}): PreviewForm => ({
  url: 'example.com/home',
  disabled: false,
  active_period_start_at: null,
  active_period_end_at: null,
  clicks_limit: '',
  expiration_url: '',
  redirect_password: '',
  remove_redirect_password: false,
  sensitive_content: false,
  pixel_ids: [],
  targets_type: null,
  targets: [],
  ...over,
});
