// A sign-in flood: while FLOOD connections post passwords to the sign-in route (three wrong for one
// right), a customer's `GET /api/v1/wallets/BRL/balance` is measured against the same without the flood.
// Each flood request comes from its own address (X-Forwarded-For, the store started with TRUST_PROXY=true)
// and, when wrong, for its own email: the per-address and per-email failure limits would otherwise answer
// 429 before argon2 runs, and the point is to measure the store while it does the argon2 work.
import { randomInt } from 'node:crypto';
import autocannon from 'autocannon';
import { type Check, fmt, loadGet, median } from './checks.ts';
import { type BenchDatabase, CUSTOMER_PASSWORD, signUpCustomer, startStore } from './processes.ts';

export const FLOOD_CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 50);
const BALANCE = '/api/v1/wallets/BRL/balance';

function signIns(url: string, email: string) {
  let n = 0;
  return [
    {
      method: 'POST' as const,
      path: '/api/v1/auth/login',
      setupRequest: (req: { headers?: Record<string, string>; body?: string }) => {
        const i = n++;
        const right = i % 4 === 0;
        req.headers = {
          'content-type': 'application/x-www-form-urlencoded',
          origin: url,
          'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
        };
        req.body = new URLSearchParams({
          username: right || i % 4 === 1 ? email : `nobody-${i}@numero.test`,
          password: right ? CUSTOMER_PASSWORD : `wrong-password-${i}`,
        }).toString();
        return req;
      },
    },
  ];
}

/**
 * Autocannon stops at its duration, but the store still holds the sign-ins waiting for argon2 and works
 * through them (their clients gone) at its paced rate: a few seconds of hashing that would otherwise run
 * beside the next round's measurement without the flood. One more sign-in joins the end of that line
 * (first come, first served), so its answer means the line is empty; a full line answers 503 at once.
 */
async function drained(url: string): Promise<void> {
  for (;;) {
    const res = await fetch(`${url}/api/v1/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: url,
        'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
      },
      body: new URLSearchParams({ username: 'nobody-drain@numero.test', password: 'wrong' }).toString(),
    });
    await res.arrayBuffer();
    if (res.status !== 503) return;
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

export async function measureLoginFlood(
  database: BenchDatabase,
  port: number,
  settings: { rounds: number; durationS: number; connections: number },
): Promise<Check[]> {
  const store = await startStore(database, port, { TRUST_PROXY: 'true' });
  const quiet: number[] = [];
  const flooded: number[] = [];
  const flooded99: number[] = [];
  const signInRates: number[] = [];
  const answers = { ok: 0, refused: 0, limited: 0 };
  const other = new Map<string, number>();
  try {
    const email = `bench-flood-${Date.now()}@numero.test`;
    const cookie = await signUpCustomer(store.url, email);
    const url = store.url + BALANCE;
    await loadGet(url, cookie, 2, 1);
    for (let round = 1; round <= settings.rounds; round++) {
      quiet.push((await loadGet(url, cookie, settings.connections, settings.durationS)).rps);
      // The flood starts first and ends after the measurement, so the whole measurement is under it.
      const flood = autocannon({
        url: store.url,
        connections: FLOOD_CONNECTIONS,
        duration: settings.durationS + 2,
        requests: signIns(store.url, email),
      });
      await new Promise((r) => setTimeout(r, 1_000));
      const during = await loadGet(url, cookie, settings.connections, settings.durationS);
      flooded.push(during.rps);
      flooded99.push(during.p99);
      const f = await flood;
      signInRates.push(f.requests.average);
      const codes = f.statusCodeStats as unknown as Record<string, { count: number }>;
      for (const [code, { count }] of Object.entries(codes)) {
        if (code === '200') answers.ok += count;
        else if (code === '401') answers.refused += count;
        else if (code === '429') answers.limited += count;
        else other.set(code, (other.get(code) ?? 0) + count);
      }
      await drained(store.url);
      console.log(`login flood round ${round}/${settings.rounds} done`);
    }
  } finally {
    await store.stop();
  }
  const ratio = median(flooded) / median(quiet);
  return [
    {
      name: `\`GET ${BALANCE}\` during a sign-in flood`,
      figure: `${fmt(median(flooded))} req/s, p99 ${median(flooded99)} ms`,
      against: `${fmt(median(quiet))} req/s without the flood: **${ratio.toFixed(2)}**`,
      target: '≥ 0.8',
      pass: ratio >= 0.8,
    },
    {
      name: `the flood: ${FLOOD_CONNECTIONS} connections posting to \`/api/v1/auth/login\`, 1 right password in 4, each from its own address (\`TRUST_PROXY=true\`)`,
      figure: `${fmt(median(signInRates))} sign-ins/s`,
      against: `answers: ${[
        `${answers.ok} 200`,
        `${answers.refused} 401`,
        `${answers.limited} 429`,
        ...[...other].map(([code, n]) => `${n} ${code}`),
      ].join(', ')}`,
      target: '—',
      pass: null,
    },
  ];
}
