import { z } from 'zod';

/**
 * Processing messages that name what in a file can not be read and the way out, by code. Events carry the English
 * text (`sourceMessage`); the web's locale files hold each code's text in every language under
 * `common:viewer.messages.<code>`, with the same `{{placeholders}}`, so that an event stored with its code and
 * parameters can be shown in the reader's language.
 */
export const SOURCE_MESSAGES = {
  fbxTooOld: 'The file is FBX {{version}}, from before 2011, which can not be read: re-export it as FBX 2013 or newer',
  fbxZerosAsSpaces:
    'The FBX file was damaged in transfer: its zero bytes were replaced by spaces, as a text-mode copy does. Copy or export it again as a binary file.',
  unsupportedExtensions:
    'The {{format}} file requires glTF extensions that can not be read here ({{names}}): export it again without them',
  unsupportedEncoding:
    'The file is {{encoding}} text, which can not be read: save it as UTF-8 (or UTF-16) and upload it again',
} as const;

export type SourceMessageCode = keyof typeof SOURCE_MESSAGES;

/** A message by code and parameters: stored with its English text so that it can be shown in the reader's language. */
export interface CodedMessage {
  code: SourceMessageCode;
  params: Record<string, string>;
}

/** The English text of a message, its `{{name}}` placeholders filled in. */
export function sourceMessage(code: SourceMessageCode, params: Record<string, string>): string {
  return SOURCE_MESSAGES[code].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => params[name] ?? whole);
}

/**
 * The code and parameters of a message (`SOURCE_MESSAGES`), so that a reader sees it in their language; null on
 * messages that have none and on events stored before (decision 0038). A code is a string here, not the enum: an
 * event keeps the code it was written with.
 */
export const messageCodeFields = {
  message_code: z.string().nullable().optional(),
  message_params: z.record(z.string(), z.string()).nullable().optional(),
};
