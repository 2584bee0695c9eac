import { useEffect, useState } from 'react';

/**
 * Seconds left, ticking once a second. Counted from the server's remaining_seconds at the moment the
 * data arrived (`receivedAt`), so a wrong clock in the browser does not shift the deadline.
 */
export function useCountdown(
  remainingSeconds: number | null,
  receivedAt: number,
  running: boolean,
): number | null {
  const deadline = remainingSeconds === null ? null : receivedAt + remainingSeconds * 1000;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null || !running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [deadline, running]);
  if (deadline === null) return null;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
