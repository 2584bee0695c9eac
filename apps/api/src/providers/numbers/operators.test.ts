import { describe, expect, it } from 'vitest';
import { requestNumberWithFailover } from './failover.ts';
import { type NumberProvider, UpstreamError } from './number-provider.ts';
import { createOperatorDirectory } from './operators.ts';
import { createSimulatorProvider } from './simulator.ts';
import { upstreamErrorOf } from './test-support.ts';

/** A seller of some operators (or of none it can name: no listOperators), counting what it is asked. */
function seller(name: string, operators: string[] | Error | null, phone = '5511911110000') {
  const bought: (string | undefined)[] = [];
  let listed = 0;
  const notUsed = () => Promise.reject(new Error(`${name}: not used in these tests`));
  const provider: NumberProvider = {
    name,
    requestNumber: async (req) => {
      bought.push(req.operator);
      return { upstreamId: `${name}-1`, phoneNumber: phone };
    },
    ...(operators === null
      ? {}
      : {
          listOperators: async () => {
            listed++;
            if (operators instanceof Error) throw operators;
            return operators;
          },
        }),
    getStatus: notUsed,
    requestAnotherSms: notUsed,
    cancel: notUsed,
    finish: notUsed,
    getStock: notUsed,
  };
  return { provider, bought, listed: () => listed };
}

const req = { service: 'wa', country: 'BR', orderId: 'act_9' };

describe('failover with an operator', () => {
  it('asks only the sellers that sell the operator, in their order', async () => {
    const blind = seller('hero', null);
    const other = seller('grizzly', ['claro']);
    const vivo = seller('5sim', ['vivo', 'claro'], '5511922220000');
    const served = await requestNumberWithFailover([blind.provider, other.provider, vivo.provider], {
      ...req,
      operator: 'vivo',
    });
    expect(served).toMatchObject({ provider: '5sim', phoneNumber: '5511922220000' });
    expect([blind.bought, other.bought, vivo.bought]).toEqual([[], [], ['vivo']]);
  });

  it('refuses an operator nobody sells with BAD_OPERATOR, asking nobody for a number', async () => {
    const a = seller('hero', ['claro']);
    const b = seller('grizzly', null);
    const error = await upstreamErrorOf(
      requestNumberWithFailover([a.provider, b.provider], { ...req, operator: 'nextel' }),
    );
    expect(error.code).toBe('BAD_OPERATOR');
    expect(error.message).toContain('nextel');
    expect([a.bought, b.bought]).toEqual([[], []]);
  });

  it('passes a seller’s outage on, when no other seller is known to sell the operator', async () => {
    const down = seller('hero', new UpstreamError('TIMEOUT'));
    const failures: string[] = [];
    const error = await upstreamErrorOf(
      requestNumberWithFailover([down.provider], { ...req, operator: 'vivo' }, (p, e) =>
        failures.push(`${p}:${e.code}`),
      ),
    );
    expect(error.code).toBe('TIMEOUT');
    expect(failures).toEqual(['hero:TIMEOUT']);
  });

  it('asks every seller as before for "any" or no operator, and lists nothing', async () => {
    const a = seller('hero', ['claro']);
    for (const operator of [undefined, 'any'])
      await requestNumberWithFailover([a.provider], { ...req, operator });
    expect(a.bought).toEqual([undefined, 'any']);
    expect(a.listed()).toBe(0);
  });
});

describe('operator directory', () => {
  it('joins the enabled sellers’ operators, sorted, and skips a seller that fails', async () => {
    const a = seller('hero', ['vivo', 'claro']);
    const b = seller('grizzly', ['tim', 'vivo']);
    const down = seller('5sim', new UpstreamError('UNAVAILABLE'));
    const off = seller('off', ['oi']);
    const errors: string[] = [];
    const directory = createOperatorDirectory({
      providers: [a.provider, b.provider, down.provider, off.provider],
      enabled: async () => ['hero', 'grizzly', '5sim'],
      onError: (name) => errors.push(name),
    });
    expect(await directory.list('BR', 'wa')).toEqual(['claro', 'tim', 'vivo']);
    expect(errors).toEqual(['5sim']);
  });

  it('remembers a seller’s list for a while, and a failure not at all', async () => {
    let at = 0;
    const a = seller('hero', ['vivo']);
    const down = seller('5sim', new UpstreamError('UNAVAILABLE'));
    const directory = createOperatorDirectory({
      providers: [a.provider, down.provider],
      ttlMs: 1_000,
      now: () => at,
    });
    await directory.list('BR', 'wa');
    await directory.list('BR', 'wa');
    expect([a.listed(), down.listed()]).toEqual([1, 2]);
    at = 1_001;
    await directory.list('BR', 'wa');
    expect(a.listed()).toBe(2);
  });
});

describe('simulator operators', () => {
  const sim = createSimulatorProvider({ minDelayMs: 0, maxDelayMs: 0, noSmsRate: 0 });

  it('lists real networks for the demo countries, none for the others', async () => {
    expect(await sim.listOperators!('BR', 'wa')).toEqual(['vivo', 'claro', 'tim', 'oi']);
    expect(await sim.listOperators!('us')).toEqual(['att', 'tmobile', 'verizon']);
    expect(await sim.listOperators!('KZ', 'wa')).toEqual([]);
  });

  it('sells a listed operator and refuses any other rather than sell "any"', async () => {
    await expect(sim.requestNumber({ ...req, operator: 'claro' })).resolves.toMatchObject({
      phoneNumber: expect.stringMatching(/^55\d{11}$/),
    });
    expect((await upstreamErrorOf(sim.requestNumber({ ...req, operator: 'att' }))).code).toBe('BAD_OPERATOR');
  });
});
