/** Address white lists: addresses and ranges of both families; an entry that cannot be read widens nothing. */
import { describe, expect, it } from 'vitest';
import { ipAllowed, isListEntry } from './ip-allow.ts';

describe('ipAllowed', () => {
  it('matches listed addresses and ranges, IPv4-mapped callers as IPv4', () => {
    const list = '203.0.113.7\n10.0.0.0/8, 2001:db8::/32';
    expect(ipAllowed(list, '203.0.113.7')).toBe(true);
    expect(ipAllowed(list, '10.200.3.4')).toBe(true);
    expect(ipAllowed(list, '::ffff:10.200.3.4')).toBe(true);
    expect(ipAllowed(list, '2001:db8::1')).toBe(true);
    expect(ipAllowed(list, '203.0.113.8')).toBe(false);
    expect(ipAllowed(list, '11.0.0.1')).toBe(false);
  });

  it('an empty list or an unreadable entry matches nothing ("1.2.3.4/" is not /0)', () => {
    expect(ipAllowed('', '1.2.3.4')).toBe(false);
    expect(ipAllowed('1.2.3.4/', '9.9.9.9')).toBe(false);
    expect(ipAllowed('1.2.3.4/', '1.2.3.4')).toBe(false);
    expect(ipAllowed('not-an-address', '1.2.3.4')).toBe(false);
    expect(ipAllowed('1.2.3.4/33', '1.2.3.4')).toBe(false);
  });
});

describe('isListEntry', () => {
  it('takes addresses and CIDR ranges only', () => {
    for (const ok of ['1.2.3.4', '10.0.0.0/8', '0.0.0.0/0', '::1', '2001:db8::/32'])
      expect(isListEntry(ok), ok).toBe(true);
    for (const bad of [
      '1.2.3.4/',
      '1.2.3.4/33',
      '1.2.3.4/8/1',
      '1.2.3',
      'host.example.com',
      '::1/129',
      '1.2.3.4/x',
    ])
      expect(isListEntry(bad), bad).toBe(false);
  });
});
