// Server-Sent Events read from a fetch() body (the API wants the Bearer key, which EventSource cannot send):
// a parser that takes text as it arrives and hands out whole messages.

export interface SseMessage {
  event: string;
  data: string;
}

/** Feeds chunks of an event stream; returns the messages completed by each chunk (comments and retry: skipped). */
export class SseParser {
  private buffer = '';

  push(chunk: string): SseMessage[] {
    this.buffer += chunk.replace(/\r\n?/g, '\n');
    const out: SseMessage[] = [];
    for (let end = this.buffer.indexOf('\n\n'); end >= 0; end = this.buffer.indexOf('\n\n')) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length) out.push({ event, data: data.join('\n') });
    }
    return out;
  }
}

/** Clicks of the last `seconds` messages (the counter's window). */
export function windowTotal(perSecond: readonly number[], seconds: number): number {
  let n = 0;
  for (let i = Math.max(0, perSecond.length - seconds); i < perSecond.length; i++) n += perSecond[i] ?? 0;
  return n;
}
