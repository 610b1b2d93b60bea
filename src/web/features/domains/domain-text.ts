// Words about domains, kept pure so they can be tested.
import type { Domain } from '../../../shared/domain.schema';
import { plural } from '../../components/resource-list/format';
import { UNDO_WINDOW_TEXT } from '../operations/undo-window';

export function deleteDomainWarning(domain: Pick<Domain, 'name' | 'links_count'>): string {
  if (domain.links_count === 0) return `${domain.name} has no links. ${UNDO_WINDOW_TEXT}`;
  return `Its ${plural(domain.links_count, 'link')} will be deleted with it, and their short URLs will stop working. ${UNDO_WINDOW_TEXT}`;
}
