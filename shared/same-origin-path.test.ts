import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './same-origin-path';

const SITE = 'https://sms.example.com';

describe('sameOriginPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard/messages?status=failed#top', '/dashboard/messages?status=failed#top'],
    ['/operator', '/operator'],
    ['https://sms.example.com/dashboard/keys', '/dashboard/keys'],
    ['dashboard', '/dashboard'],
    ['/a/../operator', '/operator'],
  ])('keeps %s on the site as %s', (raw, path) => {
    expect(sameOriginPath(raw, SITE)).toBe(path);
  });

  it.each([
    ['another origin', 'https://evil.example/'],
    ['same host, other scheme', 'http://sms.example.com/dashboard'],
    ['same host, other port', 'https://sms.example.com:8443/dashboard'],
    ['protocol-relative', '//evil.example/x'],
    ['protocol-relative, three slashes', '///evil.example/x'],
    ['backslash', '/\\evil.example'],
    ['backslash first', '\\\\evil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['double-encoded backslash', '/%255Cevil.example'],
    ['encoded protocol-relative', '/%2F%2Fevil.example'],
    ['encoded protocol-relative, lower case', '%2f%2fevil.example'],
    ['tab inside', '/\t/evil.example'],
    ['newline inside', '/\n/evil.example'],
    ['encoded tab', '/%09/evil.example'],
    ['NUL', '/%00/dashboard'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['credentials trick', 'https://sms.example.com@evil.example/'],
    ['absolute path that becomes protocol-relative', 'https://sms.example.com//evil.example'],
    ['malformed escape', '/%E0%A4%A'],
    ['line separator', '/\u2028/evil.example'],
    ['too long', `/${'a'.repeat(2048)}`],
    ['empty', ''],
  ])('refuses %s', (_what, raw) => {
    expect(sameOriginPath(raw, SITE)).toBeNull();
  });

  it('refuses null and undefined', () => {
    expect(sameOriginPath(null, SITE)).toBeNull();
    expect(sameOriginPath(undefined, SITE)).toBeNull();
  });
});
