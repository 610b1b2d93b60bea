// `npm run restore -- <file>`: puts a backup in place of DATA_DIR's database (restore.ts). The server must
// be stopped; start it afterwards and it migrates the restored database if it is older.
import { loadConfig } from '../config';
import { pgCommands } from './pg-backup';
import { restoreBackup, RestoreError } from './restore';
import { privateUmask } from './private-files';

async function main(): Promise<number> {
  privateUmask();
  const file = process.argv[2];
  const config = loadConfig();
  if (!file) {
    console.error('usage: npm run restore -- <backup file>   (a linkdeck-….db.gz from BACKUP_DIR)');
    return 2;
  }
  if (config.databaseUrl) {
    console.error(`DATABASE_URL is set: restore a PostgreSQL dump with PostgreSQL's own tools, with every Linkdeck instance stopped:\n${pgCommands(file).split('\n')[1]}`);
    return 1;
  }
  const r = await restoreBackup(file, config.dbFile);
  console.log(`restored ${file} into ${config.dbFile} (${r.links} links)`);
  if (r.aside) console.log(`the database it replaced is kept at ${r.aside}`);
  console.log('start Linkdeck as usual: it applies any newer migrations on start');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    // One line, whatever failed: the reason, never a stack.
    console.error(`restore ${err instanceof RestoreError ? 'refused' : 'failed'}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    process.exit(1);
  },
);
