import { z } from 'zod';

/** An on/off environment setting: true/1 or false/0; unset stays undefined, so each setting picks its default. */
export const envBool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();
