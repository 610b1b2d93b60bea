// Who may start heavy work (QR codes, exports, imports) now. An account has at most HEAVY_PER_ACCOUNT
// requests running and HEAVY_QUEUE more waiting; beyond that its next one is a 429 with Retry-After, and
// other accounts are not affected. The whole instance has a bound too: at most HEAVY_TOTAL requests in
// flight, and import files in memory of at most HEAVY_UPLOAD_BYTES together; beyond those, a 503 with
// Retry-After. A request holds its ticket until its answer is sent (an export: until its download ends;
// an import: until its job is done), and the pool (heavy-pool.ts) shares the threads out in turn.
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import { HeavyPool, type Account } from './heavy-pool';

export interface HeavyLimits {
  /** Threads of the pool; 0: the heavy work runs on the main thread (tests compare). */
  threads: number;
  perAccount: number;
  queue: number;
  /** Requests in flight for the whole instance. */
  total: number;
  /** Bytes of import files held at once for the whole instance. */
  uploadBytes: number;
}

export interface Ticket {
  release(): void;
}

/** Seconds a refused client is told to wait. */
export const RETRY_AFTER_S = 2;

export class HeavyAdmission {
  private readonly inFlight = new Map<Account, number>();
  private total = 0;
  private bytes = 0;

  constructor(private readonly limits: HeavyLimits) {}

  /** A ticket, or why not: 429 (this account's cap and queue are full) or 503 (the instance's). */
  admit(account: Account, bytes = 0): Ticket | HttpError {
    const mine = this.inFlight.get(account) ?? 0;
    if (mine >= this.limits.perAccount + this.limits.queue) {
      return new HttpError(429, `Too many heavy requests (QR codes, exports, imports) of this account at once: at most ${this.limits.perAccount} run and ${this.limits.queue} wait. Retry after ${RETRY_AFTER_S} seconds.`);
    }
    if (this.total >= this.limits.total || (bytes > 0 && this.bytes + bytes > this.limits.uploadBytes)) {
      return new HttpError(503, `The server is busy with heavy requests. Retry after ${RETRY_AFTER_S} seconds.`);
    }
    this.inFlight.set(account, mine + 1);
    this.total++;
    this.bytes += bytes;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const left = (this.inFlight.get(account) ?? 1) - 1;
        if (left) this.inFlight.set(account, left);
        else this.inFlight.delete(account);
        this.total--;
        this.bytes -= bytes;
      },
    };
  }

  /** Requests of the account in flight (tests). */
  count(account: Account): number {
    return this.inFlight.get(account) ?? 0;
  }
}

export interface Heavy {
  pool: HeavyPool;
  admission: HeavyAdmission;
  /** A ticket for the request's account, or the refusal thrown with its Retry-After header. */
  admit(reply: FastifyReply, account: Account, bytes?: number): Ticket;
}

/** The pool and its admission for one app: made once at boot by heavy.plugin.ts (`app.heavy`), which stops the pool. */
export function createHeavy(limits: HeavyLimits, db: Db): Heavy {
  const pool = new HeavyPool({ threads: limits.threads, perAccount: limits.perAccount }, db);
  const admission = new HeavyAdmission(limits);
  return {
    pool,
    admission,
    admit(reply, account, bytes = 0) {
      const ticket = admission.admit(account, bytes);
      if (ticket instanceof HttpError) {
        reply.header('retry-after', String(RETRY_AFTER_S));
        throw ticket;
      }
      return ticket;
    },
  };
}
