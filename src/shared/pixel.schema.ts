import { z } from 'zod';
import { LIMITS, PIXEL_TYPES } from './enums';
import { nameText } from './fields';
import { listQuery } from './list-query';
import type { pixelObject } from './objects/pixel.object';

const nameField = nameText(LIMITS.pixelNameMax);
const typeField = z.enum(PIXEL_TYPES, { error: `must be one of: ${PIXEL_TYPES.join(', ')}.` });
const valueField = z
  .string()
  .trim()
  .min(1)
  .max(LIMITS.pixelValueMax)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'may only contain letters, digits, dashes and underscores.' });

export const pixelCreateSchema = z.object({ name: nameField, type: typeField, value: valueField });
export const pixelUpdateSchema = z.object({
  name: nameField.optional(),
  type: typeField.optional(),
  value: valueField.optional(),
});
export const pixelListQuerySchema = z.object({
  ...listQuery(['name'], ['id', 'name']),
  type: z.preprocess((v) => (v === '' ? undefined : v), typeField.optional()),
});

export type PixelCreate = z.output<typeof pixelCreateSchema>;
export type PixelUpdate = z.output<typeof pixelUpdateSchema>;
export type PixelListQuery = z.output<typeof pixelListQuerySchema>;

export type Pixel = z.output<typeof pixelObject>;
