// UTM templates: a named set of UTM parameters per account, for the link editor's "Apply template".
// One schema for the API and the dashboard's form.
import { z } from 'zod';
import { LIMITS } from './enums';
import { nameText, nullableText } from './fields';
import { listQuery } from './list-query';
import { UTM_KEYS, type UtmKey } from './utm';
import type { utmTemplateObject } from './objects/utm-template.object';

export const UTM_TEMPLATE_NAME_MAX = 64;
const nameField = nameText(UTM_TEMPLATE_NAME_MAX);
const utmFields = Object.fromEntries(UTM_KEYS.map((k) => [k, nullableText(LIMITS.utmMax).optional()])) as Record<
  UtmKey,
  z.ZodOptional<ReturnType<typeof nullableText>>
>;

const oneParameter = (v: Partial<Record<UtmKey, string | null | undefined>>) => UTM_KEYS.some((k) => v[k]);

export const utmTemplateCreateSchema = z
  .object({ name: nameField, ...utmFields })
  .refine(oneParameter, { path: ['utm_source'], error: 'A template needs at least one UTM parameter.' });
export const utmTemplateUpdateSchema = z.object({ name: nameField.optional(), ...utmFields });
export const utmTemplateListQuerySchema = z.object(listQuery(['name'], ['name', 'id']));

export type UtmTemplateCreate = z.output<typeof utmTemplateCreateSchema>;
export type UtmTemplateUpdate = z.output<typeof utmTemplateUpdateSchema>;
export type UtmTemplateListQuery = z.output<typeof utmTemplateListQuerySchema>;

export type UtmTemplate = z.output<typeof utmTemplateObject>;
