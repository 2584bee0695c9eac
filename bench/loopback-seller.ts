// The import bench's seller: a handler_api.php seller on loopback, in a process of its own as a real
// seller is, so that sending its 7 MB price list and selling numbers costs the bench's clients nothing
// of their own event loop. It lists 1,000 services in every country the protocol numbers (199), about
// 200,000 offers, every cost in RUB, and sells numbers as the tests' seller does. Told "bump" (IPC), it
// raises or lowers one offer in a hundred by 1 RUB, so each re-sync finds 1 % of the costs changed.
import { MARKET_COUNTRIES } from '../apps/api/src/providers/numbers/market/countries.ts';
import { createFakeSeller } from '../apps/api/src/providers/numbers/sms-activate.fixture.ts';
import { startTestServer } from '../apps/api/src/providers/numbers/test-support.ts';

const SERVICES = 1_000;

function priceList(bump: boolean): string {
  const codes = Array.from({ length: SERVICES }, (_, i) => `s${String(i).padStart(4, '0')}`);
  const list: Record<string, Record<string, { cost: number; count: number }>> = {};
  let n = 0;
  for (const c of MARKET_COUNTRIES) {
    if (c.protocolId === undefined) continue;
    const byService: Record<string, { cost: number; count: number }> = {};
    for (const code of codes) {
      n++;
      byService[code] = { cost: 5 + (n % 40) + (bump && n % 100 === 0 ? 1 : 0), count: n % 500 };
    }
    list[String(c.protocolId)] = byService;
  }
  return JSON.stringify(list);
}

// Both lists made first: a bump during the measurements is a switch, not 200,000 offers written out.
const lists = [priceList(false), priceList(true)];
const seller = createFakeSeller();
let bumped = false;
seller.force('getPrices', lists[0]!);
const server = await startTestServer((req, res) => seller.handle(req, res));
process.on('message', (message) => {
  if (message !== 'bump') return;
  bumped = !bumped;
  seller.force('getPrices', lists[bumped ? 1 : 0]!);
  process.send?.('bumped');
});
process.on('disconnect', () => {
  void server.close().then(() => process.exit(0));
});
process.send?.({ url: server.baseUrl });
