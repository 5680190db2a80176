import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, inject } from 'vitest';

/**
 * Per test file: a fresh clone of the migrated template; DATABASE_URL points
 * at it for everything the file creates. Dropped (forcibly) after the file.
 */
const serverUrl = inject('pgServerUrl');
const template = inject('templateDb');
const name = `${template}_${randomBytes(4).toString('hex')}`;

const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
for (let attempt = 0; ; attempt++) {
  try {
    await admin.unsafe(`create database ${name} template ${template}`);
    break;
  } catch (e) {
    // Two files cloning at the same instant can collide on the template lock.
    if (attempt >= 20) throw e;
    await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
  }
}
const url = new URL(serverUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
process.env.APP_SECRET ??= 'test-secret-test-secret-test-secret-0123';
process.env.SMS_ENV ??= 'test';

afterAll(async () => {
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
});
