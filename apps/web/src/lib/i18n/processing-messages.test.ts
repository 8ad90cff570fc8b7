import fs from 'node:fs';
import path from 'node:path';
import { SOURCE_MESSAGES, type SourceMessageCode } from '@meshport/contract';
import { describe, expect, it } from 'vitest';

const LOCALES = path.resolve(import.meta.dirname, '../../../public/locales');

function messages(language: string): Record<string, string> {
  const common = JSON.parse(fs.readFileSync(path.join(LOCALES, language, 'common.json'), 'utf8')) as {
    viewer: { messages: Record<string, string> };
  };
  return common.viewer.messages;
}

const STRUCTURE_ONLY = new Set<SourceMessageCode>(['stepReport', 'withNote']);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('processing messages that name a cause (issue 26) are translatable by code', () => {
  const codes = Object.keys(SOURCE_MESSAGES) as SourceMessageCode[];

  it('have their English text, as the server writes it, under common:viewer.messages.<code>', () => {
    const english = messages('en');
    for (const code of codes) expect(english[code], code).toBe(SOURCE_MESSAGES[code]);
    expect(Object.keys(english).sort()).toEqual([...codes].sort());
  });

  it('have a Dutch text with the same placeholders', () => {
    const dutch = messages('nl');
    for (const code of codes) {
      expect(dutch[code], code).toBeTruthy();
      // Only the frame of another message (its text, duration and warnings; a text and its note): the same in Dutch.
      if (!STRUCTURE_ONLY.has(code)) expect(dutch[code], code).not.toBe(SOURCE_MESSAGES[code]);
      expect(placeholders(dutch[code] ?? ''), code).toEqual(placeholders(SOURCE_MESSAGES[code]));
    }
  });
});
