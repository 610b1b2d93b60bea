// GET /api/v1/stats/live: Server-Sent Events, one `clicks` message a second with the account's
// clicks of that second (live-clicks.ts). Authenticated like every API route (Bearer key): the dashboard
// reads the stream with fetch(), which can send the header, not with EventSource, which cannot.
import type { FastifyInstance } from 'fastify';
import type { LiveClicksMessage } from '../../shared/analytics.schema';

/** One SSE message. */
export function sseMessage(event: string, data: LiveClicksMessage): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The event stream as the document describes it: not JSON, so written as an OpenAPI response (passed through as is). */
const liveAnswer = {
  description: 'An endless event stream; it starts with `retry: 3000`.',
  content: {
    'text/event-stream': {
      schema: { type: 'string', examples: ['event: clicks\ndata: {"at":"2026-11-20T09:30:01.000Z","clicks":3}\n\n'] },
    },
  },
};

export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const { live } = app.ctx;
  app.get(
    '/live',
    {
      schema: {
        tags: ['Stats'],
        operationId: 'streamLiveClicks',
        summary: "Stream the account's clicks live",
        description:
          "Server-Sent Events: a `clicks` event every second whose data is `{\"at\": \"<ISO time of the second's end>\", \"clicks\": <the account's clicks of that second>}`, counted by the instance answering. Send the API key in the `Authorization` header (read the stream with fetch(); EventSource cannot send it).",
        response: { 200: liveAnswer },
      },
    },
    async (request, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Proxies (nginx) pass each message on at once.
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');
      const stop = live.subscribe(
        request.workspace.id,
        (message) => res.write(sseMessage('clicks', message)),
        () => res.end(),
      );
      res.on('close', stop);
    },
  );
}
