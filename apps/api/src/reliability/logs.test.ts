import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findLeaks, LOG_DIR, rememberedSecrets } from '../test/log-scan.ts';
import { recordReliability } from '../test/reliability-report.ts';

/**
 * Run last by `npm run test:reliability` (RELIABILITY_SCAN_LOGS): everything the store's processes
 * printed during the suite, at LOG_LEVEL info (every request, every fault), holds no secret the suite
 * handed out, no hash of one, and no query string.
 */
describe.skipIf(!process.env.RELIABILITY_SCAN_LOGS || !LOG_DIR)('the logs of the reliability suite', () => {
  it('carry no key, token, password, hash of one, or query string', async () => {
    const dir = LOG_DIR!;
    const secrets = rememberedSecrets(dir);
    const files = readdirSync(dir).filter((f) => f.endsWith('.log'));
    expect(files.length).toBeGreaterThan(0);
    expect(secrets.length).toBeGreaterThan(0);
    let lines = 0;
    const leaks: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8');
      lines += text.split('\n').length;
      leaks.push(...findLeaks(text, secrets).map((leak) => `${file} ${leak}`));
    }
    await recordReliability('log-scan', { files: files.length, lines, secrets: secrets.length, leaks });
    expect(leaks).toEqual([]);
  });
});
