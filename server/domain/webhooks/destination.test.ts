import { describe, expect, it } from 'vitest';
import { destinationFor, displayUrl, originOf } from './destination';

describe('destinationFor (D10)', () => {
  const hook = 'https://hooks.acme.test/sms';

  it('the app webhook_url, with Basic auth when the app has credentials', () => {
    expect(destinationFor({ callbackUrl: null, webhookUrl: hook, hasCredentials: true })).toEqual({ url: hook, useBasicAuth: true });
    expect(destinationFor({ callbackUrl: null, webhookUrl: hook, hasCredentials: false })).toEqual({ url: hook, useBasicAuth: false });
  });

  it('callback_url wins; credentials only when it has the origin of webhook_url', () => {
    expect(destinationFor({ callbackUrl: 'https://hooks.acme.test/other?x=1', webhookUrl: hook, hasCredentials: true })).toEqual({
      url: 'https://hooks.acme.test/other?x=1',
      useBasicAuth: true,
    });
    expect(destinationFor({ callbackUrl: 'https://HOOKS.acme.test:443/cb', webhookUrl: hook, hasCredentials: true })).toEqual({
      url: 'https://HOOKS.acme.test:443/cb',
      useBasicAuth: true,
    });
    expect(destinationFor({ callbackUrl: 'https://evil.test/cb', webhookUrl: hook, hasCredentials: true })).toEqual({ url: 'https://evil.test/cb', useBasicAuth: false });
    expect(destinationFor({ callbackUrl: 'http://hooks.acme.test/cb', webhookUrl: hook, hasCredentials: true })).toEqual({
      url: 'http://hooks.acme.test/cb',
      useBasicAuth: false,
    });
    expect(destinationFor({ callbackUrl: 'https://hooks.acme.test:8443/cb', webhookUrl: hook, hasCredentials: true })).toEqual({
      url: 'https://hooks.acme.test:8443/cb',
      useBasicAuth: false,
    });
    expect(destinationFor({ callbackUrl: 'https://acme.test/cb', webhookUrl: null, hasCredentials: true })).toEqual({ url: 'https://acme.test/cb', useBasicAuth: false });
  });

  it('no callback_url and no webhook_url: no delivery', () => {
    expect(destinationFor({ callbackUrl: null, webhookUrl: null, hasCredentials: false })).toBeNull();
    expect(destinationFor({ callbackUrl: '', webhookUrl: '', hasCredentials: true })).toBeNull();
  });

  it('origins and display URLs', () => {
    expect(originOf('https://Example.test:443/a')).toBe('https://example.test');
    expect(originOf('not a url')).toBeNull();
    expect(originOf('mailto:a@b.test')).toBeNull();
    expect(displayUrl('https://user:secret@example.test/a')).toBe('https://example.test/a');
    expect(displayUrl('https://example.test/a?b=1')).toBe('https://example.test/a?b=1');
  });
});
