import { describe, expect, it } from 'vitest';
import { previewTargeting, toVisitor, type VisitorPick } from './preview-logic';

const nobody: VisitorPick = { country: null, language: null, os: null, browser: null, device: null };

describe('targeting preview', () => {
  it('derives the continent from the country, as the redirect does', () => {
    expect(toVisitor({ ...nobody, country: 'JP' }).continent).toBe('AS');
    expect(toVisitor(nobody).continent).toBeNull();
  });

  it('continent rules match a visitor picked by country', () => {
    const link = { url: 'https://d.com', targets_type: 'continents' as const, targets: [{ key: 'EU', value: 'https://eu.com' }] };
    expect(previewTargeting(link, { ...nobody, country: 'FR' }).match).toMatchObject({ index: 0, destination: 'https://eu.com' });
    expect(previewTargeting(link, { ...nobody, country: 'US' }).match).toMatchObject({ index: -1, destination: 'https://d.com' });
  });

  it('rotations: shares and the first visits follow the weights', () => {
    const link = {
      url: 'https://d.com',
      targets_type: 'rotations' as const,
      targets: [
        { key: '3', value: 'https://a.com' },
        { key: '', value: 'https://b.com' },
        { key: '1', value: 'https://c.com' },
      ],
    };
    const res = previewTargeting(link, nobody, 10);
    expect(res.rotation?.rows.map((r) => r.share)).toEqual([0.6, 0.2, 0.2]);
    expect(res.rotation?.rows.map((r) => r.visits)).toEqual([6, 2, 2]);
    expect(res.rotation?.sequence).toHaveLength(10);
  });

  it('no targeting: the link URL, no rotation table', () => {
    const res = previewTargeting({ url: 'https://d.com', targets_type: null, targets: [] }, nobody);
    expect(res.match.destination).toBe('https://d.com');
    expect(res.rotation).toBeNull();
  });
});
