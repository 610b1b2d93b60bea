import { describe, expect, it } from 'vitest';
import { linkCreateSchema, linkUpdateSchema, type Link } from '../../../shared/link.schema';
import { emptyLinkForm, linkToForm, toPayload } from './link-form-values';

const link: Link = {
  id: 7,
  alias: 'promo',
  url: 'https://example.com/',
  short_url: 'https://go.example.com/promo',
  title: 'Promo',
  status: 1,
  disabled: 0,
  targets_type: 'countries',
  targets: [{ key: 'FR', value: 'https://fr.example.com' }],
  sensitive_content: 1,
  privacy: 2,
  password: true,
  redirect_password: true,
  active_period_start_at: '2026-12-01T08:00:00.000Z',
  active_period_end_at: null,
  clicks_limit: 10,
  expiration_url: null,
  og_title: null,
  og_description: null,
  og_image: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
  clicks: 3,
  imported_clicks: 0,
  imported_at: null,
  space: { id: 2, name: 'S', color: 1 },
  domain: { id: 5, name: 'go.example.com', url: 'https://go.example.com' },
  pixels: [{ id: 9, name: 'P', type: 'x' }],
  tags: [{ id: 3, name: 'spring', color: 2 }],
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

describe('link form <-> API body', () => {
  it('a minimal create sends only what is set, and the shared schema accepts it', () => {
    const body = toPayload({ ...emptyLinkForm(), url: ' https://example.com/a ' }, 'create');
    expect(body).toEqual({ url: 'https://example.com/a', pixel_ids: [], sensitive_content: 0, privacy: 0, disabled: 0, targets: [] });
    expect(linkCreateSchema.safeParse(body).success).toBe(true);
  });

  it('create with a domain, space, pixels and a clicks limit', () => {
    const body = toPayload({ ...emptyLinkForm(), url: 'https://e.com', domain_id: '5', space_id: '2', pixel_ids: ['9', '10'], clicks_limit: 50 }, 'create');
    expect(body).toMatchObject({ domain_id: 5, space_id: '2', pixel_ids: [9, 10], clicks_limit: 50 });
  });

  it('edit: round-trips a link, keeps stored passwords unless typed or removed', () => {
    const form = linkToForm(link);
    const body = toPayload(form, 'edit');
    expect(body).not.toHaveProperty('redirect_password');
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('domain_id');
    expect(body).toMatchObject({ alias: 'promo', space_id: '2', pixel_ids: [9], privacy: 2, sensitive_content: 1, clicks_limit: 10, expiration_url: '' });
    expect(body.targets).toEqual([{ key: 'FR', value: 'https://fr.example.com' }]);
    expect(linkUpdateSchema.safeParse(body).success).toBe(true);

    expect(toPayload({ ...form, remove_redirect_password: true }, 'edit')).toHaveProperty('redirect_password', '');
    expect(toPayload({ ...form, redirect_password: 'new' }, 'edit')).toHaveProperty('redirect_password', 'new');
    expect(toPayload({ ...form, privacy: '0', password: 'x' }, 'edit')).not.toHaveProperty('password');
  });

  it('edit: clearing fields sends empty values that clear on the server', () => {
    const body = toPayload({ ...linkToForm(link), space_id: null, clicks_limit: '', active_period_start_at: null, targets_type: null }, 'edit');
    expect(body).toMatchObject({ space_id: '', clicks_limit: '', active_period_start_at: '', targets_type: '', targets: [] });
    const parsed = linkUpdateSchema.parse(body);
    expect(parsed).toMatchObject({ space_id: null, clicks_limit: null, active_period_start_at: null, targets_type: null, targets: [] });
  });

  it('the create schema flags a duplicate target key on the row that repeats it', () => {
    const body = toPayload(
      { ...emptyLinkForm(), url: 'https://e.com', targets_type: 'countries', targets: [{ key: 'fr', value: 'https://a.com' }, { key: 'FR', value: 'https://b.com' }] },
      'create',
    );
    const res = linkCreateSchema.safeParse(body);
    expect(res.success).toBe(false);
    expect(res.error?.issues.map((i) => i.path.join('.'))).toEqual(['targets.1.key']);
  });
});
