import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'roomcraft-config-'));

describe('loadConfig', () => {
  it('applies the embedded defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      appUrl: 'http://localhost:8080',
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailOutboxDir: path.join(dataDir, 'mail'),
      secureCookies: false,
    });
  });

  it('lists every bad variable at once', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'http://mail',
        SESSION_SECRET: 'short',
        DATA_DIR: tempDir(),
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const fields = (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
      expect(fields.sort()).toEqual(['DATABASE_URL', 'PORT', 'SESSION_SECRET', 'SMTP_URL']);
    }
  });

  it('generates a session secret once and keeps it, readable only by its owner', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first).toHaveLength(43);
    expect(second).toBe(first);
    const file = path.join(dataDir, 'session-secret');
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('uses secure cookies behind an https APP_URL and trims its trailing slash', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), APP_URL: 'https://roomcraft.example/' });
    expect(config.appUrl).toBe('https://roomcraft.example');
    expect(config.secureCookies).toBe(true);
  });
});
