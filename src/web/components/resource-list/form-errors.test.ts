import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors, fieldError, fieldMessage, splitServerErrors } from './form-errors';

describe('fieldMessage', () => {
  it('capitalises a client predicate', () => {
    expect(fieldMessage('must be a valid http or https URL.')).toBe('Must be a valid http or https URL.');
  });
  it("strips the server's field prefix", () => {
    expect(fieldMessage('The homepage_url field must be a valid http or https URL.', 'homepage_url')).toBe('Must be a valid http or https URL.');
  });
  it("keeps another field's name when it is not the field shown", () => {
    expect(fieldMessage('The name field has already been taken.', 'color')).toBe('The name field has already been taken.');
  });
});

describe('splitServerErrors', () => {
  it('puts known fields on the form and keeps the rest', () => {
    const r = splitServerErrors({ name: ['The name field has already been taken.'], id: ['The last admin cannot be demoted.'] }, ['name', 'role']);
    expect(r.fieldErrors).toEqual({ name: 'Has already been taken.' });
    expect(r.other).toEqual(['The last admin cannot be demoted.']);
  });
});

describe('applyServerErrors', () => {
  it('sets field errors, focusing the first, and returns nothing else to show', () => {
    const calls: [string, string, boolean | undefined][] = [];
    const e = new ApiError(422, 'x', { not_found_url: ['The not_found_url field must be a valid http or https URL.'], homepage_url: ['The homepage_url field is required.'] });
    const out = applyServerErrors(e, ['homepage_url', 'not_found_url'] as const, (f, err, o) => calls.push([f, err.message, o?.shouldFocus]));
    expect(out).toBeNull();
    expect(calls).toEqual([
      ['not_found_url', 'Must be a valid http or https URL.', true],
      ['homepage_url', 'Is required.', false],
    ]);
  });
  it('returns the message of other failures', () => {
    expect(applyServerErrors(new ApiError(500, 'Server Error.'), ['name'], () => undefined)).toBe('Server Error.');
    expect(applyServerErrors(new ApiError(422, 'The role field is bad.', { user: ['Last admin.'] }), ['name'], () => undefined)).toBe('Last admin.');
  });
});

describe('fieldError', () => {
  it('shows a field error as fieldMessage does, and nothing without one', () => {
    expect(fieldError({ message: 'must be a valid http or https URL.' })).toBe('Must be a valid http or https URL.');
    expect(fieldError(undefined)).toBeUndefined();
    expect(fieldError({})).toBeUndefined();
  });
});
