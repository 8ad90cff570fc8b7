import fs from 'node:fs';
import path from 'node:path';

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBase64Blocks(text: string): string {
  const blocks = text.match(/(?:^[A-Za-z0-9+/=]{16,}\r?\n)+/gm) ?? [];
  return blocks.map((block) => Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8')).join('\n');
}

/** The readable forms of an .eml file: quoted-printable decoded, base64 decoded, then raw. */
function readableMail(raw: string): string {
  return `${decodeQuotedPrintable(raw)}\n${decodeBase64Blocks(raw)}\n${raw}`;
}

/**
 * The newest `.eml` in `${dataDir}/mail` (written when no SMTP is configured) addressed to `to`,
 * or null while there is none.
 */
export function newestMailTo(dataDir: string, to: string): string | null {
  const folder = path.join(dataDir, 'mail');
  if (!fs.existsSync(folder)) return null;
  const files = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => path.join(folder, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const file of files) {
    const text = readableMail(fs.readFileSync(file, 'utf8'));
    if (new RegExp(`^To:.*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(text)) return text;
  }
  return null;
}

/** The first link in a mail whose path is `pathname`. */
export function linkIn(mail: string, pathname: string): string | null {
  for (const match of mail.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
    const url = new URL(match[0].replace(/&amp;/g, '&'));
    if (url.pathname === pathname) return url.toString();
  }
  return null;
}
