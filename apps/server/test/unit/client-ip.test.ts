import { describe, expect, it } from 'vitest';
import { addressKey } from '../../src/http/client-ip';

describe('la dirección que cuentan los límites', () => {
  it('keeps IPv4 (also mapped into IPv6) and groups IPv6 by its /64, however it is written', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    for (const written of [
      '2001:db8:1:2::a',
      '2001:0db8:0001:0002:0000:0000:0000:000b',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '[2001:db8:1:2::1]',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::1'),
    ]) {
      expect(addressKey(written), written).toBe('2001:db8:1:2::/64');
    }
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});
