/**
 * The handler_api.php actions as the documentation shows them: the request a bot makes and the exact
 * answers. Requests and answers are the protocol's own words, the same in every language; what each
 * action does is in the locale files under `actions.<name>`.
 */
export interface ActionDoc {
  name: string;
  params: string;
  answers: string[];
}

export const ACTIONS: ActionDoc[] = [
  { name: 'getBalance', params: '', answers: ['ACCESS_BALANCE:123.45'] },
  {
    name: 'getNumber',
    params: '&service=wa&country=73&maxPrice=5.00',
    answers: [
      'ACCESS_NUMBER:100042:5511987654321',
      'NO_NUMBERS',
      'NO_BALANCE',
      'BAD_SERVICE',
      'WRONG_MAX_PRICE:5.00',
    ],
  },
  {
    name: 'getNumberV2',
    params: '&service=wa&country=73&orderId=my-order-1',
    answers: [
      '{"activationId":100042,"phoneNumber":"5511987654321","activationCost":5,"currency":986,"countryCode":"73","countryPhoneCode":"55","canGetAnotherSms":"1","activationTime":"2025-03-01 12:00:00","activationEndTime":"2025-03-01 12:20:00","activationOperator":"any"}',
      'ORDER_ALREADY_EXISTS',
    ],
  },
  {
    name: 'getStatus',
    params: '&id=100042',
    answers: [
      'STATUS_WAIT_CODE',
      'STATUS_OK:123456',
      'STATUS_WAIT_RETRY:123456',
      'STATUS_CANCEL',
      'NO_ACTIVATION',
    ],
  },
  {
    name: 'getStatusV2',
    params: '&id=100042',
    answers: [
      '{"verificationType":0,"sms":{"dateTime":"2025-03-01 12:00:31","code":"123456","text":"Seu código do WhatsApp: 123-456"},"call":null}',
      'STATUS_WAIT_CODE',
    ],
  },
  {
    name: 'setStatus',
    params: '&id=100042&status=8',
    answers: [
      'ACCESS_READY',
      'ACCESS_RETRY_GET',
      'ACCESS_ACTIVATION',
      'ACCESS_CANCEL',
      'EARLY_CANCEL_DENIED',
      'BAD_STATUS',
      'NO_ACTIVATION',
    ],
  },
  {
    name: 'getActiveActivations',
    params: '',
    answers: [
      '{"status":"success","activeActivations":[{"activationId":"100042","serviceCode":"wa","phoneNumber":"5511987654321","activationCost":"5.00","currency":"986","activationStatus":"4","smsCode":null,"smsText":null,"activationTime":"2025-03-01 12:00:00","countryCode":"73","countryName":"Brazil","canGetAnotherSms":"1"}],"data":[…]}',
    ],
  },
  {
    name: 'getPrices',
    params: '&service=wa&country=73',
    answers: ['{"73":{"wa":{"cost":5,"count":1520,"successRate":0.92,"medianCodeSeconds":45}}}'],
  },
  {
    name: 'getTopCountriesByService',
    params: '&service=wa',
    answers: [
      '{"0":{"country":73,"count":1520,"price":5,"retail_price":5,"successRate":0.92,"medianCodeSeconds":45},"1":{"country":187,"count":830,"price":6,"retail_price":6}}',
    ],
  },
  {
    name: 'getCountries',
    params: '',
    answers: [
      '{"73":{"id":73,"rus":"Brazil","eng":"Brazil","chn":"Brazil","pt":"Brasil","visible":1,"retry":1,"rent":0,"multiService":0}}',
    ],
  },
  {
    name: 'getServicesList',
    params: '&country=73',
    answers: [
      '{"status":"success","services":[{"code":"wa","name":"WhatsApp"},{"code":"tg","name":"Telegram"}]}',
    ],
  },
  { name: 'getNumbersStatus', params: '&country=73', answers: ['{"wa_0":1520,"tg_0":940,"vk_0":0,…}'] },
  { name: 'getBalanceAndCashBack', params: '', answers: ['ACCESS_BALANCE:123.45'] },
  {
    name: 'getOperators',
    params: '&country=73',
    answers: ['{"status":"success","countryOperators":{"73":["any"]}}', 'OPERATORS_NOT_FOUND'],
  },
  {
    name: 'getTopCountriesByServiceRank',
    params: '&service=wa&freePrice=true',
    answers: ['{"0":{"country":73,"count":1520,"price":5,"retail_price":5,"freePriceMap":{"5.00":1520}}}'],
  },
  {
    name: 'getFullSms',
    params: '&id=100042',
    answers: [
      'FULL_SMS:Seu código do WhatsApp: 123-456',
      'STATUS_WAIT_CODE',
      'STATUS_CANCEL',
      'NO_ACTIVATION',
    ],
  },
  {
    name: 'getAllSms',
    params: '&id=100042&size=10&page=1',
    answers: [
      '{"data":[{"code":"123456","text":"Seu código do WhatsApp: 123-456","service":"wa","date":"2025-03-01 12:00:31"}],"meta":{"total":1,"service":"wa"}}',
      'NO_ACTIVATION',
    ],
  },
  {
    name: 'getHistory',
    params: '&start=1740787200&end=1740830400&offset=0&limit=50',
    answers: [
      '[{"id":100042,"date":"2025-03-01 12:00:00","phone":"5511987654321","sms":"Seu código do WhatsApp: 123-456","cost":5,"status":"6","currency":986}]',
      'WRONG_DATE',
    ],
  },
  {
    name: 'cancelActivation',
    params: '&id=100042',
    answers: [
      'HTTP 204',
      'HTTP 409 {"title":"OTP_RECEIVED","details":"…"}',
      'HTTP 404 {"title":"NO_ACTIVATION","details":"…"}',
    ],
  },
  {
    name: 'finishActivation',
    params: '&id=100042',
    answers: [
      'HTTP 204',
      'HTTP 409 {"title":"BAD_STATUS","details":"…"}',
      'HTTP 404 {"title":"NO_ACTIVATION","details":"…"}',
    ],
  },
];

