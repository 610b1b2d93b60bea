// One webhook request: the stored body, signed, POSTed through the guarded outbound client (no private
// addresses unless allowed, redirects never followed), with a time limit and a cap on what is read back.
//
// Signature: `X-Linkdeck-Signature: t=<unix seconds>,sha256=<hex>` where hex is HMAC-SHA256 with the
// webhook's secret over `${t}.${body}` (the raw body bytes). A receiver recomputes it, compares in constant
// time, and refuses a `t` more than 5 minutes from its own clock (a replayed request).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Outbound } from '../outbound/outbound';
import { parseSignatureHeader } from '../../shared/webhook.schema';

export const EXCERPT_CHARS = 1000;

export interface SendResult {
  ok: boolean;
  /** The answer's HTTP status; null when nothing answered (refused address, timeout, connection error). */
  status: number | null;
  durationMs: number;
  /** The start of the answer's body, or what went wrong. */
  excerpt: string;
}

export interface SendOptions {
  timeoutMs?: number;
  /** Seconds since the epoch for `t` (tests pass their clock). */
  nowSeconds?: number;
}

export function sign(secret: string, t: number, body: string): string {
  return `t=${t},sha256=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** How a receiver checks a request (the README shows the same steps); `toleranceS` is the replay window. */
export function verifySignature(secret: string, header: string, body: string, nowSeconds: number, toleranceS = 300): boolean {
  const parsed = parseSignatureHeader(header);
  if (!parsed || Math.abs(nowSeconds - parsed.t) > toleranceS) return false;
  const expected = Buffer.from(sign(secret, parsed.t, body).split('sha256=')[1] as string, 'hex');
  return timingSafeEqual(expected, Buffer.from(parsed.sha256, 'hex'));
}

export async function sendWebhook(
  outbound: Outbound,
  req: { url: string; secret: string; body: string; event: string; deliveryId: number; eventId: string },
  opts: SendOptions = {},
): Promise<SendResult> {
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? 10_000);
  const t = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const res = await outbound.fetch(req.url, {
      method: 'POST',
      signal: controller.signal,
      body: req.body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Linkdeck-Webhooks/1.0',
        'x-linkdeck-event': req.event,
        'x-linkdeck-event-id': req.eventId,
        'x-linkdeck-delivery': String(req.deliveryId),
        'x-linkdeck-signature': sign(req.secret, t, req.body),
      },
    });
    const text = await readExcerpt(res.body as ReadableStream<Uint8Array> | null);
    const redirect = res.status >= 300 && res.status < 400;
    const excerpt = redirect ? `Redirect to ${res.headers.get('location') ?? '(no location)'} not followed. ${text}`.trim() : text;
    return { ok: res.status >= 200 && res.status < 300, status: res.status, durationMs: elapsed(), excerpt: excerpt.slice(0, EXCERPT_CHARS) };
  } catch (err) {
    return { ok: false, status: null, durationMs: elapsed(), excerpt: describeError(err, controller.signal.aborted) };
  } finally {
    clearTimeout(timer);
  }
}

/** At most EXCERPT_CHARS characters of the body; the rest is not read. */
async function readExcerpt(body: ReadableStream<Uint8Array> | null): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < EXCERPT_CHARS) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text.slice(0, EXCERPT_CHARS);
}

function describeError(err: unknown, timedOut: boolean): string {
  if (timedOut) return 'Timed out: no answer within the time limit.';
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code === 'ERR_BLOCKED_ADDRESS') return `Refused: ${cause.message ?? 'the address is private'}`;
  const message = cause?.message ?? (err instanceof Error ? err.message : String(err));
  return `Could not connect: ${message}`.slice(0, EXCERPT_CHARS);
}
