// Every migration, in order: SQLite runs each one's `up`, PostgreSQL its `postgres` statements. The one list
// both databases migrate from (database.ts, postgres/open-postgres.ts); a new migration is added here only.
import type { Migration } from 'kysely';
import * as m001 from './001-initial';
import * as m002 from './002-list-performance';
import * as m003 from './003-lean-click-events';
import * as m004 from './004-shared-limits';
import * as m005 from './005-domain-https';
import * as m006 from './006-operations';
import * as m007 from './007-imports';
import * as m008 from './008-analytics';
import * as m009 from './009-webhooks';
import * as m010 from './010-utm-templates';
import * as m011 from './011-qr-styles';
import * as m012 from './012-tags';
import * as m013 from './013-link-previews';
import * as m014 from './014-operation-click-hourly';
import * as m015 from './015-expiry-version';
import * as m016 from './016-password-attempts';
import * as m017 from './017-import-leases';
import * as m018 from './018-link-revisions';
import * as m019 from './019-imported-clicks';
import * as m020 from './020-saved-views';
import * as m021 from './021-list-created';
import * as m022 from './022-operation-objects';
import * as m023 from './023-click-source';
import * as m024 from './024-search-grams';
import * as m025 from './025-workspaces';
import * as m026 from './026-domain-verification';
import * as m027 from './027-audit-log';
import * as m028 from './028-invitations';
import * as m029 from './029-instance-audit';
import * as m030 from './030-operation-jobs';

export const MIGRATIONS: Record<string, Migration & { postgres: readonly string[] }> = {
  '001-initial': m001,
  '002-list-performance': m002,
  '003-lean-click-events': m003,
  '004-shared-limits': m004,
  '005-domain-https': m005,
  '006-operations': m006,
  '007-imports': m007,
  '008-analytics': m008,
  '009-webhooks': m009,
  '010-utm-templates': m010,
  '011-qr-styles': m011,
  '012-tags': m012,
  '013-link-previews': m013,
  '014-operation-click-hourly': m014,
  '015-expiry-version': m015,
  '016-password-attempts': m016,
  '017-import-leases': m017,
  '018-link-revisions': m018,
  '019-imported-clicks': m019,
  '020-saved-views': m020,
  '021-list-created': m021,
  '022-operation-objects': m022,
  '023-click-source': m023,
  '024-search-grams': m024,
  '025-workspaces': m025,
  '026-domain-verification': m026,
  '027-audit-log': m027,
  '028-invitations': m028,
  '029-instance-audit': m029,
  '030-operation-jobs': m030,
};