/** Every error token, in the order the documentation explains them (texts under `errors.<token>`). */
export const ERROR_TOKENS = [
  'BAD_KEY',
  'BAD_ACTION',
  'BAD_SERVICE',
  'BAD_STATUS',
  'NO_NUMBERS',
  'NO_BALANCE',
  'NO_ACTIVATION',
  'EARLY_CANCEL_DENIED',
  'WRONG_MAX_PRICE',
  'WRONG_EXCEPTION_PHONE',
  'WRONG_DATE',
  'OPERATORS_NOT_FOUND',
  'ORDER_ALREADY_EXISTS',
  'TOO_MANY_REQUESTS',
  'ERROR_SQL',
] as const;

/** The 5sim-compatible REST API's paths (GET; `user` ones with the key as a Bearer token). */
export const FIVESIM_PATHS = [
  'GET /v1/user/profile',
  'GET /v1/user/buy/activation/{country}/{operator}/{product}?maxPrice=',
  'GET /v1/user/check/{id}',
  'GET /v1/user/finish/{id}',
  'GET /v1/user/cancel/{id}',
  'GET /v1/user/ban/{id}',
  'GET /v1/user/sms/inbox/{id}',
  'GET /v1/user/orders?category=activation&limit=&offset=&reverse=',
  'GET /v1/user/payments?limit=&offset=&reverse=',
  'GET /v1/guest/countries',
  'GET /v1/guest/products/{country}/{operator}',
  'GET /v1/guest/prices?country=&product=',
] as const;

export const WEBHOOK_PAYLOAD_EXAMPLE = `{"activationId":100042,"service":"wa","text":"Seu código do WhatsApp: 123-456","code":"123456","country":73,"receivedAt":"2025-03-01T12:00:31.000Z"}`;

/** Node.js: what a receiver does with the raw body before parsing it. */
export const VERIFY_NODE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received (a Buffer or string), before JSON.parse.
export function verifyNumeroWebhook(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
  const given = Buffer.from(parts.v1 ?? '', 'utf8');
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected, 'utf8'));
}`;

export const VERIFY_PYTHON = `import hmac, hashlib, time

def verify_numero_webhook(raw_body: bytes, header: str, secret: str, tolerance: int = 300) -> bool:
    parts = dict(p.split("=", 1) for p in header.split(","))
    t = int(parts.get("t", "0"))
    if abs(time.time() - t) > tolerance:
        return False
    expected = hmac.new(secret.encode(), f"{t}.".encode() + raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts.get("v1", ""))`;
