// The live counter: the account's clicks of the last minute, from GET /api/v1/stats/live (one message a
// second). Read with fetch() through api-client, which sends the Bearer key (EventSource cannot send
// headers, and the API takes no key from a cookie or the URL); reconnects after a drop.
import { useEffect, useState } from 'react';
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { api, ApiError } from '../../lib/api-client';
import type { LiveClicksMessage } from '../../../shared/analytics.schema';
import { SseParser, windowTotal } from './live-stream';

const WINDOW = 60;
const RETRY_MS = 3000;

type LiveState = { connected: boolean; perSecond: number[] };

function useLiveClicks(): LiveState {
  const [state, setState] = useState<LiveState>({ connected: false, perSecond: [] });
  useEffect(() => {
    const abort = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      try {
        const res = await api.stream('/stats/live', abort.signal);
        const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
        if (!reader) return;
        setState((s) => ({ ...s, connected: true }));
        const parser = new SseParser();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          for (const m of parser.push(value)) {
            if (m.event !== 'clicks') continue;
            const clicks = (JSON.parse(m.data) as LiveClicksMessage).clicks;
            setState((s) => ({ connected: true, perSecond: [...s.perSecond.slice(-(WINDOW - 1)), clicks] }));
          }
        }
      } catch (err) {
        if (abort.signal.aborted || (err instanceof ApiError && err.status === 401)) return;
      }
      if (abort.signal.aborted) return;
      setState((s) => ({ ...s, connected: false }));
      retry = setTimeout(() => void connect(), RETRY_MS);
    };
    void connect();
    return () => {
      abort.abort();
      clearTimeout(retry);
    };
  }, []);
  return state;
}

export function LiveCounter() {
  const { connected, perSecond } = useLiveClicks();
  const total = windowTotal(perSecond, WINDOW);
  return (
    <Tooltip label={connected ? 'Clicks on your links in the last 60 seconds, updated every second' : 'Connecting to the live counter…'}>
      <Badge
        size="lg"
        variant="light"
        color={connected ? 'teal' : 'gray'}
        data-testid="live-counter"
        data-total={total}
        data-connected={connected ? '1' : '0'}
        leftSection={<span aria-hidden style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, background: connected ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-gray-5)' }} />}
      >
        <Group gap={4} wrap="nowrap">
          <Text span fw={700} size="sm" inherit>
            {total.toLocaleString('en')}
          </Text>
          <Text span size="sm" inherit tt="none">
            {total === 1 ? 'click' : 'clicks'} in the last minute
          </Text>
        </Group>
      </Badge>
    </Tooltip>
  );
}
