import { afterEach, describe, expect, it, vi } from 'vitest';
import { processLog } from './process-log.ts';

describe('a process line before the app logs', () => {
  afterEach(() => vi.restoreAllMocks());
  const lines = () => {
    const spy = vi.spyOn(console, 'log').mockImplementation(() => {});
    return () => spy.mock.calls.map(([line]) => String(line));
  };

  it('is one JSON object in production, with its fields', () => {
    const written = lines();
    processLog('json')('warn', 'worker: database out of reach', { waitedMs: 5 });
    const [line] = written();
    expect(JSON.parse(line!)).toMatchObject({
      level: 'warn',
      msg: 'worker: database out of reach',
      waitedMs: 5,
    });
  });

  it('reads as the pretty logger’s lines in development', () => {
    const written = lines();
    processLog('pretty')('info', 'worker: database answers', { waitedMs: 5 });
    processLog('pretty')('info', 'supervisor: running 1 server process');
    expect(written()).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: worker: database answers \{"waitedMs":5\}$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: supervisor: running 1 server process$/),
    ]);
  });
});
