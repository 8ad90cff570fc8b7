import fc from 'fast-check';

/** A generated value with the name of its kind, by which failures are grouped. */
export interface Labeled<T> {
  label: string;
  value: T;
}

export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'valueOf', 'toString', 'hasOwnProperty'] as const;

const labeled = <T>(label: string, arbitrary: fc.Arbitrary<T>): fc.Arbitrary<Labeled<T>> =>
  arbitrary.map((value) => ({ label, value }));

/** Percent-encodes the UTF-8 bytes of `text` (lone surrogates become U+FFFD, as a browser sends them). */
export function percentEncode(text: string): string {
  return encodeBytes(Buffer.from(text, 'utf8'), /[A-Za-z0-9\-_.~]/);
}

/** Percent-encodes every byte, except the characters `keep` matches. */
export function encodeBytes(bytes: Uint8Array, keep = /[A-Za-z0-9]/): string {
  let out = '';
  for (const byte of bytes) {
    const char = String.fromCharCode(byte);
    out += byte < 0x80 && keep.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const NUMBER_TEXT = [
  '0',
  '-1',
  '-0',
  '1.5',
  '1e3',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '0x10',
  '0b1',
  '1_000',
  ' 1',
  '1 ',
  '+1',
  '0001',
  '１',
  '١',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740991',
  '9007199254740992',
  '9007199254740993',
  '-9007199254740993',
  '99999999999999999999999999',
];
const ODD_TEXT = [
  '',
  ' ',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '[object Object]',
  "' or 1=1 --",
  '"; select pg_sleep(3); --',
  '%',
  '%zz',
  '\\',
  '../../etc/passwd',
  '*',
  '\r\n',
  '\u202e',
  '\ufeff',
  '\ud800',
  '𝌆',
  'é',
  'Ａ',
];

/** Strings a careless server turns into crashes: numbers out of range, NUL, unicode, length. */
export const hostileText: fc.Arbitrary<Labeled<string>> = fc.oneof(
  labeled('number-like text', fc.constantFrom(...NUMBER_TEXT)),
  labeled('odd text', fc.constantFrom(...ODD_TEXT)),
  labeled('id between 2^31 and 2^53', fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }).map(String)),
  labeled('negative number', fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 }).map(String)),
  labeled('huge number', fc.bigInt({ min: 2n ** 53n, max: 2n ** 256n }).map(String)),
  labeled('float', fc.double().map(String)),
  labeled('unicode', fc.string({ unit: 'binary', minLength: 1, maxLength: 30 })),
  labeled(
    'NUL byte',
    fc.string({ maxLength: 10 }).map((s) => `${s}\u0000${s}`),
  ),
  labeled(
    'long string',
    fc.integer({ min: 256, max: 12_000 }).map((n) => 'x'.repeat(n)),
  ),
  labeled('prototype name', fc.constantFrom(...PROTOTYPE_NAMES)),
);

/** Path or query text as sent: the hostile strings percent-encoded, plus raw byte tricks. */
export const hostileEncoded: fc.Arbitrary<Labeled<string>> = fc.oneof(
  { weight: 5, arbitrary: hostileText.map(({ label, value }) => ({ label, value: percentEncode(value) })) },
  labeled(
    'encoded NUL',
    fc.constantFrom('%00', '1%00', '%001', 'acme%00', '%2500', '%C0%80', '%00%00%00', '1%00.json'),
  ),
  labeled(
    'invalid UTF-8 bytes',
    fc.uint8Array({ minLength: 1, maxLength: 8 }).map((b) => encodeBytes(b)),
  ),
  labeled(
    'raw latin-1 bytes',
    fc.string({ unit: fc.integer({ min: 0xa1, max: 0xff }).map((c) => String.fromCharCode(c)) }),
  ),
  labeled(
    'encoded separators',
    fc.constantFrom(
      '%2F',
      '1%2F2',
      '..%2F..%2Fadmin',
      '%2e%2e',
      '%2E',
      '.',
      '..',
      '%252F',
      '1;a=b',
      '1%3Fx=1',
      '1%23',
      '%5C',
    ),
  ),
);

/** JSON values of the wrong type, size or sign, and objects with prototype-named keys. */
export const hostileJson: fc.Arbitrary<Labeled<unknown>> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  labeled(
    'extreme number',
    fc.constantFrom(-1, 0, -0, 1.5, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 1e21, 1e308, -1e308, 5e-324),
  ),
  labeled('id between 2^31 and 2^53', fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER })),
  labeled('wrong type', fc.constantFrom<unknown>(true, false, null, {}, [], [1], [[]], ['a'], { a: 1 })),
  labeled(
    'array for a scalar',
    hostileText.map(({ value }) => [value, value]),
  ),
  labeled(
    'object with a prototype-named key',
    fc.constantFrom(...PROTOTYPE_NAMES).map((name) => Object.fromEntries([[name, { admin: true }]])),
  ),
);
