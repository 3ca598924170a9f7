/**
 * What an address the platform would call is, when its outbound guard refuses it (a private or
 * loopback address, a link-local one...): the server's guard (platform/outbound.ts) and the system
 * texts an attempt's error is stored as (`@outboundRefused.<kind>: <address>`) both read these.
 */
export const OUTBOUND_BLOCK_LABELS = {
  scheme: ['非 http(s) 协议', 'not an http(s) URL'],
  loopback: ['本机回环地址', 'a loopback address'],
  private: ['内网地址', 'a private network address'],
  linkLocal: ['链路本地地址（含云元数据服务）', 'a link-local address (cloud metadata included)'],
  unspecified: ['未指定地址', 'an unspecified address'],
  multicast: ['组播地址', 'a multicast address'],
  reserved: ['保留地址', 'a reserved address'],
  malformed: ['无法识别的地址', 'not a readable URL'],
} as const satisfies Record<string, readonly [string, string]>;
export type BlockedKind = keyof typeof OUTBOUND_BLOCK_LABELS;
