// `npm run backup`: one consistent, verified, compressed backup of the database DATA_DIR (or DATABASE_URL)
// names, into BACKUP_DIR, while the server keeps running. Progress on stdout; exit 0 only when it is done.
import fs from 'node:fs';
import { loadConfig } from '../config';
import { startBackup, type BackupProgress } from './backup-job';
import { stamp } from './backup-files';
import { pgBackup } from './pg-backup';
import { privateUmask } from './private-files';

const mb = (n: number) => (n / 1048576).toFixed(1);

function progressPrinter(): (p: BackupProgress) => void {
  let shown = '';
  return (p) => {
    const line = 'total' in p ? `${p.phase} ${Math.floor((100 * p.done) / Math.max(1, p.total))}% (${mb(p.done)} of ${mb(p.total)} MB)` : `${p.phase}…`;
    // One line per 5 % step, so that a log file stays short.
    const key = 'total' in p ? `${p.phase}${Math.floor((20 * p.done) / Math.max(1, p.total))}` : p.phase;
    if (key === shown) return;
    shown = key;
    console.log(line);
  };
}

async function main(): Promise<number> {
  privateUmask();
  const config = loadConfig();
  if (config.databaseUrl) return pgBackup(config, stamp(new Date()));
  if (!fs.existsSync(config.dbFile)) {
    console.error(`No database at ${config.dbFile} (DATA_DIR=${config.dataDir}): nothing to back up`);
    return 1;
  }
  console.log(`Backing up ${config.dbFile} into ${config.backupDir}`);
  const backup = startBackup({ dbFile: config.dbFile, backupDir: config.backupDir, keep: config.backupKeep, onProgress: progressPrinter() });
  process.once('SIGINT', () => void backup.cancel());
  process.once('SIGTERM', () => void backup.cancel());
  const r = await backup.result;
  console.log(`done: ${r.file} (${mb(r.bytes)} MB compressed, ${r.links} links, integrity checked, ${(r.ms / 1000).toFixed(1)} s)`);
  if (r.pruned.length) console.log(`deleted ${r.pruned.length} older backup(s) (BACKUP_KEEP=${config.backupKeep})`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`backup failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
