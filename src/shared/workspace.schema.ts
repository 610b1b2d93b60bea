import { z } from 'zod';
import { LIMITS } from './enums';
import { nameText } from './fields';
import { pagingFields } from './list-query';
import type { workspaceObject } from './objects/workspace.object';

/** A workspace is a row of the instance's accounts: the same name rule as a user's. */
const nameField = nameText(LIMITS.userNameMax);

export const workspaceCreateSchema = z.object({ name: nameField });
export const workspaceUpdateSchema = z.object({ name: nameField.optional() });
export const workspaceListQuerySchema = z.object({ per_page: pagingFields.per_page, page: pagingFields.page });

export type WorkspaceCreate = z.output<typeof workspaceCreateSchema>;
export type WorkspaceUpdate = z.output<typeof workspaceUpdateSchema>;
export type WorkspaceListQuery = z.output<typeof workspaceListQuerySchema>;

export type Workspace = z.output<typeof workspaceObject>;
