// Words about spaces, kept pure so they can be tested.
import type { Space } from '../../../shared/space.schema';
import { plural } from '../../components/resource-list/format';
import { UNDO_WINDOW_TEXT } from '../operations/undo-window';

const COLOR_LABELS: Record<number, string> = { 1: 'Blue', 2: 'Teal', 3: 'Yellow', 4: 'Orange', 5: 'Red', 6: 'Grape' };

/** The accessible name of a space colour (1-6). */
export function spaceColorLabel(color: number): string {
  return COLOR_LABELS[color] ?? `Colour ${color}`;
}

export function deleteSpaceWarning(space: Pick<Space, 'name' | 'links_count'>): string {
  if (space.links_count === 0) return `${space.name} has no links. ${UNDO_WINDOW_TEXT}`;
  return `Its ${plural(space.links_count, 'link')} will stay, without a space. ${UNDO_WINDOW_TEXT}`;
}
