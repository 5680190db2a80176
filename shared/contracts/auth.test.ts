import { describe, expect, it } from 'vitest';
import { ChangePasswordInput, passwordProblem, SignUpInput } from './auth';

describe('passwordProblem', () => {
  it.each([
    ['nine-char', null, 'Use at least 10 characters.'],
    ['a'.repeat(129), null, 'Use at most 128 characters.'],
    ['##########', null, 'Do not use one character repeated.'],
    ['ÉÉÉÉÉÉÉÉÉÉÉ', null, 'Do not use one character repeated.'],
    ['Ada.Lovelace@Example.org', 'ada.lovelace@example.org', 'Do not use your email address as your password.'],
    ['ADA.LOVELACE', ' Ada.Lovelace@example.org ', 'Do not use your email address as your password.'],
    ['ten-chars!', null, null],
    ['b'.repeat(127) + 'c', null, null],
    ['ada.lovelace1', 'ada.lovelace@example.org', null],
  ])('%j (email %j) -> %j', (password, email, expected) => {
    expect(passwordProblem(password, email)).toBe(expected);
  });

  it('the schemas say one thing per password', () => {
    const r = SignUpInput.safeParse({ name: 'A', email: 'abcdefghijkl@example.com', password: 'abcdefghijkl', organizationName: 'O' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['password', 'Do not use your email address as your password.']]);
    const c = ChangePasswordInput.safeParse({ currentPassword: 'old-password', newPassword: 'x'.repeat(1_000_000) });
    expect(c.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['newPassword', 'Use at most 128 characters.']]);
  });
});
