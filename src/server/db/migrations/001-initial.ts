import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('api_key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('domains')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('homepage_url', 'text')
    .addColumn('not_found_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('domains_user_id').on('domains').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('spaces')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spaces_user_name').unique().on('spaces').columns(['user_id', 'name']).execute();

  await db.schema
    .createTable('pixels')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pixels_user_id').on('pixels').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('links')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('domain_id', 'integer', (c) => c.references('domains.id').onDelete('cascade'))
    .addColumn('space_id', 'integer', (c) => c.references('spaces.id').onDelete('set null'))
    .addColumn('alias', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('targets', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('targets_type', 'text')
    .addColumn('sensitive_content', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('privacy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_hash', 'text')
    .addColumn('redirect_password_hash', 'text')
    .addColumn('active_period_start_at', 'text')
    .addColumn('active_period_end_at', 'text')
    .addColumn('clicks_limit', 'integer')
    .addColumn('expiration_url', 'text')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One alias per domain; the default domain is domain_id NULL.
  await sql`CREATE UNIQUE INDEX links_domain_alias ON links (ifnull(domain_id, 0), alias)`.execute(db);
  for (const [name, cols] of [
    ['links_user_id', ['user_id', 'id']],
    ['links_user_clicks', ['user_id', 'clicks', 'id']],
    ['links_user_title', ['user_id', 'title', 'id']],
    ['links_user_alias', ['user_id', 'alias', 'id']],
    ['links_user_url', ['user_id', 'url', 'id']],
    ['links_user_space', ['user_id', 'space_id', 'id']],
    ['links_user_domain', ['user_id', 'domain_id', 'id']],
    ['links_domain', ['domain_id']],
    ['links_space', ['space_id']],
  ] as const) {
    await db.schema.createIndex(name).on('links').columns([...cols]).execute();
  }

  await db.schema
    .createTable('link_pixels')
    .addColumn('link_id', 'integer', (c) => c.notNull().references('links.id').onDelete('cascade'))
    .addColumn('pixel_id', 'integer', (c) => c.notNull().references('pixels.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('link_pixels_pk', ['link_id', 'pixel_id'])
    .execute();
  await db.schema.createIndex('link_pixels_pixel').on('link_pixels').columns(['pixel_id', 'link_id']).execute();

  // Substring search: FTS5 trigram index over the searchable columns, kept in step by triggers.
  await sql`CREATE VIRTUAL TABLE links_fts USING fts5(title, alias, url, content='links', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`CREATE TRIGGER links_fts_ai AFTER INSERT ON links BEGIN
    INSERT INTO links_fts(rowid, title, alias, url) VALUES (new.id, new.title, new.alias, new.url);
  END`.execute(db);
  await sql`CREATE TRIGGER links_fts_ad AFTER DELETE ON links BEGIN
    INSERT INTO links_fts(links_fts, rowid, title, alias, url) VALUES ('delete', old.id, old.title, old.alias, old.url);
  END`.execute(db);
  await sql`CREATE TRIGGER links_fts_au AFTER UPDATE OF title, alias, url ON links BEGIN
    INSERT INTO links_fts(links_fts, rowid, title, alias, url) VALUES ('delete', old.id, old.title, old.alias, old.url);
    INSERT INTO links_fts(rowid, title, alias, url) VALUES (new.id, new.title, new.alias, new.url);
  END`.execute(db);

  await db.schema
    .createTable('click_events')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('link_id', 'integer', (c) => c.notNull().references('links.id').onDelete('cascade'))
    .addColumn('clicked_at', 'text', (c) => c.notNull())
    .addColumn('country', 'text')
    .addColumn('continent', 'text')
    .addColumn('os', 'text')
    .addColumn('browser', 'text')
    .addColumn('device', 'text')
    .addColumn('language', 'text')
    .addColumn('referrer', 'text')
    .execute();
  await db.schema.createIndex('click_events_link').on('click_events').columns(['link_id', 'clicked_at']).execute();
  await db.schema.createIndex('click_events_time').on('click_events').columns(['clicked_at']).execute();

  await db.schema
    .createTable('click_daily')
    .addColumn('link_id', 'integer', (c) => c.notNull().references('links.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('click_daily_pk', ['link_id', 'dimension', 'day', 'value'])
    .modifyEnd(sql`WITHOUT ROWID`)
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
