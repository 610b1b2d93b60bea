import { describe, expect, it } from 'vitest';
import { deliveryStatusLabel, eventLabel, formatDuration, responseSummary, scopeLabel } from './webhook-text';

describe('webhook text', () => {
  it('names events, including the test event and unknown ones', () => {
    expect(eventLabel('link.limit_reached')).toBe('Click limit reached');
    expect(eventLabel('webhook.test')).toBe('Test event');
    expect(eventLabel('link.future')).toBe('link.future');
  });

  it('says which links a webhook is about, also when its filter is gone', () => {
    const none = { space_id: null, link_id: null, space: null, link: null };
    expect(scopeLabel(none)).toBe('All links');
    expect(scopeLabel({ ...none, space_id: 3, space: { id: 3, name: 'Spring', color: 1 } })).toBe('Space Spring');
    expect(scopeLabel({ ...none, space_id: 3 })).toBe('A deleted space');
    expect(scopeLabel({ ...none, link_id: 9, link: { id: 9, alias: 'x', short_url: 'https://s.t/x' } })).toBe('Link https://s.t/x');
    expect(scopeLabel({ ...none, link_id: 9 })).toBe('A deleted link');
  });

  it('formats durations, statuses and answers', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(182)).toBe('182 ms');
    expect(formatDuration(3420)).toBe('3.4 s');
    expect(deliveryStatusLabel({ status: 'retrying', attempts: 2 })).toBe('Retrying (attempt 2 failed)');
    expect(deliveryStatusLabel({ status: 'delivered', attempts: 1 })).toBe('Delivered');
    expect(responseSummary({ response_status: 500, response_excerpt: ' boom\n  again ' })).toBe('500 · boom again');
    expect(responseSummary({ response_status: 204, response_excerpt: '' })).toBe('204');
    expect(responseSummary({ response_status: null, response_excerpt: 'Timed out' })).toBe('Timed out');
  });
});
