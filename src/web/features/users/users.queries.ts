// Users (admins only): reads and writes from the resource factory. Your own name and role are the shell's
// account, so a write refreshes it too.
import { resourceQueries } from '../../lib/resource-queries';
import type { User, UserCreate, UserListQuery, UserUpdate } from '../../../shared/user.schema';

/** The new account, with its key (shown once). */
export type CreatedUser = User & { api_key: string };

export const userQueries = resourceQueries<User, UserCreate, UserUpdate, UserListQuery>({ name: 'users', related: [['account']] });
