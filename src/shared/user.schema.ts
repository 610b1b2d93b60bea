import { z } from 'zod';
import { LIMITS, USER_ROLES } from './enums';
import { nameText } from './fields';
import { listQuery } from './list-query';
import type { accountObject, userObject } from './objects/user.object';

const nameField = nameText(LIMITS.userNameMax);
const roleField = z.enum(USER_ROLES, { error: 'must be one of: admin, user.' });

export const userCreateSchema = z.object({ name: nameField, role: roleField.optional() });
export const userUpdateSchema = z.object({ name: nameField.optional(), role: roleField.optional() });
export const userListQuerySchema = z.object(listQuery(['name'], ['id', 'name']));

export type UserCreate = z.output<typeof userCreateSchema>;
export type UserUpdate = z.output<typeof userUpdateSchema>;
export type UserListQuery = z.output<typeof userListQuerySchema>;

export type User = z.output<typeof userObject>;
/** What `GET /account` answers. */
export type Account = z.output<typeof accountObject>;
