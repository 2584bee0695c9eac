import { OPERATOR_PATTERN } from '../../providers/numbers/number-provider.ts';
import { ANY_OPERATOR, type ProtocolParams, type ProtocolReply, token } from './protocol-format.ts';

/**
 * The filters of getNumber and getNumberV2 the store cannot always meet, each honoured or refused with
 * the protocol's token, never ignored (a bot that asked for a prefix or an operator and got something
 * else would use a number it did not want):
 * - `operator` (one or several, comma-separated, "any" for whichever): honoured by the purchase, which
 *   buys only among the sellers of the operators named (operatorsAsked); one nobody sells is NO_NUMBERS,
 *   as for a country without that operator.
 * - `phoneException` (prefixes to avoid: country code + 3–6 digits, comma-separated): malformed ones are
 *   WRONG_EXCEPTION_PHONE; well-formed ones are honoured when no number of the country can start with
 *   them, else refused with the same token, as the store cannot choose a number by its prefix.
 * - `verification` / `activationType` (0 or "sms": by SMS; 1 number, 2 voice): only SMS is sold, so the
 *   others are NO_NUMBERS.
 * - `forward` (1: with call forwarding): not offered, NO_NUMBERS.
 * `maxPrice` is honoured in the purchase (WRONG_MAX_PRICE:<price>); `fixedPrice` always holds (the price
 * shown is the price charged) and `freePrice` only changes what the price lists show.
 */
export function refuseUnmetFilters(params: ProtocolParams, dialDigits: string): ProtocolReply | null {
  const exceptions = listParam(params.phoneException);
  if (exceptions.some((p) => !/^\d{4,10}$/.test(p))) return token('WRONG_EXCEPTION_PHONE');
  if (exceptions.some((p) => p.startsWith(dialDigits) || dialDigits.startsWith(p)))
    return token('WRONG_EXCEPTION_PHONE');
  const operators = operatorsAsked(params.operator);
  // Names no seller could have (spaces, capitals kept, punctuation): nothing to buy.
  if (operators && !operators.some((o) => OPERATOR_PATTERN.test(o))) return token('NO_NUMBERS');
  for (const kind of [params.verification, params.activationType])
    if (kind !== undefined && !['', '0', 'sms'].includes(kind.trim().toLowerCase()))
      return token('NO_NUMBERS');
  if (params.forward !== undefined && !['', '0'].includes(params.forward.trim())) return token('NO_NUMBERS');
  return null;
}

/** Whether an `operator` parameter (absent, "any", or a list holding it) asks for what the store sells. */
export function anyOperatorAsked(operator: string | undefined): boolean {
  const operators = listParam(operator).map((o) => o.toLowerCase());
  return operators.length === 0 || operators.includes(ANY_OPERATOR);
}

/**
 * The operators an `operator` parameter names, lower-case, in its order; null for any (absent, empty, or
 * a list holding "any").
 */
export function operatorsAsked(operator: string | undefined): string[] | null {
  if (anyOperatorAsked(operator)) return null;
  return [...new Set(listParam(operator).map((o) => o.toLowerCase()))];
}

/** "a, b,,c" → ["a", "b", "c"]. */
function listParam(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}
