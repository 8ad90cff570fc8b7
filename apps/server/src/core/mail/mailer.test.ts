import { describe, expect, it } from 'vitest';
import { loadConfig } from '#core/config/config.ts';
import { createMailer } from './create-mailer.ts';

describe('mailer', () => {
  it('chooses SMTP when SMTP_URL is set and .eml files otherwise', () => {
    expect(createMailer(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', LOG_LEVEL: 'silent' })).kind).toBe('smtp');
    expect(createMailer(loadConfig({ LOG_LEVEL: 'silent' })).kind).toBe('file');
  });
});
