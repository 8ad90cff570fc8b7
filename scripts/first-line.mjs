/** The first non-empty line of a test error, trimmed to 400 characters: what a summary line shows of it. */
export const firstLine = (text) =>
  (text ?? '')
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 400) ?? '';
