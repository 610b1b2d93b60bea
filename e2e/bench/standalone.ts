// Lets a benchmark file run on its own (`npx tsx e2e/bench/<file>.ts`) as well as from run-all.ts.
import { pathToFileURL } from 'node:url';

/** Runs `bench` and prints its table when `moduleUrl` is the script node was started with. */
export function runIfMain(moduleUrl: string, bench: () => Promise<string>): void {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  bench().then(
    (table) => console.log(table),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
