import { z } from 'zod';
import { LIMITS } from './enums';
import { intField, nameText } from './fields';
import { listQuery } from './list-query';
import type { spaceObject } from './objects/space.object';

const nameField = nameText(LIMITS.spaceNameMax);
const colorField = intField(1, 6);

export const spaceCreateSchema = z.object({ name: nameField, color: colorField.optional() });
export const spaceUpdateSchema = z.object({ name: nameField.optional(), color: colorField.optional() });
export const spaceListQuerySchema = z.object(listQuery(['name'], ['id', 'name']));

export type SpaceCreate = z.output<typeof spaceCreateSchema>;
export type SpaceUpdate = z.output<typeof spaceUpdateSchema>;
export type SpaceListQuery = z.output<typeof spaceListQuerySchema>;

export type Space = z.output<typeof spaceObject>;
