import { describe, expect, it } from 'vitest';
import { createFailoverProvider, providerByName, requestNumberWithFailover } from './failover.ts';
import { type NumberProvider, UpstreamError } from './number-provider.ts';
import { createSimulatorProvider } from './simulator.ts';
import { createSmsActivateProvider } from './sms-activate.ts';
import { send, startTestServer, upstreamErrorOf } from './test-support.ts';

/** A provider whose purchase either returns a number or throws the given error, and counts calls. */
function fakeProvider(name: string, outcome: Error | string) {
  const calls: string[] = [];
  const notUsed = () => Promise.reject(new Error(`${name}: not used in these tests`));
  const provider: NumberProvider = {
    name,
    requestNumber: async (req) => {
      calls.push(req.orderId);
      if (outcome instanceof Error) throw outcome;
      return { upstreamId: `${name}-1`, phoneNumber: outcome };
    },
    getStatus: notUsed,
    requestAnotherSms: notUsed,
    cancel: notUsed,
    finish: notUsed,
    getStock: notUsed,
  };
  return { provider, calls };
}

const req = { service: 'wa', country: 'BR', orderId: 'act_9' };

describe('requestNumberWithFailover', () => {
  it('buys from the first provider and leaves the others alone', async () => {
    const first = fakeProvider('hero', '5511911110000');
    const second = fakeProvider('5sim', '5511922220000');

    const served = await requestNumberWithFailover([first.provider, second.provider], req);

    expect(served).toEqual({ upstreamId: 'hero-1', phoneNumber: '5511911110000', provider: 'hero' });
    expect(second.calls).toEqual([]);
  });

  it('moves on in order when a provider has no numbers or is down, and says who served', async () => {
    const empty = fakeProvider('hero', new UpstreamError('NO_NUMBERS'));
    const down = fakeProvider('grizzly', new UpstreamError('TIMEOUT'));
    const served = fakeProvider('5sim', '5511933330000');
    const failures: string[] = [];

    const result = await requestNumberWithFailover(
      [empty.provider, down.provider, served.provider],
      req,
      (provider, error) => failures.push(`${provider}:${error.code}`),
    );

    expect(result.provider).toBe('5sim');
    expect(failures).toEqual(['hero:NO_NUMBERS', 'grizzly:TIMEOUT']);
    expect([empty.calls, down.calls, served.calls]).toEqual([['act_9'], ['act_9'], ['act_9']]);
  });

  it('rethrows the last error when every provider fails', async () => {
    const last = new UpstreamError('NO_BALANCE', 'second is out of money');
    const providers = [
      fakeProvider('a', new UpstreamError('NO_NUMBERS')).provider,
      fakeProvider('b', last).provider,
    ];

    expect(await upstreamErrorOf(requestNumberWithFailover(providers, req))).toBe(last);
  });

  it('stops at an error that is about this order rather than the provider', async () => {
    const refusing = fakeProvider('a', new UpstreamError('ALREADY_HAS_SMS'));
    const next = fakeProvider('b', '5511944440000');

    const error = await upstreamErrorOf(requestNumberWithFailover([refusing.provider, next.provider], req));

    expect(error.code).toBe('ALREADY_HAS_SMS');
    expect(next.calls).toEqual([]);
  });

  it('does not hide programming errors behind a failover', async () => {
    const broken = fakeProvider('a', new TypeError('undefined is not a function'));
    const next = fakeProvider('b', '5511944440000');

    await expect(requestNumberWithFailover([broken.provider, next.provider], req)).rejects.toThrow(TypeError);
    expect(next.calls).toEqual([]);
  });

  it('reports UNAVAILABLE with no providers at all', async () => {
    expect((await upstreamErrorOf(requestNumberWithFailover([], req))).code).toBe('UNAVAILABLE');
  });

  it('falls over from a real sms-activate server answering 503 to the simulator', async () => {
    const server = await startTestServer((_req, res) => send(res, 503, 'Service Unavailable'));
    try {
      const upstream = createSmsActivateProvider({ baseUrl: server.baseUrl, apiKey: 'k', timeoutMs: 1_000 });
      const simulator = createSimulatorProvider({ minDelayMs: 0, maxDelayMs: 0, noSmsRate: 0 });

      const served = await requestNumberWithFailover([upstream, simulator], req);

      expect(served.provider).toBe('simulator');
      expect(served.phoneNumber).toMatch(/^55\d{11}$/);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe('providerByName and createFailoverProvider', () => {
  const hero = fakeProvider('hero', '5511911110000').provider;
  const fiveSim = fakeProvider('5sim', '5511922220000').provider;

  it('finds the provider an activation was bought from', () => {
    expect(providerByName([hero, fiveSim], '5sim')).toBe(fiveSim);
    expect(createFailoverProvider([hero, fiveSim]).byName('hero')).toBe(hero);
  });

  it('reports a provider that is no longer configured as UNAVAILABLE', () => {
    expect(() => providerByName([hero], 'gone')).toThrow(expect.objectContaining({ code: 'UNAVAILABLE' }));
  });

  it('buys through the configured order', async () => {
    const empty = fakeProvider('hero', new UpstreamError('NO_NUMBERS')).provider;

    expect((await createFailoverProvider([empty, fiveSim]).requestNumber(req)).provider).toBe('5sim');
  });

  it('refuses an empty list and two providers with one name', () => {
    expect(() => createFailoverProvider([])).toThrow(/at least one/);
    expect(() => createFailoverProvider([hero, fakeProvider('hero', 'x').provider])).toThrow(/"hero"/);
  });
});
