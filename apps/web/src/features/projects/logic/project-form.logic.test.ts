import { describe, expect, it } from 'vitest';
import {
  fieldErrors,
  firstTabWithError,
  initialValues,
  jsonBody,
  type ProjectFormValues,
  parseTab,
  savePlan,
} from './project-form.logic.ts';

const values = (over: Partial<ProjectFormValues> = {}): ProjectFormValues => ({
  ...initialValues(),
  name: ' Kitchen ',
  labels: ['3', '5'],
  users: ['7'],
  ...over,
});
const image = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'p.png', { type: 'image/png' });

describe('parseTab', () => {
  it('opens the tab named by ?tab=N, the first otherwise', () => {
    expect(parseTab('5')).toBe('5');
    expect(parseTab('1')).toBe('1');
    expect(parseTab('6')).toBe('1');
    expect(parseTab('0')).toBe('1');
    expect(parseTab('labels')).toBe('1');
    expect(parseTab(null)).toBe('1');
  });
});

describe('initialValues', () => {
  it('is empty and active for a new project', () => {
    expect(initialValues()).toEqual({
      name: '',
      description: '',
      status: 'active',
      labels: [],
      users: [],
      image: null,
      removeImage: false,
    });
  });

  it('takes the source project (labels and members as picker ids) and an optional name', () => {
    const project = {
      name: 'Loft',
      description: null,
      status: 'inactive' as const,
      labels: [{ id: 2, name: 'Modern', color: '#000' }],
      users: [{ id: 9, name: 'Eddie' }],
    };
    expect(initialValues(project)).toMatchObject({
      name: 'Loft',
      description: '',
      status: 'inactive',
      labels: ['2'],
      users: ['9'],
    });
    expect(initialValues(project, 'Loft (copy)').name).toBe('Loft (copy)');
  });
});

describe('jsonBody', () => {
  it('trims the name, clears an empty description and sends ids as numbers', () => {
    expect(jsonBody(values({ description: '  ' }))).toEqual({
      name: 'Kitchen',
      description: null,
      status: 'active',
      labels: [3, 5],
      users: [7],
    });
  });

  it('names the parent of a sub-project and asks to remove the image', () => {
    const body = jsonBody(values({ removeImage: true }), 4);
    expect(body.parent_id).toBe(4);
    expect(body.preview_image).toBeNull();
  });

  it('keeps the image when a new one replaces it', () => {
    expect(jsonBody(values({ removeImage: true, image })).preview_image).toBeUndefined();
  });
});

describe('savePlan', () => {
  it('sends JSON without an image', () => {
    expect(savePlan(values(), 'edit').kind).toBe('json');
  });

  it('sends multipart with the image, lists as labels[] and users[]', () => {
    const plan = savePlan(values({ image }), 'create', 12);
    if (plan.kind !== 'form') throw new Error(`expected form, got ${plan.kind}`);
    expect(plan.body.getAll('labels[]')).toEqual(['3', '5']);
    expect(plan.body.getAll('users[]')).toEqual(['7']);
    expect(plan.body.get('parent_id')).toBe('12');
    expect(plan.body.get('name')).toBe('Kitchen');
    expect(plan.body.get('preview_image')).toBeInstanceOf(File);
  });

  it('on a new project an empty list is simply left out of the form data', () => {
    const plan = savePlan(values({ image, labels: [] }), 'create');
    expect(plan.kind).toBe('form');
  });

  it('on edit and copy an emptied list goes as JSON, the image after it', () => {
    for (const mode of ['edit', 'copy'] as const) {
      const plan = savePlan(values({ image, users: [] }), mode);
      expect(plan.kind).toBe('json-then-image');
      if (plan.kind === 'json-then-image') {
        expect(plan.body.users).toEqual([]);
        expect(plan.image).toBe(image);
      }
    }
  });
});

describe('fieldErrors', () => {
  it('puts server messages under the form fields, nested keys under their list', () => {
    expect(
      fieldErrors({
        name: ['Required.'],
        'labels.0': ['No such label.'],
        'labels.1': ['Another.'],
        preview_image: ['File is too large'],
        parent_id: ['No such project.'],
      }),
    ).toEqual({ name: 'Required.', labels: 'No such label.', image: 'File is too large', root: 'No such project.' });
  });
});

describe('firstTabWithError', () => {
  it('answers the first tab, in tab order, that holds a failed field', () => {
    expect(firstTabWithError(['labels', 'users'])).toBe('3');
    expect(firstTabWithError(['labels'])).toBe('5');
    expect(firstTabWithError(['image', 'name'])).toBe('1');
    expect(firstTabWithError(['root'])).toBeNull();
  });
});
