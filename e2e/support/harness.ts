import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { repoRoot, startAppServer, type AppServer } from './app-server';
import { launchBrowser } from './browser';
import { startMailServer, type MailServer } from './mail-server';
import { viewports } from './screenshot';

export interface E2E {
  readonly server: AppServer;
  readonly mail: MailServer;
  readonly browser: Browser;
  /** A fresh browser context (no cookies, no storage) for each test. */
  readonly context: BrowserContext;
  readonly page: Page;
}

const failureDir = path.join(repoRoot, '.artifacts/failures');

export interface E2EOptions {
  /**
   * Starts every test with the cookie notice already closed (default), so it does not cover the
   * screens in screenshots; the notice's own story turns this off.
   */
  cookieNoticeClosed?: boolean;
}

/**
 * Wires a test file to its own world: an SMTP server, the built app server (fresh database) that
 * mails through it, and Chromium. Each test gets a new browser context and page; a test fails if
 * the page threw an uncaught error, and a failing test leaves a screenshot and the logs.
 */
export function useE2E({ cookieNoticeClosed = true }: E2EOptions = {}): E2E {
  let mail: MailServer | undefined;
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let pageErrors: string[] = [];
  let consoleErrors: string[] = [];
  let requests = new ApiRequestLog();

  beforeAll(async () => {
    mail = await startMailServer();
    server = await startAppServer({ smtpUrl: mail.url, requireWebApp: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  beforeEach(async () => {
    pageErrors = [];
    consoleErrors = [];
    requests = new ApiRequestLog();
    context = await need(browser, 'browser').newContext({
      baseURL: need(server, 'server').url,
      viewport: viewports.desktop,
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    // Generous for a cold CI machine, short enough that a missing element fails fast.
    context.setDefaultTimeout(15_000);
    context.setDefaultNavigationTimeout(30_000);
    if (cookieNoticeClosed) {
      // The flag the app itself sets when the notice is closed (spec §4, "ac").
      await context.addCookies([{ name: 'ac', value: 'true', url: need(server, 'server').url }]);
    }
    page = await context.newPage();
    context.on('page', (opened) => watch(opened));
    watch(page);
  });

  function watch(target: Page) {
    target.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    target.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    requests.watch(target);
  }

  afterEach(async ({ task }) => {
    try {
      if (task.result?.state === 'fail' && page && !page.isClosed()) {
        await mkdir(failureDir, { recursive: true });
        const file = path.join(
          failureDir,
          `${task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`,
        );
        await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
        console.error(
          [
            `e2e failure in "${task.name}" at ${page.url()}`,
            `screenshot: ${file}`,
            `browser console errors:\n${consoleErrors.join('\n') || '(none)'}`,
            `the page's API requests:\n${requests.report()}`,
            `server output:\n${server?.output().slice(-5_000) || '(none)'}`,
          ].join('\n'),
        );
      }
    } finally {
      await context?.close();
      context = undefined;
      page = undefined;
    }
    // An uncaught exception in the app is a bug even when the story happened to go on.
    if (pageErrors.length > 0)
      throw new Error(`uncaught errors in the page:\n${pageErrors.join('\n\n')}`);
  });

  return {
    get server() {
      return need(server, 'server');
    },
    get mail() {
      return need(mail, 'mail server');
    },
    get browser() {
      return need(browser, 'browser');
    },
    get context() {
      return need(context, 'browser context');
    },
    get page() {
      return need(page, 'page');
    },
  };
}

/**
 * The page's calls to the API, with how long each took: a story that times out says which call
 * it was waiting for (still open) and what came before it.
 */
class ApiRequestLog {
  private readonly started = performance.now();
  private readonly open = new Map<Request, number>();
  private readonly done: string[] = [];

  watch(page: Page) {
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/'))
        this.open.set(request, performance.now());
    });
    page.on('requestfinished', (request) => {
      // The page may close before the response is read (a story's last click): that is no
      // failure of the story, and must not surface as an unhandled rejection.
      request.response().then(
        (response) => this.finish(request, String(response?.status())),
        () => this.finish(request, 'page closed'),
      );
    });
    page.on('requestfailed', (request) => this.finish(request, request.failure()?.errorText ?? ''));
  }

  report(): string {
    const now = performance.now();
    const open = [...this.open].map(
      ([request, at]) => `  OPEN ${this.line(request, at)} for ${seconds(now - at)}`,
    );
    return [...this.done.slice(-15), ...open].join('\n') || '  (none)';
  }

  private finish(request: Request, outcome: string) {
    const at = this.open.get(request);
    if (at === undefined) return;
    this.open.delete(request);
    this.done.push(
      `  ${this.line(request, at)} → ${outcome} in ${seconds(performance.now() - at)}`,
    );
  }

  private line(request: Request, at: number) {
    const { pathname } = new URL(request.url());
    return `${seconds(at - this.started)} ${request.method()} ${pathname}`;
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the ${what} is not running (did beforeAll fail?)`);
  return value;
}
