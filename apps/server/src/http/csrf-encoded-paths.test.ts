import { XSRF_COOKIE } from '@roomcraft/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../test-support/smtp-sink';
import { TestClient, aPerson, databaseTargets, startTestApp } from '../test-support/test-app';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

const UNSAFE = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Spellings of one path that a router may decode or normalise to the same route. */
function encodedVariants(path: string) {
  const rest = path.slice('/api'.length);
  // A letter whose hex code has a letter in it ('o' is 6f), in both cases.
  const hexLetter = rest.search(/[jklmno]/);
  const withHex = (upper: boolean) => {
    const code = rest.charCodeAt(hexLetter).toString(16);
    const hex = upper ? code.toUpperCase() : code;
    return `/api${rest.slice(0, hexLetter)}%${hex}${rest.slice(hexLetter + 1)}`;
  };
  return [
    `/%61pi${rest}`,
    `/%2561pi${rest}`,
    `/%61%70%69${rest}`,
    `/%41PI${rest}`,
    ...(hexLetter >= 0 ? [withHex(false), withHex(true)] : []),
    `//api${rest}`,
    `/api/${rest}`,
    `/api${rest}/`,
    `/api/.${rest}`,
    `/%61pi${rest}?x=1`,
  ];
}

describe.each(await databaseTargets())('anti-forgery on every route on $name', (target) => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    harness = await startTestApp(target, { smtpUrl: smtp.url });
  });
  afterAll(() => harness.close());

  it('refuses each unsafe route under every spelling of its path without the header', async () => {
    const client = await new TestClient(harness.app).csrf();
    const person = aPerson();
    expect((await client.post('/api/auth/register', person)).statusCode).toBe(201);
    const before = (await client.get('/api/auth/user')).json<unknown>();
    const designsBefore = (await client.get('/api/designs')).json<unknown>();

    // Every route the app serves, as its OpenAPI document lists them.
    await harness.app.ready();
    const paths = (harness.app.swagger().paths ?? {}) as Record<string, object>;
    const routes = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item)
        .map((method) => method.toUpperCase())
        .filter((method) => UNSAFE.includes(method))
        .map((method) => ({ method, path: path.replace(/\{[^}]+\}/g, '1') })),
    );
    expect(routes.length).toBeGreaterThan(15);

    const accepted: string[] = [];
    let cases = 0;
    // A forged request: the browser sends the cookies, but the page cannot set the header.
    const forged = (method: string, url: string) =>
      harness.app.inject({
        method: method as 'POST',
        url,
        remoteAddress: client.ip,
        cookies: Object.fromEntries(client.cookies),
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ ...person, first_name: 'Forged', password: 'x' }),
      });
    for (const { method, path } of routes) {
      // A route that does not ask for the token at its own path has opted out (a signed
      // webhook): it must still refuse a cookie-only request, however it is spelled.
      const exempt = (await forged(method, path)).statusCode !== 419;
      for (const url of [path, ...encodedVariants(path)]) {
        cases += 1;
        const { statusCode } = await forged(method, url);
        const refused = exempt
          ? statusCode < 200 || statusCode >= 300
          : statusCode === 419 || (url !== path && statusCode === 404);
        if (!refused) accepted.push(`${method} ${url} → ${statusCode}`);
      }
    }
    expect(accepted, `${accepted.length} of ${cases} forged requests got through`).toEqual([]);

    // Nothing changed: still signed in, same profile, same designs.
    const after = await client.get('/api/auth/user');
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(before);
    expect((await client.get('/api/designs')).json()).toEqual(designsBefore);
    expect(client.cookies.has(XSRF_COOKIE)).toBe(true);
  });
});
