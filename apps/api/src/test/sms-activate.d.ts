// The published `sms-activate` client ships no types; the published-client test describes what it uses.
declare module 'sms-activate' {
  const SMSActivate: new (apiKey: string) => unknown;
  export default SMSActivate;
}
