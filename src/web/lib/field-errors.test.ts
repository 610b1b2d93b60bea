// A 422's `errors` (as the API builds them, with the shared errorsBag) on react-hook-form paths.
import { describe, expect, it } from 'vitest';
import { errorsBag, sentence } from '../../shared/zod-messages';
import { linkCreateSchema } from '../../shared/link.schema';
import { ApiError } from './api-client';
import { applyApiErrors, fieldError, fieldPredicate, formPath, mapApiErrors, type FieldMap } from './field-errors';
import { LINK_FIELD_MAP } from '../features/links/link-form-values';

const SIMPLE: FieldMap = { fields: ['homepage_url', 'not_found_url', 'name'] };

describe('fieldPredicate', () => {
  it("takes the API's subject off a message about that field", () => {
    expect(fieldPredicate('homepage_url', 'The homepage_url field must be a valid http or https URL.')).toBe('must be a valid http or https URL.');
    expect(fieldPredicate('targets.0.value', 'The targets.0.value field is required.')).toBe('is required.');
  });
  it('leaves a sentence about something else whole', () => {
    expect(fieldPredicate('color', 'The name field has already been taken.')).toBe('The name field has already been taken.');
    expect(fieldPredicate('id', 'The last admin cannot be demoted.')).toBe('The last admin cannot be demoted.');
  });
  it('reads what the server writes: a real 422 of the link schema', () => {
    const parsed = linkCreateSchema.safeParse({ url: 'notaurl', targets_type: 'countries', targets: [{ key: 'DE', value: 'nope' }] });
    expect(parsed.success).toBe(false);
    const { errors } = errorsBag(parsed.error!.issues);
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['url', 'targets.0.value']));
    for (const [field, messages] of Object.entries(errors)) {
      for (const message of messages) {
        const predicate = fieldPredicate(field, message);
        expect(predicate).not.toBe(message);
        // The API's sentence again from the predicate: nothing but the subject was taken off.
        expect(sentence(field, predicate)).toBe(message);
      }
    }
  });
});

describe('formPath', () => {
  it('maps dotted API names onto the link form', () => {
    expect(formPath('targets.0.value', LINK_FIELD_MAP)).toBe('targets.0.value');
    expect(formPath('targets.12.key', LINK_FIELD_MAP)).toBe('targets.12.key');
    expect(formPath('pixel_ids.1', LINK_FIELD_MAP)).toBe('pixel_ids');
    expect(formPath('tags.3', LINK_FIELD_MAP)).toBe('tags');
    expect(formPath('domain', LINK_FIELD_MAP)).toBe('domain_id');
    expect(formPath('alias', LINK_FIELD_MAP)).toBe('alias');
  });
  it('puts anything else on the list, or on no field', () => {
    expect(formPath('targets', LINK_FIELD_MAP)).toBe('targets');
    expect(formPath('targets.0', LINK_FIELD_MAP)).toBe('targets');
    expect(formPath('targets.x.key', LINK_FIELD_MAP)).toBe('targets');
    expect(formPath('targets.0.weight', LINK_FIELD_MAP)).toBe('targets');
    expect(formPath('other_thing', LINK_FIELD_MAP)).toBeNull();
    expect(formPath('id', SIMPLE)).toBeNull();
  });
});

describe('mapApiErrors', () => {
  it('splits field errors (first per path, as predicates) from the rest', () => {
    expect(
      mapApiErrors(
        {
          'targets.0.value': ['The targets.0.value field must be a valid http or https URL.'],
          domain: ['The domain field must be an id (a positive integer).'],
          'pixel_ids.1': ['The pixel_ids.1 field must be one of your pixels.'],
          'pixel_ids.2': ['The pixel_ids.2 field must be one of your pixels.'],
          alias: ['The alias field has already been taken.', 'A second message.'],
          weird: ['Something odd.'],
          empty: [],
        },
        LINK_FIELD_MAP,
      ),
    ).toEqual({
      fields: [
        { path: 'targets.0.value', message: 'must be a valid http or https URL.' },
        { path: 'domain_id', message: 'must be an id (a positive integer).' },
        { path: 'pixel_ids', message: 'must be one of your pixels.' },
        { path: 'alias', message: 'has already been taken.' },
      ],
      other: ['Something odd.'],
    });
  });
});

describe('applyApiErrors', () => {
  const collect = () => {
    const calls: [string, string, boolean | undefined][] = [];
    const setError = (path: string, error: { message?: string }, options?: { shouldFocus?: boolean }) => void calls.push([path, error.message ?? '', options?.shouldFocus]);
    return { calls, setError: setError as never };
  };

  it('sets field errors, focusing the first, and leaves nothing else to show', () => {
    const { calls, setError } = collect();
    const e = new ApiError(422, 'x', { not_found_url: ['The not_found_url field must be a valid http or https URL.'], homepage_url: ['The homepage_url field is required.'] });
    expect(applyApiErrors(e, SIMPLE, setError)).toEqual({ fields: ['not_found_url', 'homepage_url'], other: [] });
    expect(calls).toEqual([
      ['not_found_url', 'Must be a valid http or https URL.', true],
      ['homepage_url', 'Is required.', false],
    ]);
  });

  it('words the messages as the form asks', () => {
    const { calls, setError } = collect();
    applyApiErrors(new ApiError(422, 'x', { 'targets.1.key': ['The targets.1.key field is required.'] }), LINK_FIELD_MAP, setError, (path, p) => `${path}: ${p}`);
    expect(calls).toEqual([['targets.1.key', 'targets.1.key: is required.', true]]);
  });

  it('shows other failures above the form', () => {
    const { calls, setError } = collect();
    expect(applyApiErrors(new ApiError(500, 'Server Error.'), SIMPLE, setError)).toEqual({ fields: [], other: ['Server Error.'] });
    expect(applyApiErrors(new ApiError(422, 'The role field is bad.', { user: ['Last admin.'] }), SIMPLE, setError)).toEqual({ fields: [], other: ['Last admin.'] });
    expect(applyApiErrors(new ApiError(422, 'The given data was invalid.'), SIMPLE, setError)).toEqual({ fields: [], other: ['The given data was invalid.'] });
    expect(applyApiErrors(new Error('offline'), SIMPLE, setError)).toEqual({ fields: [], other: ['offline'] });
    expect(calls).toEqual([]);
  });
});

describe('fieldError', () => {
  it('shows a predicate under its label, capitalised; nothing without one', () => {
    expect(fieldError({ message: 'must be a valid http or https URL.' })).toBe('Must be a valid http or https URL.');
    expect(fieldError(undefined)).toBeUndefined();
    expect(fieldError({})).toBeUndefined();
  });
});
