// One store process against two on PostgreSQL (PGlite is one process's folder): the two on their own
// ports, driven at once by two autocannon instances whose throughputs are summed, with the same total
// number of connections as the single process gets. The load generator runs on the same cores.
import { availableParallelism } from 'node:os';
import { type Check, fmt, type Load, loadGet, median } from './checks.ts';
import { type BenchDatabase, freePort, signUpCustomer, startStore } from './processes.ts';

const PATH = '/api/v1/wallets/BRL/balance';

export async function measureScaling(
  database: BenchDatabase,
  settings: { rounds: number; durationS: number; connections: number },
): Promise<Check[]> {
  const [a, b] = await Promise.all([
    startStore(database, await freePort()),
    startStore(database, await freePort()),
  ]);
  const one: number[] = [];
  const two: number[] = [];
  try {
    const cookie = await signUpCustomer(a.url);
    const total = settings.connections * 2;
    const single = async () => (await loadGet(a.url + PATH, cookie, total, settings.durationS)).rps;
    const both = async () => {
      const pair: Load[] = await Promise.all(
        [a, b].map((s) => loadGet(s.url + PATH, cookie, settings.connections, settings.durationS)),
      );
      return pair[0]!.rps + pair[1]!.rps;
    };
    // Warm-up at full load: each process's start-up jobs done, its JIT and pool in their steady state.
    await Promise.all([a, b].map((s) => loadGet(s.url + PATH, cookie, settings.connections, 2)));
    for (let round = 1; round <= settings.rounds; round++) {
      // Alternated, so that a change in the machine's other load weighs on both sides alike.
      if (round % 2) one.push(await single());
      two.push(await both());
      if (!(round % 2)) one.push(await single());
      console.log(`one → two processes round ${round}/${settings.rounds} done`);
    }
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
  const ratio = median(two) / median(one);
  const cores = availableParallelism();
  // "Scales with the cores": at least three quarters of linear, here from one process to two.
  const target = 0.75 * Math.min(2, cores);
  return [
    {
      name: `\`GET ${PATH}\`, two store processes at once (one per core, ${cores} cores)`,
      figure: `${fmt(median(two))} req/s`,
      against: `one process: ${fmt(median(one))} req/s: **${ratio.toFixed(2)}×**`,
      target: `≥ ${target.toFixed(2)}× (¾ of linear)`,
      pass: ratio >= target,
    },
  ];
}
