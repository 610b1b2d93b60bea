// What each generated client's calls (client-generators.test.ts) report back: a link created, read by the integer
// id it came back with, found in the list, deleted, and gone. This folder is outside tsconfig.json: the callers
// import clients that exist only in the test's temp directory, where they are compiled and run.

export interface RoundTrip {
  id: number;
  alias: string;
  /** The alias GET /links/{id} gave for that id. */
  fetched: string;
  /** The ids of GET /links?search=<alias>&search_by=alias. */
  listed: number[];
  deleted: boolean;
  /** GET /links/{id} after the delete. */
  gone: number;
}

/** Throws unless the call got the status it should (the body names what went wrong). */
export function expectStatus(call: string, status: number, expected: number, body: unknown): void {
  if (status !== expected) throw new Error(`${call}: ${status} (expected ${expected}) ${JSON.stringify(body)}`);
}
