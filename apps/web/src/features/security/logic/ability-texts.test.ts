import fs from 'node:fs';
import path from 'node:path';
import { ABILITIES, ABILITY_GROUPS } from '@meshport/contract';
import { describe, expect, it } from 'vitest';

const LOCALES = path.resolve(import.meta.dirname, '../../../../public/locales');

interface SecurityTexts {
  abilityGroups?: Record<string, string>;
  abilities?: Record<string, { label?: string; help?: string }>;
}

function securityTexts(language: string): SecurityTexts {
  return JSON.parse(fs.readFileSync(path.join(LOCALES, language, 'security.json'), 'utf8')) as SecurityTexts;
}

const filled = (text: string | undefined) => typeof text === 'string' && text.trim() !== '';

describe.each(['en', 'nl'])('ability texts in %s', (language) => {
  const texts = securityTexts(language);

  it('give every ability a label and a one-line help text', () => {
    const lacking = ABILITIES.filter(
      (ability) => !filled(texts.abilities?.[ability]?.label) || !filled(texts.abilities?.[ability]?.help),
    );
    expect(lacking).toEqual([]);
    const multiline = ABILITIES.filter((ability) => texts.abilities?.[ability]?.help?.includes('\n'));
    expect(multiline).toEqual([]);
  });

  it('name every ability group, and hold no text for an ability that does not exist', () => {
    expect(Object.keys(ABILITY_GROUPS).filter((group) => !filled(texts.abilityGroups?.[group]))).toEqual([]);
    expect(Object.keys(texts.abilities ?? {}).filter((key) => !(ABILITIES as readonly string[]).includes(key))).toEqual(
      [],
    );
  });

  it('tell abilities apart: no two share a label', () => {
    const labels = ABILITIES.map((ability) => texts.abilities?.[ability]?.label);
    expect(labels.filter((label, index) => labels.indexOf(label) !== index)).toEqual([]);
  });
});
