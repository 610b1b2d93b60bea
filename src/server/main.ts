// Starts Linkdeck: opens the database, makes sure an admin exists, listens, and stops gracefully.
import { loadConfig, type Config } from './config';
import { describeStorage, openStorage } from './db/storage';
import { DatabaseStartError } from './db/postgres/open-postgres';
import { buildApp } from './app';
import { ensureAdmin } from './bootstrap';
import { preparePrivateFiles, privateUmask, StartError } from './backup/private-files';

/** The environment's settings; a wrong one stops the start with one line that names its rule. */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    console.error(`Linkdeck cannot start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  privateUmask();
  const config = configOrExit();
  preparePrivateFiles(config);
  const db = await openStorage(config);
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
  console.log(`\nLinkdeck is running.\n  Dashboard: ${origin}/dashboard/\n  API:       ${origin}/api/v1 (reference: ${origin}/api/v1/docs)\n  Data:      ${describeStorage(config)}`);
  if (createdKey) {
    console.log(`\n  First start: an admin account was created. Its API key (shown only once):\n\n    ${createdKey}\n`);
  }
}

main().catch((err: unknown) => {
  // A start-up problem the operator can fix (DATABASE_URL, the server, an extension): one line, no stack.
  if (err instanceof DatabaseStartError || err instanceof StartError) console.error(`Linkdeck cannot start: ${err.message}`);
  else console.error(err);
  process.exit(1);
});
