// `npm run bench`: HTTP throughput and latency of the BUILT server (the npm script builds it).
// Run as `node --import tsx scripts/bench/http.ts`. Prints a table, writes .artifacts/bench-http.json
// and exits 1 when a target is missed or any request failed, so the figures can gate a change.
import autocannon, { type Result } from 'autocannon';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ApiSession, SESSION_COOKIE, XSRF_COOKIE, registerUser } from '../../e2e/support/api';
import { repoRoot, startAppServer } from '../../e2e/support/app-server';

const DURATION_SECONDS = 10;
const WARMUP_SECONDS = 2;
const targets = { userRequestsPerSecond: 3_000, userP99Ms: 20 };

interface Row {
  endpoint: string;
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

async function measure(
  endpoint: string,
  options: Parameters<typeof autocannon>[0] & { connections: number },
): Promise<Row> {
  process.stdout.write(`${endpoint}: ${options.connections} connections, ${DURATION_SECONDS} s… `);
  const result: Result = await autocannon({
    ...options,
    duration: DURATION_SECONDS,
    warmup: { connections: options.connections, duration: WARMUP_SECONDS },
  });
  process.stdout.write('done\n');
  return {
    endpoint,
    connections: options.connections,
    durationSeconds: DURATION_SECONDS,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

function cookieHeader(session: ApiSession) {
  const get = (name: string) => {
    const value = session.cookies.get(name);
    if (!value) throw new Error(`no ${name} cookie in the session`);
    return value;
  };
  return {
    cookie: `${SESSION_COOKIE}=${get(SESSION_COOKIE)}; ${XSRF_COOKIE}=${get(XSRF_COOKIE)}`,
    xsrf: get(XSRF_COOKIE),
  };
}

function printTable(rows: Row[]) {
  const header = ['endpoint', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'];
  const lines = rows.map((row) => [
    row.endpoint,
    String(row.connections),
    String(row.requestsPerSecond),
    String(row.latencyP50Ms),
    String(row.latencyP99Ms),
    String(row.non2xx),
    String(row.errors + row.timeouts),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(`\n${format(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const line of lines) console.log(format(line));
}

async function main() {
  const server = await startAppServer({ logLevel: 'warn' });
  try {
    // A signed-in session for the reads.
    const { user, session } = await registerUser(server.url);
    const signedIn = cookieHeader(session);

    // A guest session for the logins. Each login makes a new session but keeps accepting this
    // guest token: its XSRF token is an HMAC of the token, checked without a database row.
    const guest = new ApiSession(server.url);
    await guest.expect(204, 'GET', '/api/csrf-cookie');
    const guestCookies = cookieHeader(guest);
    await guest.expect(200, 'POST', '/api/auth/login', {
      email: user.email,
      password: user.password,
    });

    const rows: Row[] = [];
    rows.push(
      await measure('GET /api/auth/user', {
        url: `${server.url}/api/auth/user`,
        connections: 50,
        headers: { cookie: signedIn.cookie, accept: 'application/json' },
      }),
    );
    rows.push(
      await measure('POST /api/auth/login', {
        url: `${server.url}/api/auth/login`,
        method: 'POST',
        connections: 10,
        headers: {
          cookie: guestCookies.cookie,
          'x-xsrf-token': decodeURIComponent(guestCookies.xsrf),
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ email: user.email, password: user.password }),
      }),
    );
    printTable(rows);

    const [userRow] = rows;
    const checks = [
      {
        name: `GET /api/auth/user ≥ ${targets.userRequestsPerSecond} req/s`,
        ok: (userRow?.requestsPerSecond ?? 0) >= targets.userRequestsPerSecond,
      },
      {
        name: `GET /api/auth/user p99 < ${targets.userP99Ms} ms`,
        ok: (userRow?.latencyP99Ms ?? Infinity) < targets.userP99Ms,
      },
      {
        name: 'every request answered 2xx',
        ok: rows.every((row) => row.non2xx === 0 && row.errors === 0 && row.timeouts === 0),
      },
    ];
    console.log('');
    for (const check of checks) console.log(`${check.ok ? 'met   ' : 'MISSED'}  ${check.name}`);

    const file = path.join(repoRoot, '.artifacts/bench-http.json');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(
      file,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          node: process.version,
          cpus: os.cpus().length,
          cpuModel: os.cpus()[0]?.model ?? 'unknown',
          warmupSeconds: WARMUP_SECONDS,
          targets,
          results: rows,
          checks,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
    if (checks.some((check) => !check.ok)) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
