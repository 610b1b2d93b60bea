// GET /api/v1/stats/live (issue 11): Server-Sent Events, one `clicks` message a second with the account's
// clicks of that second (live-clicks.ts). Authenticated like every API route (Bearer key): the dashboard
// reads the stream with fetch(), which can send the header, not with EventSource, which cannot.
import type { FastifyInstance } from 'fastify';
import type { LiveClicksMessage } from '../../shared/analytics.schema';

/** One SSE message. */
export function sseMessage(event: string, data: LiveClicksMessage): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const { live } = app.ctx;
  app.get(
    '/live',
    {
      schema: {
        tags: ['Stats'],
        summary: "The account's clicks as Server-Sent Events: event `clicks` every second, data {at, clicks} (this instance's visits)",
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
        request.user.id,
        (message) => res.write(sseMessage('clicks', message)),
        () => res.end(),
      );
      res.on('close', stop);
    },
  );
}
