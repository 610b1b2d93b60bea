// Fast exact counts for the link list on big accounts (see links/link-list.repo.ts):
// - link_counters: per account total and disabled links, kept by triggers, plus a version that changes
//   whenever anything a list filter or search looks at changes (the list's count cache checks it);
// - partial indexes for the expired rule, so that status counts read only the links that have an end date
//   or reached their click limit;
// - a narrow (id, user_id) index so that checking the owner of many search hits does not read whole rows.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE link_counters (
     user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
     total INTEGER NOT NULL DEFAULT 0,
     disabled INTEGER NOT NULL DEFAULT 0,
     version INTEGER NOT NULL DEFAULT 0
   )`,
  `INSERT INTO link_counters (user_id, total, disabled, version)
     SELECT user_id, count(*), sum(disabled = 1), 1 FROM links GROUP BY user_id`,
  `CREATE TRIGGER link_counters_ai AFTER INSERT ON links BEGIN
     INSERT INTO link_counters (user_id, total, disabled, version) VALUES (new.user_id, 1, new.disabled = 1, 1)
       ON CONFLICT (user_id) DO UPDATE SET total = total + 1, disabled = disabled + (new.disabled = 1), version = version + 1;
   END`,
  `CREATE TRIGGER link_counters_ad AFTER DELETE ON links BEGIN
     UPDATE link_counters SET total = total - 1, disabled = disabled - (old.disabled = 1), version = version + 1
       WHERE user_id = old.user_id;
   END`,
  `CREATE TRIGGER link_counters_au AFTER UPDATE OF user_id, disabled, title, alias, url, space_id, domain_id ON links BEGIN
     UPDATE link_counters SET total = total - 1, disabled = disabled - (old.disabled = 1), version = version + 1
       WHERE user_id = old.user_id;
     INSERT INTO link_counters (user_id, total, disabled, version) VALUES (new.user_id, 1, new.disabled = 1, 1)
       ON CONFLICT (user_id) DO UPDATE SET total = total + 1, disabled = disabled + (new.disabled = 1), version = version + 1;
   END`,
  `CREATE TRIGGER link_counters_pixels_ai AFTER INSERT ON link_pixels BEGIN
     UPDATE link_counters SET version = version + 1 WHERE user_id = (SELECT user_id FROM links WHERE id = new.link_id);
   END`,
  `CREATE TRIGGER link_counters_pixels_ad AFTER DELETE ON link_pixels BEGIN
     UPDATE link_counters SET version = version + 1 WHERE user_id = (SELECT user_id FROM links WHERE id = old.link_id);
   END`,
  `CREATE INDEX links_user_end ON links (user_id, active_period_end_at)
     WHERE disabled = 0 AND active_period_end_at IS NOT NULL`,
  `CREATE INDEX links_user_limit_reached ON links (user_id, active_period_end_at)
     WHERE disabled = 0 AND clicks_limit IS NOT NULL AND clicks >= clicks_limit`,
  `CREATE INDEX links_user_disabled ON links (user_id, id) WHERE disabled = 1`,
  `CREATE INDEX links_id_user ON links (id, user_id)`,
];

/** The same counters on PostgreSQL: one trigger function per table, the same partial indexes. */
export const postgres = [
  `CREATE TABLE link_counters (
     user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
     total integer NOT NULL DEFAULT 0, disabled integer NOT NULL DEFAULT 0, version bigint NOT NULL DEFAULT 0)`,
  `INSERT INTO link_counters (user_id, total, disabled, version)
     SELECT user_id, count(*), count(*) FILTER (WHERE disabled = 1), 1 FROM links GROUP BY user_id`,
  `CREATE FUNCTION link_counters_links() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP IN ('UPDATE', 'DELETE') THEN
       UPDATE link_counters SET total = total - 1, disabled = disabled - (OLD.disabled = 1)::int, version = version + 1
         WHERE user_id = OLD.user_id;
     END IF;
     IF TG_OP IN ('UPDATE', 'INSERT') THEN
       INSERT INTO link_counters (user_id, total, disabled, version) VALUES (NEW.user_id, 1, (NEW.disabled = 1)::int, 1)
         ON CONFLICT (user_id) DO UPDATE SET total = link_counters.total + 1,
           disabled = link_counters.disabled + (NEW.disabled = 1)::int, version = link_counters.version + 1;
     END IF;
     RETURN NULL;
   END $$`,
  'CREATE TRIGGER link_counters_ai AFTER INSERT ON links FOR EACH ROW EXECUTE FUNCTION link_counters_links()',
  'CREATE TRIGGER link_counters_ad AFTER DELETE ON links FOR EACH ROW EXECUTE FUNCTION link_counters_links()',
  `CREATE TRIGGER link_counters_au AFTER UPDATE OF user_id, disabled, title, alias, url, space_id, domain_id ON links
     FOR EACH ROW EXECUTE FUNCTION link_counters_links()`,
  `CREATE FUNCTION link_counters_pixels() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE link_counters SET version = version + 1
       WHERE user_id = (SELECT user_id FROM links WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.link_id ELSE NEW.link_id END);
     RETURN NULL;
   END $$`,
  'CREATE TRIGGER link_counters_pixels_ai AFTER INSERT ON link_pixels FOR EACH ROW EXECUTE FUNCTION link_counters_pixels()',
  'CREATE TRIGGER link_counters_pixels_ad AFTER DELETE ON link_pixels FOR EACH ROW EXECUTE FUNCTION link_counters_pixels()',
  ...statements.slice(-4), // the partial and narrow indexes are the same SQL
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
