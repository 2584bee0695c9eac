import { configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server.ts';

// Every answer goes through msw's interceptors, which under a busy machine (a full npm test on 2 cores)
// take tens of milliseconds each: a screen that waits on a few answers in a row needs more than
// Testing Library's default second to show what it shows.
configure({ asyncUtilTimeout: 3_000 });

// A request no handler answers is refused (never sent to a real network) and fails the test it came from.
const unhandled: string[] = [];

beforeAll(() =>
  server.listen({
    async onUnhandledFrame({ frame, defaults }) {
      const { request } = frame.data as { request?: Request };
      const what = request ? `${request.method} ${request.url}` : frame.protocol;
      unhandled.push(what);
      await defaults.error();
      throw new Error(`No test handler answers ${what}`);
    },
  }),
);
afterEach(() => {
  server.resetHandlers();
  const missed = unhandled.splice(0);
  if (missed.length > 0) throw new Error(`No test handler answered: ${missed.join(', ')}`);
});
afterAll(() => server.close());
