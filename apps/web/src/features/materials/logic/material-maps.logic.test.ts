import { ApiError } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import {
  COMMON_MAP_KINDS,
  inheritedFrom,
  MORE_MAP_KINDS,
  mapRemovalsBody,
  mapUploadsBody,
  mapView,
  moreMapsOpen,
} from './material-maps.logic.ts';
import { type MaterialFormField, placeMaterialSaveErrors } from './material-save-errors.logic.ts';

const variant = {
  maps: { base_color: '/v2/materials/V/maps/base_color?v=1', normal: '/v2/materials/V/maps/normal?v=2' },
  inheritedMaps: ['normal' as const],
};
const baseMaps = { base_color: '/v2/materials/B/maps/base_color?v=3', normal: '/v2/materials/B/maps/normal?v=2' };

describe('map kinds', () => {
  it('splits the eight kinds into the common ones and More maps, each once', () => {
    expect([...COMMON_MAP_KINDS, ...MORE_MAP_KINDS].sort()).toEqual(
      ['base_color', 'emissive', 'height', 'metallic', 'metallic_roughness', 'normal', 'occlusion', 'roughness'].sort(),
    );
  });
});

describe('mapView', () => {
  it('shows an own map as current and removable, an inherited one as inherited, none as empty', () => {
    expect(mapView('base_color', variant)).toEqual({
      url: variant.maps.base_color,
      caption: 'current',
      removable: true,
      removing: false,
    });
    expect(mapView('normal', variant)).toMatchObject({ caption: 'inherited', removable: false });
    expect(mapView('height', variant)).toEqual({ url: null, caption: null, removable: false, removing: false });
  });

  it('an own map marked for removal shows the base’s that follows it, or nothing', () => {
    expect(mapView('base_color', variant, { removing: true, baseMaps })).toEqual({
      url: baseMaps.base_color,
      caption: 'removedInherits',
      removable: false,
      removing: true,
    });
    expect(mapView('base_color', variant, { removing: true })).toMatchObject({ url: null, caption: 'removed' });
  });

  it('a new variant inherits every map of its base', () => {
    const state = inheritedFrom(baseMaps);
    expect(state.inheritedMaps).toEqual(['base_color', 'normal']);
    expect(mapView('base_color', state)).toMatchObject({ url: baseMaps.base_color, caption: 'inherited' });
  });
});

describe('save bodies', () => {
  it('sends only the maps given a new file, and nothing when none', () => {
    expect(mapUploadsBody({ base_color: { uploadId: 'a'.repeat(32) }, normal: null })).toEqual({
      base_color: 'a'.repeat(32),
    });
    expect(mapUploadsBody({ normal: null })).toBeUndefined();
  });

  it('removes what is marked unless a new file replaces it', () => {
    expect(mapRemovalsBody(['height', 'base_color'], { base_color: { uploadId: 'x' } })).toEqual(['height']);
    expect(mapRemovalsBody([], {})).toBeUndefined();
  });

  it('opens More maps when one of them has a map, a file or a message', () => {
    const none = { maps: {}, inheritedMaps: [] };
    expect(moreMapsOpen(none, {}, {})).toBe(false);
    expect(moreMapsOpen({ maps: { height: '/h' }, inheritedMaps: [] }, {}, {})).toBe(true);
    expect(moreMapsOpen(none, { occlusion: { uploadId: 'x' } }, {})).toBe(true);
    expect(moreMapsOpen(none, {}, { emissive: 'bad' })).toBe(true);
    expect(moreMapsOpen(none, {}, { base_color: 'bad' })).toBe(false);
  });
});

describe('placeMaterialSaveErrors', () => {
  const texts = { fallback: 'Failed', noResponse: 'No Response' };
  const all = ['name', 'description', 'categories', 'file'] as const;
  /** The placement, with the messages the form's fields received through setError. */
  const materialSaveErrors = (error: unknown, _texts: typeof texts, fields: readonly MaterialFormField[]) => {
    const received: Record<string, string> = {};
    const placed = placeMaterialSaveErrors<Record<MaterialFormField, unknown>>(
      error,
      (field, { message }) => {
        received[field] = message ?? '';
      },
      fields,
      _texts,
    );
    return { maps: placed.maps, fields: received, message: placed.message };
  };

  it('puts maps.<kind> under that map, upload_id under the file, the rest under its field', () => {
    const error = new ApiError(422, {
      message: 'The given data was invalid.',
      errors: {
        'maps.base_color': ['File is of invalid type'],
        'maps[normal]': ['The upload was not found or is not finished'],
        name: ['A material with this name already exists.'],
        'categories.0': ['Must be 1 or more.'],
        upload_id: ['The package holds no usable map.'],
      },
    });
    expect(materialSaveErrors(error, texts, all)).toEqual({
      maps: { base_color: 'File is of invalid type', normal: 'The upload was not found or is not finished' },
      fields: {
        name: 'A material with this name already exists.',
        categories: 'Must be 1 or more.',
        file: 'The package holds no usable map.',
      },
      message: null,
    });
  });

  it('gives a text for what no field of this form takes, and for failures without fields', () => {
    const unplaced = new ApiError(422, { errors: { remove_maps: ['A map can not be replaced and removed at once.'] } });
    expect(materialSaveErrors(unplaced, texts, all).message).toBe('A map can not be replaced and removed at once.');
    expect(materialSaveErrors(new ApiError(409, { message: 'Busy.' }), texts, all).message).toBe('Busy.');
    expect(materialSaveErrors(new ApiError(0, {}), texts, all).message).toBe('No Response');
    expect(materialSaveErrors(new Error('x'), texts, all).message).toBe('Failed');
    // A field this form lacks goes to the text.
    const parent = new ApiError(422, { errors: { parent_name: ['No such material.'] } });
    expect(materialSaveErrors(parent, texts, ['name']).message).toBe('No such material.');
  });
});
