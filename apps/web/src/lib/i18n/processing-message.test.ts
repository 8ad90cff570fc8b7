import { sourceMessage } from '@meshport/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { initMessageLocales, reader } from './processing-message.test-support.ts';
import { processingMessage, processingText } from './processing-message.ts';

beforeAll(() => initMessageLocales());

describe('a stored processing message in the reader language', () => {
  const tooOld = {
    message: sourceMessage('fbxTooOld', { version: '6.1' }),
    message_code: 'fbxTooOld',
    message_params: { version: '6.1' },
  };

  it('shows a coded message in Dutch, its parameters filled in', async () => {
    expect(processingMessage(await reader('nl'), tooOld)).toBe(
      'Het bestand is FBX 6.1, van vóór 2011, en kan niet worden gelezen: exporteer het opnieuw als FBX 2013 of nieuwer',
    );
  });

  it('shows it in English as the server wrote it', async () => {
    expect(processingMessage(await reader('en'), tooOld)).toBe(tooOld.message);
  });

  it('shows the pipeline’s own events in Dutch, numbers and sizes written the Dutch way', async () => {
    const t = await reader('nl');
    const coded = (message_code: string, message_params: Record<string, string>) => ({
      message: 'English',
      message_code,
      message_params,
    });
    expect(
      processingMessage(t, coded('previewRendered', { widthNumber: '512', heightNumber: '512', durationMs: '1234' })),
    ).toBe('Voorbeeldafbeelding gemaakt, 512×512 (1,23 s)');
    expect(
      processingMessage(t, coded('ready', { counts: 'triangle:12345', glbBytes: '1258291', originalBytes: '1024' })),
    ).toBe('Klaar: 12.345 driehoeken, 1,2 MB GLB (origineel 1 KB)');
    expect(
      processingMessage(
        t,
        coded('stepReport', {
          text: 'Read 1 triangle, 2 meshes; read as millimetres, Z up (as the file states), placed in metres, Y up',
          durationMs: '850',
          warnings: 'The file holds no mesh, so nothing is drawn: its nodes and animations are kept\nSomething new',
        }),
      ),
    ).toBe(
      'Gelezen: 1 driehoek, 2 meshes; gelezen in millimeters, Z omhoog (zoals het bestand aangeeft), geplaatst in meters, Y omhoog in 850 ms. Waarschuwing: Het bestand bevat geen mesh, dus er wordt niets getekend: de knooppunten en animaties blijven behouden. Waarschuwing: Something new.',
    );
    expect(processingMessage(t, coded('failedAfterAttempts', { step: 'convert', attemptsNumber: '3' }))).toBe(
      'Verwerking mislukt bij de stap omzetten na 3 pogingen. Upload het bestand opnieuw om het nog eens te proberen.',
    );
  });

  it('shows events stored before codes in Dutch, by their exact old texts', async () => {
    const t = await reader('nl');
    const old = (message: string) => processingMessage(t, { message, message_code: null, message_params: null });
    expect(old('Converting to glTF')).toBe('Wordt omgezet naar glTF');
    expect(old('Conversion failed: the file contains no meshes')).toBe(
      'Omzetten mislukt: het bestand bevat geen meshes',
    );
    expect(old('Rendered the preview image, 512×512 (1.2 s)')).toBe('Voorbeeldafbeelding gemaakt, 512×512 (1,2 s)');
    expect(old('Stored kitchen.glb (1.5 MB)')).toBe('kitchen.glb opgeslagen (1,5 MB)');
    expect(old('Processing started')).toBe('Verwerking gestart');
    expect(processingText(t, 'No preview image: the model holds no mesh to draw')).toBe(
      'Geen voorbeeldafbeelding: het model bevat geen mesh om te tekenen',
    );
  });

  it('writes the same events in English as the server wrote them', async () => {
    const t = await reader('en');
    for (const message of [
      'Rendered the preview image, 512×512 (1.2 s)',
      'Ready: 12,345 triangles, 1.2 MB GLB (original 3.4 MB)',
      'Found the model Wall Unit.fbx (FBX, 2.5 KB) and 1 other file in 3 ms.',
      'Processing failed at the convert step after 3 attempts. Upload the file again to try once more.',
    ]) {
      expect(processingMessage(t, { message }), message).toBe(message);
    }
  });

  it('keeps the stored text without a code, or with a code the locales do not know', async () => {
    const t = await reader('nl');
    expect(processingMessage(t, { message: 'Stored in 12 ms.' })).toBe('Stored in 12 ms.');
    expect(processingMessage(t, { message: 'Old text', message_code: null, message_params: null })).toBe('Old text');
    expect(processingMessage(t, { message: 'Gone code', message_code: 'noSuchCode', message_params: {} })).toBe(
      'Gone code',
    );
    expect(processingMessage(t, { message: null })).toBeNull();
  });
});
