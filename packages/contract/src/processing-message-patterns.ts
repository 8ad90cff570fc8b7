import {
  COUNTED,
  type CodedMessage,
  type CountedThing,
  paramKind,
  SOURCE_MESSAGES,
  type SourceMessageCode,
} from './processing-messages.ts';

/**
 * The English texts of `SOURCE_MESSAGES` read back into code and parameters: for events stored before codes (and
 * text the converter writes without one), so that every processing message can be shown in the reader's language.
 * Each template becomes a pattern; sizes, durations and counts are read back into raw numbers.
 */

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const COUNT_WORDS = Object.values(COUNTED)
  .flat()
  .sort((a, b) => b.length - a.length)
  .map(escapeRegex)
  .join('|');
const COUNT = `[\\d,]+ (?:${COUNT_WORDS})`;
const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

const PARAM_PATTERN: Record<ReturnType<typeof paramKind>, string> = {
  bytes: `[\\d.,]+ (?:${SIZE_UNITS.join('|')})`,
  duration: '[\\d.,]+ (?:ms|s)',
  number: '-?[\\d,]+(?:\\.\\d+)?',
  count: COUNT,
  counts: `${COUNT}(?:, ${COUNT})*`,
  text: '.+?',
  warnings: '(?: Warning: .+?\\.)*',
  step: '[a-z]+',
  plain: '.+?',
};

interface Pattern {
  code: SourceMessageCode;
  names: string[];
  regex: RegExp;
  /** Letters outside placeholders: longer is more specific, and is tried first. */
  literal: number;
}

const PATTERNS: Pattern[] = (Object.entries(SOURCE_MESSAGES) as [SourceMessageCode, string][])
  .map(([code, template]) => {
    const names: string[] = [];
    const source = template
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        if (!name) return escapeRegex(part);
        names.push(name);
        return `(${PARAM_PATTERN[paramKind(name)]})`;
      })
      .join('');
    return { code, names, regex: new RegExp(`^${source}$`), literal: template.replace(/\{\{\w+\}\}/g, '').length };
  })
  .sort((a, b) => b.literal - a.literal);

function countKey(text: string): string {
  const [, digits, word] = /^([\d,]+) (.+)$/.exec(text) ?? [];
  const thing = (Object.keys(COUNTED) as CountedThing[]).find((key) =>
    (COUNTED[key] as readonly string[]).includes(word ?? ''),
  );
  return thing ? `${thing}:${Number((digits ?? '').replace(/,/g, ''))}` : text;
}

/** A parameter as the English text wrote it, back to what `sourceMessage` is given. */
function rawParam(name: string, text: string): string {
  switch (paramKind(name)) {
    case 'bytes': {
      const [value = '0', unit = 'B'] = text.split(' ');
      const power = SIZE_UNITS.indexOf(unit as (typeof SIZE_UNITS)[number]);
      return String(Math.round(Number(value.replace(/,/g, '')) * 1024 ** Math.max(0, power)));
    }
    case 'duration': {
      const [value = '0', unit] = text.split(' ');
      return String(Math.round(Number(value.replace(/,/g, '')) * (unit === 's' ? 1000 : 1)));
    }
    case 'number':
      return String(Number(text.replace(/,/g, '')));
    case 'count':
      return countKey(text);
    case 'counts':
      return text.split(', ').map(countKey).join(',');
    case 'warnings':
      return text
        .split(/ Warning: /)
        .filter(Boolean)
        .map((warning) => warning.replace(/\.$/, ''))
        .join('\n');
    default:
      return text;
  }
}

/**
 * The code and parameters of an English processing message, or null when no template fits. A text with a note
 * (`…; …`) is taken only when its own text is one this table knows.
 */
export function parseSourceMessage(text: string | null | undefined): CodedMessage | null {
  if (!text) return null;
  for (const pattern of PATTERNS) {
    const match = pattern.regex.exec(text);
    if (!match) continue;
    const params: Record<string, string> = {};
    pattern.names.forEach((name, index) => {
      params[name] = rawParam(name, match[index + 1] ?? '');
    });
    // `a; b` splits many a text: only where `a` is one of these messages.
    if (pattern.code === 'withNote' && !parseSourceMessage(params.text)) continue;
    return { code: pattern.code, params };
  }
  return null;
}
