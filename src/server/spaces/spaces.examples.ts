// Examples of the API document's space operations; typed, so they stay true to the schemas.
import type { Space, SpaceCreate } from '../../shared/space.schema';

export const spaceCreateExample: SpaceCreate = { name: 'Spring campaign', color: 3 };

export const spaceExample: Space = {
  id: 5,
  name: 'Spring campaign',
  color: 3,
  links_count: 0,
  created_at: '2026-11-20T09:30:00.000Z',
  updated_at: '2026-11-20T09:30:00.000Z',
};
