import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldsOf, pickReadOnly, readOnlyIssues, readOnlySpec, sameValue } from './read-only';

describe('sameValue: a sent value against the current one, as form and JSON bodies carry it', () => {
  it.each([
    ['7', 7, true],
    [' 7 ', 7, true],
    [7, 7, true],
    ['8', 7, false],
    ['', null, true],
    [null, null, true],
    ['0', null, true],
    ['x', null, false],
    ['', 'a', false],
    ['2026-01-02T03:04:05Z', '2026-01-02T03:04:05.000Z', true],
    ['2026-01-02 03:04:05', '2026-01-02T03:04:05.000Z', true],
    ['2026-01-02T04:04:05+01:00', '2026-01-02T03:04:05.000Z', true],
    ['2026-01-02 03:04', '2026-01-02T03:04:05.000Z', false],
    ['2026-01-02T03:04:06.000Z', '2026-01-02T03:04:05.000Z', false],
    ['true', true, true],
    ['0', true, false],
    [3, { id: 3, name: 'x' }, true],
    ['4', { id: 3, name: 'x' }, false],
    [{ id: '3', name: 'x' }, { id: 3, name: 'x' }, true],
    [{ id: 3, name: 'y' }, { id: 3, name: 'x' }, false],
    [{ id: 3, extra: 1 }, { id: 3 }, false],
    [{ id: 3 }, null, false],
    [[], [], true],
    [{ 0: { id: '1' } }, [{ id: 1 }], true],
    [[{ id: 1 }, { id: 2 }], [{ id: 1 }], false],
    [[1], 'x', false],
  ])('%j against %j: %s', (sent, current, same) => {
    expect(sameValue(sent, current)).toBe(same);
  });
});

describe('readOnlySpec', () => {
  const object = z.object({ id: z.number(), name: z.string(), color: z.number(), links_count: z.number() });
  const update = z
    .preprocess((v) => v, z.object({ color: z.number().optional() }))
    .pipe(z.object({ color: z.number().optional() }).transform((v) => v));

  it('finds the fields of a schema through preprocessing, refinements and transforms', () => {
    expect(fieldsOf(update)).toEqual(['color']);
    expect(fieldsOf(z.object({ a: z.string() }).superRefine(() => {}).transform((v) => v))).toEqual(['a']);
  });

  it('is the identity (id, owner), the create-only fields; not what the server computes (links_count)', () => {
    const spec = readOnlySpec(object, update, { owned: true, createOnly: { name: 'names are for ever', secret_key: 'set once' } });
    expect(Object.keys(spec.fields).sort()).toEqual(['id', 'name', 'secret_key', 'user_id']);
    expect(spec.fields.name).toBe('names are for ever');
  });

  it('picks what a body sent and names each field that differs, as sent', () => {
    const spec = readOnlySpec(object, update, { createOnly: { name: 'names are for ever' }, normalise: { name: (v) => String(v).toLowerCase() } });
    const sent = pickReadOnly({ id: '5', name: 'ABC', color: 2, links_count: 9, other: 1 }, spec);
    expect(sent).toEqual({ id: '5', name: 'ABC' });
    expect(readOnlyIssues({ ...sent, id: 6 }, { id: 5, name: 'abc', links_count: 8 }, spec)).toEqual([
      { field: 'id', message: 'cannot be changed: it names the resource.' },
    ]);
    expect(pickReadOnly('not an object', spec)).toEqual({});
  });
});
