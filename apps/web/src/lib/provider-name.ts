/**
 * An upstream number provider as staff read it: the offline simulator is named in the reader's
 * language; a real provider keeps its own name (SMS-Activate, 5sim). `t` is any namespace's function.
 */
export function providerName(
  name: string,
  t: (key: string, options: { defaultValue: string }) => string,
): string {
  return t(`common:providerNames.${name}`, { defaultValue: name });
}
