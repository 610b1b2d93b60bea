// Starts Linkdeck: opens the database, makes sure an admin exists, listens, and stops gracefully.
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { buildApp } from './app';
import { ensureAdmin } from './bootstrap';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config.dbFile);
  const { createdKey } = await ensureAdmin(db, config);
  const app = await buildApp({ config, db, logger: { level: config.logLevel } });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing requests and flushing clicks');
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while stopping');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const origin = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  console.log(`\nLinkdeck is running.\n  Dashboard: ${origin}/dashboard/\n  API:       ${origin}/api/v1 (reference: ${origin}/api/v1/docs)\n  Data:      ${config.dbFile}`);
  if (createdKey) {
    console.log(`\n  First start: an admin account was created. Its API key (shown only once):\n\n    ${createdKey}\n`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
