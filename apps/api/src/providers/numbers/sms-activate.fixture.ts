import type { ServerResponse } from 'node:http';
import { createSmsActivateProvider, type SmsActivateProvider } from './sms-activate.ts';
import { type SeenRequest, send, startTestServer, type TestServer } from './test-support.ts';
export const API_KEY = 'k3y-that-must-not-leak';

export interface FakeActivation {
  id: string;
  phone: string;
  createdAt: number;
  state: 'wait' | 'ok' | 'retry' | 'cancel' | 'done';
  code?: string;
}

/** A small handler_api.php seller: enough state to buy, receive, resend, cancel and finish. */
export function createFakeSeller(options: { legacy?: boolean } = {}) {
  const activations = new Map<string, FakeActivation>();
  const byOrderId = new Map<string, FakeActivation>();
  const forced = new Map<string, { status: number; body: string }>();
  const settings = { earlyCancelMs: 120_000 };
  let nextId = 4_000;

  function buy(orderId: string | null): FakeActivation {
    const known = orderId ? byOrderId.get(orderId) : undefined;
    if (known) return known;
    const id = String(nextId++);
    const activation: FakeActivation = { id, phone: `5511987${id}12`, createdAt: Date.now(), state: 'wait' };
    activations.set(id, activation);
    if (orderId) byOrderId.set(orderId, activation);
    return activation;
  }

  function setStatus(activation: FakeActivation, status: string | null): string {
    switch (status) {
      case '1':
        return 'ACCESS_READY';
      case '3':
        activation.state = 'retry';
        return 'ACCESS_RETRY_GET';
      case '6':
        activation.state = 'done';
        return 'ACCESS_ACTIVATION';
      case '8':
        if (Date.now() - activation.createdAt < settings.earlyCancelMs) return 'EARLY_CANCEL_DENIED';
        activation.state = 'cancel';
        return 'ACCESS_CANCEL';
      default:
        return 'BAD_STATUS';
    }
  }

  function statusOf(activation: FakeActivation): string {
    switch (activation.state) {
      case 'wait':
        return 'STATUS_WAIT_CODE';
      case 'retry':
        return `STATUS_WAIT_RETRY:${activation.code}`;
      case 'cancel':
        return 'STATUS_CANCEL';
      default:
        return `STATUS_OK:${activation.code}`;
    }
  }

  /** The seller's operators per country id, "any" first as sms-activate lists them. */
  const operators: Record<string, string[]> = { 73: ['any', 'vivo', 'claro', 'tim'] };

  /** An operator named that the country lacks leaves nothing to buy: the protocol's NO_NUMBERS. */
  function lacksOperator(query: URLSearchParams): boolean {
    const asked = query.get('operator');
    return asked !== null && !(operators[query.get('country') ?? ''] ?? []).includes(asked);
  }

  function answer(query: URLSearchParams): string | object {
    const action = query.get('action');
    const activation = activations.get(query.get('id') ?? '');
    switch (action) {
      case 'getOperators': {
        if (options.legacy) return 'BAD_ACTION';
        const country = query.get('country');
        const listed = country === null ? operators : { [country]: operators[country] };
        if (Object.values(listed).every((l) => l === undefined))
          return { status: 'error', error: 'OPERATORS_NOT_FOUND' };
        return { status: 'success', countryOperators: listed };
      }
      case 'getNumberV2': {
        if (options.legacy) return 'BAD_ACTION';
        if (lacksOperator(query)) return 'NO_NUMBERS';
        const bought = buy(query.get('orderId'));
        return {
          activationId: Number(bought.id),
          phoneNumber: bought.phone,
          activationCost: '2.50',
          currency: 643,
        };
      }
      case 'getNumber': {
        if (lacksOperator(query)) return 'NO_NUMBERS';
        const bought = buy(null);
        return `ACCESS_NUMBER:${bought.id}:${bought.phone}`;
      }
      case 'getStatus':
        return activation ? statusOf(activation) : 'NO_ACTIVATION';
      case 'setStatus':
        return activation ? setStatus(activation, query.get('status')) : 'NO_ACTIVATION';
      case 'getPrices':
        return { 73: { wa: { cost: '2.50', count: '41' }, tg: { cost: 1.2, count: 0 } } };
      case 'getBalance':
        return 'ACCESS_BALANCE:12.34';
      case 'getActiveActivations':
        return {
          status: 'success',
          activeActivations: [...activations.values()]
            .filter((a) => a.state !== 'cancel' && a.state !== 'done')
            .map((a) => ({
              activationId: a.id,
              phoneNumber: a.phone,
              activationStatus: a.state === 'ok' ? '2' : '4',
              smsCode: a.state === 'ok' && a.code ? [a.code] : null,
              smsText: a.state === 'ok' && a.code ? [`Your code is ${a.code}`] : null,
            })),
        };
      default:
        return 'BAD_ACTION';
    }
  }

  return {
    settings,
    handle(req: SeenRequest, res: ServerResponse) {
      const query = req.url.searchParams;
      const override = forced.get(query.get('action') ?? '');
      if (override) return send(res, override.status, override.body);
      if (req.url.pathname !== '/stubs/handler_api.php') return send(res, 404, 'Not Found');
      if (query.get('api_key') !== API_KEY) return send(res, 200, 'BAD_KEY');
      send(res, 200, answer(query));
    },
    /** From now on, answer this action with this body whatever is asked. */
    force(action: string, body: string, status = 200) {
      forced.set(action, { status, body });
    },
    /** What getStatus answers for the seller's activation `id`. */
    statusOf(id: string): string {
      const activation = activations.get(id);
      return activation ? statusOf(activation) : 'NO_ACTIVATION';
    },
    deliverSms(id: string, code: string) {
      const activation = activations.get(id);
      if (!activation) throw new Error(`no activation ${id}`);
      activation.code = code;
      activation.state = 'ok';
    },
  };
}

export type FakeSeller = ReturnType<typeof createFakeSeller>;

export let server: TestServer;
export let seller: FakeSeller;

export function provider(
  overrides: Partial<Parameters<typeof createSmsActivateProvider>[0]> = {},
): SmsActivateProvider {
  return createSmsActivateProvider({
    baseUrl: server.baseUrl,
    apiKey: API_KEY,
    timeoutMs: 2_000,
    ...overrides,
  });
}

export const order = { service: 'wa', country: 'BR', orderId: 'act_1' };

export async function useSeller(options: { legacy?: boolean } = {}) {
  seller = createFakeSeller(options);
  server = await startTestServer((req, res) => seller.handle(req, res));
}
