import { z } from 'zod';
import { LIMITS, USER_ROLES, type UserRole } from './enums';
import { listQuery } from './list-query';

const nameField = z.string().trim().min(1).max(LIMITS.userNameMax);
const roleField = z.enum(USER_ROLES, { error: 'must be one of: admin, user.' });

export const userCreateSchema = z.object({ name: nameField, role: roleField.optional() });
export const userUpdateSchema = z.object({ name: nameField.optional(), role: roleField.optional() });
export const userListQuerySchema = z.object(listQuery(['name'], ['id', 'name']));

export type UserCreate = z.output<typeof userCreateSchema>;
export type UserUpdate = z.output<typeof userUpdateSchema>;
export type UserListQuery = z.output<typeof userListQuerySchema>;

export interface User {
  id: number;
  name: string;
  role: UserRole;
  created_at: string;
  updated_at: string;
}

export interface Account {
  id: number;
  name: string;
  role: UserRole;
  created_at: string;
  /** The server's BASE_URL: short URLs of links without a domain start with it. */
  base_url: string;
}
