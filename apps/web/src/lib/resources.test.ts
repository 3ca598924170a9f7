import { describe, expect, it } from 'vitest';
import { buildPermissionMap, isResourceStale } from './resources.ts';

describe('resource list', () => {
  it('parses ids, permissions and the no-code flag', () => {
    const map = buildPermissionMap([
      '1:sys.user.updatePassword',
      '2:sys.user.googleAuthAdmin:0',
      '3:mch.mchList:0',
    ]);
    expect(map.get('sys.user.updatePassword')).toBe(true);
    expect(map.get('sys.user.googleAuthAdmin')).toBe(false);
    expect(map.has('mch.mchList')).toBe(true);
    expect(map.has('order.countTransferOrder')).toBe(false);
  });

  it('needs a code only if every grant of a permission needs one', () => {
    expect(buildPermissionMap(['1:a.b', '2:a.b:0']).get('a.b')).toBe(false);
    expect(buildPermissionMap(['1:a.b:0', '2:a.b']).get('a.b')).toBe(false);
    expect(buildPermissionMap(['1:a.b', '2:a.b']).get('a.b')).toBe(true);
  });

  it('ignores malformed entries', () => {
    expect(buildPermissionMap(['', '7']).size).toBe(0);
  });

  it('is stale once the clock passes the timestamp (seconds)', () => {
    expect(isResourceStale(1000, 999_000)).toBe(false);
    expect(isResourceStale(1000, 1_000_000)).toBe(false);
    expect(isResourceStale(1000, 1_000_001)).toBe(true);
    expect(isResourceStale(undefined, 5)).toBe(false);
  });
});
