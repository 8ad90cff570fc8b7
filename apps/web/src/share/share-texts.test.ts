import { describe, expect, it } from 'vitest';
import { shareTexts } from './share-texts.ts';

describe('share page texts', () => {
  it('speaks Dutch to a Dutch browser and English to any other', () => {
    expect(shareTexts('nl-BE').lang).toBe('nl');
    expect(shareTexts('NL').notFound).toBe('Deze link bestaat niet of is verlopen.');
    expect(shareTexts('en-GB').notFound).toBe('This link does not exist or has expired.');
    expect(shareTexts('de').lang).toBe('en');
    expect(shareTexts(undefined).lang).toBe('en');
  });
});
