/**
 * The service codes of the handler_api.php protocol that clients index into (the sellers' public service
 * table: wa WhatsApp, tg Telegram, vk VK, go Google, …, ot "any other"). getNumbersStatus and getPrices
 * answer each of them, with 0 where the store sells none, because clients read `counts["vk_0"]` or
 * `prices[country]["vk"]` without checking the key first and crash when it is missing.
 *
 * A subset of the protocol's 500-odd codes (providers/numbers/market/services.ts names each of them): the
 * widely used ones, so that each answer stays small; market.test.ts checks every one is a real code.
 */
export const STANDARD_SERVICE_CODES: readonly string[] = `
  ab ae am av bd bf bl cc ce cm cw cx cy da de df dh dp ds dt dz ew fb fd fe fu fx fy gb gd gl go gp gt
  gx hm hn hu hw hz ia ig im ip iq iv jc ji ka kb kf kl kp kt la lf li lr ls ly ma mb mc me mg mm mt mu
  nf nv ny nz ob oi ok op ot pf pg pl pm po qb qe qm qq qr qw rd re ri rl rr rz sg sn sq ss tc tg tl tn
  tw tx ua ub ug ui uk up uu uz vf vi vk vv wa wb we wg xl xv xz ya yb yf yi yk yl ym yw za zh zk zr zy
`
  .trim()
  .split(/\s+/);
