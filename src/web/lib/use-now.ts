// The current time as state, refreshed every `everyMs`, so a render stays pure and time-based answers move on.
import { useEffect, useState } from 'react';

export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
