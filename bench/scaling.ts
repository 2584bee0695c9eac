// One process against two on PostgreSQL (PGlite is one process's folder), for the store and, alternated
// with it in the same run, for the ceiling: the two on their own ports, driven at once by two autocannon
// instances whose throughputs are summed, with the same total number of connections as a single process
// gets. The load generator and PostgreSQL run on the same cores, so the ceiling's own ratio is what
// this machine allows any server: the store is held to ¾ of linear, or to 0.9 of the ceiling's ratio
// where the machine itself gives less.
import { availableParallelism } from 'node:os';
import { type Check, fmt, type Load, loadGet, median } from './checks.ts';
import {
  type BenchDatabase,
  freePort,
  type Running,
  signUpCustomer,
  startCeiling,
  startStore,
} from './processes.ts';

const PATH = '/api/v1/wallets/BRL/balance';

interface Pair {
  one: number[];
  two: number[];
}

type Settings = { rounds: number; durationS: number; connections: number };

/** Full load on both processes for 2 s: start-up jobs done, JIT and pools in their steady state. */
async function warmUp(servers: Running[], cookie: string, settings: Settings) {
  await Promise.all(servers.map((s) => loadGet(s.url + PATH, cookie, settings.connections, 2)));
}

/**
 * One round: requests a second of the first process alone (with both processes' connections) and of
 * both at once, in an order that alternates with the round, so that a change in the machine's other
 * load weighs on both sides alike.
 */
async function measureRound(
  [a, b]: [Running, Running],
  cookie: string,
  settings: Settings,
  round: number,
  into: Pair,
) {
  const single = async () =>
    into.one.push((await loadGet(a.url + PATH, cookie, settings.connections * 2, settings.durationS)).rps);
  const both = async () => {
    const pair: Load[] = await Promise.all(
      [a, b].map((s) => loadGet(s.url + PATH, cookie, settings.connections, settings.durationS)),
    );
    into.two.push(pair[0]!.rps + pair[1]!.rps);
  };
  if (round % 2) await single();
  await both();
  if (!(round % 2)) await single();
}

const ratioOf = (p: Pair) => median(p.two) / median(p.one);

export async function measureScaling(database: BenchDatabase, settings: Settings): Promise<Check[]> {
  const stores = await Promise.all([
    startStore(database, await freePort()),
    startStore(database, await freePort()),
  ]);
  const ceilings = await Promise.all([
    startCeiling(database, await freePort()),
    startCeiling(database, await freePort()),
  ]);
  const store: Pair = { one: [], two: [] };
  const ceiling: Pair = { one: [], two: [] };
  try {
    const cookie = await signUpCustomer(stores[0].url);
    await warmUp(stores, cookie, settings);
    await warmUp(ceilings, cookie, settings);
    for (let round = 1; round <= settings.rounds; round++) {
      await measureRound(stores, cookie, settings, round, store);
      await measureRound(ceilings, cookie, settings, round, ceiling);
      console.log(`one → two processes round ${round}/${settings.rounds} done`);
    }
  } finally {
    await Promise.all([...stores, ...ceilings].map((s) => s.stop()));
  }
  const ratio = ratioOf(store);
  const reference = ratioOf(ceiling);
  const cores = availableParallelism();
  // "Scales with the cores": three quarters of linear, here from one process to two, unless the bare
  // server on the same machine cannot scale that far either.
  const linear = 0.75 * Math.min(2, cores);
  const target = Math.min(linear, 0.9 * reference);
  return [
    {
      name: `\`GET ${PATH}\`, two processes at once (one per core, ${cores} cores)`,
      figure: `store ${fmt(median(store.two))} req/s against ${fmt(median(store.one))} with one process: **${ratio.toFixed(2)}×**`,
      against: `ceiling ${fmt(median(ceiling.two))} against ${fmt(median(ceiling.one))}: ${reference.toFixed(2)}×`,
      target: `≥ ${target.toFixed(2)}× (¾ of linear, ${linear.toFixed(2)}×, or 0.9 of the ceiling's ratio where that is less)`,
      pass: ratio >= target,
    },
  ];
}
